/**
 * Members as staff manage them (issue 22): the list and its export, one member's detail, and
 * deactivation, which also ends their sessions, and reactivation. Only accounts of role member are
 * members: any other id is a 404 here (staff accounts are the Admins screen's), and so is an erased one.
 * Contact messages are matched by address, so the detail shows them only for a member who has proved
 * the address (`email_verified_at`, set by completing a mailed link): sign-up takes any address.
 */
import type { Member, MemberDetail, MemberRegistration, MembersQuery } from '@npo/shared';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import { toBool } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import { found } from '../../errors.js';
import { createSessionsRepository } from '../sessions/repository.js';
import { createTagsRepository } from '../tags/repository.js';
import { createUsersRepository } from '../users/repository.js';
import { forgetOldPages } from '../../db/connection.js';
import { eraseMember } from './erasure.js';
import { presentMember } from './presenter.js';
import { membershipTerms } from '../renewals/terms.js';
import { createMembersRepository, type MembersListFilter } from './repository.js';

const MEMBER = 'Member';
/** The newest contact messages the detail shows; it also says how many there are in all. */
export const DETAIL_MESSAGES = 20;

/** The hours of the attended registrations, added in tenths so that 0.1 + 0.2 is 0.3. */
function cpdHoursOf(registrations: MemberRegistration[]): number {
  const tenths = registrations
    .filter((registration) => registration.attendedAt !== null)
    .reduce((total, registration) => total + Math.round((registration.cpdHours ?? 0) * 10), 0);
  return tenths / 10;
}

export function createMembersService(deps: AppDeps) {
  const members = createMembersRepository(deps.db);
  const now = () => deps.clock.now();
  const present = (row: Parameters<typeof presentMember>[0]) => presentMember(row, membershipTerms(deps));

  /**
   * Sets the member's active status in one transaction that holds the row (PostgreSQL) from the
   * If-Match check to the write. Asking for the status the member already has changes nothing.
   * Deactivation raises the token version (users repository setActive) and ends every session.
   */
  function setActive(id: number, active: boolean, expected?: ExpectedRevision): Promise<Member> {
    return deps.db.transaction(async (trx) => {
      const row = found(await createMembersRepository(trx).find(id, { lock: true }), MEMBER);
      ensureRevision(present(row), expected);
      if (toBool(row.is_active) === active) return present(row);
      const updated = found(await createUsersRepository(trx).setActive(id, active, now(), expected), MEMBER);
      if (!active) await createSessionsRepository(trx).endAll(id, now());
      return present(updated);
    });
  }

  return {
    list: ({ page, limit, ...filter }: MembersQuery) =>
      members.page({ page, limit }, { ...filter, terms: membershipTerms(deps) }),

    exportPages: (filter: Omit<MembersListFilter, 'terms'>) =>
      members.pages({ ...filter, terms: membershipTerms(deps) }),

    async get(id: number): Promise<MemberDetail> {
      const row = found(await members.find(id), MEMBER);
      const member = present(row);
      const emailVerified = row.email_verified_at !== null;
      const [registrations, tags, messages] = await Promise.all([
        members.registrations(id),
        createTagsRepository(deps.db).ofMember(id),
        emailVerified ? members.messagesFrom(member.email, DETAIL_MESSAGES) : { messages: [], total: 0 },
      ]);
      return {
        ...member,
        registrations: {
          upcoming: registrations.filter((registration) => registration.status === 'upcoming'),
          past: registrations.filter((registration) => registration.status === 'past').reverse(),
        },
        tags,
        cpdHoursTotal: cpdHoursOf(registrations),
        emailVerified,
        contactMessages: messages.messages,
        contactMessageCount: messages.total,
      };
    },

    /** Staff erasure (members:delete): the member's own closing without the password (erasure.ts). */
    async erase(id: number, expected?: ExpectedRevision): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const row = found(await createMembersRepository(trx).find(id, { lock: true }), MEMBER);
        ensureRevision(present(row), expected);
        await eraseMember(deps, trx, row, { self: false });
      });
      await forgetOldPages(deps.db, deps.logger);
    },

    deactivate: (id: number, expected?: ExpectedRevision) => setActive(id, false, expected),
    reactivate: (id: number, expected?: ExpectedRevision) => setActive(id, true, expected),
  };
}
