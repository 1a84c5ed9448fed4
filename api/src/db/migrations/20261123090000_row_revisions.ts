/**
 * A revision on every row an admin edits: 1 when created, raised by one with each admin write. It is
 * the item's ETag, and an editor's If-Match names it, so a change made meanwhile is refused (409).
 * Schema builder only: the same file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export const REVISED_TABLES = [
  'users',
  'membership_cards',
  'about_us_versions',
  'contact_info_versions',
  'privacy_policy_versions',
  'terms_of_service_versions',
  'activities',
  'testimonials',
  'faqs',
  'contact_messages',
] as const;

/**
 * Outside a transaction, because SQLite drops a column by copying the table, dropping the old one and
 * renaming the copy: knex can switch foreign keys off for that only outside a transaction, and with
 * them on, dropping `users` or `activities` would cascade-delete their tokens and registrations.
 * Each step checks the column first, so a run stopped halfway completes when it runs again.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  for (const name of REVISED_TABLES) {
    if (await knex.schema.hasColumn(name, 'revision')) continue;
    await knex.schema.alterTable(name, (table) => {
      table.integer('revision').notNullable().defaultTo(1);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of REVISED_TABLES) {
    if (!(await knex.schema.hasColumn(name, 'revision'))) continue;
    await knex.schema.alterTable(name, (table) => {
      table.dropColumn('revision');
    });
  }
}
