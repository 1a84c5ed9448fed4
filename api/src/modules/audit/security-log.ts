/**
 * The security log: anonymous failures, bounded (issue 19 item 5). One row per kind, client address
 * and minute with a count, so a flood of a million bogus requests from one address costs one row a
 * minute; rows older than SECURITY_LOG_RETENTION_DAYS are deleted as new ones come (at most once a
 * minute per instance). The staff audit trail keeps what happens to real accounts.
 */
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';

export const SECURITY_LOG_RETENTION_DAYS = 30;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export type SecurityEventKind = 'sign_in_failed_unknown_account' | 'lockout_unknown_account' | 'bogus_challenge';

const nextPruneAt = new WeakMap<Db, number>();

/** Counts one event of `kind` from `subject` (the client address as rate limits count it). */
export async function recordSecurityEvent(
  db: Db,
  clock: Clock,
  kind: SecurityEventKind,
  subject: string,
): Promise<void> {
  const now = clock.now().getTime();
  const minuteStart = now - (now % MINUTE_MS);
  if (now >= (nextPruneAt.get(db) ?? 0)) {
    nextPruneAt.set(db, now + MINUTE_MS);
    await db('security_log')
      .where('minute_start', '<', now - SECURITY_LOG_RETENTION_DAYS * DAY_MS)
      .delete();
  }
  await db('security_log')
    .insert({ kind, subject: subject.slice(0, 64), minute_start: minuteStart, count: 1 })
    .onConflict(['kind', 'subject', 'minute_start'])
    .merge({ count: db.raw('security_log.count + 1') });
}
