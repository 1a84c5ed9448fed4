/**
 * Issue 19, staff queries that cannot stall the site: the contact-message search reads an index on
 * both engines, as the accounts search does (20261123132000, 20261123170000). Before, every search
 * folded the name, e-mail and text of every message (50,000 on the large data: 120-950 ms on PostgreSQL).
 *  - SQLite: an FTS5 trigram table over name, e-mail and text (remove_diacritics: "e" finds "é"), kept
 *    in step by triggers. A later migration that makes knex copy `contact_messages` (dropping or
 *    altering a column) drops these triggers with the old table: it must create them again.
 *  - Both engines store the folded text (db/search.ts) of the three fields, joined by a control
 *    character, in a column `search_folded`: a search no trigram answers (1-2 characters, or a text in
 *    most messages) walks the inbox in list order comparing this text, without folding anything.
 *    PostgreSQL generates it; on SQLite a trigger writes it with fold(), which the app registers on
 *    every connection (db/connection.ts): a write from a tool without fold() fails, as for users' names.
 *  - PostgreSQL: with pg_trgm, a GIN trigram index on search_folded.
 * contact-messages/repository.ts reads both: change them together.
 */
import type { Knex } from 'knex';
import { foldedSql } from '../search.js';

const isPostgres = (knex: Knex) => (knex.client as Knex.Client).config.client === 'pg';

/** The three searched fields as one text; chr(31) (unit separator) keeps a match inside one field. */
export const MESSAGE_SEARCH_TEXT = 'name || chr(31) || email || chr(31) || message';

const SQLITE_FOLDED = `fold(new.name || char(31) || new.email || char(31) || new.message)`;

const SQLITE_SEARCH = [
  `alter table contact_messages add column search_folded text`,
  `update contact_messages set search_folded = ${SQLITE_FOLDED.replaceAll('new.', '')}`,
  `create trigger contact_messages_folded_insert after insert on contact_messages begin
     update contact_messages set search_folded = ${SQLITE_FOLDED} where id = new.id;
   end`,
  `create trigger contact_messages_folded_update after update of name, email, message on contact_messages begin
     update contact_messages set search_folded = ${SQLITE_FOLDED} where id = new.id;
   end`,
  `create virtual table contact_messages_search using fts5(name, email, message, content='contact_messages',
     content_rowid='id', tokenize='trigram remove_diacritics 1')`,
  `create trigger contact_messages_search_insert after insert on contact_messages begin
     insert into contact_messages_search(rowid, name, email, message) values (new.id, new.name, new.email, new.message);
   end`,
  `create trigger contact_messages_search_delete after delete on contact_messages begin
     insert into contact_messages_search(contact_messages_search, rowid, name, email, message)
       values ('delete', old.id, old.name, old.email, old.message);
   end`,
  `create trigger contact_messages_search_update after update of name, email, message on contact_messages begin
     insert into contact_messages_search(contact_messages_search, rowid, name, email, message)
       values ('delete', old.id, old.name, old.email, old.message);
     insert into contact_messages_search(rowid, name, email, message) values (new.id, new.name, new.email, new.message);
   end`,
  `insert into contact_messages_search(contact_messages_search) values ('rebuild')`,
];

/** pg_trgm is created by 20261123132000 when the server ships it; without it the search reads every row. */
async function hasTrigramExtension(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>("select 1 from pg_extension where extname = 'pg_trgm'");
  return rows.length > 0;
}

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) {
    for (const statement of SQLITE_SEARCH) await knex.raw(statement);
    return;
  }
  await knex.raw(
    `alter table contact_messages add column search_folded text generated always as (${foldedSql(knex, `(${MESSAGE_SEARCH_TEXT})`)}) stored`,
  );
  if (await hasTrigramExtension(knex))
    await knex.raw(
      'create index contact_messages_search_index on contact_messages using gin (search_folded gin_trgm_ops)',
    );
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) {
    for (const trigger of ['search_insert', 'search_delete', 'search_update', 'folded_insert', 'folded_update'])
      await knex.raw(`drop trigger if exists contact_messages_${trigger}`);
    await knex.raw('drop table if exists contact_messages_search');
    await knex.raw('alter table contact_messages drop column search_folded');
    return;
  }
  await knex.raw('drop index if exists contact_messages_search_index');
  await knex.raw('alter table contact_messages drop column search_folded');
}
