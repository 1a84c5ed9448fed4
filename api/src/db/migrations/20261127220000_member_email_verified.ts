/**
 * Issue 22 review: contact messages are matched to a member by e-mail address, and sign-up does not
 * ask the member to prove the address (SPEC: sign-up goes straight to log in). `email_verified_at` is
 * when the account last proved it holds its mailbox, by completing a link mailed to it (a password
 * reset or a welcome/invitation link); it is cleared when the address changes. Only then are the
 * messages sent from the address the member's own (own-data export, member detail, erasure).
 *
 * Accounts that already completed such a link for their current address are verified from the audit
 * trail (password_reset_completed / invitation_accepted name the address the link went to).
 *
 * Outside a transaction, as the other migrations that change `users` are. `down` drops the column with
 * SQLite's own ALTER TABLE DROP COLUMN, which does not copy `users` (a copy would drop the search
 * triggers of 20261123132000).
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'email_verified_at'))) {
    await knex.schema.alterTable('users', (table) => {
      table.timestamp('email_verified_at', { useTz: true }).nullable();
    });
  }
  await knex.raw(`
    update users set email_verified_at = (
      select max(audit_log.occurred_at) from audit_log
      where audit_log.module = 'auth'
        and audit_log.action in ('password_reset_completed', 'invitation_accepted')
        and audit_log.entity_id = cast(users.id as varchar(20))
        and audit_log.actor_email = users.email
    )
    where email_verified_at is null and erased_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'email_verified_at')) {
    await knex.raw('alter table users drop column email_verified_at');
  }
}
