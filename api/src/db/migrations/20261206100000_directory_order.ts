/**
 * The directory's pages read the profile alone, in order (issue 57; on 20,000 listed profiles each
 * answer took 100-360 ms on SQLite and 60-160 ms on PostgreSQL before). Each page ordered every listed
 * profile by users.name, a column of the other table, so no index could give the order and stop after
 * the page's rows; its total joined all 20,000 profiles to their accounts to test the account's half of
 * the listing; and SQLite folded every name and city with fold() for a search. `member_profiles` now
 * holds copies of what those read from the account:
 *  - `sort_name`: users.name, the order of the pages (the same text, so the same order);
 *  - `name_folded`: the folded name (db/search.ts), as users.name_folded holds it on PostgreSQL;
 *  - `account_open`: the account is a member's, active and not erased;
 *  - `renewal_date`: users.renewal_date, the membership's lapse (renewals/terms.ts);
 *  - `city_folded` on SQLite (PostgreSQL generates it, 20261205100000): the folded city.
 * Triggers keep them, as for the tallies and the message search (20261201120000, 20261124210500), so
 * every writer of an account or a profile keeps them right (the account's and staff's edits, the
 * import, deactivation, erasure, another instance, a script): a new profile takes its account's
 * values, a change of the account is copied to its profile, a new city is folded again. SQLite's
 * triggers call fold(), which the app registers on every connection (db/connection.ts). As in those
 * migrations, a later migration that makes knex copy `users` or `member_profiles` on SQLite (dropping
 * or altering a column) drops these triggers with the old table: it must create them again.
 *
 * Two indexes of the listed, verified, open profiles in the pages' order, holding every column the
 * listing and the filters compare (the renewal date, the folded texts, the languages): the first page
 * (and a country's) walks one in order and stops after its rows, and a total counts index entries
 * alone, never an account; the whole directory's total counts the narrowest index, of the listing's
 * columns alone. `member_profiles_directory_index` (listed, verification, country, user_id) gives way
 * to the country's. PostgreSQL with pg_trgm also gets trigram indexes of the folded name and city
 * and of the languages, so a search's or a language's total reads the profiles holding the text
 * instead of comparing every one.
 * directory/repository.ts reads these columns (listedOnly()): change both together.
 */
import type { Knex } from 'knex';

const isPostgres = (knex: Knex) => (knex.client as Knex.Client).config.client === 'pg';

/** The account's half of a listing, over the row `row` of users (new, old, or the table). */
const accountOpen = (row: string) => `(${row}.role = 'member' and ${row}.is_active and ${row}.erased_at is null)`;

/** The account's columns the profile copies, of the row `row` (old or new). */
const copied = (row: string) =>
  `(${['name', 'role', 'is_active', 'erased_at', 'renewal_date'].map((column) => `${row}.${column}`).join(', ')})`;

/** The columns the pages and totals compare, after the order: read from the index, not the row. */
const COMPARED = 'renewal_date, name_folded, city_folded, languages';
const INDEXES = [
  `create index member_profiles_directory_order_index on member_profiles
     (listed, verification, account_open, sort_name, user_id, ${COMPARED})`,
  `create index member_profiles_directory_country_index on member_profiles
     (listed, verification, account_open, country, sort_name, user_id, ${COMPARED})`,
  // The total of the whole directory, from the narrowest index (PostgreSQL counts it index-only).
  `create index member_profiles_directory_count_index on member_profiles
     (listed, verification, account_open, renewal_date)`,
  'drop index member_profiles_directory_index',
];

/** pg_trgm is created by 20261123132000 when the server ships it; without it a search compares every profile. */
async function hasTrigramExtension(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>("select 1 from pg_extension where extname = 'pg_trgm'");
  return rows.length > 0;
}

/** PostgreSQL with pg_trgm: a search finds the profiles holding a text through these, as the accounts search does. */
const TRIGRAM_INDEXES = [
  'create index member_profiles_name_trigram_index on member_profiles using gin (name_folded gin_trgm_ops)',
  'create index member_profiles_city_trigram_index on member_profiles using gin (city_folded gin_trgm_ops)',
  // A language (",hi,") is a LIKE too: the profiles speaking it, instead of every profile's languages.
  'create index member_profiles_languages_trigram_index on member_profiles using gin (languages gin_trgm_ops)',
];

/** The account's values of a profile, by `user_id` (a column or `new.user_id`). */
const fromAccount = (userId: string, value: string) => `(select ${value} from users where users.id = ${userId})`;

const SQLITE_UP = [
  `alter table member_profiles add column sort_name varchar(100) not null default ''`,
  `alter table member_profiles add column name_folded text not null default ''`,
  `alter table member_profiles add column city_folded text not null default ''`,
  `alter table member_profiles add column account_open boolean not null default 0`,
  `alter table member_profiles add column renewal_date varchar(10) null`,
  `update member_profiles set
     sort_name = ${fromAccount('member_profiles.user_id', 'name')},
     name_folded = ${fromAccount('member_profiles.user_id', 'fold(name)')},
     account_open = ${fromAccount('member_profiles.user_id', accountOpen('users'))},
     renewal_date = ${fromAccount('member_profiles.user_id', 'renewal_date')},
     city_folded = fold(city)`,
  `create trigger member_profiles_directory_insert after insert on member_profiles begin
     update member_profiles set
       sort_name = ${fromAccount('new.user_id', 'name')},
       name_folded = ${fromAccount('new.user_id', 'fold(name)')},
       account_open = ${fromAccount('new.user_id', accountOpen('users'))},
       renewal_date = ${fromAccount('new.user_id', 'renewal_date')},
       city_folded = fold(new.city)
     where user_id = new.user_id;
   end`,
  `create trigger member_profiles_directory_city after update of city on member_profiles begin
     update member_profiles set city_folded = fold(new.city) where user_id = new.user_id;
   end`,
  `create trigger users_directory_copies after update of name, role, is_active, erased_at, renewal_date on users
   when ${copied('old')} is not ${copied('new')} begin
     update member_profiles set sort_name = new.name, name_folded = fold(new.name),
       account_open = ${accountOpen('new')}, renewal_date = new.renewal_date
     where user_id = new.id;
   end`,
  ...INDEXES,
];

const POSTGRES_UP = [
  `alter table member_profiles add column sort_name varchar(100) not null default '',
     add column name_folded text not null default '',
     add column account_open boolean not null default false,
     add column renewal_date varchar(10) null`,
  `update member_profiles set sort_name = users.name, name_folded = users.name_folded,
     account_open = ${accountOpen('users')}, renewal_date = users.renewal_date
     from users where users.id = member_profiles.user_id`,
  // users.name_folded is generated (20261123170000): a new profile copies it as it is stored.
  `create function member_profiles_directory_copies() returns trigger language plpgsql as $$
   begin
     select name, name_folded, ${accountOpen('users')}, renewal_date
       into new.sort_name, new.name_folded, new.account_open, new.renewal_date
       from users where users.id = new.user_id;
     return new;
   end $$`,
  `create trigger member_profiles_directory_copies before insert on member_profiles
     for each row execute function member_profiles_directory_copies()`,
  // An AFTER trigger sees the generated name_folded of the new name.
  `create function users_directory_copies() returns trigger language plpgsql as $$
   begin
     update member_profiles set sort_name = new.name, name_folded = new.name_folded,
       account_open = ${accountOpen('new')}, renewal_date = new.renewal_date
     where user_id = new.id;
     return null;
   end $$`,
  `create trigger users_directory_copies after update of name, role, is_active, erased_at, renewal_date on users
     for each row when (row${copied('old')} is distinct from row${copied('new')})
     execute function users_directory_copies()`,
  ...INDEXES,
];

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) {
    for (const statement of SQLITE_UP) await knex.raw(statement);
    return;
  }
  for (const statement of POSTGRES_UP) await knex.raw(statement);
  if (await hasTrigramExtension(knex)) for (const statement of TRIGRAM_INDEXES) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'name_trigram',
    'city_trigram',
    'languages_trigram',
    'directory_count',
    'directory_country',
    'directory_order',
  ])
    await knex.raw(`drop index if exists member_profiles_${index}_index`);
  await knex.raw(
    'create index member_profiles_directory_index on member_profiles (listed, verification, country, user_id)',
  );
  if (isPostgres(knex)) {
    await knex.raw('drop trigger if exists users_directory_copies on users');
    await knex.raw('drop function if exists users_directory_copies()');
    await knex.raw('drop trigger if exists member_profiles_directory_copies on member_profiles');
    await knex.raw('drop function if exists member_profiles_directory_copies()');
    await knex.raw(`alter table member_profiles drop column renewal_date, drop column account_open,
      drop column name_folded, drop column sort_name`);
    return;
  }
  for (const trigger of [
    'users_directory_copies',
    'member_profiles_directory_city',
    'member_profiles_directory_insert',
  ])
    await knex.raw(`drop trigger if exists ${trigger}`);
  for (const column of ['renewal_date', 'account_open', 'city_folded', 'name_folded', 'sort_name'])
    await knex.raw(`alter table member_profiles drop column ${column}`);
}
