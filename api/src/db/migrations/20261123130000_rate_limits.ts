/**
 * Request counters shared by every instance on the database (per-IP and global limits of the public
 * forms and sign-in), and the address a failed login came from, so a lockout holds for the pair of
 * account and address rather than for the account everywhere. Schema builder only: the same file runs
 * on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (table) => {
    table.string('rule', 40).notNullable();
    table.string('subject', 100).notNullable();
    // Epoch milliseconds: compared as plain numbers on both engines.
    table.bigInteger('window_start').notNullable();
    table.integer('hits').notNullable();
    table.bigInteger('expires_at').notNullable();
    table.primary(['rule', 'subject', 'window_start']);
    table.index(['expires_at'], 'rate_limits_expires_index');
  });
  await knex.schema.alterTable('login_failures', (table) => {
    table.string('ip', 64);
    table.index(['email', 'ip', 'created_at'], 'login_failures_email_ip_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropIndex(['email', 'ip', 'created_at'], 'login_failures_email_ip_index');
    table.dropColumn('ip');
  });
  await knex.schema.dropTableIfExists('rate_limits');
}
