/**
 * Wrong codes of the second sign-in step, counted per account whatever the address (issue 19
 * item 2): after MAX_WRONG_PER_ACCOUNT in LOCK_MS the account's challenges are refused for LOCK_MS
 * and its owner is mailed; one challenge is spent after MAX_WRONG_PER_CHALLENGE. Only someone who
 * had the password gets a challenge, so this lock is no lever for strangers; a known device of the
 * account (device-tokens.ts) is not held by it.
 */
import type { AppDeps } from '../../deps.js';
import { toIso } from '../../db/rows.js';
import { tooManyRequests } from '../../errors.js';
import { waitText } from '../../lib/rate-limits.js';
import { twoFactorLockedMail } from '../../mail/templates.js';

export const MAX_WRONG_PER_ACCOUNT = 10;
export const MAX_WRONG_PER_CHALLENGE = 5;
export const LOCK_MS = 15 * 60 * 1000;

export function createTwoFactorAttempts(deps: AppDeps) {
  const db = deps.db;
  const now = () => deps.clock.now();

  return {
    /** Throws 429 while the account's challenges are refused. */
    async assertNotLocked(userId: number): Promise<void> {
      const lock = await db('two_factor_locks').where({ user_id: userId }).first('locked_until');
      const seconds = lock ? (new Date(toIso(lock.locked_until)).getTime() - now().getTime()) / 1000 : 0;
      if (seconds > 0) {
        throw tooManyRequests(
          `Too many wrong codes for this account. Please try again in ${waitText(seconds)}.`,
          seconds,
        );
      }
    },

    /** Whether this challenge has had its wrong codes: then it is as good as expired. */
    async isSpent(challengeId: string): Promise<boolean> {
      const row = await db('two_factor_failures').where({ challenge_id: challengeId }).count({ count: '*' }).first();
      return Number(row?.count ?? 0) >= MAX_WRONG_PER_CHALLENGE;
    },

    /** Counts a wrong code; the tenth in the window locks the account and mails its owner. */
    async recordWrong(account: { id: number; email: string; name: string }, challengeId: string): Promise<void> {
      const since = new Date(now().getTime() - LOCK_MS);
      await db.transaction(async (trx) => {
        await trx('two_factor_failures').where('created_at', '<=', since).delete();
        await trx('two_factor_failures').insert({ user_id: account.id, challenge_id: challengeId, created_at: now() });
        const row = await trx('two_factor_failures')
          .where({ user_id: account.id })
          .where('created_at', '>', since)
          .count({ count: '*' })
          .first();
        if (Number(row?.count ?? 0) < MAX_WRONG_PER_ACCOUNT) return;
        const lockedUntil = new Date(now().getTime() + LOCK_MS);
        await trx('two_factor_locks')
          .insert({ user_id: account.id, locked_until: lockedUntil })
          .onConflict('user_id')
          .merge({ locked_until: lockedUntil });
        // The count starts again after the lock. The challenges' own counts go with it, but those
        // challenges (5 minutes) have expired by the time the lock (15 minutes) ends.
        await trx('two_factor_failures').where({ user_id: account.id }).delete();
        await deps.mailer.enqueue(
          trx,
          twoFactorLockedMail(account.email, account.name, MAX_WRONG_PER_ACCOUNT, LOCK_MS / 60_000),
        );
      });
    },
  };
}
