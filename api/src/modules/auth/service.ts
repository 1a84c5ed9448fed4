/** The rules of SPEC 7's auth calls with DESIGN.md's decisions. */
import {
  AUDIT_AUTH_MODULE,
  INVITATION_TOKEN_TTL_MS,
  isAdminRole,
  LOGIN_THROTTLE,
  PASSWORD_MAX_BYTES,
  RESET_TOKEN_TTL_MS,
  TWO_FACTOR_CHALLENGE_TTL_S,
  type AccountTokenPurpose,
  type LoginAnswer,
  type LoginResult,
  type MemberLoginInput,
  type ResetTokenCheck,
  type SignupInput,
  type User,
} from '@npo/shared';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, tooManyRequests, unauthorized } from '../../errors.js';
import { assertPasswordCapacity, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { issueDeviceToken, type KnownDevice } from '../../lib/device-tokens.js';
import { createRateLimiter, waitText } from '../../lib/rate-limits.js';
import { toBool, toIso } from '../../db/rows.js';
import { createSecretToken, hashSecretToken } from '../../lib/tokens.js';
import type { Db } from '../../db/connection.js';
import { invitationMail, passwordResetMail } from '../../mail/templates.js';
import { createSessionsRepository } from '../sessions/repository.js';
import type { SessionPending } from '../sessions/repository.js';
import { createSessionService, type Device } from '../sessions/service.js';
import { createTwoFactorAttempts } from '../two-factor/attempts.js';
import { signChallenge, verifyChallenge } from '../two-factor/challenge.js';
import { createTwoFactorService, INVALID_CODE, type AttemptGuard, type SignInProof } from '../two-factor/service.js';
import { presentUser, type UserRow } from '../users/presenter.js';
import { createUsersRepository } from '../users/repository.js';
import { recordAudit } from '../audit/record.js';
import { recordSecurityEvent } from '../audit/security-log.js';
import { createAuthRepository, type LoginFailures } from './repository.js';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists with this email, you will receive a password reset link shortly.';
export const RESET_SUCCESS_MESSAGE = 'Password has been reset successfully.';
export const INVITATION_ACCEPTED_MESSAGE = 'Your password has been set. Welcome!';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
/** Reset mails per account per hour, so the form cannot be used to flood someone's inbox. */
const RESET_MAILS_PER_HOUR = 5;

const epochMs = (value: unknown) => new Date(toIso(value)).getTime();

export function createAuthService(deps: AppDeps) {
  const users = createUsersRepository(deps.db);
  const auth = createAuthRepository(deps.db);
  const sessions = createSessionService(deps);
  const twoFactor = createTwoFactorService(deps);
  const twoFactorAttempts = createTwoFactorAttempts(deps);
  const limits = createRateLimiter(deps);
  const now = () => deps.clock.now();

  /**
   * Seconds this address must wait before it may try this account again (0: now). Unknown addresses
   * are counted and answered the same way, so the answers tell nothing about which accounts exist.
   */
  function loginWait(failures: LoginFailures): number {
    const { maxFailures, windowMs, backoff } = LOGIN_THROTTLE;
    const nowMs = now().getTime();
    if (failures.fromAddress >= maxFailures) {
      return (epochMs(failures.oldestFromAddress) + windowMs - nowMs) / 1000;
    }
    const beyond = failures.onAccount - backoff.afterFailures;
    // An address that has not failed on the account (its owner elsewhere) is never slowed down.
    if (failures.fromAddress === 0 || beyond <= 0) return 0;
    const delayMs = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** (beyond - 1));
    return (epochMs(failures.latestOnAccount) + delayMs - nowMs) / 1000;
  }

  async function throttleLogin(email: string, ip: string): Promise<void> {
    const since = new Date(now().getTime() - LOGIN_THROTTLE.windowMs);
    const seconds = loginWait(await auth.loginFailuresSince(email, ip, since));
    if (seconds <= 0) return;
    // Lockouts of real accounts are the staff's business; those of unknown addresses are noise.
    const account = await users.findByEmail(email);
    if (account) {
      await recordAudit(deps.db, {
        action: 'lockout',
        module: AUDIT_AUTH_MODULE,
        entityId: account.id,
        actor: { id: null, email: email.toLowerCase() },
        changes: { email: email.toLowerCase(), retryAfterSeconds: Math.ceil(seconds) },
      });
    } else {
      await recordSecurityEvent(deps.db, deps.clock, 'lockout_unknown_account', ip);
    }
    throw tooManyRequests(`Too many failed login attempts. Please try again in ${waitText(seconds)}.`, seconds);
  }

  /**
   * A failed try (password or two-factor code) counts toward the lockout of this account and address.
   * The audit trail records it for a real account; for an address without one, the bounded security
   * log counts it (issue 19 item 5).
   */
  async function recordFailure(
    email: string,
    ip: string,
    userId: number | undefined,
    action: 'sign_in_failed' | 'two_factor_setup_failed' = 'sign_in_failed',
  ): Promise<void> {
    const forgetBefore = new Date(now().getTime() - LOGIN_THROTTLE.windowMs);
    await deps.db.transaction(async (trx) => {
      await createAuthRepository(trx).recordLoginFailure(email, ip, now(), forgetBefore);
      if (userId === undefined) {
        await recordSecurityEvent(trx, deps.clock, 'sign_in_failed_unknown_account', ip);
        return;
      }
      // The address tried, never the password or code; the account id when the address has one.
      const address = email.toLowerCase();
      await recordAudit(trx, {
        action,
        module: AUDIT_AUTH_MODULE,
        entityId: userId,
        actor: { id: userId ?? null, email: address },
        changes: { email: address },
      });
    });
  }

  const guard: AttemptGuard = { check: throttleLogin, fail: recordFailure };

  /** The password (and the code, with two-factor) held: failures cleared, the sign-in recorded, a session. */
  async function completeSignIn(
    row: UserRow,
    ip: string,
    device: Device,
    pending: SessionPending | null,
    known: KnownDevice | undefined,
  ) {
    // Only this address's failures: clearing others would hand a stranger's address fresh tries.
    await afterSignIn('the cleared failures', () => auth.clearLoginFailures(row.email, ip));
    await afterSignIn('last_login', () =>
      deps.db.transaction(async (trx) => {
        await createUsersRepository(trx).recordLogin(row.id, now());
        await recordAudit(trx, {
          action: 'sign_in',
          module: AUDIT_AUTH_MODULE,
          entityId: row.id,
          actor: { id: row.id, email: row.email },
        });
      }),
    );
    const token = await sessions.start(row, device, pending);
    const user = { ...presentUser(row), lastLogin: now().toISOString() };
    // The same device id again for a known device: its token is renewed, not multiplied.
    const account = { userId: row.id, generation: row.device_generation };
    const deviceToken = issueDeviceToken(deps.config.jwtSecret, account, now(), known?.deviceId);
    const mustChange = toBool(row.must_change_password);
    return {
      user,
      token,
      ...(mustChange && { passwordChangeRequired: true }),
      ...(pending && { twoFactorSetupRequired: true }),
      deviceToken,
    };
  }

  /**
   * After the password, staff with two-factor get a challenge for the second step instead of a
   * session; staff without it, while a super admin requires it, get a session that can only set it up.
   */
  async function afterPassword(
    row: UserRow,
    ip: string,
    device: Device,
    known: KnownDevice | undefined,
  ): Promise<LoginAnswer> {
    if (!isAdminRole(row.role)) return completeSignIn(row, ip, device, null, known);
    if (row.totp_enabled_at) {
      const claims = { userId: row.id, tokenVersion: row.token_version };
      return { twoFactorRequired: true, challenge: signChallenge(deps.config.jwtSecret, claims, now()) };
    }
    return completeSignIn(row, ip, device, (await twoFactor.isRequired()) ? 'two_factor_setup' : null, known);
  }

  /** A write after a successful sign-in that must not turn it into a failure: logged instead. */
  async function afterSignIn(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      deps.logger.warn({ err: error }, `sign-in succeeded but ${what} was not recorded`);
    }
  }

  /** The reset link's writes and its queued mail, in one transaction run after the answer (forgotPassword). */
  async function issueResetLink(row: UserRow): Promise<void> {
    const { token, hash } = createSecretToken();
    await deps.db.transaction(async (trx) => {
      await createAuthRepository(trx).insertToken(
        { userId: row.id, purpose: 'reset', hash, expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS) },
        now(),
      );
      await recordAudit(trx, {
        action: 'password_reset_requested',
        module: AUDIT_AUTH_MODULE,
        entityId: row.id,
        actor: { id: row.id, email: row.email },
      });
      await deps.mailer.enqueue(trx, passwordResetMail(row.email, row.name, linkFor(row, token)));
    });
  }

  /** A new invitation token of the account and its mail, queued in `trx`. */
  async function queueInvitation(trx: Db, row: UserRow): Promise<void> {
    const { token, hash } = createSecretToken();
    await createAuthRepository(trx).insertToken(
      { userId: row.id, purpose: 'invitation', hash, expiresAt: new Date(now().getTime() + INVITATION_TOKEN_TTL_MS) },
      now(),
    );
    await deps.mailer.enqueue(trx, invitationMail(row.email, row.name, linkFor(row, token)));
  }

  function linkFor(row: Pick<UserRow, 'role'>, token: string): string {
    const path = isAdminRole(row.role) ? '/admin/reset-password' : '/reset-password';
    return `${deps.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  return {
    async register(input: SignupInput): Promise<User> {
      assertPasswordCapacity();
      if (await users.findByEmail(input.email)) throw conflict('An account with this email already exists.');
      const row = await users.insert(
        {
          name: input.name,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          role: 'member',
          permissions: {},
        },
        now(),
      );
      return presentUser(row);
    },

    /**
     * `ip`: the subject the account's lockout counts, the client's address as rate limits count it
     * (clientSubject), or for a known device its deviceSubject; `device`: for the sessions list;
     * `known`: the device token of this account the sign-in came with, if any (its password check goes
     * first in the pool, and is never refused for anonymous sign-ins).
     */
    async login(input: MemberLoginInput, ip: string, device: Device, known?: KnownDevice): Promise<LoginAnswer> {
      if (!known) assertPasswordCapacity();
      await throttleLogin(input.email, ip);
      const row = await users.findByEmail(input.email);
      const trusted = known && row?.id === known.userId ? known : undefined;
      const tooLong = new TextEncoder().encode(input.password).length > PASSWORD_MAX_BYTES;
      const matches = (await verifyPassword(input.password, row?.password_hash ?? null, !!trusted)) && !tooLong;
      if (!row || !matches || !row.password_hash || !row.is_active) {
        await recordFailure(input.email, ip, row?.id);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      return afterPassword(row, ip, device, trusted);
    },

    /**
     * The second step: the challenge of the first with a code or a recovery code. A wrong or used code
     * counts toward the same lockout as a wrong password; an expired or voided challenge (password
     * reset, two-factor turned off, account deactivated since) sends the person back to the password.
     */
    async loginTwoFactor(
      input: SignInProof & { challenge: string },
      ip: string,
      device: Device,
      known?: KnownDevice,
    ): Promise<LoginResult> {
      const claims = verifyChallenge(deps.config.jwtSecret, input.challenge, now());
      if (!claims) {
        await recordSecurityEvent(deps.db, deps.clock, 'bogus_challenge', ip);
        throw unauthorized(SIGN_IN_EXPIRED);
      }
      const row = await users.findById(claims.userId);
      const holds = row && row.token_version === claims.tokenVersion && toBool(row.is_active) && row.totp_enabled_at;
      if (!row || !holds || !isAdminRole(row.role)) throw unauthorized(SIGN_IN_EXPIRED);
      const trusted = known && known.userId === row.id ? known : undefined;
      // Per account, whatever the address (issue 19): a known device of the account is not held.
      if (!trusted) await twoFactorAttempts.assertNotLocked(row.id);
      if (await twoFactorAttempts.isSpent(claims.challengeId)) throw unauthorized(SIGN_IN_EXPIRED);
      await throttleLogin(row.email, ip);
      if (!(await twoFactor.useSignInProof(row.id, input))) {
        await recordFailure(row.email, ip, row.id);
        await twoFactorAttempts.recordWrong(row, claims.challengeId);
        throw unauthorized(INVALID_CODE);
      }
      // A challenge that succeeded is spent (issue 52 item 10): the same one with the next code, from
      // anywhere, gets no second session. Kept until the challenge would have expired anyway.
      const expiresAt = now().getTime() + TWO_FACTOR_CHALLENGE_TTL_S * 1000;
      if (!(await limits.spendOnce('twoFactor.challengeUsed', claims.challengeId, expiresAt))) {
        throw unauthorized(SIGN_IN_EXPIRED);
      }
      return completeSignIn(row, ip, device, null, trusted);
    },

    /** The lockout, for the code checks of the account's own two-factor routes. */
    guard,

    /**
     * Always the same answer, whatever happens: a failure here is logged, never shown, as it would tell
     * that the address has an account. Known address or not, the request runs the same two queries
     * and queues the same job (issue 19); the token's writes and the mail happen in that job, after
     * the answer, so timing tells nothing.
     */
    async forgotPassword(email: string): Promise<void> {
      const failure = 'forgot-password: the reset link was not sent';
      try {
        const row = await users.findByEmail(email);
        const hourAgo = new Date(now().getTime() - 60 * 60 * 1000);
        const recent = await auth.countTokensSince(row?.id ?? 0, 'reset', hourAgo);
        const target = row && toBool(row.is_active) && recent < RESET_MAILS_PER_HOUR ? row : undefined;
        deps.mailer.queueWork(async () => {
          if (target) await issueResetLink(target);
        }, failure);
      } catch (error) {
        deps.logger.error({ err: error }, failure);
      }
    },

    async checkResetToken(token: string): Promise<ResetTokenCheck> {
      const found = await auth.findUsableToken(hashSecretToken(token), now());
      return found ? { valid: true, email: found.email, purpose: found.purpose } : { valid: false, email: null };
    },

    /** Answers what the token was for: an accepted invitation is welcomed, not told of a "reset". */
    async resetPassword(token: string, password: string): Promise<AccountTokenPurpose> {
      const found = await auth.findUsableToken(hashSecretToken(token), now());
      if (!found) throw new AppError(400, 'invalid_token', INVALID_RESET_LINK);
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (trx) => {
        const claimed = await auth.consumeTokens(trx, found.user_id, found.id, now());
        if (!claimed) throw new AppError(400, 'invalid_token', INVALID_RESET_LINK);
        await createUsersRepository(trx).setPasswordByMailedLink(found.user_id, passwordHash, now());
        // The token version refuses every older token; ending the rows keeps the sessions list true.
        await createSessionsRepository(trx).endAll(found.user_id, now());
        await recordAudit(trx, {
          action: found.purpose === 'invitation' ? 'invitation_accepted' : 'password_reset_completed',
          module: AUDIT_AUTH_MODULE,
          entityId: found.user_id,
          actor: { id: found.user_id, email: found.email },
        });
      });
      await auth.clearLoginFailures(found.email);
      return found.purpose;
    },

    /**
     * New admins choose their own password through this link (valid 7 days). Written in `trx`, the
     * transaction that creates the account: the account, its token and its queued mail commit together.
     */
    async sendInvitation(trx: Db, row: UserRow): Promise<void> {
      await queueInvitation(trx, row);
      await recordAudit(trx, {
        action: 'invitation_sent',
        module: AUDIT_AUTH_MODULE,
        entityId: row.id,
        changes: { email: row.email, role: row.role },
      });
    },

    /**
     * A fresh invitation for an account still without a password, in `trx` (whose caller has voided
     * the links mailed before): a new one (7 days) is queued, and the audit entry names the super
     * admin who asked.
     */
    async resendInvitation(trx: Db, row: UserRow): Promise<void> {
      await queueInvitation(trx, row);
      await recordAudit(trx, {
        action: 'invitation_resent',
        module: 'admins',
        entityId: row.id,
        changes: { email: row.email },
      });
    },
  };
}
