/**
 * Memberships that renew (issue 57). `users.renewal_date` is the one stored fact of a membership: the
 * calendar day it renews (YYYY-MM-DD text, compared as text on both engines), or null for an
 * open-ended one; its status (active, expiring, lapsed) is derived from it and today (shared
 * membership.ts). The partial index serves the members list's membership filter and the reminders'
 * daily look, which read members by renewal day.
 *
 * `renewal_reminders` is the claim that makes each reminder go out once across instances: a row per
 * member, renewal date and offset, inserted in the transaction that queues the mail. A second instance
 * inserting the same key gets a conflict and sends nothing; a changed renewal date is another key, so
 * it gets its own reminders. The rows go with the account (ON DELETE CASCADE) and on erasure.
 *
 * As 20261202140000: a plain ALTER TABLE ADD COLUMN outside a transaction, so SQLite copies no table
 * (a copy of `users` would drop its triggers and, on the way down, the rows that hang off it); `down`
 * drops the index, then the column in place. Each step is skipped when already done.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'renewal_date'))) {
    await knex.raw('alter table users add column renewal_date varchar(10) null');
  }
  await knex.raw(
    'create index if not exists users_members_renewal_index on users (renewal_date, id) where renewal_date is not null and erased_at is null',
  );
  if (await knex.schema.hasTable('renewal_reminders')) return;
  await knex.schema.createTable('renewal_reminders', (table) => {
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('renewal_date', 10).notNullable();
    table.integer('offset_days').notNullable();
    table.timestamp('queued_at', { useTz: true }).notNullable();
    table.primary(['user_id', 'renewal_date', 'offset_days']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('renewal_reminders');
  await knex.raw('drop index if exists users_members_renewal_index');
  if (await knex.schema.hasColumn('users', 'renewal_date'))
    await knex.raw('alter table users drop column renewal_date');
}
