/**
 * What leaves the server of a queued mail: the fields listed here and no other. Subjects and bodies
 * stay in the table (invitations and resets carry sign-in tokens), and so do the Message-ID and the
 * worker's claim.
 */
import type { MailKind, MailQueueItem } from '@npo/shared';
import { toIso, toIsoOrNull } from '../../db/rows.js';
import type { MailQueueRow } from '../../db/tables.js';

/** The columns the screen reads: the repository selects these only, so a body is never even read. */
export const SHOWN_COLUMNS = [
  'id',
  'revision',
  'recipient',
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
    kind: row.kind as MailKind,
    state: row.state,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: toIso(row.created_at),
    nextAttemptAt: toIso(row.next_attempt_at),
    sentAt: toIsoOrNull(row.sent_at),
  };
}
