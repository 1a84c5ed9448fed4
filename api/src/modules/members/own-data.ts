/**
 * Members' data rights on the site (issue 22 item 3): "Download my data" answers everything the site
 * keeps about the signed-in account as stored (its contact messages once it has proved its address;
 * its registrations with attendance, check-in codes and certificates, its waitlists and CPD hours),
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
import { createCpdService } from '../cpd/service.js';
import { WAITLIST } from '../activities/waitlist.js';
import type { DbTimestamp } from '../../db/tables.js';

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

  /** The waitlists `userId` is on, in activity date order. */
  const waitlistOf = async (userId: number): Promise<MemberDataExport['waitlist']> => {
    const rows = await deps
      .db(WAITLIST)
      .join('activities', 'activities.id', `${WAITLIST}.activity_id`)
      .where(`${WAITLIST}.user_id`, userId)
      .orderBy([
        { column: 'activities.date', order: 'asc' },
        { column: 'activities.id', order: 'asc' },
      ])
      .select<
        Array<{
          activity_id: number;
          title: string;
          date: DbTimestamp;
          created_at: DbTimestamp;
          offered_at: DbTimestamp | null;
          offer_expires_at: DbTimestamp | null;
        }>
      >(
        'activities.id as activity_id',
        'activities.title',
        'activities.date',
        `${WAITLIST}.created_at`,
        `${WAITLIST}.offered_at`,
        `${WAITLIST}.offer_expires_at`,
      );
    return rows.map((row) => ({
      activityId: row.activity_id,
      title: row.title,
      date: toIso(row.date),
      joinedAt: toIso(row.created_at),
      offeredAt: toIsoOrNull(row.offered_at),
      offerExpiresAt: toIsoOrNull(row.offer_expires_at),
    }));
  };

  return {
    async exportData(userId: number): Promise<MemberDataExport> {
      const row = found(await createUsersRepository(deps.db).findById(userId), 'User');
      const members = createMembersRepository(deps.db);
      const emailVerified = row.email_verified_at !== null;
      const [registrations, messages, professionalProfile, waitlist] = await Promise.all([
        members.registrations(userId),
        emailVerified ? messagesFrom(row.email) : [],
        readProfile(deps.db, userId),
        waitlistOf(userId),
      ]);
      const activities = await createCpdService(deps).exportOf(userId, registrations);
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
        registrations: activities.registrations,
        waitlist,
        cpd: activities.cpd,
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
