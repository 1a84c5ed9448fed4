/**
 * Members' data rights on the site (issue 22 item 3): "Download my data" answers everything the site
 * keeps about the signed-in account as stored (its contact messages once it has proved its address),
 * and "Close my account" erases it (erasure.ts) once the password confirms it. Staff accounts are closed by a super admin on the Admins screen, not here.
 */
import { isAdminRole, PASSWORD_MAX_BYTES, type MemberDataExport } from '@npo/shared';
import { toBool, toIso, toIsoOrNull } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, found, validationError } from '../../errors.js';
import { assertPasswordCapacity, verifyPassword } from '../../lib/passwords.js';
import type { ContactMessageRow } from '../contact-messages/presenter.js';
import type { Caller } from '../sessions/service.js';
import { createUsersRepository } from '../users/repository.js';
import { forgetOldPages } from '../../db/connection.js';
import { eraseMember } from './erasure.js';
import { membershipTerms, presentMembership } from '../renewals/terms.js';
import { createMembersRepository } from './repository.js';
import { readProfile } from '../profiles/service.js';

export const WRONG_PASSWORD = 'Your password is incorrect.';
export const ACCOUNT_CLOSED = 'Your account has been closed and your personal data erased.';
export const STAFF_CANNOT_CLOSE = 'Staff accounts are closed by a super admin.';

export function createOwnDataService(deps: AppDeps) {
  /**
   * The contact messages sent from `email`, oldest first. Only for an account that has proved the
   * address: sign-up takes any address, and whoever typed someone else's must not read their messages.
   */
  const messagesFrom = (email: string) =>
    deps
      .db('contact_messages')
      .where({ email })
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .select<ContactMessageRow[]>('id', 'name', 'email', 'phone', 'message', 'created_at');

  return {
    async exportData(userId: number): Promise<MemberDataExport> {
      const row = found(await createUsersRepository(deps.db).findById(userId), 'User');
      const members = createMembersRepository(deps.db);
      const emailVerified = row.email_verified_at !== null;
      const [registrations, messages, professionalProfile] = await Promise.all([
        members.registrations(userId),
        emailVerified ? messagesFrom(row.email) : [],
        readProfile(deps.db, userId),
      ]);
      return {
        exportedAt: deps.clock.now().toISOString(),
        profile: {
          id: row.id,
          name: row.name,
          email: row.email,
          emailVerified,
          role: row.role,
          joinedAt: toIso(row.created_at),
          lastLogin: toIsoOrNull(row.last_login_at),
        },
        professionalProfile,
        membership: presentMembership(row.renewal_date, membershipTerms(deps)),
        registrations,
        contactMessages: messages.map((message) => ({
          id: message.id,
          name: message.name,
          email: message.email,
          phone: message.phone,
          message: message.message,
          sentAt: toIso(message.created_at),
        })),
        preferences: { receiveAnnouncements: toBool(row.receive_announcements) },
      };
    },

    /** A wrong password is a field error (400) that changes nothing; the right one erases the account. */
    async close({ user }: Caller, password: string): Promise<void> {
      if (isAdminRole(user.role)) throw forbidden(STAFF_CANNOT_CLOSE);
      assertPasswordCapacity();
      const row = found(await createUsersRepository(deps.db).findById(user.id), 'User');
      const tooLong = new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES;
      if (tooLong || !(await verifyPassword(password, row.password_hash))) {
        throw validationError([{ field: 'password', message: WRONG_PASSWORD }]);
      }
      await deps.db.transaction(async (trx) => {
        const member = found(await createMembersRepository(trx).find(user.id, { lock: true }), 'User');
        await eraseMember(deps, trx, member, { self: true });
      });
      await forgetOldPages(deps.db, deps.logger);
    },
  };
}
