/**
 * Creations from the console carry a client-generated id (DESIGN habit 17, issue 54): the outbox may
 * replay a creation whose answer was lost long after the server forgot its Idempotency-Key (24 h), and
 * the replay must find the row it made instead of making a second one. Each table the console creates
 * rows in gets a nullable `client_id`, unique where set (both engines allow many nulls in a unique
 * index). Rows made before, by scripts or by the public forms, have none. The same file on SQLite and
 * PostgreSQL. On SQLite an added column is a plain ALTER TABLE ADD COLUMN; a copy of `users` would
 * drop its search and tally triggers (20261123132000, 20261201120000) and, with foreign keys on,
 * the rows that hang off it. So, as 20261127220000, this runs outside a transaction (each step
 * checks it is still to do), and `down` drops the column with the engines' own ALTER TABLE DROP
 * COLUMN, which copies nothing, once the index over it is gone.
 */
import type { Knex } from 'knex';

/** Exported for the test that checks every table the console creates rows in has the column. */
export const CLIENT_ID_TABLES = [
  'membership_cards',
  'about_us_versions',
  'contact_info_versions',
  'privacy_policy_versions',
  'terms_of_service_versions',
  'activities',
  'testimonials',
  'faqs',
  'users',
  'announcements',
] as const;

/** A UUID in its text form. */
const CLIENT_ID_LENGTH = 36;

export const config = { transaction: false };

const indexName = (table: string) => `${table}_client_id_unique`;

export async function up(knex: Knex): Promise<void> {
  for (const table of CLIENT_ID_TABLES) {
    if (await knex.schema.hasColumn(table, 'client_id')) continue;
    await knex.schema.alterTable(table, (builder) => {
      builder.string('client_id', CLIENT_ID_LENGTH).nullable();
    });
    await knex.schema.alterTable(table, (builder) => {
      builder.unique(['client_id'], { indexName: indexName(table) });
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of CLIENT_ID_TABLES) {
    if (!(await knex.schema.hasColumn(table, 'client_id'))) continue;
    await knex.schema.alterTable(table, (builder) => {
      builder.dropUnique(['client_id'], indexName(table));
    });
    await knex.raw(`alter table ${table} drop column client_id`);
  }
}
