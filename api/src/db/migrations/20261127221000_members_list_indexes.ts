/**
 * Issue 22 review: the members screen on 100,000 members (members/repository.ts). Its lists leave
 * out erased accounts (`erased_at is null`), which no earlier index held: each page walked
 * users_role_name_index and read every row it passed to check erased_at (a deep page: 50,000 rows),
 * and newest first sorted all the members. These partial indexes hold only the accounts not erased,
 * in each list order ending with the id, with the columns the filters read after it, so a page (any
 * filter of status or join days) and its count read the index alone. `erased_at` is in them too: SQLite
 * reads a partial index's own condition from the index only when the column is in it (else it is not
 * "covering"). Same SQL on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

const INDEXES = [
  // By name (the default order), then status and join date for the filters.
  'create index if not exists users_members_name_index on users (role, name, id, is_active, created_at, erased_at) where erased_at is null',
  // By join date (newest or oldest first), and the join-days filter of a page by name (hence the name).
  'create index if not exists users_members_joined_index on users (role, created_at, id, is_active, name, erased_at) where erased_at is null',
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of INDEXES) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_members_joined_index');
  await knex.raw('drop index if exists users_members_name_index');
}
