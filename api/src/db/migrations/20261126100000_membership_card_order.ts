/**
 * Issue 21 item 7: membership cards get a public order, like the FAQs. Existing cards keep the order
 * they were shown in until now (by id): positions 0..n-1. Every card already has `is_active`
 * (default true), which the public list honours. Schema builder plus one portable UPDATE: the same
 * file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('membership_cards', (table) => {
    table.integer('sort_order').notNullable().defaultTo(0);
  });
  await knex('membership_cards').update({
    sort_order: knex.raw('(select count(*) from membership_cards as earlier where earlier.id < membership_cards.id)'),
  });
  await knex.schema.alterTable('membership_cards', (table) => {
    table.index(['sort_order', 'id'], 'membership_cards_sort_order_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('membership_cards', (table) => {
    table.dropIndex(['sort_order', 'id'], 'membership_cards_sort_order_index');
    table.dropColumn('sort_order');
  });
}
