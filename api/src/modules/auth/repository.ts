import type { Db } from '../../db/connection.js';
import type { AuthTokenRow as TokenRow } from '../../db/tables.js';

export type TokenPurpose = TokenRow['purpose'];

/** A token as its checks read it: the hash that found it stays in the database. */
export type AuthTokenRow = Pick<TokenRow, 'id' | 'user_id' | 'purpose' | 'expires_at' | 'used_at'>;

export interface LoginFailures {
  fromAddress: number;
  oldestFromAddress: unknown;
  onAccount: number;
  latestOnAccount: unknown;
}

export function createAuthRepository(db: Db) {
  return {
    async insertToken(token: { userId: number; purpose: TokenPurpose; hash: string; expiresAt: Date }, now: Date) {
      await db('auth_tokens').insert({
        user_id: token.userId,
        purpose: token.purpose,
        token_hash: token.hash,
        expires_at: token.expiresAt,
        created_at: now,
      });
    },

    /** An unused, unexpired token of an active user. */
    findUsableToken(hash: string, now: Date): Promise<(AuthTokenRow & { email: string; role: string }) | undefined> {
      return db('auth_tokens')
        .join('users', 'users.id', 'auth_tokens.user_id')
        .where('auth_tokens.token_hash', hash)
        .whereNull('auth_tokens.used_at')
        .where('auth_tokens.expires_at', '>', now)
        .where('users.is_active', true)
        .first('auth_tokens.id', 'auth_tokens.user_id', 'auth_tokens.purpose', 'users.email', 'users.role');
    },

    /** Marks every open token of the user used; the conditional update makes a token single-use under races. */
    async consumeTokens(db: Db, userId: number, tokenId: number, now: Date): Promise<boolean> {
      const claimed = await db('auth_tokens').where({ id: tokenId }).whereNull('used_at').update({ used_at: now });
      if (claimed !== 1) return false;
      await db('auth_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
      return true;
    },

    /** Marks the user's open tokens used: a link mailed before stops working (a new invitation). */
    async voidOpenTokens(userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
      await db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: now });
    },

    async countTokensSince(userId: number, purpose: TokenPurpose, since: Date): Promise<number> {
      const row = await db('auth_tokens')
        .where({ user_id: userId, purpose })
        .where('created_at', '>', since)
        .count({ count: '*' })
        .first();
      return Number(row?.count ?? 0);
    },

    /**
     * Records a failed login and drops every row older than `forgetBefore` (they no longer count
     * towards any throttle), so failures for addresses that never log in do not pile up.
     */
    async recordLoginFailure(email: string, ip: string, now: Date, forgetBefore: Date): Promise<void> {
      await db('login_failures').where('created_at', '<=', forgetBefore).delete();
      await db('login_failures').insert({ email, ip, created_at: now });
    },

    /** Failures on the account since `since`: from this address, and from everywhere. */
    async loginFailuresSince(email: string, ip: string, since: Date): Promise<LoginFailures> {
      const recent = () => db('login_failures').where({ email }).where('created_at', '>', since);
      const [fromAddress, onAccount] = await Promise.all([
        recent().where({ ip }).count({ count: '*' }).min({ oldest: 'created_at' }).first(),
        recent().count({ count: '*' }).max({ latest: 'created_at' }).first(),
      ]);
      return {
        fromAddress: Number(fromAddress?.count ?? 0),
        oldestFromAddress: fromAddress?.oldest,
        onAccount: Number(onAccount?.count ?? 0),
        latestOnAccount: onAccount?.latest,
      };
    },

    /** Without `ip`, the account's failures from everywhere (a password reset). */
    async clearLoginFailures(email: string, ip?: string): Promise<void> {
      const query = db('login_failures').where({ email });
      await (ip === undefined ? query : query.where({ ip })).delete();
    },
  };
}
