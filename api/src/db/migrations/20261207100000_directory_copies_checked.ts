/**
 * The directory's copies of an account on its profile (20261206100000) are checked when a profile is
 * inserted, and written only when they differ from the account (issue 57: a 50,000-row import with
 * profiles took 1.6-2.1× the time of one without). The members import writes each profile with its
 * copies already right (members/import.ts), so the triggers now have nothing to do for it, while any
 * other writer (the profile's first save, a script, psql) still gets them right:
 *  - PostgreSQL: a row trigger selected the account for every new profile (a plpgsql call and a query
 *    a row); a statement trigger now looks the statement's new profiles' accounts up in one query and
 *    corrects the rows that differ. The correction comes after the insert: an INSERT's
 *    RETURNING shows the values it was given (profiles/repository.ts reads none of the copies).
 *  - SQLite: the trigger updated every new profile (a second write of the row and of its directory
 *    index entries, and fold() twice); its WHEN clause now compares first and updates only a row whose
 *    copies differ.
 * `member_profiles_listing_index` (listed, verification; 20261204130000) goes: the directory's indexes
 * of 20261206100000 begin with the same two columns and serve every query it served, and each new or
 * changed profile wrote one index entry more for it.
 * A later migration that makes knex copy `member_profiles` on SQLite must create this trigger again
 * (and the others of 20261206100000).
 */
import type { Knex } from 'knex';

const isPostgres = (knex: Knex) => (knex.client as Knex.Client).config.client === 'pg';

/** The account's half of a listing, over the row `row` of users (as 20261206100000). */
const accountOpen = (row: string) => `(${row}.role = 'member' and ${row}.is_active and ${row}.erased_at is null)`;

/** The account's values of a profile, by `user_id` (a column or `new.user_id`). */
const fromAccount = (userId: string, value: string) => `(select ${value} from users where users.id = ${userId})`;

/** The copies of a new profile `new`, and the values of its account they must equal (SQLite). */
const SQLITE_COPIES = '(new.sort_name, new.name_folded, new.account_open, new.renewal_date, new.city_folded)';
const SQLITE_ACCOUNT = `(select name, fold(name), ${accountOpen('users')}, renewal_date, fold(new.city)
  from users where users.id = new.user_id)`;

/** 20261206100000's trigger, with the check before it (down() takes the check away). */
const sqliteInsertTrigger = (when: string) => `create trigger member_profiles_directory_insert
  after insert on member_profiles ${when} begin
    update member_profiles set
      sort_name = ${fromAccount('new.user_id', 'name')},
      name_folded = ${fromAccount('new.user_id', 'fold(name)')},
      account_open = ${fromAccount('new.user_id', accountOpen('users'))},
      renewal_date = ${fromAccount('new.user_id', 'renewal_date')},
      city_folded = fold(new.city)
    where user_id = new.user_id;
  end`;

/** The copies of each new profile `p` differ from its account's values (a correlated lookup a row). */
const PG_DIFFERS = `row(p.sort_name, p.name_folded, p.account_open, p.renewal_date) is distinct from
  (select row(users.name, users.name_folded, ${accountOpen('users')}, users.renewal_date)
    from users where users.id = p.user_id)`;

/**
 * Both statements are planned at each call (EXECUTE): plpgsql would keep the plan of the first call,
 * made while the tables were small (or, in a 50,000-row import, while its rows were not counted
 * yet), and a plan that scans every account and profile made each batch of an import take 15-20 ms
 * longer. The check is a lookup of each new profile's account by its key, which no plan turns into a
 * scan; the update runs only when a copy differs.
 */
const POSTGRES_UP = [
  'drop trigger member_profiles_directory_copies on member_profiles',
  'drop function member_profiles_directory_copies()',
  `create function member_profiles_directory_copies() returns trigger language plpgsql as $$
   declare
     differs boolean;
   begin
     execute $check$ select exists (select from new_profiles p where ${PG_DIFFERS}) $check$ into differs;
     if differs then
       execute $update$ update member_profiles set sort_name = users.name, name_folded = users.name_folded,
         account_open = ${accountOpen('users')}, renewal_date = users.renewal_date
       from new_profiles p join users on users.id = p.user_id
       where member_profiles.user_id = p.user_id and ${PG_DIFFERS} $update$;
     end if;
     return null;
   end $$`,
  `create trigger member_profiles_directory_copies after insert on member_profiles
     referencing new table as new_profiles for each statement execute function member_profiles_directory_copies()`,
];

/** 20261206100000's row trigger, as down() puts it back. */
const POSTGRES_DOWN = [
  'drop trigger member_profiles_directory_copies on member_profiles',
  'drop function member_profiles_directory_copies()',
  `create function member_profiles_directory_copies() returns trigger language plpgsql as $$
   begin
     select name, name_folded, ${accountOpen('users')}, renewal_date
       into new.sort_name, new.name_folded, new.account_open, new.renewal_date
       from users where users.id = new.user_id;
     return new;
   end $$`,
  `create trigger member_profiles_directory_copies before insert on member_profiles
     for each row execute function member_profiles_directory_copies()`,
];

const LISTING_INDEX = 'member_profiles_listing_index';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`drop index ${LISTING_INDEX}`);
  const statements = isPostgres(knex)
    ? POSTGRES_UP
    : [
        'drop trigger member_profiles_directory_insert',
        sqliteInsertTrigger(`when ${SQLITE_COPIES} is not ${SQLITE_ACCOUNT}`),
      ];
  for (const statement of statements) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index ${LISTING_INDEX} on member_profiles (listed, verification)`);
  const statements = isPostgres(knex)
    ? POSTGRES_DOWN
    : ['drop trigger member_profiles_directory_insert', sqliteInsertTrigger('')];
  for (const statement of statements) await knex.raw(statement);
}
