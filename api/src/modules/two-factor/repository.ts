/** The two-factor columns of users, the recovery_codes table and the settings row (migration 20261123162000). */
import type { Db } from '../../db/connection.js';
import { toBool } from '../../db/rows.js';
import type { UserRow } from '../../db/tables.js';

export const REQUIRE_TWO_FACTOR = 'require_two_factor';

export type TwoFactorRow = Pick<UserRow, 'id' | 'totp_secret' | 'totp_enabled_at' | 'totp_last_step'>;

export function createTwoFactorRepository(db: Db) {
  const users = () => db('users');
  const codes = () => db('recovery_codes');

  return {
    find: (userId: number): Promise<TwoFactorRow | undefined> =>
      users().where({ id: userId }).first('id', 'totp_secret', 'totp_enabled_at', 'totp_last_step'),

    /** A new secret waiting for its first code; enabled stays off. Refused (false) once enabled. */
    async storePendingSecret(userId: number, sealed: string): Promise<boolean> {
      const changed = await users()
        .where({ id: userId })
        .whereNull('totp_enabled_at')
        .update({ totp_secret: sealed, totp_last_step: null });
      return changed > 0;
    },

    /** Enables two-factor with the step of the confirming code; false when another request got there first. */
    async enable(userId: number, step: number, now: Date): Promise<boolean> {
      const changed = await users()
        .where({ id: userId })
        .whereNull('totp_enabled_at')
        .whereNotNull('totp_secret')
        .update({ totp_enabled_at: now, totp_last_step: step });
      return changed > 0;
    },

    async disable(userId: number): Promise<void> {
      await users().where({ id: userId }).update({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
      await codes().where({ user_id: userId }).delete();
    },

    /**
     * Claims a time step: the update holds only while the stored step is older, so of two requests with
     * the same code (a replay, even a concurrent one) exactly one wins.
     */
    async claimStep(userId: number, step: number): Promise<boolean> {
      const changed = await users()
        .where({ id: userId })
        .where((query) => {
          query.whereNull('totp_last_step').orWhere('totp_last_step', '<', step);
        })
        .update({ totp_last_step: step });
      return changed > 0;
    },

    async replaceRecoveryCodes(userId: number, hashes: string[], now: Date): Promise<void> {
      await codes().where({ user_id: userId }).delete();
      await codes().insert(hashes.map((hash) => ({ user_id: userId, code_hash: hash, created_at: now })));
    },

    /** Marks the code used; false when it is unknown or was used already (single use, race-free). */
    async useRecoveryCode(userId: number, hash: string, now: Date): Promise<boolean> {
      const changed = await codes()
        .where({ user_id: userId, code_hash: hash })
        .whereNull('used_at')
        .update({ used_at: now });
      return changed > 0;
    },

    async unusedRecoveryCodes(userId: number): Promise<number> {
      const row = await codes().where({ user_id: userId }).whereNull('used_at').count({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    async isRequired(): Promise<boolean> {
      const row = await db('settings').where({ key: REQUIRE_TWO_FACTOR }).first('value');
      return row ? toBool(row.value === 'true') : false;
    },

    async setRequired(required: boolean, now: Date): Promise<void> {
      const value = String(required);
      await db('settings')
        .insert({ key: REQUIRE_TWO_FACTOR, value, updated_at: now })
        .onConflict('key')
        .merge({ value, updated_at: now });
    },
  };
}
