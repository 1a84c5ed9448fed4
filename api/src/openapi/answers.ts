/**
 * What each operation answers when it succeeds, keyed by "method path" as the document writes them.
 * The router knows methods, paths and inputs but not what the handlers send, so this one table says
 * it; openapi.test.ts fails while an operation is left out of it.
 */
import { AUDIT_EXPORT_MAX_ROWS } from '@npo/shared';
import type { EntityName } from './entities.js';

type JsonSchema = Record<string, unknown>;

export interface SuccessAnswer {
  status: 200 | 201;
  description: string;
  /** The `data` of the success envelope; `raw`: the body itself, not an envelope. */
  data: JsonSchema;
  raw?: boolean;
  /** Another media type than JSON (a CSV download): `data` describes the body itself. */
  mediaType?: string;
  /** An admin item: the ETag header carries its revision. */
  etag?: boolean;
}

export const ref = (name: EntityName | 'ErrorEnvelope') => ({ $ref: `#/components/schemas/${name}` });

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

/** DESIGN's list: `data: { <collection>: [...], pagination }`. */
const page = (collection: string, item: EntityName, extra: Record<string, JsonSchema> = {}) =>
  object({ [collection]: { type: 'array', items: ref(item) }, pagination: ref('Pagination'), ...extra });

const messageOnly = object({ message: { type: 'string' } });
const endedCount = object({ ended: { type: 'integer', minimum: 0 } });

const ok = (data: JsonSchema, description = 'Success envelope'): SuccessAnswer => ({ status: 200, description, data });
const created = (data: JsonSchema, description = 'Created'): SuccessAnswer => ({ status: 201, description, data });
const calendarFile = (description: string): SuccessAnswer => ({
  status: 200,
  description,
  data: { type: 'string' },
  mediaType: 'text/calendar',
});

/** Admin resources: a collection path, the name of its list in `data`, and the item it holds. */
const ADMIN_RESOURCES: [path: string, collection: string, item: EntityName][] = [
  ['/api/admin/membership-cards', 'cards', 'MembershipCard'],
  ['/api/admin/about-us', 'aboutUsVersions', 'AboutUsVersion'],
  ['/api/admin/activities', 'activities', 'Activity'],
  ['/api/admin/testimonials', 'testimonials', 'Testimonial'],
  ['/api/admin/contact-info', 'contactInfoVersions', 'ContactInfoVersion'],
  ['/api/admin/faqs', 'faqs', 'Faq'],
  ['/api/admin/privacy-policy', 'privacyPolicies', 'PolicyVersion'],
  ['/api/admin/terms-of-service', 'termsOfService', 'PolicyVersion'],
  ['/api/admin/users', 'users', 'User'],
  ['/api/admin/contact-messages', 'messages', 'ContactMessage'],
];

/** Answers that follow no resource pattern. */
const SPECIAL: Record<string, SuccessAnswer> = {
  'get /api/health/ready': {
    status: 200,
    description: 'Ready for traffic: the database answers and every migration of this version has run',
    data: { type: 'object', required: ['status'], properties: { status: { const: 'ready' } } },
    raw: true,
  },
  'get /api/health': {
    status: 200,
    description: 'Reads work: status ok, or degraded (with why) while writes fail',
    data: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { enum: ['ok', 'degraded'] },
        reads: { const: 'ok' },
        writes: { const: 'failing' },
        reason: { type: 'string' },
      },
    },
    raw: true,
  },
  'get /api/openapi.json': { status: 200, description: 'This document', data: { type: 'object' }, raw: true },
  'post /api/auth/register': created(object({ user: ref('User'), id: { type: 'integer' } }), 'Account created'),
  'post /api/auth/login': ok(
    { oneOf: [ref('LoginResult'), ref('TwoFactorChallenge')] },
    'Logged in (the user and a bearer token), or, for staff with two-factor, a challenge for the second step',
  ),
  'post /api/auth/login/two-factor': ok(ref('LoginResult'), 'The code held: signed in, the user and a bearer token'),
  'get /api/account/two-factor': ok(ref('TwoFactorStatus'), "The caller's two-factor status"),
  'post /api/account/two-factor/setup': ok(
    ref('TwoFactorSetup'),
    'A new secret with its QR code; two-factor is on only once a code confirms it',
  ),
  'post /api/account/two-factor/confirm': ok(
    ref('RecoveryCodes'),
    "Two-factor is on: ten recovery codes, shown once; the account's other sessions are ended",
  ),
  'post /api/account/two-factor/disable': ok(
    { type: 'null' },
    "Two-factor is off; the account's other sessions are ended",
  ),
  'post /api/account/two-factor/recovery-codes': ok(
    ref('RecoveryCodes'),
    'Ten new recovery codes; the old ones stop working',
  ),
  'get /api/admin/settings/security': ok(ref('SecuritySettings')),
  'put /api/admin/settings/security': ok(
    ref('SecuritySettings'),
    'Saved: staff without two-factor set it up at their next sign-in',
  ),
  'get /api/auth/me': ok(object({ user: ref('User') })),
  'post /api/auth/logout': ok({ type: 'null' }, 'Signed out: the session is ended and its token refused from now on'),
  'get /api/account/sessions': ok(
    { type: 'array', items: ref('AccountSession') },
    "The caller's live sessions, the most recently seen first",
  ),
  'delete /api/account/sessions/{id}': ok({ type: 'null' }, 'Ended: its token is refused from now on'),
  'post /api/account/sessions/end-others': ok(endedCount, 'Every session but this one ended'),
  'post /api/account/password': ok(
    { type: 'null' },
    'Changed: the other sessions are ended, this one stays, and a notice is mailed to the account',
  ),
  'post /api/admin/users/{id}/two-factor/reset': ok(
    { type: 'null' },
    "Another staff member's two-factor turned off (recovery codes gone) and every session of the account ended",
  ),
  'post /api/admin/users/{id}/end-sessions': ok(
    endedCount,
    "Every session of the account ended (the caller's own kept)",
  ),
  'post /api/admin/users/{id}/resend-invitation': {
    ...ok(ref('User'), 'A new invitation link (7 days) is queued for mailing; the links sent before stop working'),
    etag: true,
  },
  'post /api/auth/forgot-password': ok(messageOnly, 'The same answer whether the e-mail is known or not'),
  'get /api/auth/reset-password/{token}': ok(ref('ResetTokenCheck')),
  'post /api/auth/reset-password/{token}': ok(messageOnly, 'Password changed'),
  'get /api/membership-cards': ok(page('cards', 'MembershipCard')),
  'get /api/activities': ok(page('activities', 'Activity')),
  'get /api/activities/{id}': ok(ref('Activity')),
  'get /api/activities/calendar.ics': calendarFile(
    'iCalendar feed of the upcoming activities, to subscribe to (Content-Disposition inline)',
  ),
  'get /api/activities/{id}/calendar.ics': calendarFile(
    'iCalendar file of the activity, for "Add to calendar" (Content-Disposition attachment)',
  ),
  'post /api/activities/{id}/register': created(ref('Activity'), 'Registered: the activity with its new count'),
  'delete /api/activities/{id}/register': ok(ref('Activity'), 'Cancelled: the activity with its new count'),
  'get /api/activities/{id}/registration': ok(
    object({ registered: { type: 'boolean' } }),
    "Whether the signed-in account is registered (never cached: it is one person's)",
  ),
  'get /api/testimonials': ok(page('testimonials', 'Testimonial')),
  'get /api/faqs': ok(page('faqs', 'Faq')),
  'get /api/about-us': ok(ref('AboutUsVersion'), 'The active version'),
  'get /api/contact-info': ok(ref('ContactInfoVersion'), 'The active version'),
  'get /api/privacy-policy': ok(ref('PolicyVersion'), 'The active version'),
  'get /api/terms-of-service': ok(ref('PolicyVersion'), 'The active version'),
  'post /api/contact-messages': created(object({ id: { type: 'integer' } }), 'Message kept and staff notified'),
  'get /api/admin/dashboard': ok(ref('Dashboard')),
  'get /api/admin/default-content': ok(
    ref('DefaultContentStatus'),
    "The public sections visitors currently see SPEC's built-in content in",
  ),
  'get /api/admin/users/stats': ok(ref('UserStats')),
  'get /api/admin/contact-messages': ok(page('messages', 'ContactMessage', { unread: { type: 'integer' } })),
  'post /api/admin/contact-messages/bulk': ok(
    object({ changed: { type: 'integer', minimum: 0 } }),
    'How many messages the action changed or deleted (0 when every one was so already)',
  ),
  'get /api/admin/contact-messages/{id}/replies': ok(
    { type: 'array', items: ref('ContactMessageReply') },
    "The message's replies from the console, oldest first",
  ),
  'post /api/admin/contact-messages/{id}/replies': created(
    ref('ContactMessageReply'),
    'Reply kept and its mail queued; the message becomes replied once the mail is sent',
  ),
  'get /api/admin/contact-messages/export.csv': {
    status: 200,
    description: 'The messages of the filter as CSV (UTF-8 with BOM): received at, name, e-mail, phone, message, state',
    data: { type: 'string' },
    mediaType: 'text/csv',
  },
  'get /api/admin/activities/{id}/registrations': ok(page('registrations', 'ActivityRegistration')),
  'get /api/admin/activities/{id}/registrations.csv': {
    status: 200,
    description: 'Every registration (RFC 4180, UTF-8 with BOM): Name, E-mail, Registered at',
    data: { type: 'string' },
    mediaType: 'text/csv',
  },
  'post /api/admin/activities/{id}/registrations/{userId}/remove': ok(
    ref('Activity'),
    'Removed: the activity with its new count',
  ),
  'get /api/admin/members': ok(page('members', 'Member'), 'Members of the filter, in the order asked for'),
  'get /api/admin/members/export.csv': {
    status: 200,
    description:
      'Every member of the filter, in its order (RFC 4180, UTF-8 with BOM): Name, E-mail, Status, Joined at, Last sign-in',
    data: { type: 'string' },
    mediaType: 'text/csv',
  },
  'get /api/admin/members/{id}': { ...ok(ref('MemberDetail'), 'The member'), etag: true },
  'patch /api/admin/members/{id}/deactivate': {
    ...ok(ref('Member'), 'Deactivated (unchanged when already so): every session of the member is ended'),
    etag: true,
  },
  'patch /api/admin/members/{id}/reactivate': {
    ...ok(ref('Member'), 'Reactivated (unchanged when already active): the member can sign in again'),
    etag: true,
  },
  'delete /api/admin/members/{id}': ok(
    { type: 'null' },
    'Erased: name, e-mail, password, sessions gone (and the contact messages sent from the address once it was proved), registrations kept anonymous; a notice is mailed to the old address',
  ),
  'get /api/account/data': {
    status: 200,
    description:
      'Everything kept about the signed-in account, as a JSON file (Content-Disposition attachment, not cached): profile, registrations, contact messages sent from its e-mail',
    data: object({
      exportedAt: { type: 'string', format: 'date-time' },
      profile: { type: 'object' },
      registrations: { type: 'array', items: { type: 'object' } },
      contactMessages: { type: 'array', items: { type: 'object' } },
    }),
    raw: true,
  },
  'post /api/account/close': ok(
    { type: 'null' },
    "The password held: the member's personal data is erased, every session ended, and a notice mailed to the old address",
  ),
  'post /api/admin/members/import/dry-run': ok(
    ref('MemberImportPreview'),
    'What importing the file would do, row by row: nothing is written',
  ),
  'post /api/admin/members/import': ok(
    ref('MemberImportResult'),
    'Imported in one transaction: the new rows became members (no password until they choose one), the others were skipped',
  ),
  'put /api/admin/faqs/reorder': ok(page('faqs', 'Faq'), 'Every FAQ in its new order'),
  'put /api/admin/membership-cards/reorder': ok(page('cards', 'MembershipCard'), 'Every card in its new order'),
  'get /api/admin/mail': ok(
    page('mails', 'MailQueueItem'),
    'Mails of the filter, in the asked order (newest first without `sort`)',
  ),
  'post /api/admin/mail/{id}/retry': {
    ...ok(ref('MailQueueItem'), 'Queued again, due now: the worker sends it next'),
    etag: true,
  },
  'delete /api/admin/mail/{id}': ok({ type: 'null' }, 'Discarded: the mail is deleted unsent'),
  'get /api/admin/announcements': ok(
    page('announcements', 'Announcement'),
    'Announcements, newest first, with their mail counts',
  ),
  'post /api/admin/announcements': { ...created(ref('Announcement'), 'Draft saved'), etag: true },
  'post /api/admin/announcements/preview': ok(
    ref('AnnouncementPreview'),
    "The mail exactly as it is sent (to the caller's address and unsubscribe link): nothing is written",
  ),
  'get /api/admin/announcements/{id}': { ...ok(ref('Announcement'), 'The announcement'), etag: true },
  'put /api/admin/announcements/{id}': { ...ok(ref('Announcement'), 'Saved'), etag: true },
  'delete /api/admin/announcements/{id}': ok({ type: 'null' }, 'Deleted (it was not sent)'),
  'get /api/admin/announcements/{id}/audience': ok(
    ref('AnnouncementReach'),
    'How many accounts a send now would mail (active, receiving announcements, in its audience)',
  ),
  'post /api/admin/announcements/{id}/test': ok(messageOnly, 'One test mail queued to the caller'),
  'patch /api/admin/announcements/{id}/send': {
    ...ok(
      ref('Announcement'),
      'Sent (one mail per recipient queued, in the transaction that marks it sent) or scheduled',
    ),
    etag: true,
  },
  'patch /api/admin/announcements/{id}/unschedule': {
    ...ok(ref('Announcement'), 'Back to a draft'),
    etag: true,
  },
  'get /api/admin/announcements/{id}/recipients': ok(
    page('recipients', 'AnnouncementRecipient'),
    "Its recipients' mails in the order they were queued",
  ),
  'post /api/admin/announcements/{id}/recipients/{mailId}/retry': ok(
    ref('AnnouncementRecipient'),
    'Queued again, due now',
  ),
  'get /api/account/preferences': ok(ref('AnnouncementPreference'), "The caller's choice"),
  'put /api/account/preferences': ok(ref('AnnouncementPreference'), 'Saved'),
  'post /api/unsubscribe': ok(
    messageOnly,
    'Unsubscribed from announcements (already so: the same answer); no session needed',
  ),
  'get /api/admin/audit': ok(page('entries', 'AuditLogEntry'), 'Audit entries of the filter, newest first'),
  'get /api/admin/audit/{id}': ok(ref('AuditLogEntry'), 'One audit entry'),
  'get /api/admin/audit/export.csv': {
    status: 200,
    description: `Audit entries of the filter, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} (RFC 4180, UTF-8 with BOM)`,
    data: { type: 'string' },
    mediaType: 'text/csv',
  },
};

/** The CRUD pattern: list, create (201), read, change (PUT or PATCH on the item or a sub-path), delete. */
function resourceAnswer(method: string, path: string): SuccessAnswer | undefined {
  for (const [base, collection, item] of ADMIN_RESOURCES) {
    if (path === base && method === 'get') return ok(page(collection, item));
    if (path === base && method === 'post') return { ...created(ref(item)), etag: true };
    if (!path.startsWith(`${base}/{id}`)) continue;
    if (method === 'delete' && path === `${base}/{id}`) return ok({ type: 'null' }, 'Deleted');
    if (method !== 'delete') return { ...ok(ref(item), 'The item'), etag: true };
  }
  return undefined;
}

/** What a route left out of this table gets: the document still builds, and openapi.test.ts names the gap. */
export const UNDESCRIBED = 'Not described yet: add this operation to api/src/openapi/answers.ts';

export function successAnswer(method: string, path: string): SuccessAnswer {
  return SPECIAL[`${method} ${path}`] ?? resourceAnswer(method, path) ?? ok({}, UNDESCRIBED);
}

/** Creates where a unique key or a business rule can refuse the write (If-Match routes get 409 anyway). */
export const CONFLICTING = new Set([
  'post /api/auth/register',
  'post /api/activities/{id}/register',
  // Cancelling is refused once the activity is past.
  'delete /api/activities/{id}/register',
  'post /api/admin/users',
  // Two-factor already on (setup, confirm), not on, or required for all staff (disable).
  'post /api/account/two-factor/setup',
  'post /api/account/two-factor/confirm',
  'post /api/account/two-factor/disable',
  'post /api/account/two-factor/recovery-codes',
  // Only a failed mail is retried.
  'post /api/admin/mail/{id}/retry',
  'post /api/admin/announcements/{id}/recipients/{mailId}/retry',
  // A super admin's reset of an account whose two-factor is not on.
  'post /api/admin/users/{id}/two-factor/reset',
  // An account that has already chosen its password, or is deactivated.
  'post /api/admin/users/{id}/resend-invitation',
  // Versioned content numbers a new version max+1: two creates at once meet on the unique version.
  'post /api/admin/about-us',
  'post /api/admin/contact-info',
  'post /api/admin/privacy-policy',
  'post /api/admin/terms-of-service',
]);

/** Throttled: per account or address in the services, per IP in front of them, and when the hashing pool is busy. */
export const THROTTLED = new Set([
  'post /api/auth/register',
  'post /api/auth/login',
  'post /api/auth/login/two-factor',
  // Code checks share the sign-in lockout.
  'post /api/account/two-factor/confirm',
  'post /api/account/two-factor/disable',
  'post /api/account/two-factor/recovery-codes',
  'post /api/auth/forgot-password',
  'post /api/auth/reset-password/{token}',
  'post /api/contact-messages',
  'post /api/account/password',
  'post /api/account/close',
  // One CSV export per user at a time (lib/csv.ts).
  'get /api/admin/contact-messages/export.csv',
  'get /api/admin/activities/{id}/registrations.csv',
  'get /api/admin/audit/export.csv',
  'get /api/admin/members/export.csv',
]);

/** Past the site-wide rate a message needs a solved proof of work (Proof-Of-Work header, else 428). */
export const ASKS_PROOF_OF_WORK = new Set(['post /api/contact-messages']);

/** Refused credentials: wrong e-mail or password, or a deactivated account (the same answer for each). */
export const CHECKS_CREDENTIALS = new Set(['post /api/auth/login', 'post /api/auth/login/two-factor']);

/** Routes for members only: a staff account is refused with 403 (a super admin closes staff accounts). */
export const MEMBERS_ONLY = new Set(['post /api/account/close']);

/** The public single objects: 404 until a version is active. */
export const MAY_BE_MISSING = new Set([
  'get /api/about-us',
  'get /api/contact-info',
  'get /api/privacy-policy',
  'get /api/terms-of-service',
]);
