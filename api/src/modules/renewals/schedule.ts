/**
 * The renewal reminders' look (issue 57), on every instance: once at start (a day the server was down
 * is caught up: a due reminder stays due until the renewal date) and then every LOOK_MS, measured by the
 * injected clock's day. Every instance looks; the claim in reminders.ts makes each reminder once. A
 * look on a new day also drops the listings of memberships that lapsed overnight from the cached pages.
 */
import type { Db } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';
import { queueDueReminders } from './reminders.js';
import { membershipTerms } from './terms.js';

/** An hour: a new day's reminders go out within an hour of midnight in the organisation's zone. */
const LOOK_MS = 60 * 60 * 1000;

export interface RenewalReminders {
  /** The look at start: tests await it. */
  ready: Promise<void>;
  /** Queues what is due now; answers how many this instance queued. Tests call it after moving the clock. */
  runDue(): Promise<number>;
  stop(): void;
}

/** Whether a listed member's membership lapsed from `since` (their renewal date passed) to `today`. */
async function listedLapsedBetween(db: Db, since: string, today: string): Promise<boolean> {
  const row: unknown = await db('users')
    .join('member_profiles', 'member_profiles.user_id', 'users.id')
    .where('member_profiles.listed', true)
    .where('users.renewal_date', '>=', since)
    .where('users.renewal_date', '<', today)
    .first('users.id');
  return row !== undefined;
}

export function startRenewalReminders(deps: AppDeps): RenewalReminders {
  let stopped = false;
  let running: Promise<number> | undefined;
  /** The day of this instance's last look. */
  let lastDay: string | undefined;

  /**
   * A new day lapses the memberships whose renewal date has passed, with no write to say so: when a
   * listed member's did, the public pages (the directory) are built again on every instance.
   */
  async function lapseListings(): Promise<void> {
    const { today } = membershipTerms(deps);
    if (lastDay !== undefined && today !== lastDay && (await listedLapsedBetween(deps.db, lastDay, today))) {
      await deps.contentChanges.bump();
    }
    lastDay = today;
  }

  async function lookOnce(): Promise<number> {
    const queued = await queueDueReminders(deps);
    await lapseListings();
    return queued;
  }

  async function runDue(): Promise<number> {
    if (stopped) return 0;
    // One look at a time in this instance; a call during a look waits for it, then looks again.
    while (running) await running.catch(() => 0);
    running = lookOnce();
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
