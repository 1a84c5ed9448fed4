/**
 * Issue 21 item 6: the activity log names an item that is gone by what its creation or deletion
 * recorded; this index finds those entries of one item without walking the trail.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (table) => {
    table.index(['module', 'entity_id', 'action'], 'audit_log_entity_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (table) => {
    table.dropIndex(['module', 'entity_id', 'action'], 'audit_log_entity_index');
  });
}
