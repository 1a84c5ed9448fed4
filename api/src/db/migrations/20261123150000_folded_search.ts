/**
 * Issue 10, every admin list searches: the accounts search becomes accent-insensitive like the other
 * lists (db/search.ts), keeping its trigram indexes under the same names.
 *  - SQLite: the FTS5 trigram table is rebuilt with remove_diacritics (SQLite 3.45+), so "e" finds "é".
 *  - PostgreSQL (with pg_trgm): the name index is rebuilt on the folded expression the search compares.
 * As in 20261123132000, a later migration that copies `users` on SQLite must create the triggers again.
 */
import type { Knex } from 'knex';
import { foldedSql } from '../search.js';

const sqliteSearch = (tokenize: string) => [
  `drop trigger if exists users_search_insert`,
  `drop trigger if exists users_search_delete`,
  `drop trigger if exists users_search_update`,
  `drop table if exists users_search`,
  `create virtual table users_search using fts5(name, email, content='users', content_rowid='id', tokenize='${tokenize}')`,
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

async function hasNameIndex(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    "select 1 from pg_indexes where indexname = 'users_name_trigram_index'",
  );
  return rows.length > 0;
}

async function rebuild(knex: Knex, nameExpression: (knex: Knex) => string, tokenize: string): Promise<void> {
  if ((knex.client as Knex.Client).config.client !== 'pg') {
    for (const statement of sqliteSearch(tokenize)) await knex.raw(statement);
  } else if (await hasNameIndex(knex)) {
    // Without pg_trgm (20261123132000 made no index) the search reads every row, as before.
    await knex.raw('drop index users_name_trigram_index');
    await knex.raw(`create index users_name_trigram_index on users using gin (${nameExpression(knex)} gin_trgm_ops)`);
  }
}

export async function up(knex: Knex): Promise<void> {
  await rebuild(knex, (db) => foldedSql(db, 'name'), 'trigram remove_diacritics 1');
}

export async function down(knex: Knex): Promise<void> {
  await rebuild(knex, () => 'lower(name)', 'trigram');
}
