/**
 * Members' data rights: an erased member's account row stays as an anonymous stand-in (no name,
 * e-mail, password or sessions), so that the activity registrations that point at it keep the
 * participant counts right. `erased_at` marks it: staff lists and the detail leave it out.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('erased_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('erased_at');
  });
}
