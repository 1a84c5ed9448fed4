/**
 * Segments of members (issue 57): the members list's profile and tag filters and an announcement's
 * segment are one table of criteria, each a condition on the users query: the sub-query of the member
 * ids it holds, through its own index, or for the membership status the renewal date judged on the
 * terms' day (renewals/terms.ts). The list and the announcement's count and send all narrow through
 * `inSegment`, so the count shown before sending is the send's (on the same day). Another criterion is
 * one entry here and one key of SEGMENT_FIELDS (shared/src/segments.ts).
 */
import type { Segment, SegmentCriterion } from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import { membershipIs, type MembershipTerms } from '../renewals/terms.js';

type Criterion<V> = (db: Db, value: V, terms: MembershipTerms) => (query: Knex.QueryBuilder) => void;
type Criteria = { [K in SegmentCriterion]: Criterion<NonNullable<Segment[K]>> };

/** `query`'s accounts among the ids `members` selects. */
const among = (members: Knex.QueryBuilder) => (query: Knex.QueryBuilder) => void query.whereIn('users.id', members);

const CRITERIA: Criteria = {
  tagId: (db, tagId) => among(db('member_tags').select('user_id').where('tag_id', tagId)),
  country: (db, country) => among(db('member_profiles').select('user_id').where('country', country)),
  specialtyId: (db, specialtyId) =>
    among(db('member_specialties').select('user_id').where('specialty_id', specialtyId)),
  membership: (_db, status, terms) => (query) => void query.where(membershipIs(status, terms)),
};

/** The criteria `segment` gives (undefined ones left out). */
function given(segment: Partial<Segment>): [SegmentCriterion, unknown][] {
  return Object.entries(segment).filter(([key, value]) => key in CRITERIA && value !== undefined && value !== '') as [
    SegmentCriterion,
    unknown,
  ][];
}

/** Whether `segment` names any criterion (a filter that can use the criteria's indexes). */
export const hasCriteria = (segment: Partial<Segment>): boolean => given(segment).length > 0;

/**
 * Narrows `query` (of users) to the accounts matching every criterion `segment` gives; a membership
 * status is judged on `terms` (membershipTerms(deps) at the moment of counting or sending).
 */
export function inSegment(
  db: Db,
  query: Knex.QueryBuilder,
  segment: Partial<Segment>,
  terms: MembershipTerms,
): Knex.QueryBuilder {
  for (const [key, value] of given(segment)) {
    (CRITERIA[key] as Criterion<unknown>)(db, value, terms)(query);
  }
  return query;
}

/** A segment as stored (announcements.segment, JSON) and read back; null: every member. */
export const storedSegment = (segment: Segment | null): string | null =>
  segment === null ? null : JSON.stringify(segment);

export function segmentOf(stored: string | null): Segment | null {
  if (stored === null || stored === '') return null;
  const parsed = JSON.parse(stored) as Segment;
  return Object.fromEntries(given(parsed));
}
