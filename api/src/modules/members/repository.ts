/**
 * Members: the accounts of role member. The search is the accounts search of the admins list
 * (users/repository.ts: the folded name and the e-mail in any case and accents; SQLite's FTS5 trigram
 * table or PostgreSQL's trigram indexes from three characters, a capped walk in list order below),
 * narrowed by status, join date, activity registration, country, specialty and tag, sorted by name or join date.
 */
import type { ContactMessage, Member, MemberRegistration, MembersFilter } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { pageOfMatches, pageOfRows, type OrderBy, type Page, type PageResult } from '../../db/paging.js';
import { idsInChunks } from '../../db/chunked-reads.js';
import { countOf } from '../../db/rows.js';
import { accountCount } from '../../db/tallies.js';
import { csvPagesById } from '../../lib/csv.js';
import { presentContactMessage, type ContactMessageRow } from '../contact-messages/presenter.js';
import { MESSAGE_COLUMNS } from '../contact-messages/repository.js';
import { languagesOf } from '../profiles/presenter.js';
import { hasCriteria, inSegment } from '../segments/filter.js';
import { membershipIs, type MembershipTerms } from '../renewals/terms.js';
import { isShortSearch, likeSearch, SHORT_SEARCH_COUNT, trigramSearch } from '../users/repository.js';
import {
  MEMBERS_CSV,
  MEMBER_ACCOUNT_COLUMNS,
  MEMBER_COLUMNS,
  type MemberAccountRow,
  presentMember,
  presentMemberRegistration,
  type MemberRegistrationRow,
  type MemberRow,
} from './presenter.js';

export type MembersListFilter = Omit<MembersFilter, 'sort' | 'order'> &
  Partial<Pick<MembersFilter, 'sort' | 'order'>> & {
    /** The day the membership filter and each member's status are judged on (renewals/terms.ts). */
    terms: MembershipTerms;
  };

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The chosen order, then the id, so that a page is stable. */
function orderOf({ sort = 'name', order = 'asc' }: MembersListFilter): OrderBy {
  return [
    { column: sort === 'joinedAt' ? 'created_at' : 'name', order },
    { column: 'id', order },
  ];
}

/**
 * Members only. A search or an activity finds a few ids through its own index: SQLite, without table
 * statistics, would rather walk all the members in list order through their covering index
 * (migration 20261127221000) and test each id against that set (a sort saved, 100,000 entries read).
 * `+role` is SQLite's way to keep an index out of a plan; the few rows are then read by id and sorted.
 */
function membersOnly(db: Db, query: Knex.QueryBuilder, fewIds: boolean): Knex.QueryBuilder {
  if (fewIds && !isPostgres(db)) query.whereRaw('+users.role = ?', ['member']);
  else query.where('users.role', 'member');
  return query.whereNull('users.erased_at');
}

/**
 * The list filter's segment criteria (segments/filter.ts) that find few ids through an index; the
 * membership status, a criterion of segments too, is a range of renewal dates and stays apart.
 */
const segmentFilter = ({ country, specialtyId, tagId }: MembersListFilter) => ({ country, specialtyId, tagId });

/** Members only, then the filter's status, join days (UTC, both included) and activity. */
function narrowed(db: Db, query: Knex.QueryBuilder, filter: MembersListFilter): Knex.QueryBuilder {
  const fewIds =
    filter.activityId !== undefined || hasCriteria(segmentFilter(filter)) || (!!filter.q && !isShortSearch(filter.q));
  membersOnly(db, query, fewIds);
  if (filter.status) query.where('users.is_active', filter.status === 'active');
  if (filter.joinedFrom) query.where('users.created_at', '>=', startOfDay(filter.joinedFrom));
  if (filter.joinedTo) query.where('users.created_at', '<', new Date(startOfDay(filter.joinedTo).getTime() + DAY_MS));
  if (filter.activityId !== undefined) {
    query.whereIn('users.id', db('activity_registrations').select('user_id').where('activity_id', filter.activityId));
  }
  // Profile fields and tags (issue 57): the segment criteria an announcement takes too.
  inSegment(db, query, segmentFilter(filter), filter.terms);
  // The membership's status on the terms' day, from the renewal date (migration 20261205130000).
  if (filter.membership) query.where(membershipIs(filter.membership, filter.terms));
  return query;
}

/** A filter the kept counts answer (db/tallies.ts): by status at most, no search, join days, activity, segment or membership. */
const isByStatusOnly = (filter: MembersListFilter): boolean =>
  !filter.q &&
  !filter.joinedFrom &&
  !filter.joinedTo &&
  filter.activityId === undefined &&
  !hasCriteria(segmentFilter(filter)) &&
  !filter.membership;

/**
 * The filter's members. A search of three characters or more is found first and sorted after, as a
 * MATERIALIZED CTE (the admins list does the same, for the same reason: the planner cannot then walk
 * the name index hoping to meet a page of matches early).
 */
function filterMembers(db: Db, query: Knex.QueryBuilder, filter: MembersListFilter): Knex.QueryBuilder {
  const { q } = filter;
  if (!q) return narrowed(db, query, filter);
  if (isShortSearch(q)) return narrowed(db, query, filter).where(likeSearch(db, q));
  const matches = narrowed(db, db('users').select('id', 'name', 'created_at'), filter).where(trigramSearch(db, q));
  return query.withMaterialized('matches', matches).from('matches');
}

/** Each registration with its activity, as the detail shows it. */
const REGISTRATION_COLUMNS = [
  'activities.id as activity_id',
  'activities.title',
  'activities.date',
  'activities.location',
  'activities.status',
  'activity_registrations.created_at as registered_at',
  'activity_registrations.attended_at',
];

const PROFILE_EXPORT_COLUMNS = [
  'title',
  'country',
  'city',
  'languages',
  'practice_setting',
  'registration_body',
  'registration_number',
  'bio',
  'website',
].map((column) => `member_profiles.${column}`);

/** Names of each member's specialties or tags, "A; B", for one page of the export. */
async function namesByUser(query: Knex.QueryBuilder): Promise<Map<number, string>> {
  const rows = (await query) as { user_id: number; name: string }[];
  const names = new Map<number, string>();
  for (const row of rows) {
    const id = Number(row.user_id);
    names.set(id, names.has(id) ? `${names.get(id)}; ${row.name}` : row.name);
  }
  return names;
}

/** One page of the export: accounts, their profiles, specialties and tags (three reads a page). */
async function exportRows(db: Db, pageIds: number[]): Promise<Record<string, unknown>[]> {
  const [rows, specialties, tags] = await Promise.all([
    db('users')
      .leftJoin('member_profiles', 'member_profiles.user_id', 'users.id')
      .whereIn('users.id', pageIds)
      .select([...MEMBER_COLUMNS.map((column) => `users.${column}`), ...PROFILE_EXPORT_COLUMNS]) as Promise<
      Record<string, unknown>[]
    >,
    namesByUser(
      db('member_specialties')
        .join('specialties', 'specialties.id', 'member_specialties.specialty_id')
        .whereIn('member_specialties.user_id', pageIds)
        .orderBy('specialties.name')
        .select('member_specialties.user_id', 'specialties.name'),
    ),
    namesByUser(
      db('member_tags')
        .join('tags', 'tags.id', 'member_tags.tag_id')
        .whereIn('member_tags.user_id', pageIds)
        .orderBy('tags.name_key')
        .select('member_tags.user_id', 'tags.name'),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    languages: languagesOf(typeof row.languages === 'string' ? row.languages : '').join('; '),
    specialties: specialties.get(Number(row.id)) ?? '',
    tags: tags.get(Number(row.id)) ?? '',
  }));
}

export function createMembersRepository(db: Db) {
  // An erased member's row is an anonymous stand-in for their registrations (erasure.ts): not a member any more.
  const members = () => db('users').where('role', 'member').whereNull('erased_at');
  const locked = (query: Knex.QueryBuilder) => (isPostgres(db) ? query.forUpdate() : query);

  return {
    /** The member `id` (undefined for another role's account); locked on PostgreSQL inside a transaction. */
    find: (id: number, { lock = false } = {}): Promise<MemberAccountRow | undefined> => {
      const query = members().where({ id }).first(MEMBER_ACCOUNT_COLUMNS);
      return (lock ? locked(query) : query) as Promise<MemberAccountRow | undefined>;
    },

    async page({ page, limit }: Page, filter: MembersListFilter): Promise<PageResult<Member>> {
      const order = orderOf(filter);
      const present = (row: MemberRow) => presentMember(row, filter.terms);
      const filtered = (query: Knex.QueryBuilder) => filterMembers(db, query, filter);
      if (isShortSearch(filter.q)) {
        // No index finds one or two characters: walk in list order, stopping at the cap (see users' shortSearchPage).
        const counted = Math.max(SHORT_SEARCH_COUNT, page * limit + 1);
        const ids = (await filtered(db('users')).orderBy(order).limit(counted).pluck('id')) as number[];
        const pageIds = ids.slice((page - 1) * limit, page * limit);
        const rows: MemberRow[] = pageIds.length
          ? await db('users').whereIn('id', pageIds).orderBy(order).select(MEMBER_COLUMNS)
          : [];
        return { items: rows.map(present), total: ids.length };
      }
      if (filter.q) {
        const found = await pageOfMatches<MemberRow>(
          db,
          'users',
          db('users').select(MEMBER_COLUMNS),
          { page, limit },
          filtered,
          order,
        );
        return { items: found.rows.map(present), total: found.total };
      }
      const [rows, total] = await Promise.all([
        pageOfRows<MemberRow>(db, 'users', db('users').select(MEMBER_COLUMNS), { page, limit }, filtered, order),
        isByStatusOnly(filter)
          ? accountCount(db, {
              roles: ['member'],
              erased: false,
              active: filter.status ? filter.status === 'active' : undefined,
            })
          : countOf(filtered(db('users'))),
      ]);
      return { items: rows.map(present), total };
    },

    /**
     * Every member of the filter in its order, for the CSV export: ids first (on SQLite a chunk at a
     * time: 100,000 in one statement would hold the event loop), then rows a page at a time.
     */
    async pages(filter: MembersListFilter): Promise<AsyncIterable<Buffer>> {
      const ids = await idsInChunks(db, () => filterMembers(db, db('users'), filter), orderOf(filter));
      return csvPagesById(ids, MEMBERS_CSV, (pageIds) => exportRows(db, pageIds));
    },

    /** The member's registrations, each with its activity, in activity date order. */
    async registrations(userId: number): Promise<MemberRegistration[]> {
      const rows = await db('activity_registrations')
        .join('activities', 'activities.id', 'activity_registrations.activity_id')
        // The hours a certificate was issued with, once it was, as the member's own page counts them.
        .leftJoin('activity_certificates', 'activity_certificates.registration_id', 'activity_registrations.id')
        .where('activity_registrations.user_id', userId)
        .orderBy([
          { column: 'activities.date', order: 'asc' },
          { column: 'activities.id', order: 'asc' },
        ])
        .select<MemberRegistrationRow[]>([
          ...REGISTRATION_COLUMNS,
          db.raw('coalesce(activity_certificates.cpd_tenths, activities.cpd_tenths) as cpd_tenths'),
        ]);
      return rows.map(presentMemberRegistration);
    },

    /** The newest `limit` contact messages sent from `email` (stored lower-cased, like accounts' e-mails). */
    async messagesFrom(email: string, limit: number): Promise<{ messages: ContactMessage[]; total: number }> {
      const from = () => db('contact_messages').where({ email });
      const [rows, total] = await Promise.all([
        from()
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(limit)
          .select(MESSAGE_COLUMNS) as Promise<ContactMessageRow[]>,
        countOf(from()),
      ]);
      return { messages: rows.map(presentContactMessage), total };
    },
  };
}
