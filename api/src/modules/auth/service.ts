/** The rules of SPEC 7's auth calls with DESIGN.md's decisions. */
import {
  INVITATION_TOKEN_TTL_MS,
  isAdminRole,
  LOGIN_THROTTLE,
  PASSWORD_MAX_BYTES,
  RESET_TOKEN_TTL_MS,
  type LoginResult,
  type MemberLoginInput,
  type ResetTokenCheck,
  type SignupInput,
  type User,
} from '@npo/shared';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, tooManyRequests, unauthorized } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { toIso } from '../../db/rows.js';
import { createSecretToken, hashSecretToken, signAccessToken } from '../../lib/tokens.js';
import { invitationMail, passwordResetMail } from '../../mail/templates.js';
import { presentUser, type UserRow } from '../users/presenter.js';
import { createUsersRepository } from '../users/repository.js';
import { createAuthRepository } from './repository.js';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists with this email, you will receive a password reset link shortly.';
export const RESET_SUCCESS_MESSAGE = 'Password has been reset successfully.';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
/** Reset mails per account per hour, so the form cannot be used to flood someone's inbox. */
const RESET_MAILS_PER_HOUR = 5;

export function createAuthService(deps: AppDeps) {
  const users = createUsersRepository(deps.db);
  const auth = createAuthRepository(deps.db);
  const now = () => deps.clock.now();

  async function throttleLogin(email: string): Promise<void> {
    const windowStart = new Date(now().getTime() - LOGIN_THROTTLE.windowMs);
    const failures = await auth.loginFailuresSince(email, windowStart);
    if (failures.count < LOGIN_THROTTLE.maxFailures) return;
    const retryAt = new Date(toIso(failures.oldest)).getTime() + LOGIN_THROTTLE.windowMs;
    const seconds = (retryAt - now().getTime()) / 1000;
    throw tooManyRequests(
      `Too many failed login attempts. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`,
      seconds,
    );
  }

  function linkFor(row: Pick<UserRow, 'role'>, token: string): string {
    const path = isAdminRole(row.role) ? '/admin/reset-password' : '/reset-password';
    return `${deps.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  return {
    async register(input: SignupInput): Promise<User> {
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

    async login(input: MemberLoginInput): Promise<LoginResult> {
      await throttleLogin(input.email);
      const row = await users.findByEmail(input.email);
      const tooLong = new TextEncoder().encode(input.password).length > PASSWORD_MAX_BYTES;
      const matches = (await verifyPassword(input.password, row?.password_hash ?? null)) && !tooLong;
      if (!row || !matches || !row.password_hash || !row.is_active) {
        await auth.recordLoginFailure(input.email, now(), new Date(now().getTime() - LOGIN_THROTTLE.windowMs));
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await auth.clearLoginFailures(input.email);
      await users.recordLogin(row.id, now());
      const token = signAccessToken(deps.config.jwtSecret, { userId: row.id, tokenVersion: row.token_version });
      return { user: { ...presentUser(row), lastLogin: now().toISOString() }, token };
    },

    /** Always the same answer; the mail goes out in the background so timing tells nothing either. */
    async forgotPassword(email: string): Promise<void> {
      const row = await users.findByEmail(email);
      if (!row || !row.is_active) return;
      const hourAgo = new Date(now().getTime() - 60 * 60 * 1000);
      if ((await auth.countTokensSince(row.id, 'reset', hourAgo)) >= RESET_MAILS_PER_HOUR) return;
      const { token, hash } = createSecretToken();
      await auth.insertToken(
        { userId: row.id, purpose: 'reset', hash, expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS) },
        now(),
      );
      deps.mailer.queue(passwordResetMail(row.email, row.name, linkFor(row, token)));
    },

    async checkResetToken(token: string): Promise<ResetTokenCheck> {
      const found = await auth.findUsableToken(hashSecretToken(token), now());
      return found ? { valid: true, email: found.email } : { valid: false, email: null };
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const found = await auth.findUsableToken(hashSecretToken(token), now());
      if (!found) throw new AppError(400, 'invalid_token', INVALID_RESET_LINK);
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (trx) => {
        const claimed = await auth.consumeTokens(trx, found.user_id, found.id, now());
        if (!claimed) throw new AppError(400, 'invalid_token', INVALID_RESET_LINK);
        await createUsersRepository(trx).setPassword(found.user_id, passwordHash, now());
      });
      await auth.clearLoginFailures(found.email);
    },

    /** New admins choose their own password through this link (valid 7 days). */
    async sendInvitation(row: UserRow): Promise<void> {
      const { token, hash } = createSecretToken();
      await auth.insertToken(
        { userId: row.id, purpose: 'invitation', hash, expiresAt: new Date(now().getTime() + INVITATION_TOKEN_TTL_MS) },
        now(),
      );
      // Awaited, unlike reset mails: the super admin creating the account must learn if it did not go out.
      await deps.mailer.send(invitationMail(row.email, row.name, linkFor(row, token)));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
