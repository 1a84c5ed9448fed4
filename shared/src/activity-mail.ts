/**
 * Waitlists, reminders and staff's mail to an activity's attendees (issue 58): the audiences staff
 * write to, the mail's fields, and the token of a waitlist offer's accept link.
 */
import { z } from 'zod';
import { plainString } from './schemas/fields.js';

/**
 * Who a staff mail about an activity reaches: everyone registered, or those registered whom staff
 * have not marked attended (after the activity: "we missed you", the recording, the next date).
 */
export const ACTIVITY_MAIL_AUDIENCES = ['registered', 'not_attended'] as const;
export type ActivityMailAudience = (typeof ACTIVITY_MAIL_AUDIENCES)[number];

export const ACTIVITY_MAIL_AUDIENCE_LABELS: Record<ActivityMailAudience, string> = {
  registered: 'Everyone registered',
  not_attended: 'Registered but not attended',
};

export const ACTIVITY_MAIL_SUBJECT_MAX = 200;
export const ACTIVITY_MAIL_MESSAGE_MAX = 20_000;

const audience = z.enum(ACTIVITY_MAIL_AUDIENCES, { error: 'Choose who receives it' });

export const activityMailQuery = z.object({ audience: audience.default('registered') });

export const activityMailSchema = z.object({
  audience,
  subject: plainString('Subject', 'Subject is required')
    .trim()
    .min(1, 'Subject is required')
    .max(ACTIVITY_MAIL_SUBJECT_MAX, `Subject must be at most ${ACTIVITY_MAIL_SUBJECT_MAX} characters`)
    .refine((value) => !/[\r\n]/.test(value), 'Subject must be one line'),
  message: plainString('Message', 'Message is required')
    .trim()
    .min(1, 'Message is required')
    .max(ACTIVITY_MAIL_MESSAGE_MAX, `Message must be at most ${ACTIVITY_MAIL_MESSAGE_MAX} characters`),
});
export type ActivityMailInput = z.input<typeof activityMailSchema>;

/** The token of a waitlist offer's link (base64url of 32 random bytes). */
export const waitlistAcceptSchema = z.object({
  token: plainString('Token', 'The link is incomplete')
    .trim()
    .min(1, 'The link is incomplete')
    .max(200, 'The link is not valid'),
});

/** The site's page a waitlist offer's mail links to; the token follows as ?token=. */
export const WAITLIST_ACCEPT_PATH = '/activities/accept';
