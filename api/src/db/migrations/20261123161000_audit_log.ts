/**
 * The audit trail (issue 11): one row per admin write and per security event, written in the
 * transaction of the change. actor_id is deliberately no foreign key: entries outlive the accounts
 * they name, and the e-mail is kept as it was then. Schema builder only: SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (table) => {
    table.increments('id').primary();
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.integer('actor_id').nullable();
    table.string('actor_email', 254).nullable();
    table.string('action', 40).notNullable();
    table.string('module', 40).notNullable();
    table.string('entity_id', 64).nullable();
    // JSON text: { field: { before, after } } or the event's details, secrets redacted, capped in size.
    table.text('changes').nullable();
    table.string('request_id', 64).nullable();
    table.string('ip', 64).nullable();
    // Newest first, alone or within one person, module or action: each filter walks its own index.
    table.index(['occurred_at', 'id'], 'audit_log_occurred_at_index');
    table.index(['actor_id', 'occurred_at'], 'audit_log_actor_index');
    table.index(['module', 'occurred_at'], 'audit_log_module_index');
    table.index(['action', 'occurred_at'], 'audit_log_action_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_log');
}
