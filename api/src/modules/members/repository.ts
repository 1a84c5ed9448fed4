/**
 * Members: the accounts of role member. The search is the accounts search of the admins list
 * (users/repository.ts: the folded name and the e-mail in any case and accents; SQLite's FTS5 trigram
 * table or PostgreSQL's trigram indexes from three characters, a capped walk in list order below),
 * narrowed by status, join date, activity registration, country and specialty, sorted by name or join date.
 */
import type { ContactMessage, Member, MemberRegistration, MembersFilter } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { pageOfMatches, pageOfRows, type OrderBy, type Page, type PageResult } from '../../db/paging.js';
import { countOf, idsOf } from '../../db/rows.js';
import { accountCount } from '../../db/tallies.js';
import { csvPagesById } from '../../lib/csv.js';
import { presentContactMessage, type ContactMessageRow } from '../contact-messages/presenter.js';
import { MESSAGE_COLUMNS } from '../contact-messages/repository.js';
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

export type MembersListFilter = Omit<MembersFilter, 'sort' | 'order'> & Partial<Pick<MembersFilter, 'sort' | 'order'>>;

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

/** Members only, then the filter's status, join days (UTC, both included) and activity. */
function narrowed(db: Db, query: Knex.QueryBuilder, filter: MembersListFilter): Knex.QueryBuilder {
  const fewIds =
    filter.activityId !== undefined ||
    filter.specialtyId !== undefined ||
    !!filter.country ||
    (!!filter.q && !isShortSearch(filter.q));
  membersOnly(db, query, fewIds);
  if (filter.status) query.where('users.is_active', filter.status === 'active');
  if (filter.joinedFrom) query.where('users.created_at', '>=', startOfDay(filter.joinedFrom));
  if (filter.joinedTo) query.where('users.created_at', '<', new Date(startOfDay(filter.joinedTo).getTime() + DAY_MS));
  if (filter.activityId !== undefined) {
    query.whereIn('users.id', db('activity_registrations').select('user_id').where('activity_id', filter.activityId));
  }
  // Profile fields (issue 57): each through its own index (migration 20261204120000).
  if (filter.country)
    query.whereIn('users.id', db('member_profiles').select('user_id').where('country', filter.country));
  if (filter.specialtyId !== undefined) {
    query.whereIn('users.id', db('member_specialties').select('user_id').where('specialty_id', filter.specialtyId));
  }
  return query;
}

/** A filter the kept counts answer (db/tallies.ts): by status at most, no search, join days or activity. */
const isByStatusOnly = ({ q, joinedFrom, joinedTo, activityId, country, specialtyId }: MembersListFilter): boolean =>
  !q && !joinedFrom && !joinedTo && activityId === undefined && !country && specialtyId === undefined;

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
      const filtered = (query: Knex.QueryBuilder) => filterMembers(db, query, filter);
      if (isShortSearch(filter.q)) {
        // No index finds one or two characters: walk in list order, stopping at the cap (see users' shortSearchPage).
        const counted = Math.max(SHORT_SEARCH_COUNT, page * limit + 1);
        const ids = (await filtered(db('users')).orderBy(order).limit(counted).pluck('id')) as number[];
        const pageIds = ids.slice((page - 1) * limit, page * limit);
        const rows: MemberRow[] = pageIds.length
          ? await db('users').whereIn('id', pageIds).orderBy(order).select(MEMBER_COLUMNS)
          : [];
        return { items: rows.map(presentMember), total: ids.length };
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
        return { items: found.rows.map(presentMember), total: found.total };
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
      return { items: rows.map(presentMember), total };
    },

    /** Every member of the filter in its order, for the CSV export: ids first, then rows a page at a time. */
    async pages(filter: MembersListFilter): Promise<AsyncIterable<Buffer>> {
      const ids = await idsOf(filterMembers(db, db('users'), filter).orderBy(orderOf(filter)));
      return csvPagesById(ids, MEMBERS_CSV, (pageIds) => db('users').whereIn('id', pageIds).select(MEMBER_COLUMNS));
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
