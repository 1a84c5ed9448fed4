/**
 * Sessions (issue 11): every sign-in is a row, and the access token names it (claim `sid`). The row is
 * read with the user on every request, so a session ended here — by its owner, a super admin, a
 * password change or a deactivation — refuses its token at once, though the JWT itself is still valid.
 * `pending` marks a sign-in that is not complete yet (two-factor still to be set up): such a session
 * reaches only the routes that finish it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('user_agent', 300).nullable();
    table.string('ip', 64).nullable();
    table.string('pending', 30).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_seen_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('ended_at', { useTz: true }).nullable();
    // "My account" lists a person's live sessions; ending them all walks the same index.
    table.index(['user_id', 'ended_at'], 'sessions_user_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sessions');
}
