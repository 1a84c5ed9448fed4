/**
 * Two-factor attempts per account (issue 19 item 2): every wrong code of the sign-in's second step,
 * with the challenge it was tried on (a challenge is spent after 5), and the account's lock after 10
 * in 15 minutes, whatever the addresses. Rows older than the window are deleted as new ones come.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('two_factor_failures', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('challenge_id', 64).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id', 'created_at'], 'two_factor_failures_user_index');
    table.index(['challenge_id'], 'two_factor_failures_challenge_index');
    table.index(['created_at'], 'two_factor_failures_created_index');
  });
  await knex.schema.createTable('two_factor_locks', (table) => {
    table.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('locked_until', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('two_factor_locks');
  await knex.schema.dropTableIfExists('two_factor_failures');
}
