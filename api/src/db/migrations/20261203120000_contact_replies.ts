/**
 * Replies from the console (issue 55 item 4): each reply staff write to a contact message is kept with
 * it, and goes out as a row of the mail queue (`mail_id`). `sent_at` is set when the queue has delivered
 * that mail, in the same transaction that marks the message replied (mail/mailer.ts onSent). A queue row
 * deleted later (sent mails go after 30 days) leaves the reply with its `sent_at`. `client_id`: the
 * console's creation id (DESIGN habit 17), so a late replay of a reply does not send a second mail.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_message_replies', (table) => {
    table.increments('id').primary();
    table.integer('message_id').notNullable().references('id').inTable('contact_messages').onDelete('CASCADE');
    table.integer('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    table.text('body').notNullable();
    table.integer('mail_id').nullable().references('id').inTable('mail_queue').onDelete('SET NULL');
    table.timestamp('sent_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.string('client_id', 36).nullable().unique({ indexName: 'contact_message_replies_client_id_unique' });
    table.index(['message_id', 'id'], 'contact_message_replies_message_index');
    table.index(['mail_id'], 'contact_message_replies_mail_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_message_replies');
}
