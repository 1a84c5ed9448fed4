/**
 * Reminders and date-change notices (issue 58 item 3). ACTIVITY_REMINDER_HOURS before an activity
 * (its true instant, from the stored wall clock in ORGANISATION_TIME_ZONE), each person who had
 * registered by then is mailed a reminder with the calendar file; people who register later have
 * just been told and get none. When staff move an activity, everyone registered is mailed the new
 * time with the updated calendar file; when the new time's reminder is already due, that notice
 * stands instead of it. The reminder repeats the person's check-in code, as the confirmation gave it.
 *
 * Each mail is claimed by a row of activity_notices (its unique key: activity, person, kind and
 * activity date), inserted in the transaction that queues the mail: whichever instance inserts it
 * sends it, and no other can. A reminder is keyed by the date it reminds of, so a moved activity is
 * reminded of again at its new time.
 */
import { wallClockInstant, type Activity } from '@npo/shared';
import type { Knex } from 'knex';
import { toIso } from '../../db/rows.js';
import type { ActivityNoticeRow } from '../../db/tables.js';
import type { AppDeps } from '../../deps.js';
import type { CalendarSite } from './calendar.js';
import { dateChangedMail, reminderMail, type Recipient } from './mails.js';
import { createActivitiesRepository } from './repository.js';

const NOTICES = 'activity_notices';
const REGISTRATIONS = 'activity_registrations';
const HOUR_MS = 60 * 60 * 1000;
/** No zone is further than 14 hours from UTC: the stored wall clock is within this of the instant. */
const ZONE_MARGIN_MS = 15 * HOUR_MS;

type NoticeKind = ActivityNoticeRow['kind'];

interface RegisteredPerson extends Recipient {
  user_id: number;
  created_at: Date | string;
  check_in_code: string | null;
}

/** The registered accounts that can be written to (not deactivated, not erased). */
function registeredPeople(trx: Knex | Knex.Transaction, activityId: number): Knex.QueryBuilder {
  return trx(REGISTRATIONS)
    .join('users', 'users.id', `${REGISTRATIONS}.user_id`)
    .where(`${REGISTRATIONS}.activity_id`, activityId)
    .where('users.is_active', true)
    .whereNull('users.erased_at')
    .select(
      'users.id as user_id',
      'users.name',
      'users.email',
      `${REGISTRATIONS}.created_at`,
      `${REGISTRATIONS}.check_in_code`,
    );
}

export function createRemindersService(deps: AppDeps, site: CalendarSite) {
  const { db } = deps;
  const activities = createActivitiesRepository(db);
  const leadMs = () => deps.config.activityReminderHours * HOUR_MS;
  const instantOf = (activity: Pick<Activity, 'date'>) => wallClockInstant(activity.date, site.timeZone);

  /**
   * Claims the notices of `kind` for these people and this date of the activity: the user ids whose
   * row this call inserted (others were claimed before, by this instance or another).
   */
  async function claim(trx: Knex.Transaction, activity: Activity, kind: NoticeKind, userIds: number[]) {
    if (userIds.length === 0) return new Set<number>();
    const rows = userIds.map((userId) => ({
      activity_id: activity.id,
      user_id: userId,
      kind,
      activity_date: new Date(activity.date),
      created_at: deps.clock.now(),
    }));
    const inserted: { user_id: number }[] = await trx(NOTICES)
      .insert(rows)
      .onConflict(['activity_id', 'user_id', 'kind', 'activity_date'])
      .ignore()
      .returning('user_id');
    return new Set(inserted.map((row) => Number(row.user_id)));
  }

  /** The reminders of one activity due now, queued with their claims. */
  async function remindOf(activity: Activity): Promise<number> {
    const remindAt = instantOf(activity).getTime() - leadMs();
    return db.transaction(async (trx) => {
      const people = ((await registeredPeople(trx, activity.id)) as RegisteredPerson[]).filter(
        (person) => new Date(person.created_at).getTime() < remindAt,
      );
      const claimed = await claim(
        trx,
        activity,
        'reminder',
        people.map((person) => person.user_id),
      );
      const mails = people
        .filter((person) => claimed.has(person.user_id))
        .map((person) => reminderMail({ ...person, checkInCode: person.check_in_code }, activity, site));
      if (mails.length > 0) await deps.mailer.enqueue(trx, mails);
      return mails.length;
    });
  }

  return {
    /** One pass: every upcoming activity whose reminder time has come and which has not begun. */
    async remindDue(): Promise<number> {
      const now = deps.clock.now().getTime();
      // Chosen by the stored wall clock with a zone's margin, then exactly by the instant.
      const candidates: { id: number }[] = await db('activities')
        .where({ status: 'upcoming' })
        .whereBetween('date', [new Date(now - ZONE_MARGIN_MS), new Date(now + leadMs() + ZONE_MARGIN_MS)])
        .whereExists(db(REGISTRATIONS).where('activity_id', db.ref('activities.id')).select('id'))
        .select('id');
      let queued = 0;
      for (const { id } of candidates) {
        const activity = await activities.findById(id);
        if (!activity) continue;
        const start = instantOf(activity).getTime();
        if (start - leadMs() <= now && now < start) queued += await remindOf(activity);
      }
      return queued;
    },

    /**
     * After staff changed the date of `activity` (as it now is): everyone registered is told once.
     * A reminder of the new date that would already be due is claimed too: this notice is it.
     */
    async dateChanged(activity: Activity): Promise<number> {
      const start = instantOf(activity).getTime();
      const now = deps.clock.now().getTime();
      if (activity.status === 'past' || start <= now) return 0;
      return db.transaction(async (trx) => {
        // Notices of the dates it had before go: moved back to one of them, it is told again.
        await trx(NOTICES)
          .where({ activity_id: activity.id, kind: 'update' })
          .whereNot('activity_date', new Date(activity.date))
          .delete();
        const people = (await registeredPeople(trx, activity.id)) as RegisteredPerson[];
        const ids = people.map((person) => person.user_id);
        const claimed = await claim(trx, activity, 'update', ids);
        if (start - leadMs() <= now) await claim(trx, activity, 'reminder', ids);
        const mails = people
          .filter((person) => claimed.has(person.user_id))
          .map((person) => dateChangedMail(person, activity, site));
        if (mails.length > 0) await deps.mailer.enqueue(trx, mails);
        return mails.length;
      });
    },

    /** Whether the date of the activity moved between two of its versions (to the millisecond). */
    moved: (before: Pick<Activity, 'date'>, after: Pick<Activity, 'date'>) => toIso(before.date) !== toIso(after.date),
  };
}
