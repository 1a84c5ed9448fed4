/** What leaves the server of an announcement and of its recipients' mails (never a mail's body). */
import type { Announcement, AnnouncementCounts, AnnouncementRecipient } from '@npo/shared';
import { toIso, toIsoOrNull } from '../../db/rows.js';
import type { AnnouncementRow, MailQueueRow } from '../../db/tables.js';
import { segmentOf } from '../segments/filter.js';

export const NO_MAILS: AnnouncementCounts = { queued: 0, sent: 0, failed: 0 };

export function presentAnnouncement(row: AnnouncementRow, counts: AnnouncementCounts = NO_MAILS): Announcement {
  return {
    id: Number(row.id),
    revision: Number(row.revision),
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    activityId: row.activity_id === null ? null : Number(row.activity_id),
    segment: segmentOf(row.segment),
    state: row.state,
    scheduledAt: toIsoOrNull(row.scheduled_at),
    sentAt: toIsoOrNull(row.sent_at),
    sentByEmail: row.sent_by_email,
    recipientCount: row.recipient_count === null ? null : Number(row.recipient_count),
    counts,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The columns a recipient's line reads: the repository selects these only. */
export const RECIPIENT_COLUMNS = [
  'id',
  'recipient',
  'state',
  'attempts',
  'last_error',
  'sent_at',
] as const satisfies readonly (keyof MailQueueRow)[];
export type RecipientRow = Pick<MailQueueRow, (typeof RECIPIENT_COLUMNS)[number]>;

export function presentRecipient(row: RecipientRow): AnnouncementRecipient {
  return {
    mailId: Number(row.id),
    recipient: row.recipient,
    state: row.state,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    sentAt: toIsoOrNull(row.sent_at),
  };
}
