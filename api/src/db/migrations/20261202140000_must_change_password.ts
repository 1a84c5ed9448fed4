/**
 * The super admin made at first start with a printed one-time password must choose their own at
 * first sign-in (issue 55 item 10): `users.must_change_password`, set by start-up for that account
 * alone, cleared when the account's password is set or changed. While it is set, every session of the
 * account reaches only the routes of a sign-in still in progress and the password change
 * (middleware/session.ts). As 20261202120000: a plain ALTER TABLE ADD COLUMN outside a transaction,
 * so SQLite copies no table and keeps the triggers on `users`; `down` drops it in place.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'must_change_password')) return;
  await knex.schema.alterTable('users', (builder) => {
    builder.boolean('must_change_password').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'must_change_password'))) return;
  await knex.raw('alter table users drop column must_change_password');
}
