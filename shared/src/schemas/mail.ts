/**
 * The mail queue's filters (issue 25 item 2): one state, one kind, part of the recipient's address
 * (issue 55 item 10), or any of them together.
 */
import { z } from 'zod';
import { MAIL_KINDS, MAIL_STATES } from '../mail.js';
import { plainString } from './fields.js';
import { paginationQuery, sortFields } from './query.js';

/** The columns the mail screen sorts by; without `sort`, newest first. */
export const MAIL_SORTS = ['recipient', 'kind', 'state', 'attempts', 'createdAt'] as const;

export const mailQueueFilter = z.object({
  state: z.enum(MAIL_STATES, { error: 'State must be queued, sending, sent or failed.' }).optional(),
  kind: z.enum(MAIL_KINDS, { error: 'Kind is not one of the kinds of mail the site sends.' }).optional(),
  /** Part of the recipient's address, in any case. */
  recipient: plainString('Recipient').trim().max(254, 'Recipient cannot exceed 254 characters').optional(),
});

export function mailQueueQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend(mailQueueFilter.shape).extend(sortFields(MAIL_SORTS));
}

export type MailQueueSort = z.infer<ReturnType<typeof mailQueueQuery>>['sort'];

export type MailQueueFilter = z.infer<typeof mailQueueFilter>;
