/**
 * Two admin lists over 20 ms p95 on PostgreSQL with the large data (issue 19 item 3):
 *  - The inbox sorted by sender name read and sorted every active message (no index on the name):
 *    contact_messages_name_index holds the name, the id (the list's order, either way) and the state
 *    it filters on, so a page is read from the index in list order and stops at its last row.
 *  - A page of past activities sorted every past one: the list now orders one status by date and id
 *    (activities/repository.ts), and activities_status_date_index gains the id, so the index gives
 *    that order. SQLite's index ended with the id already (the rowid); it is rebuilt alike.
 * Schema builder only: the same file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

const NAME_INDEX = { name: 'contact_messages_name_index', columns: ['name', 'id', 'state'] };
const STATUS_DATE = 'activities_status_date_index';

async function rebuildStatusDateIndex(knex: Knex, columns: string[]): Promise<void> {
  await knex.schema.alterTable('activities', (table) => {
    table.dropIndex([], STATUS_DATE);
    table.index(columns, STATUS_DATE);
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.index(NAME_INDEX.columns, NAME_INDEX.name);
  });
  await rebuildStatusDateIndex(knex, ['status', 'date', 'id']);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.dropIndex(NAME_INDEX.columns, NAME_INDEX.name);
  });
  await rebuildStatusDateIndex(knex, ['status', 'date']);
}
