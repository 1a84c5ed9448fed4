/**
 * Announcements by e-mail (issue 22 item 2): the draft staff compose, its audience, the preview, the
 * send or schedule, the progress of its mails, and a member's choice to receive them or not.
 */
import { z } from 'zod';
import { MAIL_STATES } from './mail.js';
import { MAX_ID } from './constants.js';
import { clientId, plainString } from './schemas/fields.js';
import { paginationQuery } from './schemas/query.js';
import { SEGMENT_MESSAGES, segmentSchema } from './segments.js';

/** Every active member who receives announcements; the registrants of one activity; staff only. */
export const ANNOUNCEMENT_AUDIENCES = ['members', 'activity', 'staff'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  members: 'All active members',
  activity: 'Registrants of an activity',
  staff: 'Staff only',
};

/** draft: editable; scheduled: sent by the server at `scheduledAt`; sent: its mails are queued, and it is immutable. */
export const ANNOUNCEMENT_STATES = ['draft', 'scheduled', 'sent'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const ANNOUNCEMENT_SUBJECT_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 50_000;
export const ANNOUNCEMENT_PAGE_SIZE = 20;
export const ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE = 50;

const subject = plainString('Subject', 'Subject is required')
  .trim()
  .min(1, 'Subject is required')
  .max(ANNOUNCEMENT_SUBJECT_MAX, `Subject must be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters`)
  .refine((value) => !/[\r\n]/.test(value), 'Subject must be one line');
const body = plainString('Message', 'Message is required')
  .trim()
  .min(1, 'Message is required')
  .max(ANNOUNCEMENT_BODY_MAX, `Message must be at most ${ANNOUNCEMENT_BODY_MAX} characters`);

export const announcementPreviewSchema = z.object({ subject, body });

/**
 * Who receives it: the audience, its activity, and for "members" an optional segment (null: every
 * member). The same fields make the body of the reach count (POST /api/admin/announcements/reach).
 */
const audienceFields = {
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Choose who receives it' }),
  activityId: z
    .int({ error: 'Choose an activity' })
    .positive('Choose an activity')
    .max(MAX_ID, 'Choose an activity')
    .nullable()
    .default(null),
  segment: segmentSchema.nullable().default(null),
};

function audienceRules(
  value: { audience: AnnouncementAudience; activityId: number | null; segment: unknown },
  ctx: z.RefinementCtx,
): void {
  if (value.audience === 'activity' && value.activityId === null) {
    ctx.addIssue({ code: 'custom', path: ['activityId'], message: 'Choose an activity' });
  }
  if (value.audience !== 'members' && value.segment !== null) {
    ctx.addIssue({ code: 'custom', path: ['segment'], message: SEGMENT_MESSAGES.audience });
  }
}

export const announcementSchema = z.object({ clientId, subject, body, ...audienceFields }).superRefine(audienceRules);

/** The body of the reach count: the audience a draft would have, before it is saved. */
export const announcementReachSchema = z.object(audienceFields).superRefine(audienceRules);
export type AnnouncementReachInput = z.input<typeof announcementReachSchema>;
export type AnnouncementAudienceValues = z.output<typeof announcementReachSchema>;
export type AnnouncementInput = z.input<typeof announcementSchema>;
export type AnnouncementBody = z.output<typeof announcementSchema>;

/** Send now (`scheduledAt: null`, said explicitly) or at a later time (ISO 8601 with an offset; stored UTC). */
export const announcementSendSchema = z.object({
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'Give the date and time as ISO 8601, e.g. 2026-07-01T09:00:00Z' })
    .nullable(),
});
export type AnnouncementSendInput = z.input<typeof announcementSendSchema>;

export const announcementRecipientsQuery = paginationQuery(ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE).extend({
  state: z.enum(MAIL_STATES, { error: 'Unknown state' }).optional(),
});

export const announcementPreferenceSchema = z.object({
  receiveAnnouncements: z.boolean({ error: 'receiveAnnouncements must be true or false' }),
});
export type AnnouncementPreference = z.output<typeof announcementPreferenceSchema>;

/**
 * How a signed unsubscribe token looks (`<account id>.<HMAC-SHA256, base64url>`): the API checks the
 * signature; the site's page refuses anything else at once rather than offering a button that fails.
 */
export const UNSUBSCRIBE_TOKEN_SHAPE = /^(\d{1,10})\.([\w-]{43})$/;

/** The signed link of List-Unsubscribe, as the mail carries it. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

export const UNSUBSCRIBED = 'You will no longer receive announcements by e-mail.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';
