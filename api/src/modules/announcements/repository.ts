/** Announcements, their audiences and their mails in the queue. */
import type { AnnouncementCounts, AnnouncementRecipient, MailState } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import type { Page, PageResult } from '../../db/paging.js';
import { countOf } from '../../db/rows.js';
import type { AnnouncementRow } from '../../db/tables.js';
import type { MembershipTerms } from '../renewals/terms.js';
import { inSegment, segmentOf } from '../segments/filter.js';
import { NO_MAILS, presentRecipient, RECIPIENT_COLUMNS, type RecipientRow } from './presenter.js';

const TABLE = 'announcements';
/** The mails of an announcement's audience; a test send is kind announcement_test and not counted. */
const KIND = 'announcement';
/**
 * Who an announcement reaches: accounts active, not erased, and receiving announcements; for the
 * audience "members", those of its segment (stored JSON, segments/filter.ts; null: every member),
 * a membership status judged on the terms' day.
 */
export type Audience = Pick<AnnouncementRow, 'audience' | 'activity_id' | 'segment'>;

function audienceQuery(
  db: Db,
  { audience, activity_id, segment }: Audience,
  terms: MembershipTerms,
): Knex.QueryBuilder {
  const query = db('users')
    .where('users.is_active', true)
    .whereNull('users.erased_at')
    .where('users.receive_announcements', true);
  if (audience === 'members')
    return inSegment(db, query.where('users.role', 'member'), segmentOf(segment) ?? {}, terms);
  if (audience === 'staff') return query.whereIn('users.role', ['admin', 'super_admin']);
  return query
    .join('activity_registrations', 'activity_registrations.user_id', 'users.id')
    .where('activity_registrations.activity_id', activity_id ?? 0);
}

function countsOf(rows: { state: MailState; count: number | string }[]): AnnouncementCounts {
  const counts = { ...NO_MAILS };
  for (const row of rows) {
    const n = Number(row.count);
    if (row.state === 'sent') counts.sent += n;
    else if (row.state === 'failed') counts.failed += n;
    else counts.queued += n;
  }
  return counts;
}

export function createAnnouncementsRepository(db: Db) {
  return {
    /** The row, locked on PostgreSQL until the transaction `db` ends (SQLite runs one writer at a time). */
    async find(id: number, { lock = false } = {}): Promise<AnnouncementRow | undefined> {
      const query = db(TABLE).where({ id }).first();
      return lock && isPostgres(db) ? query.forUpdate() : query;
    },

    async page({ page, limit }: Page): Promise<PageResult<AnnouncementRow>> {
      const [items, total] = await Promise.all([
        db(TABLE)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit),
        countOf(db(TABLE)),
      ]);
      return { items, total };
    },

    /** Mails by state of each announcement named. */
    async counts(ids: number[]): Promise<Map<number, AnnouncementCounts>> {
      const rows = await db('mail_queue')
        .whereIn('announcement_id', ids)
        .where({ kind: KIND })
        .groupBy('announcement_id', 'state')
        .select('announcement_id', 'state')
        .count<{ announcement_id: number; state: MailState; count: number | string }[]>({ count: '*' });
      const byId = new Map<number, AnnouncementCounts>();
      for (const id of ids) byId.set(id, countsOf(rows.filter((row) => Number(row.announcement_id) === id)));
      return byId;
    },

    async insert(values: Omit<AnnouncementRow, 'id' | 'revision'>): Promise<AnnouncementRow> {
      const [row] = await db(TABLE).insert(values).returning<AnnouncementRow[]>('*');
      return row!;
    },

    /** Writes `values` and raises the revision; answers the row as it is now. */
    async update(id: number, values: Partial<AnnouncementRow>): Promise<AnnouncementRow> {
      const [row] = await db(TABLE)
        .where({ id })
        .update({ ...values, revision: db.raw('revision + 1') })
        .returning<AnnouncementRow[]>('*');
      return row!;
    },

    async remove(id: number): Promise<void> {
      await db(TABLE).where({ id }).delete();
    },

    /** How many accounts the audience holds on the terms' day: what a send then would mail. */
    audienceSize: (audience: Audience, terms: MembershipTerms): Promise<number> =>
      countOf(audienceQuery(db, audience, terms)),

    /** The audience as the mailer's enqueueComposed reads it: each account's id and address. */
    recipients(audience: Audience, terms: MembershipTerms): Knex.QueryBuilder {
      return audienceQuery(db, audience, terms).select({ user_id: 'users.id', recipient: 'users.email' });
    },

    /** Scheduled announcements whose time has come, oldest first. */
    async dueIds(now: Date): Promise<number[]> {
      const rows = await db(TABLE)
        .where({ state: 'scheduled' })
        .where('scheduled_at', '<=', now)
        .orderBy('scheduled_at')
        .select('id');
      return rows.map((row) => Number(row.id));
    },

    /** The earliest scheduled time still to come, for the scheduler's timer. */
    async nextScheduled(): Promise<Date | undefined> {
      const row = (await db(TABLE).where({ state: 'scheduled' }).min({ at: 'scheduled_at' }).first()) as
        { at: Date | number | string | null } | undefined;
      return row?.at == null ? undefined : new Date(row.at);
    },

    async recipientsPage(
      id: number,
      { page, limit }: Page,
      state: MailState | undefined,
    ): Promise<PageResult<AnnouncementRecipient>> {
      const matching = () => {
        const query = db('mail_queue').where({ announcement_id: id, kind: KIND });
        return state ? query.where({ state }) : query;
      };
      const [rows, total] = await Promise.all([
        matching()
          .orderBy('id')
          .limit(limit)
          .offset((page - 1) * limit)
          .select<RecipientRow[]>(RECIPIENT_COLUMNS),
        countOf(matching()),
      ]);
      return { items: rows.map(presentRecipient), total };
    },

    async recipientMail(id: number, mailId: number): Promise<RecipientRow | undefined> {
      return db('mail_queue')
        .where({ id: mailId, announcement_id: id, kind: KIND })
        .first<RecipientRow | undefined>(RECIPIENT_COLUMNS);
    },
  };
}
