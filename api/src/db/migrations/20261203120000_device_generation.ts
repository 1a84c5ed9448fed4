/**
 * Issue 52 item 1: a device token (lib/device-tokens.ts) is revoked by a password change, "end other
 * sessions" and the closing of the account. `device_generation` is raised by each of them; a token
 * carries the generation it was issued in, and one of an older generation counts as unknown.
 *
 * Outside a transaction, as the other migrations that change `users` are: on SQLite an added column is
 * a plain ALTER TABLE ADD COLUMN (a copy of `users` would drop its search and tally triggers), and
 * `down` uses the engines' own ALTER TABLE DROP COLUMN.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'device_generation')) return;
  await knex.schema.alterTable('users', (table) => {
    table.integer('device_generation').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'device_generation')) {
    await knex.raw('alter table users drop column device_generation');
  }
}
