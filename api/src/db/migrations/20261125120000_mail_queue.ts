/**
 * Issue 25 item 1, the durable mail queue: every mail is a row, written in the transaction of the
 * action that causes it, and sent by a worker in each instance (mail/queue.ts). `message_id` is fixed
 * when the row is written, so a mail sent again after a crash carries the same Message-ID.
 * Bodies of invitations and resets carry tokens: no API shows `text` or `html`.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_queue', (table) => {
    table.increments('id').primary();
    table.string('kind', 40).notNullable();
    table.string('recipient', 320).notNullable();
    table.string('subject', 500).notNullable();
    table.text('text').notNullable();
    table.text('html').nullable();
    table.string('reply_to', 320).nullable();
    table.string('message_id', 200).notNullable().unique();
    table.string('state', 10).notNullable().defaultTo('queued');
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('next_attempt_at', { useTz: true }).notNullable();
    table.text('last_error').nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('sent_at', { useTz: true }).nullable();
    table.timestamp('claimed_at', { useTz: true }).nullable();
    table.string('claimed_by', 64).nullable();
    table.index(['state', 'next_attempt_at'], 'mail_queue_due_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_queue');
}
