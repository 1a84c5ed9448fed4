/**
 * The shapes that leave the API (its presenters) and that both UIs read, as zod schemas: the
 * TypeScript types are inferred from them, the OpenAPI document describes them, and the test app
 * checks every answer against them. Objects are strict: a field a presenter adds without declaring
 * it here fails the tests. Dates are ISO strings.
 *
 * `revision` counts the admin edits of a row (1 when created): it is the item's ETag, and an editor
 * sends it back as `If-Match` so that a change made meanwhile by someone else is refused with 409.
 *
 * Code that runs in the browser imports the types only (`import type`), so the schemas never reach
 * its bundles.
 */
import { z } from 'zod';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_STATES } from './announcements.js';
import { AUDIT_ACTIONS } from './audit.js';
import { ACTIVITY_STATUSES, CONTACT_MESSAGE_STATES } from './constants.js';
import { PUBLIC_SECTION_NAMES } from './content/public-sections.js';
import { MAIL_KINDS, MAIL_STATES } from './mail.js';
import { MEMBER_IMPORT_FIELDS, MEMBER_IMPORT_OUTCOMES } from './member-import.js';
import { MEMBERSHIP_STATUSES } from './membership.js';
import { DASHBOARD_PARTS, type DashboardPart } from './dashboard-parts.js';
import { ASSIGNABLE_MODULES, ROLES } from './permissions.js';
import { PRACTICE_SETTING_CODES, VERIFICATION_STATUSES } from './profiles/schema.js';

const id = z.int().positive();
const revision = z.int().positive().describe("The item's ETag without quotes: send it back as If-Match");
const dateTime = z.string().describe('ISO 8601 date-time, UTC');
const count = z.int().nonnegative();

export const paginationEntity = z.strictObject({
  page: z.int().positive(),
  limit: z.int().positive(),
  total: count,
  pages: z.int().positive(),
});

const modulePermissions = z.strictObject({ view: z.boolean(), edit: z.boolean(), delete: z.boolean() });
const permissions = z.strictObject(
  Object.fromEntries(ASSIGNABLE_MODULES.map((module) => [module, modulePermissions])) as Record<
    (typeof ASSIGNABLE_MODULES)[number],
    typeof modulePermissions
  >,
);

export const userEntity = z.strictObject({
  id,
  revision,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permissions,
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean().describe('Staff: sign-in asks for an authenticator code after the password'),
  invitationPending: z
    .boolean()
    .describe('Staff invited who have not chosen a password yet (POST /api/admin/users/{id}/resend-invitation)'),
  lastLogin: dateTime.nullable(),
  createdAt: dateTime,
});

export const userStatsEntity = z.strictObject({
  total: count,
  admins: count,
  superAdmins: count,
  members: count,
  active: count,
  inactive: count,
});

export const membershipCardEntity = z.strictObject({
  id,
  revision,
  type: z.string(),
  title: z.string(),
  subtitle: z.string(),
  points: z.array(z.strictObject({ value: z.string() })),
  isActive: z.boolean(),
  order: count.describe('Position in the public list, 0 first'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

const versioned = z.strictObject({
  id,
  revision,
  version: z.int().positive(),
  isActive: z.boolean(),
  scheduledAt: dateTime
    .nullable()
    .describe('When the server activates this inactive version (UTC); null: not scheduled'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const aboutUsVersionEntity = versioned.extend({
  description: z.string(),
  aims: z.string(),
  objectives: z.array(z.strictObject({ title: z.string(), description: z.string() })),
});

export const contactInfoVersionEntity = versioned.extend({
  email: z.string(),
  phone: z.string(),
  instagram: z.string(),
  socialLinks: z.strictObject({
    instagram: z.string(),
    facebook: z.string(),
    twitter: z.string(),
    linkedin: z.string(),
  }),
});

export const policyVersionEntity = versioned.extend({
  title: z.string(),
  content: z.string(),
  effectiveDate: dateTime.nullable(),
  lastUpdated: dateTime,
});

export const activityEntity = z.strictObject({
  id,
  revision,
  title: z.string(),
  description: z.string(),
  date: dateTime,
  location: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  tags: z.array(z.string()),
  capacity: z.int().positive().nullable(),
  participants: count,
  waitlisted: count.describe('People on the waitlist, an offer of a place held for them or not'),
  attended: count.describe('How many of the registered people staff marked attended'),
  cpdHours: z.number().nullable().describe('The CPD hours attending gives (at most one decimal); null: none'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const testimonialEntity = z.strictObject({
  id,
  revision,
  name: z.string(),
  role: z.string(),
  quote: z.string(),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const faqEntity = z.strictObject({
  id,
  revision,
  question: z.string(),
  answer: z.string(),
  category: z.string().nullable(),
  isActive: z.boolean(),
  order: z.int().nonnegative(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const contactMessageEntity = z.strictObject({
  id,
  revision,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  state: z.enum(CONTACT_MESSAGE_STATES),
  createdAt: dateTime,
});

/**
 * A reply staff sent from the console (issue 55 item 4): queued as a mail, `sending` until the queue
 * delivered it (then `sent`, and its message is replied) or gave up (`failed`).
 */
export const contactMessageReplyEntity = z.strictObject({
  id,
  messageId: id,
  body: z.string(),
  authorName: z.string().nullable().describe('The staff member who wrote it; null once their account is gone'),
  status: z.enum(['sending', 'sent', 'failed']),
  createdAt: dateTime,
  sentAt: dateTime.nullable(),
});

/** POST /api/admin/contact-messages/bulk: how many messages the action changed (0 on a repeat). */
export const contactMessagesBulkResultEntity = z.strictObject({
  changed: count.describe('How many messages the action changed or deleted (0 when every one was so already)'),
});

export const memberEntity = z.strictObject({
  id,
  revision,
  name: z.string(),
  email: z.string(),
  isActive: z.boolean().describe('False once deactivated: the member cannot sign in'),
  joinedAt: dateTime,
  lastLogin: dateTime.nullable().describe('The last successful sign-in; null when they never signed in'),
  renewalDate: z
    .string()
    .nullable()
    .describe('The day the membership renews (YYYY-MM-DD); null: an open-ended membership, never lapsed'),
  membershipStatus: z
    .enum(MEMBERSHIP_STATUSES)
    .describe(
      "Derived from renewalDate and today in the organisation's time zone: lapsed once it passed, expiring within the first reminder offset",
    ),
});

/** The signed-in member's own membership, as their account page shows it. */
export const membershipEntity = z.strictObject({
  status: z.enum(MEMBERSHIP_STATUSES),
  renewalDate: z.string().nullable().describe('YYYY-MM-DD; null: an open-ended membership'),
});

const memberRegistrationEntity = z.strictObject({
  activityId: id,
  title: z.string(),
  date: dateTime,
  location: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  registeredAt: dateTime,
  attendedAt: dateTime.nullable().describe('When staff marked them attended; null: not (yet) attended'),
  cpdHours: z.number().nullable().describe("The activity's CPD hours; null: none"),
});

/** A tag as a member carries it. */
export const memberTagEntity = z.strictObject({ id, name: z.string() });

/** A tag of the list staff keep (issue 57), with how many members carry it. */
export const tagEntity = z.strictObject({
  id,
  revision,
  name: z.string(),
  memberCount: count.describe('Members (not erased) who carry it'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A member with their tags: what a change of their tags answers. */
export const memberTagsEntity = memberEntity.extend({ tags: z.array(memberTagEntity).describe('Its tags, by name') });

export const memberDetailEntity = memberEntity.extend({
  tags: z.array(memberTagEntity).describe('Its tags, by name'),
  registrations: z.strictObject({
    upcoming: z.array(memberRegistrationEntity).describe('Soonest first'),
    past: z.array(memberRegistrationEntity).describe('Most recent first'),
  }),
  cpdHoursTotal: z.number().describe('The CPD hours of every activity they attended'),
  emailVerified: z
    .boolean()
    .describe(
      'Whether the member proved their e-mail address by completing a link mailed to it (a password reset or welcome link); sign-up does not',
    ),
  contactMessages: z
    .array(contactMessageEntity)
    .describe('The newest messages sent from their e-mail address; empty until emailVerified'),
  contactMessageCount: count.describe(
    'How many messages were sent from their e-mail address in all; 0 until emailVerified',
  ),
});

/** A certificate issued for a registration (issue 58): its code and the public page that checks it. */
const issuedCertificateEntity = z.strictObject({
  code: z.string().describe('16 characters of base32, 80 random bits'),
  url: z.string().describe('The public page that confirms it: /certificates/<code> on the site'),
});

/** One of the signed-in member's registrations, as /account/activities shows it. */
export const accountRegistrationEntity = z.strictObject({
  activityId: id,
  title: z.string(),
  date: dateTime,
  location: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  cpdHours: z.number().nullable().describe("The activity's CPD hours; null: none"),
  registeredAt: dateTime,
  attendedAt: dateTime.nullable().describe('When staff marked them attended; null: not (yet) attended'),
  checkInCode: z.string().nullable().describe('The short code to show at the door, which staff type to check in'),
  certificateAvailable: z
    .boolean()
    .describe('Attended an activity that gives CPD hours: a certificate can be downloaded'),
  certificate: issuedCertificateEntity.nullable().describe('Null until first downloaded (then always the same)'),
});

/** A year of the member's CPD record: the attended activities with hours, and their total. */
const cpdYearEntity = z.strictObject({
  year: z.int().describe("The activities' year, in the organisation's time zone"),
  hours: z.number().describe('Their total'),
  activities: z.array(z.strictObject({ activityId: id, title: z.string(), date: dateTime, hours: z.number() })),
});

export const accountActivitiesEntity = z.strictObject({
  upcoming: z.array(accountRegistrationEntity).describe('Soonest first'),
  past: z.array(accountRegistrationEntity).describe('Most recent first'),
  cpd: z.array(cpdYearEntity).describe('Newest year first'),
});

/** What the public check of a certificate tells: the certificate's own words, nothing else. */
export const certificateVerificationEntity = z.strictObject({
  name: z.string().describe("The member's name as on the certificate"),
  activity: z.string(),
  date: dateTime.describe("The activity's date (the organisation's wall clock, as activities store it)"),
  hours: z.number(),
});

/** One entry of the specialties list staff keep (a profile names its specialties by these). */
export const specialtyEntity = z.strictObject({ id, name: z.string() });

/** A specialty as staff keep it: with its revision and how many profiles name it. */
export const specialtyAdminEntity = z.strictObject({
  id,
  revision,
  name: z.string(),
  profiles: count.describe('Profiles that name it'),
  updatedAt: dateTime,
});

/** A profile's photo: where each size is served (content-addressed, cached for good), or null. */
export const profilePhotoEntity = z
  .strictObject({
    key: z
      .string()
      .describe('Names this photo by its content (a hash): a new photo has a new key, so its paths change'),
    small: z.string().describe('96 px square WebP: /api/photos/<key>/96'),
    medium: z.string().describe('256 px square WebP: /api/photos/<key>/256'),
    large: z.string().describe('512 px square WebP: /api/photos/<key>/512'),
  })
  .nullable()
  .describe('Null without a photo');

/**
 * A member's professional profile (issue 57). A member who never saved one has every field empty and
 * revision 1, so If-Match works from the first edit on (the first save makes it 2).
 */
export const memberProfileEntity = z.strictObject({
  revision,
  title: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2 code, or empty'),
  city: z.string(),
  languages: z.array(z.string()).describe('ISO 639-1 codes'),
  specialties: z.array(specialtyEntity).describe('From the list staff keep, by name'),
  practiceSetting: z.enum([...PRACTICE_SETTING_CODES, '']),
  registrationBody: z.string(),
  registrationNumber: z.string(),
  bio: z.string(),
  website: z.string().describe('An http(s) URL, or empty'),
  photo: profilePhotoEntity,
  updatedAt: dateTime.nullable().describe('Null until first saved'),
  listing: z
    .strictObject({
      listed: z.boolean().describe('The member chose to be listed in the directory (off by default)'),
      consentedAt: dateTime.nullable().describe('When they last agreed to the consent text'),
      withdrawnAt: dateTime.nullable().describe('When they last withdrew'),
    })
    .describe('The member’s choice to be listed in the public directory'),
  verification: z
    .strictObject({
      status: z.enum(VERIFICATION_STATUSES),
      reason: z.string().describe('Why staff declined (empty otherwise); mailed to the member'),
      decidedAt: dateTime.nullable(),
    })
    .describe('Staff’s check of the registration: a listing needs it verified'),
});

const importCounts = z.strictObject({
  rows: count.describe('Data rows of the file (blank lines not counted)'),
  new: count.describe('Rows that become members'),
  existing: count.describe('Rows whose e-mail is a member already (in any case): skipped'),
  invalid: count.describe('Rows skipped for the reason they give'),
});

export const memberImportPreviewEntity = z.strictObject({
  counts: importCounts,
  rows: z
    .array(
      z.strictObject({
        line: z.int().positive().describe("The row's first line in the file (the header is line 1)"),
        name: z.string(),
        email: z.string().describe('Lower-cased when valid'),
        outcome: z.enum(MEMBER_IMPORT_OUTCOMES),
        reason: z.string().optional().describe('Why an invalid row is skipped'),
        fieldErrors: z
          .array(z.strictObject({ field: z.enum(MEMBER_IMPORT_FIELDS), message: z.string() }))
          .optional()
          .describe(
            'The mapped fields whose values are refused (an unknown country or specialty…): the row is skipped',
          ),
        renewalDate: z
          .string()
          .optional()
          .describe("The membership's renewal date from a renewal date column (YYYY-MM-DD), when the row gives one"),
      }),
    )
    .describe('Every row in file order'),
  mapping: z
    .strictObject({
      columns: z
        .array(
          z.strictObject({
            column: z.string().describe('As the header row names it'),
            field: z.enum(MEMBER_IMPORT_FIELDS),
          }),
        )
        .describe('The columns read, in file order, and the field each fills'),
      ignored: z.array(z.string()).describe('The other columns, by name: not imported'),
    })
    .describe('Which column fills which field'),
  newTags: z.array(z.string()).describe('Tags the file names that do not exist yet: the import creates them'),
});

export const memberImportResultEntity = z.strictObject({
  counts: importCounts,
  imported: count.describe('Members created'),
  welcomeMails: count.describe('Welcome mails queued (0 without sendWelcomeMail)'),
});

const totalAndActive = z.strictObject({ total: count, active: count });

const period = z.strictObject({
  current: count,
  previous: count,
  comparable: z
    .boolean()
    .describe('Whether the change is a trend: enough history and base, and the figure counts what the periods count'),
});

/** Fewer than this in the 30 days before, and a percentage would only magnify noise ("+920.2%"). */
export const DASHBOARD_TREND_MIN_BASE = 10;

/** A part of the dashboard the caller may not view is left out (DASHBOARD_PART_MODULES): optional on the wire. */
const part = <T extends z.ZodType>(schema: T, module: string) =>
  schema.optional().describe(`Only for staff who may view ${module}`);

export const dashboardEntity = z.strictObject({
  stats: z.strictObject({
    totalUsers: part(count, 'members'),
    totalUsersChange: part(z.number(), 'members'),
    activeAdmins: part(count, 'admins (super admins)'),
    activeAdminsChange: part(z.number(), 'admins (super admins)'),
    totalActivities: part(count, 'activities'),
    totalActivitiesChange: part(z.number(), 'activities'),
    totalTestimonials: part(count, 'testimonials'),
    totalTestimonialsChange: part(z.number(), 'testimonials'),
  }),
  userGrowth: part(z.array(z.strictObject({ day: z.string(), users: count })), 'members'),
  recentUsers: part(
    z.array(z.strictObject({ name: z.string(), email: z.string(), role: z.enum(ROLES), createdAt: dateTime })),
    'members',
  ),
  upcomingActivities: part(
    z.array(
      z.strictObject({
        title: z.string(),
        date: dateTime,
        participants: count,
        capacity: z.int().positive().nullable(),
      }),
    ),
    'activities',
  ),
  contentStats: z.strictObject({
    membershipCards: part(totalAndActive, 'membership'),
    aboutUsVersions: part(totalAndActive, 'about'),
    contactInfoVersions: part(totalAndActive, 'connect'),
    featuredTestimonials: part(count, 'testimonials'),
  }),
  withheld: z
    .array(z.enum(DASHBOARD_PARTS as [DashboardPart, ...DashboardPart[]]))
    .optional()
    .describe(
      'The parts left out because the caller may not view their module (members: users, growth and recent users; admins: active staff; activities; testimonials; membership; about; connect)',
    ),
  statPeriods: z
    .object({
      totalUsers: period.optional(),
      activeAdmins: period.optional(),
      totalActivities: period.optional(),
      totalTestimonials: period.optional(),
    })
    .optional()
    .describe(
      'What each change compares: created in the last 30 days (current) and in the 30 days before, and whether that comparison means something',
    ),
  defaultContent: z
    .array(z.enum(PUBLIC_SECTION_NAMES))
    .optional()
    .describe("Public sections showing SPEC's built-in content, because nothing of theirs is active"),
  backup: z
    .object({
      builtIn: z.boolean(),
      lastAt: dateTime.nullable(),
      sizeBytes: count.nullable(),
      stale: z.boolean(),
    })
    .optional()
    .describe(
      'Super admins only. The newest copy in DATA_DIR/backups (SQLite); builtIn false on PostgreSQL, backed up with its own tools. stale: none, or older than two days.',
    ),
});

export const organisationSettingsEntity = z.strictObject({
  timeZone: z
    .string()
    .describe(
      "ORGANISATION_TIME_ZONE, an IANA name (Asia/Kolkata): an activity's stored date is the wall clock there, and the console labels and takes times in it",
    ),
});

export const defaultContentStatusEntity = z.strictObject({
  sections: z
    .array(z.enum(PUBLIC_SECTION_NAMES))
    .describe("Public sections showing SPEC's built-in content, because nothing of theirs is active"),
});

export const activityRegistrationEntity = z.strictObject({
  userId: id,
  name: z.string(),
  email: z.string(),
  registeredAt: dateTime,
  attendedAt: dateTime.nullable().describe('When staff marked them attended; null until then'),
});

/** One person on an activity's waitlist, as staff see them (issue 58 item 1). */
export const waitlistEntryEntity = z.strictObject({
  userId: id,
  name: z.string(),
  email: z.string(),
  position: z.int().positive().describe('1: the first in line'),
  joinedAt: dateTime,
  offerExpiresAt: dateTime
    .nullable()
    .describe('A place is offered to them until then (mailed with an accept link); null: waiting'),
});

/** The signed-in account's own standing for one activity. */
export const myRegistrationEntity = z.strictObject({
  registered: z.boolean(),
  waitlist: z
    .strictObject({ position: z.int().positive(), offerExpiresAt: dateTime.nullable() })
    .nullable()
    .describe('Their place on the waitlist, or null when they are not on it'),
});

export const loginResultEntity = z.strictObject({
  user: userEntity,
  token: z.string(),
  twoFactorSetupRequired: z
    .boolean()
    .optional()
    .describe('Two-factor is required for staff and this account has none: the token opens only its setup'),
  passwordChangeRequired: z
    .boolean()
    .optional()
    .describe(
      'Signed in with the one-time password printed at first start: the token opens only POST /api/account/password (and me, logout)',
    ),
  deviceToken: z
    .string()
    .optional()
    .describe(
      "Send back as deviceToken with later sign-ins of this account: they are then not refused for others' traffic",
    ),
});

export const twoFactorChallengeEntity = z.strictObject({
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('For POST /api/auth/login/two-factor within 5 minutes; not an access token'),
});

export const twoFactorSetupEntity = z.strictObject({
  secret: z.string().describe('Base32, to type into an authenticator app'),
  uri: z.string().describe('otpauth://totp/… as the QR code holds it'),
  qrCode: z.string().describe('The QR code as an SVG data URL'),
});

export const recoveryCodesEntity = z.strictObject({
  recoveryCodes: z.array(z.string()).describe('Shown once: only their hashes are kept'),
});

export const twoFactorStatusEntity = z.strictObject({
  enabled: z.boolean(),
  recoveryCodesLeft: count,
  required: z.boolean(),
});

export const securitySettingsEntity = z.strictObject({ requireTwoFactor: z.boolean() });

export const resetTokenCheckEntity = z.strictObject({
  valid: z.boolean(),
  email: z.string().nullable(),
  purpose: z
    .enum(['reset', 'invitation'])
    .optional()
    .describe('Only when valid: an invitation (choose a first password) or a password reset'),
});

export const auditLogEntryEntity = z.strictObject({
  id,
  occurredAt: dateTime,
  actorId: z.int().nullable().describe('The account that acted; kept after the account is deleted'),
  actorEmail: z.string().nullable().describe('Its e-mail address at that time'),
  action: z.enum(AUDIT_ACTIONS),
  module: z.string().describe("The policy module of the route, or 'auth' for sign-in and account events"),
  entityId: z.string().nullable(),
  entityName: z
    .string()
    .nullable()
    .describe("The item's name, title, question or version now; once deleted, as the entry recorded it"),
  changes: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('{ field: { before, after } }, or the details of an event; secrets are stored as "[redacted]"'),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});

export const accountSessionEntity = z.strictObject({
  id,
  userAgent: z.string().nullable().describe('The browser or app that signed in, as it named itself'),
  ip: z.string().nullable(),
  createdAt: dateTime,
  lastSeenAt: dateTime.describe('Updated at most once a minute'),
  current: z.boolean().describe('The session of this request ("This device")'),
});

export const mailQueueItemEntity = z.strictObject({
  id,
  revision,
  recipient: z.string(),
  subject: z.string(),
  kind: z.enum(MAIL_KINDS),
  state: z.enum(MAIL_STATES).describe('queued: waiting for its next try; sending: being sent; sent; failed: given up'),
  attempts: count.describe('Tries so far; a retry keeps the count'),
  lastError: z.string().nullable().describe("The last failure's reason, e.g. the mail server's reply"),
  createdAt: dateTime,
  nextAttemptAt: dateTime,
  sentAt: dateTime.nullable(),
});

/** One queued mail with its plain-text body, as the mail screen's detail shows it. */
export const mailQueueMailEntity = mailQueueItemEntity.extend({
  text: z
    .string()
    .nullable()
    .describe(
      'The plain-text body as queued, the token of a sign-in or unsubscribe link in it replaced by "(hidden)"; null once sent (the body is blanked then)',
    ),
});

export const announcementEntity = z.strictObject({
  id,
  revision,
  subject: z.string(),
  body: z.string().describe('Markdown'),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  activityId: id.nullable().describe('The activity whose registrants receive it (audience "activity")'),
  segment: z
    .strictObject({
      tagId: id.optional(),
      country: z.string().optional().describe('ISO 3166-1 alpha-2 code'),
      specialtyId: id.optional(),
      membership: z
        .enum(MEMBERSHIP_STATUSES)
        .optional()
        .describe('The membership status on the day it is counted or sent (from the renewal date)'),
    })
    .nullable()
    .describe('Audience "members" narrowed to those matching every criterion given; null: every member'),
  state: z
    .enum(ANNOUNCEMENT_STATES)
    .describe('draft; scheduled: the server sends it at scheduledAt; sent: its mails are queued, and it is immutable'),
  scheduledAt: dateTime.nullable(),
  sentAt: dateTime.nullable(),
  sentByEmail: z.string().nullable().describe('Who sent (or scheduled) it'),
  recipientCount: count.nullable().describe('Mails queued when it was sent'),
  counts: z
    .object({ queued: count, sent: count, failed: count })
    .describe("Its recipients' mails by state (being sent counts as queued)"),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const announcementPreviewEntity = z.strictObject({
  subject: z.string(),
  html: z.string().describe('The HTML part, as sent'),
  text: z.string().describe('The plain-text part, as sent'),
});

export const announcementRecipientEntity = z.strictObject({
  mailId: id,
  recipient: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: count,
  lastError: z.string().nullable(),
  sentAt: dateTime.nullable(),
});

export const announcementPreferenceEntity = z.strictObject({ receiveAnnouncements: z.boolean() });

/**
 * A professional as the public directory lists them (issue 57): what the consent text names, never
 * the e-mail address. `slug` is the profile page's address, /directory/<slug>.
 */
export const directoryEntryEntity = z.strictObject({
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2 code, or empty'),
  city: z.string(),
  languages: z.array(z.string()).describe('ISO 639-1 codes'),
  specialties: z.array(specialtyEntity).describe('By name'),
  practiceSetting: z.enum([...PRACTICE_SETTING_CODES, '']),
  photo: profilePhotoEntity,
});

/** A listed professional's page: the entry with their registration body, bio and website. */
export const directoryProfileEntity = directoryEntryEntity.extend({
  registrationBody: z.string(),
  bio: z.string(),
  website: z.string().describe('An http(s) URL, or empty'),
});

/** DESIGN's list: `data: { <collection>: [...], pagination }`. */
export function listOf<const C extends string, I extends z.ZodType>(collection: C, item: I) {
  return z.strictObject({ [collection]: z.array(item), pagination: paginationEntity } as {
    [K in C]: z.ZodArray<I>;
  } & { pagination: typeof paginationEntity });
}

export const contactMessagesPageEntity = listOf('messages', contactMessageEntity).extend({
  unread: count.describe('Messages still in the state new, whatever the filter'),
});

/** A certificate in "Download my data": its code and check page, and what it says as issued. */
const exportedCertificateEntity = issuedCertificateEntity.extend({
  issuedAt: dateTime,
  name: z.string().describe("The member's name as the certificate says it"),
  activity: z.string().describe("The activity's title as the certificate says it"),
  date: dateTime.describe("The activity's date as the certificate says it"),
  hours: z.number().describe('The CPD hours the certificate gives'),
});

/** A registration in "Download my data": with attendance, check-in code and certificate. */
const exportedRegistrationEntity = memberRegistrationEntity.extend({
  checkInCode: z.string().nullable().describe('The short code shown to the member for checking in'),
  certificate: exportedCertificateEntity.nullable().describe('Null until the certificate was first downloaded'),
});

export const memberDataExportEntity = z.strictObject({
  exportedAt: dateTime,
  profile: z.strictObject({
    id,
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    joinedAt: dateTime,
    lastLogin: dateTime.nullable(),
  }),
  professionalProfile: memberProfileEntity,
  membership: membershipEntity,
  registrations: z.array(exportedRegistrationEntity).describe('Every activity registration, in activity date order'),
  waitlist: z
    .array(
      z.strictObject({
        activityId: id,
        title: z.string(),
        date: dateTime,
        joinedAt: dateTime,
        offeredAt: dateTime
          .nullable()
          .describe('When a freed place was offered to the member; null: not (yet) offered'),
        offerExpiresAt: dateTime.nullable().describe('Until when the offered place is held'),
      }),
    )
    .describe('The waitlists the member is on, in activity date order'),
  cpd: z
    .strictObject({
      totalHours: z.number().describe('The CPD hours of every activity attended'),
      years: z.array(cpdYearEntity).describe('Newest year first'),
    })
    .describe('The CPD record, as /account/activities shows it'),
  contactMessages: z
    .array(
      z.strictObject({
        id,
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        message: z.string(),
        sentAt: dateTime,
      }),
    )
    .describe('Sent from the account’s e-mail address; only once the account proved it holds that mailbox'),
  preferences: z.strictObject({ receiveAnnouncements: z.boolean() }),
});

export const announcementReachEntity = z.strictObject({
  recipients: count.describe('Accounts a send now would mail'),
});

/** Named schemas become components of the OpenAPI document; it refers to them by these names. */
export const ENTITY_SCHEMAS = {
  Pagination: paginationEntity,
  User: userEntity,
  UserStats: userStatsEntity,
  MembershipCard: membershipCardEntity,
  AboutUsVersion: aboutUsVersionEntity,
  ContactInfoVersion: contactInfoVersionEntity,
  PolicyVersion: policyVersionEntity,
  Activity: activityEntity,
  ActivityRegistration: activityRegistrationEntity,
  WaitlistEntry: waitlistEntryEntity,
  Testimonial: testimonialEntity,
  Faq: faqEntity,
  ContactMessage: contactMessageEntity,
  ContactMessageReply: contactMessageReplyEntity,
  Member: memberEntity,
  MemberDetail: memberDetailEntity,
  Membership: membershipEntity,
  AccountActivities: accountActivitiesEntity,
  CertificateVerification: certificateVerificationEntity,
  MemberProfile: memberProfileEntity,
  Specialty: specialtyEntity,
  SpecialtyAdmin: specialtyAdminEntity,
  ProfilePhoto: profilePhotoEntity,
  DirectoryEntry: directoryEntryEntity,
  DirectoryProfile: directoryProfileEntity,
  MemberImportPreview: memberImportPreviewEntity,
  MemberImportResult: memberImportResultEntity,
  Dashboard: dashboardEntity,
  DefaultContentStatus: defaultContentStatusEntity,
  OrganisationSettings: organisationSettingsEntity,
  LoginResult: loginResultEntity,
  TwoFactorChallenge: twoFactorChallengeEntity,
  TwoFactorSetup: twoFactorSetupEntity,
  RecoveryCodes: recoveryCodesEntity,
  TwoFactorStatus: twoFactorStatusEntity,
  SecuritySettings: securitySettingsEntity,
  ResetTokenCheck: resetTokenCheckEntity,
  AuditLogEntry: auditLogEntryEntity,
  MailQueueItem: mailQueueItemEntity,
  MailQueueMail: mailQueueMailEntity,
  AccountSession: accountSessionEntity,
  Announcement: announcementEntity,
  AnnouncementPreview: announcementPreviewEntity,
  AnnouncementRecipient: announcementRecipientEntity,
  AnnouncementPreference: announcementPreferenceEntity,
  AnnouncementReach: announcementReachEntity,
  Tag: tagEntity,
} as const;

export type EntityName = keyof typeof ENTITY_SCHEMAS;

export type Pagination = z.output<typeof paginationEntity>;
export type User = z.output<typeof userEntity>;
/** Account counts of GET /api/admin/users/stats; every account counts once by role and once by status. */
export type UserStats = z.output<typeof userStatsEntity>;
export type MembershipCard = z.output<typeof membershipCardEntity>;
/** What every version of versioned content (About Us, contact info, policies) has. */
export type VersionedItem = z.output<typeof versioned>;
export type AboutUsVersion = z.output<typeof aboutUsVersionEntity>;
export type Objective = AboutUsVersion['objectives'][number];
export type ContactInfoVersion = z.output<typeof contactInfoVersionEntity>;
export type SocialLinks = ContactInfoVersion['socialLinks'];
export type PolicyVersion = z.output<typeof policyVersionEntity>;
export type Activity = z.output<typeof activityEntity>;
export type Testimonial = z.output<typeof testimonialEntity>;
export type Faq = z.output<typeof faqEntity>;
export type ActivityRegistration = z.output<typeof activityRegistrationEntity>;
export type WaitlistEntry = z.output<typeof waitlistEntryEntity>;
export type MyRegistration = z.output<typeof myRegistrationEntity>;
export type ActivityRegistrationsPage = { registrations: ActivityRegistration[]; pagination: Pagination };
export type ContactMessage = z.output<typeof contactMessageEntity>;
/** GET /api/admin/contact-messages: a page of messages and the number still unread. */
export type ContactMessagesPage = z.output<typeof contactMessagesPageEntity>;
export type ContactMessageReply = z.output<typeof contactMessageReplyEntity>;
export type ContactMessagesBulkResult = z.output<typeof contactMessagesBulkResultEntity>;
export type Member = z.output<typeof memberEntity>;
export type MemberRegistration = z.output<typeof memberRegistrationEntity>;
export type MemberDetail = z.output<typeof memberDetailEntity>;
export type Membership = z.output<typeof membershipEntity>;
export type AccountRegistration = z.output<typeof accountRegistrationEntity>;
export type AccountActivities = z.output<typeof accountActivitiesEntity>;
export type CertificateVerification = z.output<typeof certificateVerificationEntity>;
export type MemberProfile = z.output<typeof memberProfileEntity>;
export type Specialty = z.output<typeof specialtyEntity>;
export type SpecialtyAdmin = z.output<typeof specialtyAdminEntity>;
export type ProfilePhoto = z.output<typeof profilePhotoEntity>;
/** "Download my data" (members' data rights): everything the site keeps about the signed-in account. */
export type MemberDataExport = z.output<typeof memberDataExportEntity>;
export type DashboardData = z.output<typeof dashboardEntity>;
/** The newest backup of the database, for super admins (issue 25). */
export type DashboardBackup = NonNullable<DashboardData['backup']>;
export type DashboardStatName = keyof NonNullable<DashboardData['statPeriods']>;
/**
 * What a stat's change compares: rows created in the last 30 days (current) and the 30 before; a
 * trend only when `comparable` (DASHBOARD_TREND_MIN_BASE, and the figure counts what the periods count).
 */
export type DashboardStatPeriod = NonNullable<NonNullable<DashboardData['statPeriods']>[DashboardStatName]>;
export type DashboardRecentUser = NonNullable<DashboardData['recentUsers']>[number];
export type DashboardUpcomingActivity = NonNullable<DashboardData['upcomingActivities']>[number];
export type DefaultContentStatus = z.output<typeof defaultContentStatusEntity>;
export type OrganisationSettings = z.output<typeof organisationSettingsEntity>;
export type LoginResult = z.output<typeof loginResultEntity>;
export type TwoFactorChallenge = z.output<typeof twoFactorChallengeEntity>;
/** What POST /api/auth/login answers. */
export type LoginAnswer = LoginResult | TwoFactorChallenge;
export type ResetTokenCheck = z.output<typeof resetTokenCheckEntity>;
/** What a mailed link's token is for: a password reset, or an invitation to choose a first password. */
export type AccountTokenPurpose = NonNullable<ResetTokenCheck['purpose']>;
export type AccountSession = z.output<typeof accountSessionEntity>;
export type TwoFactorSetup = z.output<typeof twoFactorSetupEntity>;
export type RecoveryCodes = z.output<typeof recoveryCodesEntity>;
export type TwoFactorStatus = z.output<typeof twoFactorStatusEntity>;
export type SecuritySettings = z.output<typeof securitySettingsEntity>;
export type AuditLogEntry = z.output<typeof auditLogEntryEntity>;
export type MailQueueItem = z.output<typeof mailQueueItemEntity>;
export type MailQueueMail = z.output<typeof mailQueueMailEntity>;
export type Announcement = z.output<typeof announcementEntity>;
/** Mails of a sent announcement by state ("sending" counts as queued). */
export type AnnouncementCounts = Announcement['counts'];
/** The mail exactly as it is sent: subject, HTML part and plain-text part. */
export type AnnouncementPreview = z.output<typeof announcementPreviewEntity>;
export type AnnouncementRecipient = z.output<typeof announcementRecipientEntity>;
/** Who a send would reach now (the accounts of its audience that receive announcements). */
export type AnnouncementReach = z.output<typeof announcementReachEntity>;
export type Tag = z.output<typeof tagEntity>;
export type MemberTag = z.output<typeof memberTagEntity>;
export type MemberImportPreview = z.output<typeof memberImportPreviewEntity>;
export type MemberImportRow = MemberImportPreview['rows'][number];
export type MemberImportCounts = MemberImportPreview['counts'];
export type MemberImportResult = z.output<typeof memberImportResultEntity>;
export type DirectoryEntry = z.output<typeof directoryEntryEntity>;
export type DirectoryProfile = z.output<typeof directoryProfileEntity>;
