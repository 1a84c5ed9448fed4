/**
 * Members' data rights: an erased member's account row stays as an anonymous stand-in (no name,
 * e-mail, password or sessions), so that the activity registrations that point at it keep the
 * participant counts right. `erased_at` marks it: staff lists and the detail leave it out, and the
 * users stats count the others from an index that covers it (role, status, erased_at).
 *
 * Outside a transaction, as two_factor is, for its `down`: SQLite drops a column by copying `users`,
 * and only outside a transaction can knex switch foreign keys off so that the copy does not
 * cascade-delete the rows that hang off users. Each step checks first, so a stopped run completes.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

const STATS_INDEX = 'users_role_active_erased_index';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'erased_at'))) {
    await knex.schema.alterTable('users', (table) => {
      table.timestamp('erased_at', { useTz: true }).nullable();
    });
  }
  await knex.raw(`create index if not exists ${STATS_INDEX} on users (role, is_active, erased_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ${STATS_INDEX}`);
  if (!(await knex.schema.hasColumn('users', 'erased_at'))) return;
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('erased_at');
  });
}
