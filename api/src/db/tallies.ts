/**
 * Totals from the row counts the database keeps (migration 20261201120000): how many accounts of each
 * role, active or not, erased or not, and how many contact messages in each state. An unfiltered
 * list's total, the unread count and the accounts' stats read a few rows here instead of counting
 * every row they cover.
 */
import type { ContactMessageState, Role } from '@npo/shared';
import type { Logger } from '../lib/logger.js';
import { isPostgres, type Db } from './connection.js';

const TALLY_SOURCES = ['users', 'contact_messages'] as const;
type TallySource = (typeof TALLY_SOURCES)[number];

/**
 * On PostgreSQL each write adds a row (the migration says why); past this many rows of a source, a
 * read folds them into one per key before summing. SQLite keeps one row per key already.
 */
const FOLD_ABOVE = 200;

/** Each key's count: summed over its rows, as the triggers added them. */
async function tallies(db: Db, source: TallySource): Promise<Map<string, number>> {
  // Sums and counts are strings on PostgreSQL (bigint).
  const sums: { key: string; n: number | string; rows: number | string }[] = await db('row_tallies')
    .where({ source })
    .groupBy('key')
    .select('key')
    .sum({ n: 'n' })
    .count({ rows: '*' });
  const rowCount = sums.reduce((all, sum) => all + Number(sum.rows), 0);
  if (rowCount > FOLD_ABOVE && isPostgres(db)) await fold(db, source);
  return new Map(sums.map((sum) => [sum.key, Number(sum.n)]));
}

/**
 * One statement: a fold beside another deletes only the rows the other has not (READ COMMITTED skips
 * a row deleted under it), and adds the sums of exactly the rows it deleted, so nothing counts twice.
 */
async function fold(db: Db, source: TallySource): Promise<void> {
  await db.raw(
    `with folded as (delete from row_tallies where source = ? returning key, n)
     insert into row_tallies (source, key, n) select ?, key, sum(n) from folded group by key`,
    [source, source],
  );
}

/** Folds every source's rows on PostgreSQL (a no-op on SQLite, which keeps one row per key). */
export async function foldTallies(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  for (const source of TALLY_SOURCES) await fold(db, source);
}

/** How often the server folds the tallies, whether or not staff read them. */
const FOLD_EVERY_MS = 10 * 60_000;

/**
 * Folds every ten minutes, so that the rows a flood of writes adds (held contact messages, say) with no
 * staff reading meanwhile stay few; the timer does not keep the process alive.
 */
export function startTallyFolding(db: Db, logger: Logger): { stop(): void } {
  if (!isPostgres(db)) return { stop: () => {} };
  const timer = setInterval(() => {
    foldTallies(db).catch((error: unknown) => logger.warn({ err: error }, 'row tallies: fold failed'));
  }, FOLD_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** An account's key, as the migration's triggers write it: `role:active:erased`, each flag 1 or 0. */
interface AccountKey {
  role: Role;
  active: boolean;
  erased: boolean;
}

function accountKeyOf(key: string): AccountKey {
  const [role, active, erased] = key.split(':');
  return { role: role as Role, active: active === '1', erased: erased === '1' };
}

/** How many accounts have one of `roles`, and the activity and erasure asked for (either, when not asked). */
export async function accountCount(
  db: Db,
  { roles, active, erased }: { roles: readonly Role[]; active?: boolean | undefined; erased?: boolean | undefined },
): Promise<number> {
  let total = 0;
  for (const [key, count] of await tallies(db, 'users')) {
    const account = accountKeyOf(key);
    const counted =
      roles.includes(account.role) &&
      (active === undefined || account.active === active) &&
      (erased === undefined || account.erased === erased);
    if (counted) total += count;
  }
  return total;
}

/** The accounts not erased, per role and activity (the console's stats). */
export async function accountsByRoleAndActivity(db: Db): Promise<{ role: Role; active: boolean; count: number }[]> {
  const groups: { role: Role; active: boolean; count: number }[] = [];
  for (const [key, count] of await tallies(db, 'users')) {
    const { role, active, erased } = accountKeyOf(key);
    if (!erased && count > 0) groups.push({ role, active, count });
  }
  return groups;
}

/** How many contact messages are in one of `states`. */
export async function messageCount(db: Db, states: readonly ContactMessageState[]): Promise<number> {
  let total = 0;
  for (const [state, count] of await tallies(db, 'contact_messages')) {
    if (states.includes(state as ContactMessageState)) total += count;
  }
  return total;
}
