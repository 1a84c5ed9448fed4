/**
 * Announcements by e-mail (issue 22 item 2). `announcements` keeps each one, and once sent who sent it,
 * when, and to how many. Its mails are rows of the mail queue that name it (`announcement_id`) and
 * carry their List-Unsubscribe link (`list_unsubscribe`); the worker's rate limit counts the
 * announcement mails claimed in the last minute (kind, claimed_at). `users.receive_announcements`
 * is the account's choice, on by default.
 *
 * Outside a transaction, as the other migrations that change `users` are: SQLite drops a column by
 * copying the table, which only outside a transaction runs with foreign keys off. Each step checks
 * first, so a stopped run completes.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('announcements'))) {
    await knex.schema.createTable('announcements', (table) => {
      table.increments('id').primary();
      table.string('subject', 200).notNullable();
      table.text('body').notNullable();
      table.string('audience', 10).notNullable();
      table.integer('activity_id').nullable().references('id').inTable('activities').onDelete('SET NULL');
      table.string('state', 10).notNullable().defaultTo('draft');
      table.timestamp('scheduled_at', { useTz: true }).nullable();
      table.timestamp('sent_at', { useTz: true }).nullable();
      table.integer('sent_by').nullable().references('id').inTable('users').onDelete('SET NULL');
      table.string('sent_by_email', 320).nullable();
      table.integer('recipient_count').nullable();
      table.integer('revision').notNullable().defaultTo(1);
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.index(['state', 'scheduled_at'], 'announcements_due_index');
    });
  }
  if (!(await knex.schema.hasColumn('mail_queue', 'announcement_id'))) {
    await knex.schema.alterTable('mail_queue', (table) => {
      table.integer('announcement_id').nullable();
      table.string('list_unsubscribe', 1000).nullable();
      table.index(['announcement_id', 'state'], 'mail_queue_announcement_index');
      table.index(['kind', 'claimed_at'], 'mail_queue_kind_claimed_index');
    });
  }
  if (!(await knex.schema.hasColumn('users', 'receive_announcements'))) {
    await knex.schema.alterTable('users', (table) => {
      table.boolean('receive_announcements').notNullable().defaultTo(true);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'receive_announcements')) {
    await knex.schema.alterTable('users', (table) => {
      table.dropColumn('receive_announcements');
    });
  }
  if (await knex.schema.hasColumn('mail_queue', 'announcement_id')) {
    await knex.raw('drop index if exists mail_queue_announcement_index');
    await knex.raw('drop index if exists mail_queue_kind_claimed_index');
    await knex.schema.alterTable('mail_queue', (table) => {
      table.dropColumn('list_unsubscribe');
      table.dropColumn('announcement_id');
    });
  }
  await knex.schema.dropTableIfExists('announcements');
}
