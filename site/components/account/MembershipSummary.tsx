/**
 * The member's membership on their account page (issue 57): its status (derived by the server from
 * the renewal date and today: active, expiring, lapsed) and when it renews. Payments are made outside
 * the site, so it says when to renew, not how to pay. Read after hydration (the page needs the
 * session); a failed read leaves the rest of the page as it is.
 */
import { MEMBERSHIP_STATUS_LABELS, type Membership } from '@npo/shared';
import { useEffect, useState } from 'react';
import { withApi } from '../../lib/api';

/** "31 March 2027": a calendar day as people read it (the day itself, in no time zone). */
function dayText(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function membershipText({ status, renewalDate }: Membership): string {
  if (renewalDate === null) return 'Your membership does not need renewing.';
  if (status === 'lapsed') return `Your membership lapsed on ${dayText(renewalDate)}. Renew it to be a member again.`;
  if (status === 'expiring') return `Your membership is due for renewal on ${dayText(renewalDate)}.`;
  return `Your membership renews on ${dayText(renewalDate)}.`;
}

export function MembershipSummary() {
  const [membership, setMembership] = useState<Membership | null>(null);
  useEffect(() => {
    let current = true;
    withApi((api) => api.account.membership()).then(
      (answer) => current && setMembership(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!membership) return null;
  return (
    <section className="membership-summary" aria-labelledby="membership-title" data-status={membership.status}>
      <h2 id="membership-title" className="account-section__title">
        Membership: <span className="membership-summary__status">{MEMBERSHIP_STATUS_LABELS[membership.status]}</span>
      </h2>
      <p>{membershipText(membership)}</p>
    </section>
  );
}
