/**
 * Issue 21 item 3: a version can be scheduled to go live. `activate_at` is the UTC moment the
 * scheduler activates it (null: not scheduled), `scheduled_by` the e-mail of the staff member who
 * scheduled it, for the scheduler's audit entry. The index serves the scheduler's "next due" look.
 * Schema builder only: the same file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

const TABLES = ['about_us_versions', 'contact_info_versions', 'privacy_policy_versions', 'terms_of_service_versions'];

export async function up(knex: Knex): Promise<void> {
  for (const name of TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.timestamp('activate_at', { useTz: true }).nullable();
      table.string('scheduled_by', 254).nullable();
      table.index(['activate_at'], `${name}_activate_at_index`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.dropIndex(['activate_at'], `${name}_activate_at_index`);
      table.dropColumn('scheduled_by');
      table.dropColumn('activate_at');
    });
  }
}
