/** A mail the queue has given up on, written straight into `mail_queue`, for the suites that act on one. */
import { randomUUID } from 'node:crypto';
import type { MailKind } from '@npo/shared';
import type { Db } from '../db/connection.js';

export async function insertFailedMail(
  db: Db,
  now: Date,
  options: { recipient?: string; kind?: MailKind; text?: string } = {},
): Promise<number> {
  const [row] = await db('mail_queue')
    .insert({
      kind: options.kind ?? 'password_reset',
      recipient: options.recipient ?? `failed-${randomUUID()}@example.org`,
      subject: 'Reset your password',
      text: options.text ?? 'http://site.test/reset-password?token=fixture-token',
      html: null,
      reply_to: null,
      message_id: `<${randomUUID()}@example.org>`,
      state: 'failed',
      attempts: 1,
      next_attempt_at: now,
      last_error: '550 5.1.1 Mailbox unavailable',
      created_at: now,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}
