/**
 * Sends scheduled announcements when their time comes (by the injected clock): a look at start (so one
 * due while the server was down goes out now, not lost), a look every LOOK_MS, and a timer to the
 * nearest scheduled time within that span, so one is sent on time. Each is sent in one transaction
 * that holds its row and checks it is still scheduled (service.ts sendDue): with several instances on
 * PostgreSQL, or a look that overlaps a timer, an announcement is sent exactly once.
 */
import type { AppDeps } from '../../deps.js';
import { createAnnouncementsService } from './service.js';
import { createAnnouncementsRepository } from './repository.js';

const LOOK_MS = 30_000;

export interface AnnouncementSchedule {
  /** Sends what is due now; answers how many were sent. Tests call it after moving the clock. */
  runDue(): Promise<number>;
  stop(): void;
}

export function startAnnouncementSchedule(deps: AppDeps): AnnouncementSchedule {
  const service = createAnnouncementsService(deps);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** The next scheduled time, if it falls before the next look. */
  async function arm(): Promise<void> {
    clearTimeout(timer);
    const next = await createAnnouncementsRepository(deps.db).nextScheduled();
    if (stopped || next === undefined) return;
    const wait = next.getTime() - deps.clock.now().getTime();
    if (wait >= LOOK_MS) return;
    timer = setTimeout(() => void look(), Math.max(0, wait));
    timer.unref();
  }

  async function runDue(): Promise<number> {
    if (stopped) return 0;
    // One run at a time in this instance; a call during a run waits for it, then looks again.
    while (running) await running.catch(() => 0);
    running = service.sendDue();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  async function look(): Promise<void> {
    try {
      const sent = await runDue();
      if (sent > 0) deps.logger.info({ announcements: sent }, 'scheduled announcements sent');
      await arm();
    } catch (error) {
      // Tried again at the next look: an unavailable database must not stop the server.
      deps.logger.warn({ err: error }, 'announcements: scheduled sending failed');
    }
  }

  const interval = setInterval(() => void look(), LOOK_MS);
  interval.unref();
  void look();
  return {
    runDue,
    stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(timer);
    },
  };
}
