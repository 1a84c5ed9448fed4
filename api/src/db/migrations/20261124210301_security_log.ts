/**
 * The security log (issue 19 item 5): anonymous failures (sign-ins to addresses without an account,
 * bogus two-factor challenges, lockouts of such addresses) counted per kind, client address and
 * minute, one row each, kept 30 days. They no longer fill the staff audit trail, which keeps the
 * failures on real accounts.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('security_log', (table) => {
    table.string('kind', 40).notNullable();
    table.string('subject', 64).notNullable();
    table.bigInteger('minute_start').notNullable();
    table.integer('count').notNullable();
    table.primary(['kind', 'subject', 'minute_start']);
    table.index(['minute_start'], 'security_log_minute_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('security_log');
}
