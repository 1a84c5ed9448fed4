/**
 * The public directory's reads (issue 57). Who is listed is decided in one place, listedOnly(): every
 * read of the directory (its pages, a profile, the contact relay, the sitemap) goes through it, so a
 * lapsed membership, on the organisation's day, is one line there too.
 */
import type { DirectoryQuery, Specialty } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import type { Page } from '../../db/paging.js';
import { countOf } from '../../db/rows.js';
import { containsPattern, foldedSql } from '../../db/search.js';
import { membershipNotLapsed } from '../renewals/terms.js';

/**
 * THE condition of a directory listing, over `member_profiles` joined to `users`: the member chose to
 * be listed, staff verified the registration, the account is a member's, active and not erased, and
 * the membership has not lapsed on `today` (the organisation's day, renewals/terms.ts).
 */
export function listedOnly(query: Knex.QueryBuilder, today: string): Knex.QueryBuilder {
  return query
    .where(membershipNotLapsed(today))
    .where('member_profiles.listed', true)
    .where('member_profiles.verification', 'verified')
    .where('users.role', 'member')
    .where('users.is_active', true)
    .whereNull('users.erased_at');
}

/** The listed profiles, before any filter. */
function listed(db: Db, today: string): Knex.QueryBuilder {
  return listedOnly(db('member_profiles').join('users', 'users.id', 'member_profiles.user_id'), today);
}

/**
 * The stored folded texts on PostgreSQL (generated columns, migrations 20261123170000 and
 * 20261205100000); SQLite folds with fold(), as the members search does.
 */
function foldedNameAndCity(db: Db): [string, string] {
  return isPostgres(db)
    ? ['users.name_folded', 'member_profiles.city_folded']
    : [foldedSql(db, 'users.name'), foldedSql(db, 'member_profiles.city')];
}

type Filter = Omit<DirectoryQuery, 'page' | 'limit'>;

function filtered(db: Db, today: string, filter: Filter): Knex.QueryBuilder {
  const query = listed(db, today);
  if (filter.country) query.where('member_profiles.country', filter.country);
  // Languages are kept wrapped in commas (",en,hi,"): one code is a LIKE of ",code,".
  if (filter.language) query.where('member_profiles.languages', 'like', `%,${filter.language},%`);
  if (filter.specialty !== undefined) {
    query.whereExists(
      db('member_specialties')
        .whereRaw('member_specialties.user_id = member_profiles.user_id')
        .where('member_specialties.specialty_id', filter.specialty),
    );
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const [name, city] = foldedNameAndCity(db);
    query.where((match) => {
      match.whereRaw(`${name} like ? escape '\\'`, [pattern]).orWhereRaw(`${city} like ? escape '\\'`, [pattern]);
    });
  }
  return query;
}

/** What a directory entry and page are read from. */
export interface DirectoryRow {
  user_id: number;
  name: string;
  email: string;
  directory_slug: string;
  title: string;
  country: string;
  city: string;
  languages: string;
  practice_setting: string;
  registration_body: string;
  bio: string;
  website: string;
}

const COLUMNS = [
  'member_profiles.user_id',
  'users.name',
  'users.email',
  'member_profiles.directory_slug',
  'member_profiles.title',
  'member_profiles.country',
  'member_profiles.city',
  'member_profiles.languages',
  'member_profiles.practice_setting',
  'member_profiles.registration_body',
  'member_profiles.bio',
  'member_profiles.website',
];

/** By name, then the id: a page is the same whoever asks. */
const ORDER = [
  { column: 'users.name', order: 'asc' as const },
  { column: 'member_profiles.user_id', order: 'asc' as const },
];

/** `today`: the organisation's day now (a membership lapsed before it is not listed). */
export function createDirectoryRepository(db: Db, today: () => string) {
  return {
    async page(filter: Filter, { page, limit }: Page): Promise<{ rows: DirectoryRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        filtered(db, today(), filter)
          .select(COLUMNS)
          .orderBy(ORDER)
          .limit(limit)
          .offset((page - 1) * limit) as Promise<DirectoryRow[]>,
        countOf(filtered(db, today(), filter)),
      ]);
      return { rows, total };
    },

    bySlug: (slug: string): Promise<DirectoryRow | undefined> =>
      listed(db, today()).where('member_profiles.directory_slug', slug).first(COLUMNS),

    /** Every listed profile's slug, for the sitemap. */
    async slugs(): Promise<string[]> {
      const rows = (await listed(db, today())
        .select('member_profiles.directory_slug')
        .orderBy('member_profiles.directory_slug')) as { directory_slug: string }[];
      return rows.map((row) => row.directory_slug);
    },

    /** The specialties of each of `userIds`, by name. */
    async specialtiesOf(userIds: readonly number[]): Promise<Map<number, Specialty[]>> {
      const bySpecialist = new Map<number, Specialty[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return bySpecialist;
      const rows = (await db('member_specialties')
        .join('specialties', 'specialties.id', 'member_specialties.specialty_id')
        .whereIn('member_specialties.user_id', [...userIds])
        .select('member_specialties.user_id', 'specialties.id', 'specialties.name')
        .orderBy('specialties.name')
        .orderBy('specialties.id')) as (Specialty & { user_id: number })[];
      for (const { user_id: userId, ...specialty } of rows) bySpecialist.get(userId)?.push(specialty);
      return bySpecialist;
    },

    /** The photo's hash (its key) of each of `userIds` who has one. */
    async photosOf(userIds: readonly number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows: { user_id: number; hash: string }[] = await db('member_photos')
        .whereIn('user_id', [...userIds])
        .select('user_id', 'hash');
      return new Map(rows.map((row) => [row.user_id, row.hash]));
    },
  };
}
