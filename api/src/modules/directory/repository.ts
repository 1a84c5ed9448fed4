/**
 * The public directory's reads (issue 57). Who is listed is decided in one place, listedOnly(): every
 * read of the directory (its pages, a profile, the contact relay, the sitemap) goes through it, so a
 * lapsed membership, on the organisation's day, is one line there too.
 */
import type { DirectoryQuery, Specialty } from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import type { Page } from '../../db/paging.js';
import { countOf } from '../../db/rows.js';
import { containsPattern } from '../../db/search.js';
import { membershipNotLapsed } from '../renewals/terms.js';

/**
 * THE condition of a directory listing: the member chose to be listed, staff verified the registration,
 * the account is a member's, active and not erased, and the membership has not lapsed on `today` (the
 * organisation's day, renewals/terms.ts). The account's half is read from the profile's copies of it
 * (`account_open`, `renewal_date`: triggers keep them, migration 20261206100000), so a page and its
 * total walk the profiles' indexes without looking an account up; `query` is over `member_profiles`,
 * joined to `users` or not.
 */
export function listedOnly(query: Knex.QueryBuilder, today: string): Knex.QueryBuilder {
  return query
    .where('member_profiles.listed', true)
    .where('member_profiles.verification', 'verified')
    .where('member_profiles.account_open', true)
    .where(membershipNotLapsed(today, 'member_profiles.renewal_date'));
}

/** The listed profiles with their accounts (the name and e-mail of COLUMNS). */
function listed(db: Db, today: string): Knex.QueryBuilder {
  return listedOnly(db('member_profiles').join('users', 'users.id', 'member_profiles.user_id'), today);
}

type Filter = Omit<DirectoryQuery, 'page' | 'limit'>;

/** The listed profiles `filter` keeps, over `member_profiles` alone: what a page's ids and total read. */
function filtered(db: Db, today: string, filter: Filter): Knex.QueryBuilder {
  const query = listedOnly(db('member_profiles'), today);
  if (filter.country) query.where('member_profiles.country', filter.country);
  // Languages are kept wrapped in commas (",en,hi,"): one code is a LIKE of ",code,".
  if (filter.language) query.where('member_profiles.languages', 'like', `%,${filter.language},%`);
  // The members of the specialty (its index): SQLite looks their profiles up by key, fewer than it would walk.
  if (filter.specialty !== undefined) {
    query.whereIn(
      'member_profiles.user_id',
      db('member_specialties')
        .where('member_specialties.specialty_id', filter.specialty)
        .select('member_specialties.user_id'),
    );
  }
  if (filter.q) {
    // The folded name and city as the profile stores them (migration 20261206100000).
    const pattern = containsPattern(filter.q);
    query.where((match) => {
      match
        .whereRaw(`member_profiles.name_folded like ? escape '\\'`, [pattern])
        .orWhereRaw(`member_profiles.city_folded like ? escape '\\'`, [pattern]);
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

/**
 * By name, then the id: a page is the same whoever asks. The profile's copy of the name (migration
 * 20261206100000), so the listing's index gives the order and a page stops after its rows.
 */
const ORDER = [
  { column: 'member_profiles.sort_name', order: 'asc' as const },
  { column: 'member_profiles.user_id', order: 'asc' as const },
];

/** `today`: the organisation's day now (a membership lapsed before it is not listed). */
export function createDirectoryRepository(db: Db, today: () => string) {
  return {
    /**
     * The page's ids from the profiles' index (walked in order, stopping at the page's end), and those
     * rows with their accounts, in one statement: the rows skipped before the page are never joined.
     */
    async page(filter: Filter, { page, limit }: Page): Promise<{ rows: DirectoryRow[]; total: number }> {
      const day = today();
      const pageIds = filtered(db, day, filter)
        .orderBy(ORDER)
        .limit(limit)
        .offset((page - 1) * limit)
        .select('member_profiles.user_id');
      const [rows, total] = await Promise.all([
        listed(db, day).whereIn('member_profiles.user_id', pageIds).select(COLUMNS).orderBy(ORDER) as Promise<
          DirectoryRow[]
        >,
        countOf(filtered(db, day, filter)),
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
