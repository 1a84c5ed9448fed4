/**
 * "My account" (issue 11): the caller's own sessions and password, and a super admin signing another
 * account out everywhere. Every change is one transaction with its audit entry.
 */
import {
  AUDIT_AUTH_MODULE,
  PASSWORD_MAX_BYTES,
  WRONG_CURRENT_PASSWORD,
  type AccountSession,
  type ChangePasswordInput,
} from '@npo/shared';
import { toIso } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import { found, notFound, validationError } from '../../errors.js';
import { assertPasswordCapacity, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { passwordChangedMail } from '../../mail/templates.js';
import { recordAudit } from '../audit/record.js';
import { createSessionsRepository, type SessionRow, type SessionsRepository } from '../sessions/repository.js';
import type { Caller } from '../sessions/service.js';
import { createUsersRepository } from '../users/repository.js';

export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions have been signed out.';

function presentSession(row: SessionRow, currentId: number): AccountSession {
  return {
    id: row.id,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: toIso(row.created_at),
    lastSeenAt: toIso(row.last_seen_at),
    current: row.id === currentId,
  };
}

export function createAccountService(deps: AppDeps) {
  const sessions = createSessionsRepository(deps.db);
  const users = createUsersRepository(deps.db);
  const now = () => deps.clock.now();

  /**
   * Ends sessions of `userId` and records it, in one transaction; answers how many were ended. The
   * entry is written even when none was live: the request itself is the event. Ending other or all
   * sessions (a `scope`) revokes the account's device tokens too: they count as unknown from then on.
   */
  function revoke(
    userId: number,
    end: (trxSessions: SessionsRepository) => Promise<number>,
    audit: { module: string; changes: Record<string, unknown> },
  ): Promise<number> {
    return deps.db.transaction(async (trx) => {
      const ended = await end(createSessionsRepository(trx));
      // Ending more than one session also revokes the account's device tokens (issue 52).
      if (audit.changes.scope !== undefined) await createUsersRepository(trx).revokeDevices(userId);
      await recordAudit(trx, {
        action: 'sessions_revoked',
        module: audit.module,
        entityId: userId,
        changes: { ...audit.changes, ended },
      });
      return ended;
    });
  }

  /** A wrong current password is a field error (400), not a 401: the caller stays signed in. */
  async function checkCurrentPassword(userId: number, password: string): Promise<void> {
    const row = found(await users.findById(userId), 'User');
    const tooLong = new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES;
    if (tooLong || !(await verifyPassword(password, row.password_hash))) {
      throw validationError([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    }
  }

  return {
    async list({ user, sessionId }: Caller): Promise<AccountSession[]> {
      const rows = await sessions.listLive(user.id, now());
      return rows.map((row) => presentSession(row, sessionId));
    },

    /** Ends one of the caller's own live sessions (its own too: that is signing out); 404 otherwise. */
    async endOne({ user }: Caller, id: number): Promise<void> {
      const endOrRefuse = async (trx: SessionsRepository) => {
        if (!(await trx.end(user.id, id, now()))) throw notFound('Session');
        return 1;
      };
      await revoke(user.id, endOrRefuse, { module: AUDIT_AUTH_MODULE, changes: { sessionId: id } });
    },

    endOthers: ({ user, sessionId }: Caller): Promise<number> =>
      revoke(user.id, (trx) => trx.endAll(user.id, now(), sessionId), {
        module: AUDIT_AUTH_MODULE,
        changes: { scope: 'other sessions' },
      }),

    /** A super admin signs an account out everywhere; their own current session stays if it is theirs. */
    async endAllOf(targetId: number, { user, sessionId }: Caller): Promise<number> {
      const target = found(await users.findById(targetId), 'User');
      const keep = target.id === user.id ? sessionId : undefined;
      return revoke(target.id, (trx) => trx.endAll(target.id, now(), keep), {
        module: 'admins',
        changes: { scope: keep === undefined ? 'all sessions' : 'other sessions' },
      });
    },

    /**
     * The current password first, then the new hash and the end of every other session in one
     * transaction: the caller stays signed in here, everyone holding an older sign-in is out.
     */
    async changePassword({ user, sessionId }: Caller, input: ChangePasswordInput): Promise<void> {
      assertPasswordCapacity();
      await checkCurrentPassword(user.id, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await deps.db.transaction(async (trx) => {
        await createUsersRepository(trx).changePassword(user.id, passwordHash, now());
        const ended = await createSessionsRepository(trx).endAll(user.id, now(), sessionId);
        await recordAudit(trx, {
          action: 'password_changed',
          module: AUDIT_AUTH_MODULE,
          entityId: user.id,
          changes: { otherSessionsEnded: ended },
        });
        await deps.mailer.enqueue(trx, passwordChangedMail(user.email, user.name));
      });
    },
  };
}
