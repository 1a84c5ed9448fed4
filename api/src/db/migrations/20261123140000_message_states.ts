/**
 * Inbox states (issue 10): a contact message is new, read, replied or archived. The boolean is_read
 * gives way to `state` (read → 'read', unread → 'new'), so the two can never disagree; the API still
 * answers `isRead` (state ≠ new). Schema builder only: the same file runs on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

interface Index {
  name: string;
  columns: string[];
}

const IS_READ_INDEX: Index = { name: 'contact_messages_is_read_index', columns: ['is_read'] };
const CREATED_AT_INDEX: Index = { name: 'contact_messages_created_at_index', columns: ['created_at', 'id'] };
/**
 * The default view (every state but archived), newest first: the index is walked in list order and
 * the state read from it, so a page stops at its last row instead of sorting every active message.
 */
const INBOX_INDEX: Index = { name: 'contact_messages_inbox_index', columns: ['created_at', 'id', 'state'] };
/** One state's page, newest first, and the count of new messages, from the index alone. */
const STATE_INDEX: Index = { name: 'contact_messages_state_index', columns: ['state', 'created_at', 'id'] };

async function dropIndexes(knex: Knex, indexes: Index[]): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    for (const { name, columns } of indexes) table.dropIndex(columns, name);
  });
}

async function createIndexes(knex: Knex, indexes: Index[]): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    for (const { name, columns } of indexes) table.index(columns, name);
  });
}

/** The table as this migration finds and leaves it, not as db/tables.ts declares it today. */
const messages = (knex: Knex) => knex<{ is_read: boolean; state: string }>('contact_messages');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.string('state', 16).notNullable().defaultTo('new');
  });
  await messages(knex).where({ is_read: true }).update({ state: 'read' });
  await dropIndexes(knex, [IS_READ_INDEX, CREATED_AT_INDEX]);
  await knex.schema.alterTable('contact_messages', (table) => {
    table.dropColumn('is_read');
  });
  await createIndexes(knex, [INBOX_INDEX, STATE_INDEX]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (table) => {
    table.boolean('is_read').notNullable().defaultTo(false);
  });
  // Replied and archived messages had been read.
  await messages(knex).whereNot({ state: 'new' }).update({ is_read: true });
  await dropIndexes(knex, [INBOX_INDEX, STATE_INDEX]);
  await knex.schema.alterTable('contact_messages', (table) => {
    table.dropColumn('state');
  });
  await createIndexes(knex, [IS_READ_INDEX, CREATED_AT_INDEX]);
}
