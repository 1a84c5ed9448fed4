/**
 * Two-factor sign-in for staff (issue 11). On users: the TOTP secret (encrypted, see
 * modules/two-factor/secret-box.ts), when it was enabled (null: not enabled, or set up but not
 * confirmed yet) and the last accepted time step, so an accepted code cannot be replayed.
 * recovery_codes keeps only the SHA-256 of each code. `settings` is a small key/value table for
 * site-wide switches; its first key is require_two_factor.
 *
 * Outside a transaction, as row_revisions is, for its `down`: SQLite drops a column by copying
 * `users`, and only outside a transaction can knex switch foreign keys off so that the copy does not
 * cascade-delete the rows that hang off users. Each step checks first, so a stopped run completes.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

const USER_COLUMNS = ['totp_secret', 'totp_enabled_at', 'totp_last_step'] as const;

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'totp_secret'))) {
    await knex.schema.alterTable('users', (table) => {
      table.text('totp_secret').nullable();
      table.timestamp('totp_enabled_at', { useTz: true }).nullable();
      table.bigInteger('totp_last_step').nullable();
    });
  }
  if (!(await knex.schema.hasTable('recovery_codes'))) {
    await knex.schema.createTable('recovery_codes', (table) => {
      table.increments('id').primary();
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      table.string('code_hash', 64).notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('used_at', { useTz: true }).nullable();
      table.unique(['user_id', 'code_hash'], { indexName: 'recovery_codes_user_code_unique' });
    });
  }
  if (!(await knex.schema.hasTable('settings'))) {
    await knex.schema.createTable('settings', (table) => {
      table.string('key', 100).primary();
      table.text('value').notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('settings');
  await knex.schema.dropTableIfExists('recovery_codes');
  for (const column of USER_COLUMNS) {
    if (!(await knex.schema.hasColumn('users', column))) continue;
    await knex.schema.alterTable('users', (table) => {
      table.dropColumn(column);
    });
  }
}
