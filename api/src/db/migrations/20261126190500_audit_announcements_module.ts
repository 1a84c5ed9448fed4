/**
 * Issue 21 (review of item 6): announcements' audit entries were filed under `members`, the module of
 * their permission, so the activity log named announcement #1 after account #1. They are filed under
 * `announcements` now; this re-files the entries written before.
 *
 * An announcement entry is told from a member's by its action (the announcement_* events) or by the
 * fields it recorded: a created, edited or deleted announcement records its subject, body, audience,
 * activity or schedule, a retried recipient its mail; no account has such a column. An edit that
 * recorded no field at all names neither and stays where it is.
 */
import type { Knex } from 'knex';

const TABLE = 'audit_log';
const BATCH = 1_000;
const ANNOUNCEMENT_EVENTS = [
  'announcement_sent',
  'announcement_test_sent',
  'announcement_scheduled',
  'announcement_unscheduled',
];
const ANNOUNCEMENT_WRITES = ['create', 'update', 'delete'];
/** Fields only an announcement's entries record (users has none of them). */
const ANNOUNCEMENT_FIELDS = ['subject', 'body', 'audience', 'activity_id', 'scheduled_at', 'mailId'];

function recordsAnnouncementFields(changes: string | null): boolean {
  if (!changes) return false;
  try {
    const parsed: unknown = JSON.parse(changes);
    if (!parsed || typeof parsed !== 'object') return false;
    return ANNOUNCEMENT_FIELDS.some((field) => field in parsed);
  } catch {
    return false;
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex(TABLE)
    .where({ module: 'members' })
    .whereIn('action', ANNOUNCEMENT_EVENTS)
    .update({ module: 'announcements' });
  // Creations and edits are told apart by what they recorded: read in pages of ids, re-filed by id.
  let after = 0;
  for (;;) {
    const rows = await knex(TABLE)
      .where({ module: 'members' })
      .whereIn('action', ANNOUNCEMENT_WRITES)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select<{ id: number; changes: string | null }[]>('id', 'changes');
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.id);
    const ids = rows.filter((row) => recordsAnnouncementFields(row.changes)).map((row) => row.id);
    if (ids.length > 0) await knex(TABLE).whereIn('id', ids).update({ module: 'announcements' });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex(TABLE).where({ module: 'announcements' }).update({ module: 'members' });
}
