/**
 * One row that GET /api/health rewrites to learn whether the database still takes writes (a full
 * disk or a read-only file leaves reads working). Schema builder only: the same on both engines.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('health_probe', (table) => {
    table.integer('id').primary();
    table.bigInteger('probed_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('health_probe');
}
