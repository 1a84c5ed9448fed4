/**
 * The activities' background work on every instance (issue 58): waitlist offers (expired ones
 * dropped, free places offered to the next in line) and reminders before activities. A look at start
 * (work due while the server was down is done now), then one every LOOK_MS. Both claim in the
 * database (waitlist.ts, reminders.ts), so with several instances each offer and reminder is made once.
 */
import { organisationName } from '@npo/shared';
import type { AppDeps } from '../../deps.js';
import type { CalendarSite } from './calendar.js';
import { createRemindersService } from './reminders.js';
import { createWaitlistService } from './waitlist.js';

const LOOK_MS = 30_000;

export interface ActivitySchedule {
  /** Does what is due now; answers the offers made and reminders queued. Tests call it after moving the clock. */
  runDue(): Promise<{ offers: number; reminders: number }>;
  /** The look at start: the runtime awaits it, so no look is under way when a caller takes over the database. */
  ready: Promise<void>;
  /** Stops looking, once the run under way (if any) has ended. */
  stop(): Promise<void>;
}

export function calendarSiteOf(deps: AppDeps): CalendarSite {
  return { publicUrl: deps.config.publicUrl, organisationName, timeZone: deps.config.organisationTimeZone };
}

export function startActivitySchedule(deps: AppDeps): ActivitySchedule {
  const site = calendarSiteOf(deps);
  const waitlist = createWaitlistService(deps, site);
  const reminders = createRemindersService(deps, site);
  let stopped = false;
  let running: Promise<{ offers: number; reminders: number }> | undefined;

  async function runDue(): Promise<{ offers: number; reminders: number }> {
    if (stopped) return { offers: 0, reminders: 0 };
    // One run at a time in this instance; a call during a run waits for it, then looks again.
    while (running) await running.catch(() => undefined);
    running = (async () => ({ offers: await waitlist.offerDue(), reminders: await reminders.remindDue() }))();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  async function look(): Promise<void> {
    try {
      const done = await runDue();
      if (done.offers + done.reminders > 0) deps.logger.info(done, 'activities: waitlist offers and reminders sent');
    } catch (error) {
      // Tried again at the next look: an unavailable database must not stop the server.
      deps.logger.warn({ err: error }, 'activities: waitlist offers or reminders failed');
    }
  }

  const interval = setInterval(() => void look(), LOOK_MS);
  interval.unref();
  return {
    ready: look(),
    runDue,
    async stop() {
      stopped = true;
      clearInterval(interval);
      await running?.catch(() => undefined);
    },
  };
}
