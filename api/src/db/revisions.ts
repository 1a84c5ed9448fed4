/**
 * Optimistic concurrency for admin edits. Every row an admin edits has a `revision` (1 when created)
 * that each admin write raises by one; it leaves the server as the item's ETag. An editor sends it
 * back as If-Match, and the write then applies only while the row still has that revision. The
 * condition sits in the UPDATE or DELETE itself, so two editors holding the same revision can never
 * both pass it, whatever the engine's isolation level.
 */
import type { Knex } from 'knex';
import { editConflict } from '../errors.js';
import { auditedDelete, auditedUpdate, type WrittenRow } from './audited-writes.js';
import type { Db } from './connection.js';
import type { TableName } from './tables.js';

/** What If-Match asks for: any existing row (`*`) or one of the listed revisions. No header: undefined. */
export type ExpectedRevision = '*' | readonly number[];

interface Revised {
  revision: number;
}

/** One admin write to one row, as the services already run it. */
export interface RevisedWrite {
  /** The connection, or the transaction the service runs the write in. */
  db: Db;
  table: TableName;
  id: number;
  expected: ExpectedRevision | undefined;
  /** The item as the API shows it now: what a 409 answers with, and how a changed row is told from a gone one. */
  current: () => Promise<Revised | undefined>;
}

/** The SET part every admin edit adds. Writes that are not admin edits (sign-in, passwords) leave it out. */
export function nextRevision(db: Db): { revision: Knex.Raw } {
  return { revision: db.raw('revision + 1') };
}

export function matchesRevision(revision: number, expected: ExpectedRevision | undefined): boolean {
  return expected === undefined || expected === '*' || expected.includes(revision);
}

/** For writes that read the row first because a business rule needs it: 409 before that rule runs. */
export function ensureRevision(item: Revised, expected: ExpectedRevision | undefined): void {
  if (!matchesRevision(item.revision, expected)) throw editConflict(item);
}

function atExpectedRevision(query: Knex.QueryBuilder, expected: ExpectedRevision | undefined): Knex.QueryBuilder {
  return expected === undefined || expected === '*' ? query : query.whereIn('revision', [...expected]);
}

/**
 * The conditional write touched no row. Without a precondition that means no row has the id; with one,
 * the row is either gone (undefined: the caller answers 404) or at another revision (409 with it).
 */
async function refuseStale({ expected, current }: RevisedWrite): Promise<undefined> {
  if (expected === undefined) return undefined;
  const item = await current();
  if (item) throw editConflict(item);
  return undefined;
}

/** `update … set …, revision = revision + 1 where id = ? [and revision in (…)]`: the written row, or undefined. */
export async function updateRevised<Row extends WrittenRow>(
  write: RevisedWrite,
  values: WrittenRow,
): Promise<Row | undefined> {
  // Audited when an admin route runs it (same transaction); a stale write is refused after that ends.
  const row = await auditedUpdate(write.db, write.table, write.id, async (db) => {
    // Untyped: `write.table` is any table; the caller names the row type of the one it writes.
    const query = db<WrittenRow>(write.table).where({ id: write.id });
    const [written] = (await atExpectedRevision(query, write.expected)
      .update({ ...values, ...nextRevision(db) })
      .returning('*')) as Row[];
    return written;
  });
  return row ?? refuseStale(write);
}

/** `delete … where id = ? [and revision in (…)]`: whether a row was deleted. */
export async function deleteRevised(write: RevisedWrite): Promise<boolean> {
  const deleted = await auditedDelete(
    write.db,
    write.table,
    write.id,
    async (db) =>
      (await atExpectedRevision(db<WrittenRow>(write.table).where({ id: write.id }), write.expected).delete()) > 0,
  );
  if (deleted) return true;
  await refuseStale(write);
  return false;
}
