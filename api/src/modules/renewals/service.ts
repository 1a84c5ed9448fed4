/**
 * Memberships that renew (issue 57): staff set a member's renewal date (members:edit, If-Match on the
 * member, audited as an admin edit of the account), and a member reads their own status and date.
 * The date is the only thing stored; the status follows from it (terms.ts). A payment provider would
 * call setRenewalDate from its webhook once a payment clears (docs/api.md).
 */
import { isAdminRole, type Member, type Membership } from '@npo/shared';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, found } from '../../errors.js';
import { presentMember } from '../members/presenter.js';
import { createMembersRepository } from '../members/repository.js';
import type { Caller } from '../sessions/service.js';
import { createUsersRepository } from '../users/repository.js';
import { membershipTerms, presentMembership } from './terms.js';

export const STAFF_HAVE_NO_MEMBERSHIP = 'Memberships are kept for member accounts only.';
export const MEMBERSHIP_SAVED = 'Renewal date saved';
export const MEMBERSHIP_CLEARED = 'Renewal date removed: the membership is open-ended';

export function createRenewalsService(deps: AppDeps) {
  return {
    /** The member's renewal date, or null (open-ended). The same date again changes nothing. */
    setRenewalDate(id: number, renewalDate: string | null, expected?: ExpectedRevision): Promise<Member> {
      return deps.db.transaction(async (trx) => {
        const terms = membershipTerms(deps);
        const row = found(await createMembersRepository(trx).find(id, { lock: true }), 'Member');
        ensureRevision(presentMember(row, terms), expected);
        if (row.renewal_date === renewalDate) return presentMember(row, terms);
        const users = createUsersRepository(trx);
        const updated = found(await users.setRenewalDate(id, renewalDate, deps.clock.now(), expected), 'Member');
        return presentMember(updated, terms);
      });
    },

    async own({ user }: Caller): Promise<Membership> {
      if (isAdminRole(user.role)) throw forbidden(STAFF_HAVE_NO_MEMBERSHIP);
      const row = found(await createMembersRepository(deps.db).find(user.id), 'Member');
      return presentMembership(row.renewal_date, membershipTerms(deps));
    },
  };
}
