/**
 * The account a queued mail is for (issue 22: an announcement's mails). An announcement to 10,000
 * members is queued by one INSERT … SELECT from the audience, and each mail's unsubscribe link is
 * signed at delivery from this id (announcements/composer.ts), so the send's transaction builds no
 * row on the site's thread. Nullable: most mails are to an address, not an account. No foreign key:
 * accounts are erased in place, never deleted.
 * Schema builder only: the same file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (table) => {
    table.integer('user_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (table) => {
    table.dropColumn('user_id');
  });
}
