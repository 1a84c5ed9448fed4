/**
 * A membership's status on a day (issue 57): derived, never stored, from the renewal date
 * (users.renewal_date) and today in the organisation's time zone (shared membership.ts). The SQL
 * conditions here say the same as membershipStatusOf, so a list filtered by status and the status each
 * row shows never disagree; the directory adds `membershipNotLapsed` to its query in one line.
 */
import { addDays, dayIn, type Membership, type MembershipStatus } from '@npo/shared';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.js';

/** Today and the last day that still counts as expiring, as YYYY-MM-DD. */
export interface MembershipTerms {
  today: string;
  /** today + the first (largest) reminder offset. */
  expiringUntil: string;
}

/** The terms in force now, by the injected clock and the organisation's zone. */
export function membershipTerms(deps: Pick<AppDeps, 'clock' | 'config'>): MembershipTerms {
  const today = dayIn(deps.config.organisationTimeZone, deps.clock.now());
  return { today, expiringUntil: addDays(today, expiringDays(deps.config.renewalReminderDays)) };
}

/** The largest reminder offset: a membership is expiring from its first reminder on. */
const expiringDays = (offsets: readonly number[]): number => Math.max(0, ...offsets);

export function presentMembership(renewalDate: string | null, terms: MembershipTerms): Membership {
  return { status: statusOn(renewalDate, terms), renewalDate };
}

/** The same rule as the SQL of membershipIs: lapsed once passed, expiring up to expiringUntil. */
export function statusOn(renewalDate: string | null, { today, expiringUntil }: MembershipTerms): MembershipStatus {
  if (renewalDate === null) return 'active';
  if (renewalDate < today) return 'lapsed';
  return renewalDate <= expiringUntil ? 'expiring' : 'active';
}

type Where = (query: Knex.QueryBuilder) => void;

/**
 * "The membership is not lapsed as of `today`": no renewal date (open-ended) or one not yet passed.
 * `column` is the renewal date column as the query names it. The directory's query adds
 * `.where(membershipNotLapsed(membershipTerms(deps).today))` to leave lapsed members out.
 */
export function membershipNotLapsed(today: string, column = 'users.renewal_date'): Where {
  return (query) => void query.whereNull(column).orWhere(column, '>=', today);
}

/** The members whose membership has `status` on the terms' day (the members list's filter). */
export function membershipIs(status: MembershipStatus, terms: MembershipTerms, column = 'users.renewal_date'): Where {
  switch (status) {
    case 'lapsed':
      return (query) => void query.where(column, '<', terms.today);
    case 'expiring':
      return (query) => void query.whereBetween(column, [terms.today, terms.expiringUntil]);
    case 'active':
      return (query) => void query.whereNull(column).orWhere(column, '>', terms.expiringUntil);
  }
}
