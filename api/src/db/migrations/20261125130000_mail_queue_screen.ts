/**
 * Issue 25 item 2, the mail screen: a super admin retries or discards a failed mail. `revision` (1 when
 * queued, raised by each retry; the worker's own writes leave it) is what a discard's If-Match names,
 * as on every other item staff change. The screen lists newest first within a state or a kind: one
 * index each, walked in list order.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (table) => {
    table.integer('revision').notNullable().defaultTo(1);
    table.index(['state', 'id'], 'mail_queue_state_list_index');
    table.index(['kind', 'id'], 'mail_queue_kind_list_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (table) => {
    table.dropIndex(['kind', 'id'], 'mail_queue_kind_list_index');
    table.dropIndex(['state', 'id'], 'mail_queue_state_list_index');
    table.dropColumn('revision');
  });
}
