/**
 * The idempotency_keys table (migration 20261124210100): a claim per caller and key, then the answer.
 * Every change to a row names its claim, so a request whose claim was taken over (see the lease in
 * middleware/idempotency.ts) can no longer fill in or release the row of the request that took it.
 */
import type { Db } from '../../db/connection.js';
import { toJson } from '../../db/rows.js';
import type { IdempotencyKeyRow } from '../../db/tables.js';

export const IDEMPOTENCY_TABLE = 'idempotency_keys';

/** The caller without a sign-in (user ids start at 1). */
export const ANONYMOUS = 0;

/** created_at is epoch milliseconds (a string from PostgreSQL's bigint). */
export type IdempotencyRow = IdempotencyKeyRow;

/** What a repeat is answered: the status, the JSON body (null: none) and the headers kept. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface Claim {
  userId: number;
  key: string;
  claim: string;
}

export const createdAtOf = (row: IdempotencyRow): number => Number(row.created_at);

export function storedAnswerOf(row: IdempotencyRow): StoredAnswer | null {
  if (row.status === null) return null;
  return {
    status: Number(row.status),
    body: row.body === null ? null : (JSON.parse(row.body) as unknown),
    headers: toJson<Record<string, string>>(row.headers, {}),
  };
}

export function createIdempotencyRepository(db: Db) {
  const rows = () => db<IdempotencyRow>(IDEMPOTENCY_TABLE);
  const ofClaim = ({ userId, key, claim }: Claim) => rows().where({ user_id: userId, key, claim });

  return {
    /**
     * Inserts the claim unless the caller already has a row for the key: true when this request holds
     * it now. The primary key decides, so two instances never both hold one key.
     */
    async claim(claim: Claim, requestHash: string, now: number): Promise<boolean> {
      const inserted = await rows()
        .insert({
          user_id: claim.userId,
          key: claim.key,
          request_hash: requestHash,
          claim: claim.claim,
          created_at: now,
        })
        .onConflict(['user_id', 'key'])
        .ignore()
        .returning('claim');
      return inserted.length > 0;
    },

    find: (userId: number, key: string): Promise<IdempotencyRow | undefined> =>
      rows().where({ user_id: userId, key }).first(),

    /** Takes over a claim left unanswered (its instance stopped): true when this request holds it now. */
    async takeOver(stale: IdempotencyRow, claim: Claim, now: number): Promise<boolean> {
      const updated = await rows()
        .where({ user_id: stale.user_id, key: stale.key, claim: stale.claim })
        .whereNull('status')
        .update({ claim: claim.claim, created_at: now });
      return updated > 0;
    },

    /** The answer is known: a repeat gets it from now on. */
    async complete(claim: Claim, answer: StoredAnswer): Promise<boolean> {
      const updated = await ofClaim(claim)
        .whereNull('status')
        .update({
          status: answer.status,
          body: answer.body === null ? null : JSON.stringify(answer.body),
          headers: Object.keys(answer.headers).length > 0 ? JSON.stringify(answer.headers) : null,
        });
      return updated > 0;
    },

    /** The request failed without an effect to remember: the key is free for a retry. */
    async release(claim: Claim): Promise<void> {
      await ofClaim(claim).whereNull('status').delete();
    },

    /** Deletes one row past retention, unless another request claimed the key again meanwhile. */
    async removeExpired(row: IdempotencyRow): Promise<void> {
      await rows().where({ user_id: row.user_id, key: row.key, claim: row.claim }).delete();
    },

    /** Rows claimed before `cutoff` (epoch ms): how many went. */
    prune: (cutoff: number): Promise<number> => rows().where('created_at', '<', cutoff).delete(),
  };
}
