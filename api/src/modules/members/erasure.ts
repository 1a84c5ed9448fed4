/**
 * Erasing a member (members' data rights, issue 22): the member closing their own account, or staff
 * with members:delete. One transaction, so that either all of it happens or none:
 *  - the notice goes to the old address first, through the durable queue (mailer.enqueue in this
 *    transaction; its recipient is blanked once it is delivered, mailer.ts markSent);
 *  - the account row stays as an anonymous stand-in, so that the registrations pointing at it keep
 *    the participant counts right: no name, e-mail, password, two-factor or last sign-in, deactivated,
 *    its token version raised, `erased_at` set (staff lists leave it out);
 *  - its sessions, reset and invitation links, recovery codes, two-factor failures and idempotency
 *    answers go, and so do the failed sign-ins and the other queued mails of the address;
 *  - contact messages sent from the address are deleted when the member has proved the address
 *    (email_verified_at): they are the member's personal data too, and GDPR erasure keeps nothing of
 *    them (staff have read them; a reply already went by mail). Sign-up takes any address, so for an
 *    unproved one they may be someone else's: they stay, and so do the contact notifications about them;
 *  - the audit trail keeps "member #id erased" without personal data, and older entries lose the
 *    address and name they held (actor e-mail, `changes` values), the rest of each entry stays.
 */
import { randomBytes } from 'node:crypto';
import { AUDIT_AUTH_MODULE } from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import type { AuditLogRow } from '../../db/tables.js';
import type { AppDeps } from '../../deps.js';
import { accountClosedMail } from '../../mail/templates.js';
import { AUDIT_TABLE, recordAudit, type AuditActor } from '../audit/record.js';
import { revokedDevices } from '../users/repository.js';
import type { MemberAccountRow } from './presenter.js';

/** What stands in for the name of an erased member (the registrations lists show it). */
export const ERASED_NAME = 'Erased member';
/** Replaces an erased member's name or address inside older audit entries. */
export const ERASED_VALUE = '[erased]';
/**
 * The unique e-mail column needs a value: one no mail can reach (.invalid, RFC 2606), which no sign-up,
 * import or staff edit accepts (the e-mail schema refuses the .invalid domain), and random, so it
 * cannot be guessed and taken in advance either: with the account id it was, a stranger who
 * registered `erased-3@erased.invalid` stopped member 3 closing the account (issue 52 item 4).
 */
export const erasedEmail = () => `erased-${randomBytes(16).toString('hex')}@erased.invalid`;

/** Who erases: the member themselves (module auth, no actor e-mail kept) or a staff member (module members). */
export type Eraser = { self: true } | { self: false };

/** `text` as a LIKE pattern that matches it anywhere, its % and _ taken literally (escape character \). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Every string inside `value` that holds one of `needles` (any case) becomes ERASED_VALUE. */
function scrubbed(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return needles.some((needle) => lower.includes(needle)) ? ERASED_VALUE : value;
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, needles));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(item, needles)]));
  }
  return value;
}

/**
 * Older entries: those the member made or that are about their account (the name is looked for only
 * there, a short name could be anyone's elsewhere), and any entry whose details hold the address.
 */
async function scrubAudit(trx: Db, member: MemberAccountRow): Promise<void> {
  const email = member.email.toLowerCase();
  const id = String(member.id);
  const rows: Pick<AuditLogRow, 'id' | 'actor_id' | 'actor_email' | 'entity_id' | 'changes'>[] = await trx(AUDIT_TABLE)
    .where('actor_id', member.id)
    .orWhere('actor_email', email)
    .orWhere((about) => {
      void about.where('entity_id', id).whereIn('module', [AUDIT_AUTH_MODULE, 'members', 'admins']);
    })
    .orWhereRaw(`lower(changes) like ? escape '\\'`, [containing(email)])
    .select('id', 'actor_id', 'actor_email', 'entity_id', 'changes');
  for (const row of rows) {
    const aboutMember = row.actor_id === member.id || row.entity_id === id;
    const needles = aboutMember && member.name.trim() ? [email, member.name.trim().toLowerCase()] : [email];
    const changes = row.changes === null ? null : JSON.stringify(scrubbed(JSON.parse(row.changes), needles));
    const actorEmail = row.actor_email?.toLowerCase() === email || row.actor_id === member.id ? null : row.actor_email;
    if (changes !== row.changes || actorEmail !== row.actor_email) {
      await trx(AUDIT_TABLE).where({ id: row.id }).update({ changes, actor_email: actorEmail });
    }
  }
}

/** The rows of other tables that belong to the account or hold its address. */
async function deletePersonalRows(trx: Db, member: MemberAccountRow): Promise<void> {
  const { id, email } = member;
  for (const table of [
    'sessions',
    'auth_tokens',
    'recovery_codes',
    'two_factor_failures',
    'two_factor_locks',
    'member_specialties',
    'member_photos',
    'member_profiles',
    // Tags (issue 57): which groups staff put the member in is about them.
    'member_tags',
    'renewal_reminders',
    // Their places in waitlists (a place held for them goes to the next at the schedule's next look).
    'activity_waitlist',
    // Certificates name the member: erased, they stop verifying (the registrations stay anonymous).
    'activity_certificates',
  ] as const) {
    await trx(table).where({ user_id: id }).delete();
  }
  // Answers kept for Idempotency-Key repeats: the account's own, and public ones that hold the address (its sign-up).
  await trx('idempotency_keys')
    .where({ user_id: id })
    .orWhereRaw(`lower(body) like ? escape '\\'`, [containing(email)])
    .delete();
  await trx('login_failures').where({ email }).delete();
  // Mails to the address (resets, notices); with a proved address also those about it (contact
  // notifications reply to it) and its contact messages, which are then the member's own.
  const mails = trx('mail_queue').where({ recipient: email });
  if (member.email_verified_at !== null) {
    await trx('contact_messages').where({ email }).delete();
    void mails.orWhere({ reply_to: email }).orWhereRaw(`lower(text) like ? escape '\\'`, [containing(email)]);
  }
  await mails.delete();
}

/**
 * Erases `member` (a row read and locked in `trx` by the caller) and records it. The caller has
 * checked the password or the staff member's permission and If-Match.
 */
export async function eraseMember(
  deps: AppDeps,
  trx: Knex.Transaction,
  member: MemberAccountRow,
  by: Eraser,
): Promise<void> {
  const now = deps.clock.now();
  await deletePersonalRows(trx, member);
  await scrubAudit(trx, member);
  await trx('users')
    .where({ id: member.id })
    .update({
      name: ERASED_NAME,
      email: erasedEmail(),
      password_hash: null,
      is_active: false,
      token_version: trx.raw('token_version + 1'),
      ...revokedDevices(trx),
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      last_login_at: null,
      renewal_date: null,
      erased_at: now,
      updated_at: now,
      revision: trx.raw('revision + 1'),
    });
  // The member's own closing names no one: the actor is the account id alone.
  const actor: AuditActor | undefined = by.self ? { id: member.id, email: null } : undefined;
  await recordAudit(trx, {
    action: 'account_erased',
    module: by.self ? AUDIT_AUTH_MODULE : 'members',
    entityId: member.id,
    // Who asked for it, and nothing about the person.
    changes: { erasedBy: by.self ? 'member' : 'staff' },
    ...(actor && { actor }),
  });
  await deps.mailer.enqueue(trx, accountClosedMail(member.email, by.self));
}
