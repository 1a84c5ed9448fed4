/**
 * Waitlists and the mails that go with an activity (issue 58):
 *  - activity_waitlist: who waits for a place of a full activity, in the order they joined. A row
 *    with offer_expires_at holds a place offered to that person until then (its accept link's token
 *    kept as a hash); the unique key lets each account wait once per activity.
 *  - activity_notices: the reminders and date-change notices sent, one row per person, activity,
 *    kind and activity date. Its unique key is the claim that makes each go out once, whichever
 *    instance sends it.
 *  - mail_queue.attachment_*: one text attachment of a queued mail (the reminder's calendar file),
 *    blanked with the body once the mail is sent.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activity_waitlist', (table) => {
    table.increments('id').primary();
    table.integer('activity_id').notNullable().references('id').inTable('activities').onDelete('CASCADE');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('offered_at', { useTz: true }).nullable();
    table.timestamp('offer_expires_at', { useTz: true }).nullable();
    table.string('offer_token_hash', 64).nullable().unique({ indexName: 'activity_waitlist_offer_token' });
    table.unique(['activity_id', 'user_id'], { indexName: 'activity_waitlist_once' });
    // The line of one activity, and the offers that run out (the schedule's look).
    table.index(['activity_id', 'id'], 'activity_waitlist_line_index');
    table.index(['offer_expires_at'], 'activity_waitlist_offers_index');
  });
  await knex.schema.createTable('activity_notices', (table) => {
    table.increments('id').primary();
    table.integer('activity_id').notNullable().references('id').inTable('activities').onDelete('CASCADE');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('kind', 20).notNullable();
    table.timestamp('activity_date', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['activity_id', 'user_id', 'kind', 'activity_date'], { indexName: 'activity_notices_once' });
  });
  await knex.schema.alterTable('mail_queue', (table) => {
    table.string('attachment_name', 200).nullable();
    table.string('attachment_type', 100).nullable();
    table.text('attachment_text').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (table) => {
    for (const column of ['attachment_name', 'attachment_type', 'attachment_text']) table.dropColumn(column);
  });
  await knex.schema.dropTableIfExists('activity_notices');
  await knex.schema.dropTableIfExists('activity_waitlist');
}
