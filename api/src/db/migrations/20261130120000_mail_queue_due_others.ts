/**
 * Under MAIL_RATE_PER_MINUTE the mail worker claims the other mails first, before each announcement
 * batch (mail/mailer.ts claimIn): due rows that are not an announcement's, earliest due first. Through the due index that read walked every queued
 * announcement row to find the few others: 10,000 index entries a claim at the start of a send, on the
 * site's thread with SQLite. This partial index holds only the others, in claim order. Its predicate is
 * written with literals, as the claim's is, so both engines see that the claim implies it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index mail_queue_due_others_index on mail_queue (next_attempt_at, id)
     where state = 'queued' and kind <> 'announcement'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists mail_queue_due_others_index');
}
