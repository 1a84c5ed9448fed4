/**
 * Two-factor sign-in for staff: setting it up on one's own account, the code check of the second
 * sign-in step, and the super admin's "require for all staff". Every code check that fails counts
 * toward the sign-in lockout of the account and address (through the AttemptGuard of the auth
 * service), so the six digits cannot be guessed at leisure from any screen.
 */
import { randomInt } from 'node:crypto';
import {
  AUDIT_AUTH_MODULE,
  organisationName,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
  WRONG_CURRENT_PASSWORD,
} from '@npo/shared';
import type { AppDeps } from '../../deps.js';
import { conflict, forbidden, found, validationError } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashSecretToken } from '../../lib/tokens.js';
import { recordAudit } from '../audit/record.js';
import { createSessionsRepository } from '../sessions/repository.js';
import type { Caller } from '../sessions/service.js';
import { createUsersRepository } from '../users/repository.js';
import { createTwoFactorRepository, type TwoFactorRow } from './repository.js';
import { openSecret, sealSecret } from './secret-box.js';
import { acceptedStep, newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp.js';

export const INVALID_CODE = 'Invalid authentication code.';
export const ALREADY_ENABLED = 'Two-factor sign-in is already on for this account.';
export const NOT_ENABLED = 'Two-factor sign-in is not on for this account.';
export const SETUP_NOT_STARTED = 'Start the two-factor setup first.';
export const OWN_RESET = 'Turn off your own two-factor sign-in from My account.';
export const REQUIRED_FOR_STAFF =
  'Two-factor sign-in is required for all staff, so it cannot be turned off. A super admin can lift the requirement.';

/** The lockout of the sign-in form, shared with every other code or password check. */
export interface AttemptGuard {
  /** Throws 429 while this address is locked out of the account. */
  check(email: string, ip: string): Promise<void>;
  /**
   * Counts a failure toward the lockout, and the audit trail records it as `action` (a failed sign-in
   * unless the failure is something else, such as a wrong code while setting two-factor up).
   */
  fail(email: string, ip: string, userId: number, action?: 'two_factor_setup_failed'): Promise<void>;
}

/** What the second sign-in step sends: a code from the app, or a recovery code. */
export interface SignInProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

// No 0/o, 1/l/i: a code copied from paper should not be misread.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Stored as SHA-256: ~50 random bits per code, single use and behind the lockout, need no slow hash. */
const recoveryHash = (code: string) => hashSecretToken(code.replace(/[\s-]+/g, '').toLowerCase());
const codeError = () => validationError([{ field: 'code', message: INVALID_CODE }]);

export function createTwoFactorService(deps: AppDeps) {
  const repository = createTwoFactorRepository(deps.db);
  const now = () => deps.clock.now();
  const secretOf = (row: TwoFactorRow | undefined) =>
    row?.totp_secret ? openSecret(deps.config.jwtSecret, row.totp_secret) : null;
  const lastStepOf = (row: TwoFactorRow) => (row.totp_last_step === null ? null : Number(row.totp_last_step));

  /** The step of a right code, not yet claimed; null for a wrong, expired or replayed one. */
  async function stepOf(row: TwoFactorRow | undefined, code: string): Promise<number | null> {
    const secret = secretOf(row);
    if (!row || !secret) return null;
    try {
      return await acceptedStep(secret, code, now(), lastStepOf(row));
    } catch {
      return null;
    }
  }

  /** A code of an enabled account, claimed so it cannot be used again. */
  async function useCode(userId: number, code: string): Promise<boolean> {
    const row = await repository.find(userId);
    if (!row?.totp_enabled_at) return false;
    const step = await stepOf(row, code);
    return step !== null && repository.claimStep(userId, step);
  }

  /** A code check of a signed-in account: throttled, and a failure counts toward the lockout. */
  async function checkCode(guard: AttemptGuard, caller: Caller, code: string): Promise<void> {
    await guard.check(caller.user.email, caller.ip);
    if (await useCode(caller.user.id, code)) return;
    await guard.fail(caller.user.email, caller.ip, caller.user.id);
    throw codeError();
  }

  /** Ten new codes replace the old ones in `trx`; the plain codes are answered once and never stored. */
  async function replaceRecoveryCodes(trx: AppDeps['db'], userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await createTwoFactorRepository(trx).replaceRecoveryCodes(userId, codes.map(recoveryHash), now());
    return codes;
  }

  return {
    isRequired: () => repository.isRequired(),

    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await repository.find(userId);
      return {
        enabled: Boolean(row?.totp_enabled_at),
        recoveryCodesLeft: row?.totp_enabled_at ? await repository.unusedRecoveryCodes(userId) : 0,
        required: await repository.isRequired(),
      };
    },

    /** A new secret for the account (replacing an unconfirmed one); enabled only once a code confirms it. */
    async setup(user: User): Promise<TwoFactorSetup> {
      const secret = newTotpSecret();
      if (!(await repository.storePendingSecret(user.id, sealSecret(deps.config.jwtSecret, secret)))) {
        throw conflict(ALREADY_ENABLED);
      }
      const uri = otpauthUri(organisationName, user.email, secret);
      return { secret, uri, qrCode: await qrCodeDataUrl(uri) };
    },

    /**
     * The first code turns two-factor on: recovery codes are made, the account's other sessions end
     * (they signed in without it), and a sign-in that was waiting for this setup becomes complete.
     */
    async confirm(guard: AttemptGuard, caller: Caller, code: string): Promise<RecoveryCodes> {
      const row = await repository.find(caller.user.id);
      if (row?.totp_enabled_at) throw conflict(ALREADY_ENABLED);
      if (!row?.totp_secret) throw conflict(SETUP_NOT_STARTED);
      await guard.check(caller.user.email, caller.ip);
      const step = await stepOf(row, code);
      if (step === null) {
        // Signed in already: a mistyped first code is not a failed sign-in, though it counts the same.
        await guard.fail(caller.user.email, caller.ip, caller.user.id, 'two_factor_setup_failed');
        throw codeError();
      }
      return deps.db.transaction(async (trx) => {
        if (!(await createTwoFactorRepository(trx).enable(caller.user.id, step, now())))
          throw conflict(ALREADY_ENABLED);
        const recoveryCodes = await replaceRecoveryCodes(trx, caller.user.id);
        const sessions = createSessionsRepository(trx);
        await sessions.endAll(caller.user.id, now(), caller.sessionId);
        await sessions.complete(caller.sessionId);
        await recordAudit(trx, { action: 'two_factor_enabled', module: AUDIT_AUTH_MODULE, entityId: caller.user.id });
        return { recoveryCodes };
      });
    },

    /** The current password and a code turn it off; refused while a super admin requires it. */
    async disable(guard: AttemptGuard, caller: Caller, password: string, code: string): Promise<void> {
      if (await repository.isRequired()) throw conflict(REQUIRED_FOR_STAFF);
      const row = await repository.find(caller.user.id);
      if (!row?.totp_enabled_at) throw conflict(NOT_ENABLED);
      await guard.check(caller.user.email, caller.ip);
      const account = await createUsersRepository(deps.db).findById(caller.user.id);
      if (!(await verifyPassword(password, account?.password_hash ?? null))) {
        await guard.fail(caller.user.email, caller.ip, caller.user.id);
        throw validationError([{ field: 'password', message: WRONG_CURRENT_PASSWORD }]);
      }
      await checkCode(guard, caller, code);
      await deps.db.transaction(async (trx) => {
        await createTwoFactorRepository(trx).disable(caller.user.id);
        await createSessionsRepository(trx).endAll(caller.user.id, now(), caller.sessionId);
        await recordAudit(trx, { action: 'two_factor_disabled', module: AUDIT_AUTH_MODULE, entityId: caller.user.id });
      });
    },

    /**
     * A super admin turns off another staff member's two-factor (phone and recovery codes both lost):
     * the account's sessions end, and it sets two-factor up again at its next sign-in when required.
     * Never one's own: that takes the password and a code, from My account.
     */
    async resetFor(targetId: number, actorId: number): Promise<void> {
      if (targetId === actorId) throw forbidden(OWN_RESET);
      const target = found(await createUsersRepository(deps.db).findById(targetId), 'User');
      if (!(await repository.find(target.id))?.totp_enabled_at) throw conflict(NOT_ENABLED);
      await deps.db.transaction(async (trx) => {
        await createTwoFactorRepository(trx).disable(target.id);
        await createSessionsRepository(trx).endAll(target.id, now());
        await recordAudit(trx, {
          action: 'two_factor_disabled',
          module: 'admins',
          entityId: target.id,
          changes: { reset: { before: 'by the account', after: 'by a super admin' } },
        });
      });
    },

    /** Ten new recovery codes for a code from the app; the old ones stop working. */
    async renewRecoveryCodes(guard: AttemptGuard, caller: Caller, code: string): Promise<RecoveryCodes> {
      if (!(await repository.find(caller.user.id))?.totp_enabled_at) throw conflict(NOT_ENABLED);
      await checkCode(guard, caller, code);
      return deps.db.transaction(async (trx) => {
        const recoveryCodes = await replaceRecoveryCodes(trx, caller.user.id);
        await recordAudit(trx, {
          action: 'recovery_codes_renewed',
          module: AUDIT_AUTH_MODULE,
          entityId: caller.user.id,
        });
        return { recoveryCodes };
      });
    },

    /** The second sign-in step's check: true once the code or recovery code is accepted and used up. */
    async useSignInProof(userId: number, proof: SignInProof): Promise<boolean> {
      if (proof.recoveryCode !== undefined) {
        if (!(await repository.find(userId))?.totp_enabled_at) return false;
        return repository.useRecoveryCode(userId, recoveryHash(proof.recoveryCode), now());
      }
      return proof.code !== undefined && useCode(userId, proof.code);
    },

    /** The super admin's switch; staff without two-factor set it up at their next sign-in. */
    async setRequired(required: boolean): Promise<{ requireTwoFactor: boolean }> {
      await deps.db.transaction(async (trx) => {
        const settings = createTwoFactorRepository(trx);
        const before = await settings.isRequired();
        await settings.setRequired(required, now());
        await recordAudit(trx, {
          action: 'two_factor_required_changed',
          module: 'admins',
          entityId: 'require_two_factor',
          changes: { requireTwoFactor: { before, after: required } },
        });
      });
      return { requireTwoFactor: required };
    },
  };
}
