/**
 * The indexes the admin lists need at 100,000 members and 50,000 messages (issue 9, scale with data;
 * db/query-plans.test.ts shows each one in use). Every list sorts on a unique key ending with the id,
 * so each index ends with the id too: the rows come out of the index in list order, no sort step.
 * Schema builder only: the same file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

const INDEXES: { table: string; name: string; columns: string[] }[] = [
  // The accounts list of one role (or the staff roles) by name. The e-mail comes last, after the list
  // order: a search then reads the index alone, never the rows. Also counts a role from the index alone.
  { table: 'users', name: 'users_role_name_index', columns: ['role', 'name', 'id', 'email'] },
  // Accounts by role and status (GET /users/stats) counted from the index alone.
  { table: 'users', name: 'users_role_active_index', columns: ['role', 'is_active'] },
  // The activities list without a status filter, most recent first.
  { table: 'activities', name: 'activities_date_index', columns: ['date', 'id'] },
  // The registrations of a member: deleting an account cascades to them without a full scan.
  { table: 'activity_registrations', name: 'activity_registrations_user_index', columns: ['user_id'] },
  // The inbox, newest first, and its unread count.
  { table: 'contact_messages', name: 'contact_messages_created_at_index', columns: ['created_at', 'id'] },
  { table: 'contact_messages', name: 'contact_messages_is_read_index', columns: ['is_read'] },
  // FAQs by position.
  { table: 'faqs', name: 'faqs_sort_order_index', columns: ['sort_order', 'id'] },
];

/**
 * The accounts search looks for a substring of the name or e-mail, which no B-tree index can find:
 * without a trigram index it reads all 100,000 accounts (30-100 ms). SQLite gets an FTS5 trigram
 * table kept in step by triggers (users/repository.ts queries it); PostgreSQL gets pg_trgm GIN
 * indexes on the very expressions the search compares, so its query does not change.
 * A later migration that makes knex copy `users` on SQLite (dropping or altering a column) drops
 * these triggers with the old table: it must create them again.
 */
const SQLITE_SEARCH = [
  `create virtual table users_search using fts5(name, email, content='users', content_rowid='id', tokenize='trigram')`,
  `create trigger users_search_insert after insert on users begin
     insert into users_search(rowid, name, email) values (new.id, new.name, new.email);
   end`,
  `create trigger users_search_delete after delete on users begin
     insert into users_search(users_search, rowid, name, email) values ('delete', old.id, old.name, old.email);
   end`,
  `create trigger users_search_update after update of name, email on users begin
     insert into users_search(users_search, rowid, name, email) values ('delete', old.id, old.name, old.email);
     insert into users_search(rowid, name, email) values (new.id, new.name, new.email);
   end`,
  `insert into users_search(users_search) values ('rebuild')`,
];

const POSTGRES_SEARCH = [
  'create extension if not exists pg_trgm',
  'create index users_name_trigram_index on users using gin (lower(name) gin_trgm_ops)',
  'create index users_email_trigram_index on users using gin (email gin_trgm_ops)',
];

/** pg_trgm ships with PostgreSQL's contrib package; without it the search still works, by reading every row. */
async function hasTrigramExtension(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>("select 1 from pg_available_extensions where name = 'pg_trgm'");
  return rows.length > 0;
}

async function createSearchIndexes(knex: Knex): Promise<void> {
  if ((knex.client as Knex.Client).config.client !== 'pg') {
    for (const statement of SQLITE_SEARCH) await knex.raw(statement);
  } else if (await hasTrigramExtension(knex)) {
    for (const statement of POSTGRES_SEARCH) await knex.raw(statement);
  }
}

async function dropSearchIndexes(knex: Knex): Promise<void> {
  if ((knex.client as Knex.Client).config.client !== 'pg') {
    for (const trigger of ['insert', 'delete', 'update'])
      await knex.raw(`drop trigger if exists users_search_${trigger}`);
    await knex.raw('drop table if exists users_search');
  } else {
    // The extension stays: other objects may use it by now, and it is harmless.
    await knex.raw('drop index if exists users_name_trigram_index');
    await knex.raw('drop index if exists users_email_trigram_index');
  }
}

export async function up(knex: Knex): Promise<void> {
  for (const { table, name, columns } of INDEXES) {
    await knex.schema.alterTable(table, (builder) => {
      builder.index(columns, name);
    });
  }
  await createSearchIndexes(knex);
}

export async function down(knex: Knex): Promise<void> {
  await dropSearchIndexes(knex);
  for (const { table, name, columns } of [...INDEXES].reverse()) {
    await knex.schema.alterTable(table, (builder) => {
      builder.dropIndex(columns, name);
    });
  }
}
