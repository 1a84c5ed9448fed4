/**
 * The renewal reminders' look (issue 57), on every instance: once at start (a day the server was down
 * is caught up: a due reminder stays due until the renewal date) and then every LOOK_MS, measured by the
 * injected clock's day. Every instance looks; the claim in reminders.ts makes each reminder once.
 */
import type { AppDeps } from '../../deps.js';
import { queueDueReminders } from './reminders.js';

/** An hour: a new day's reminders go out within an hour of midnight in the organisation's zone. */
const LOOK_MS = 60 * 60 * 1000;

export interface RenewalReminders {
  /** The look at start: tests await it. */
  ready: Promise<void>;
  /** Queues what is due now; answers how many this instance queued. Tests call it after moving the clock. */
  runDue(): Promise<number>;
  stop(): void;
}

export function startRenewalReminders(deps: AppDeps): RenewalReminders {
  let stopped = false;
  let running: Promise<number> | undefined;

  async function runDue(): Promise<number> {
    if (stopped) return 0;
    // One look at a time in this instance; a call during a look waits for it, then looks again.
    while (running) await running.catch(() => 0);
    running = queueDueReminders(deps);
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  async function look(): Promise<void> {
    try {
      const queued = await runDue();
      if (queued > 0) deps.logger.info({ reminders: queued }, 'renewal reminders queued');
    } catch (error) {
      // Tried again at the next look: an unavailable database must not stop the server.
      deps.logger.warn({ err: error }, 'renewal reminders: the look failed');
    }
  }

  const interval = setInterval(() => void look(), LOOK_MS);
  interval.unref();
  return {
    ready: look(),
    runDue,
    stop() {
      stopped = true;
      clearInterval(interval);
    },
  };
}
