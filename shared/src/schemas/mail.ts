/** The mail queue's filters (issue 25 item 2): one state, one kind, or both. */
import { z } from 'zod';
import { MAIL_KINDS, MAIL_STATES } from '../mail.js';
import { paginationQuery } from './query.js';

export const mailQueueFilter = z.object({
  state: z.enum(MAIL_STATES, { error: 'State must be queued, sending, sent or failed.' }).optional(),
  kind: z.enum(MAIL_KINDS, { error: 'Kind is not one of the kinds of mail the site sends.' }).optional(),
});

export function mailQueueQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend(mailQueueFilter.shape);
}

export type MailQueueFilter = z.infer<typeof mailQueueFilter>;
