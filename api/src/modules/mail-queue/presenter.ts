/**
 * What leaves the server of a queued mail: the fields listed here and no other. The list carries the
 * subject; one mail's detail its plain-text body with the token of every link hidden (invitations,
 * resets and welcomes carry sign-in tokens, announcements unsubscribe ones). The HTML body, the
 * Message-ID and the worker's claim stay in the table.
 */
import type { MailKind, MailQueueItem, MailQueueMail } from '@npo/shared';
import { toIso, toIsoOrNull } from '../../db/rows.js';
import type { MailQueueRow } from '../../db/tables.js';

/** The columns the screen reads: the repository selects these only, so a body is never even read. */
export const SHOWN_COLUMNS = [
  'id',
  'revision',
  'recipient',
  'subject',
  'kind',
  'state',
  'attempts',
  'last_error',
  'created_at',
  'next_attempt_at',
  'sent_at',
] as const satisfies readonly (keyof MailQueueRow)[];

export type ShownMailRow = Pick<MailQueueRow, (typeof SHOWN_COLUMNS)[number]>;

export function presentMail(row: ShownMailRow): MailQueueItem {
  return {
    id: Number(row.id),
    revision: Number(row.revision),
    recipient: row.recipient,
    subject: row.subject,
    kind: row.kind as MailKind,
    state: row.state,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: toIso(row.created_at),
    nextAttemptAt: toIso(row.next_attempt_at),
    sentAt: toIsoOrNull(row.sent_at),
  };
}

/** A link's `token=` value: what signs in (reset, invitation, welcome) or unsubscribes as the recipient. */
const LINK_TOKEN = /([?&]token=)[^\s&"'<>]+/gi;

/** The body as staff may read it: every link token replaced, so the screen cannot act as the recipient. */
export function withoutTokens(text: string): string {
  return text.replace(LINK_TOKEN, '$1(hidden)');
}

export function presentMailWithText(row: ShownMailRow & Pick<MailQueueRow, 'text'>): MailQueueMail {
  // Blank once sent (mailer.ts markSent): nothing is kept to show.
  return { ...presentMail(row), text: row.text ? withoutTokens(row.text) : null };
}
