/**
 * Renewal reminders (issue 57): a mail at each offset of RENEWAL_REMINDER_DAYS before a member's
 * renewal date, through the mail queue, exactly once per member, renewal date and offset however many
 * instances look at once. The claim is a row of `renewal_reminders` keyed by those three, inserted with
 * ON CONFLICT DO NOTHING in the transaction that queues the mail: the instance whose insert lands queues
 * it, the other's conflicts and queues nothing, and the claim and its mail commit together or not at all.
 *
 * Which offset is due: the smallest one the days left have reached. With offsets 30 and 7, a member
 * renewing in 12 days gets the 30-day reminder (late, if the date was set then or the server was down),
 * one renewing in 5 days the 7-day one only; a skipped larger offset never becomes due again, as the
 * days left only shrink. A changed renewal date is another key, so it gets its own reminders. Members
 * deactivated or erased, staff, and open-ended memberships (no renewal date) get none; a lapsed one gets
 * none either (the date has passed: no offset is reached).
 */
import { addDays, daysBetween } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';
import { renewalReminderMail } from '../../mail/templates.js';
import { membershipTerms } from './terms.js';

/** Members claimed and mailed in one transaction. */
const BATCH = 200;

interface Candidate {
  id: number;
  name: string;
  email: string;
  renewal_date: string;
}

/** An offset and the renewal dates for which it is the one due today (both ends included). */
interface Window {
  offset: number;
  from: string;
  to: string;
}

/** Each offset, smallest first, with the span of renewal dates for which it is the one due today. */
function offsetWindows(offsets: readonly number[], today: string): Window[] {
  const ascending = [...new Set(offsets)].sort((a, b) => a - b);
  return ascending.map((offset, index) => ({
    offset,
    from: index === 0 ? today : addDays(today, ascending[index - 1]! + 1),
    to: addDays(today, offset),
  }));
}

/** Members who may be reminded, with a renewal date in [from, to] and no claim for it at `offset`. */
function candidates(db: Db, window: Window, afterId: number) {
  return db('users')
    .where('users.role', 'member')
    .whereNull('users.erased_at')
    .where('users.is_active', true)
    .whereBetween('users.renewal_date', [window.from, window.to])
    .where('users.id', '>', afterId)
    .whereNotExists(
      db('renewal_reminders')
        .select(db.raw('1'))
        .whereRaw('renewal_reminders.user_id = users.id')
        .whereRaw('renewal_reminders.renewal_date = users.renewal_date')
        .where('renewal_reminders.offset_days', window.offset),
    )
    .orderBy('users.id')
    .limit(BATCH)
    .select<Candidate[]>('users.id', 'users.name', 'users.email', 'users.renewal_date');
}

/**
 * Claims the reminders of `batch` at the window's offset in one INSERT … SELECT … ON CONFLICT DO
 * NOTHING: the select checks each member again (staff may have changed a date or deactivated someone
 * since the batch was read), the key leaves out those another instance claimed first. A write as the
 * transaction's first statement also takes SQLite's write lock before its snapshot (a read first could
 * not write after another instance did). Answers the ids this transaction claimed.
 */
async function claim(trx: Db, window: Window, batch: Candidate[], at: Date): Promise<Set<number>> {
  const select = candidates(trx, window, 0)
    .clearSelect()
    .whereIn(
      'users.id',
      batch.map((member) => member.id),
    )
    .select(
      'users.id',
      'users.renewal_date',
      trx.raw('? as offset_days', [window.offset]),
      trx.raw('? as queued_at', [at]),
    );
  const { sql, bindings } = select.toSQL();
  const result: { user_id: number }[] | { rows: { user_id: number }[] } = await trx.raw(
    `insert into renewal_reminders (user_id, renewal_date, offset_days, queued_at) ${sql} ` +
      'on conflict (user_id, renewal_date, offset_days) do nothing returning user_id',
    bindings,
  );
  const rows = Array.isArray(result) ? result : result.rows;
  return new Set(rows.map((row) => Number(row.user_id)));
}

/** Queues the reminders due today; answers how many this instance queued. */
export async function queueDueReminders(deps: AppDeps): Promise<number> {
  const { today } = membershipTerms(deps);
  // The account page that shows the membership (the site's /account/profile).
  const accountUrl = `${deps.config.publicUrl}/account/profile`;
  let queued = 0;
  for (const window of offsetWindows(deps.config.renewalReminderDays, today)) {
    let afterId = 0;
    for (;;) {
      const batch = await candidates(deps.db, window, afterId);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]!.id;
      queued += await deps.db.transaction(async (trx) => {
        const claimed = await claim(trx, window, batch, deps.clock.now());
        const mails = batch
          .filter((member) => claimed.has(member.id))
          .map((member) =>
            renewalReminderMail(
              member.email,
              member.name,
              { date: member.renewal_date, daysLeft: daysBetween(today, member.renewal_date) },
              accountUrl,
            ),
          );
        if (mails.length > 0) await deps.mailer.enqueue(trx, mails);
        return mails.length;
      });
      if (batch.length < BATCH) break;
    }
  }
  return queued;
}
