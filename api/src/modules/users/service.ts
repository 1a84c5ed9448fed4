/**
 * Staff accounts (super admins only): new admins choose their own password through an invitation,
 * a super admin cannot be deleted, nobody deletes or deactivates themselves, and the last active
 * super admin keeps both the role and the active status.
 */
import type { AdminUserInput, User, UserStats, UsersQuery } from '@npo/shared';
import { createOnce, rowWithClientId } from '../../db/client-ids.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import { toBool } from '../../db/rows.js';
import type { Db } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';
import { conflict, found, notFound } from '../../errors.js';
import { createAuthRepository } from '../auth/repository.js';
import { createAuthService } from '../auth/service.js';
import { createSessionsRepository } from '../sessions/repository.js';
import { presentUser, presentUserStats, type UserRow } from './presenter.js';
import { createUsersRepository, type UsersRepository } from './repository.js';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const LAST_SUPER_ADMIN = 'The last active super admin must stay an active super admin.';
export const CANNOT_DELETE_SUPER_ADMIN = 'A super admin account cannot be deleted. Change its role to admin first.';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.';
export const NOT_PENDING = 'This account has already accepted its invitation: its owner can use "Forgot password".';
export const RESEND_TO_INACTIVE = 'This account is deactivated. Activate it before resending its invitation.';

/** Whether what the account may do changed: its role or its permissions. */
function accessChanged(before: UserRow, after: UserRow): boolean {
  const [was, is] = [presentUser(before), presentUser(after)];
  return was.role !== is.role || JSON.stringify(was.permissions) !== JSON.stringify(is.permissions);
}

function isActiveSuperAdmin(row: UserRow): boolean {
  return row.role === 'super_admin' && toBool(row.is_active);
}

export function createUsersService(deps: AppDeps) {
  const users = createUsersRepository(deps.db);
  const auth = createAuthService(deps);
  const now = () => deps.clock.now();

  async function ensureEmailFree(email: string, ownerId?: number, repository: UsersRepository = users): Promise<void> {
    const owner = await repository.findByEmail(email);
    if (owner && owner.id !== ownerId) throw conflict(EMAIL_TAKEN);
  }

  /**
   * Runs a change to one account in a transaction that has locked the active super admins first.
   * The If-Match precondition is checked before the account rules; `change` learns whether the
   * target is the only active super admin left.
   */
  function changeAccount(
    id: number,
    expected: ExpectedRevision | undefined,
    change: (
      target: UserRow,
      isLastSuperAdmin: boolean,
      trxUsers: UsersRepository,
      trx: Db,
    ) => Promise<UserRow | undefined>,
  ): Promise<User> {
    return deps.db.transaction(async (trx) => {
      const trxUsers = createUsersRepository(trx);
      const { target, activeSuperAdminIds } = await trxUsers.lockForAccountChange(id);
      const row = found(target, 'User');
      ensureRevision(presentUser(row), expected);
      const isLastSuperAdmin = isActiveSuperAdmin(row) && activeSuperAdminIds.every((other) => other === row.id);
      return presentUser(found(await change(row, isLastSuperAdmin, trxUsers, trx), 'User'));
    });
  }

  return {
    stats: async (): Promise<UserStats> => presentUserStats(await users.countByRoleAndStatus()),

    list: ({ page, limit, search, q, role, sort, order }: UsersQuery) =>
      users.page({ page, limit }, { search: search ?? q, role }, { sort, order }),

    get: async (id: number): Promise<User> => presentUser(found(await users.findById(id), 'User')),

    /**
     * The account, its invitation token and the queued invitation mail in one transaction: the account
     * is created (201) whether or not the mail server answers now; the queue sends the mail when it does.
     */
    create(input: AdminUserInput): Promise<User> {
      // A replay of a console creation answers the account it made: no second invitation.
      const made = async (clientId: string) => {
        const row = await rowWithClientId<UserRow>(deps.db, 'users', clientId);
        return row && presentUser(row);
      };
      return createOnce(input.clientId, made, async () => {
        await ensureEmailFree(input.email);
        const row = await deps.db.transaction(async (trx) => {
          const inserted = await createUsersRepository(trx).insert({ ...input, passwordHash: null }, now());
          await auth.sendInvitation(trx, inserted);
          return inserted;
        });
        return presentUser(row);
      });
    },

    /**
     * A new role or new permissions end the account's sessions (issue 11), but `callerSessionId`: a
     * super admin changing their own role stays signed in here (another account never holds it).
     */
    async update(
      id: number,
      input: AdminUserInput,
      expected?: ExpectedRevision,
      callerSessionId?: number,
    ): Promise<User> {
      return changeAccount(id, expected, async (target, isLastSuperAdmin, trxUsers, trx) => {
        await ensureEmailFree(input.email, target.id, trxUsers);
        if (isLastSuperAdmin && input.role !== 'super_admin') throw conflict(LAST_SUPER_ADMIN);
        const updated = await trxUsers.updateAccount(target.id, input, now(), expected);
        if (updated && accessChanged(target, updated)) {
          await createSessionsRepository(trx).endAll(target.id, now(), callerSessionId);
        }
        return updated;
      });
    },

    async toggleStatus(id: number, actor: User, expected?: ExpectedRevision): Promise<User> {
      return changeAccount(id, expected, async (target, isLastSuperAdmin, trxUsers, trx) => {
        if (target.id === actor.id) throw conflict(CANNOT_DEACTIVATE_SELF);
        if (isLastSuperAdmin) throw conflict(LAST_SUPER_ADMIN);
        const updated = await trxUsers.setActive(target.id, !toBool(target.is_active), now(), expected);
        // The token version already refuses them; ending the rows keeps the account's sessions list true.
        if (updated && !toBool(updated.is_active)) await createSessionsRepository(trx).endAll(target.id, now());
        return updated;
      });
    },

    /**
     * A new invitation for staff who have not chosen a password yet (the mail was lost or the 7 days
     * ran out): the earlier links stop working, and the token, the queued mail and the audit entry
     * commit together. An old link accepted meanwhile wins: voiding the tokens waits for that
     * transaction, and the account, read again after it, no longer needs an invitation.
     */
    async resendInvitation(id: number): Promise<User> {
      const pending = async (repository: UsersRepository) => {
        const row = found(await repository.findById(id), 'User');
        if (!presentUser(row).invitationPending) throw conflict(NOT_PENDING);
        if (!toBool(row.is_active)) throw conflict(RESEND_TO_INACTIVE);
        return row;
      };
      await pending(users);
      return deps.db.transaction(async (trx) => {
        await createAuthRepository(trx).voidOpenTokens(id, 'invitation', now());
        const row = await pending(createUsersRepository(trx));
        await auth.resendInvitation(trx, row);
        return presentUser(row);
      });
    },

    async remove(id: number, actor: User, expected?: ExpectedRevision): Promise<void> {
      const target = found(await users.findById(id), 'User');
      ensureRevision(presentUser(target), expected);
      if (target.id === actor.id) throw conflict(CANNOT_DELETE_SELF);
      if (target.role === 'super_admin') throw conflict(CANNOT_DELETE_SUPER_ADMIN);
      if (!(await users.remove(target.id, expected))) throw notFound('User');
    },
  };
}
