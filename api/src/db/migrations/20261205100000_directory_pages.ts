/**
 * The public directory (issue 57):
 *  - `directory_slug`: the address of a listed profile, /directory/<slug>, made when the member first
 *    chooses to be listed (directory/slug.ts: the folded name and the account id, so it is unique by
 *    construction; the unique index is the database's guarantee) and kept after that, through a
 *    change of name or a withdrawal, so a link once given keeps working whenever the profile is listed.
 *    Rows already listed get theirs here.
 *  - `city_folded` (PostgreSQL): the folded city (db/search.ts), stored as users.name_folded is
 *    (20261123170000), so the directory's search compares stored text instead of folding every city
 *    again; SQLite folds with fold(city), as it folds names.
 *  - `member_profiles_directory_index`: the listed and verified profiles with the columns the
 *    directory's filters read, so its pages and counts walk this index and the users' primary key.
 */
import type { Knex } from 'knex';
import { directorySlug } from '../../modules/directory/slug.js';
import { foldedSql } from '../search.js';

const isPostgres = (knex: Knex) => (knex.client as Knex.Client).config.client === 'pg';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('member_profiles', (table) => {
    table.string('directory_slug', 120).nullable().unique({ indexName: 'member_profiles_directory_slug_unique' });
    table.index(['listed', 'verification', 'country', 'user_id'], 'member_profiles_directory_index');
  });
  if (isPostgres(knex)) {
    await knex.raw(
      `alter table member_profiles add column city_folded text generated always as (${foldedSql(knex, 'city')}) stored`,
    );
  }
  const listed: { user_id: number; name: string }[] = await knex('member_profiles')
    .join('users', 'users.id', 'member_profiles.user_id')
    .where('member_profiles.listed', true)
    .select('member_profiles.user_id', 'users.name');
  for (const row of listed) {
    await knex('member_profiles')
      .where({ user_id: row.user_id })
      .update({ directory_slug: directorySlug(row.name, row.user_id) });
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) await knex.raw('alter table member_profiles drop column city_folded');
  await knex.schema.alterTable('member_profiles', (table) => {
    table.dropIndex(['listed', 'verification', 'country', 'user_id'], 'member_profiles_directory_index');
    table.dropUnique(['directory_slug'], 'member_profiles_directory_slug_unique');
  });
  await knex.schema.alterTable('member_profiles', (table) => table.dropColumn('directory_slug'));
}
