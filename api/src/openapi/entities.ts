/**
 * The shapes the presenters send, as zod schemas for the OpenAPI document. The entity types of
 * @npo/shared stay the source of truth: `shaped<T>()` refuses to compile when a schema's output is not
 * exactly T, so a presenter change that forgets the document breaks the type check, not a client.
 */
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_STATES,
  MEMBER_IMPORT_OUTCOMES,
  ACTIVITY_STATUSES,
  ASSIGNABLE_MODULES,
  AUDIT_ACTIONS,
  CONTACT_MESSAGE_STATES,
  MAIL_KINDS,
  MAIL_STATES,
  PUBLIC_SECTION_NAMES,
  ROLES,
  type AboutUsVersion,
  type Announcement,
  type AnnouncementPreference,
  type AnnouncementPreview,
  type AnnouncementReach,
  type AnnouncementRecipient,
  type AccountSession,
  type Activity,
  type ActivityRegistration,
  type AuditLogEntry,
  type ContactInfoVersion,
  type ContactMessage,
  type ContactMessageReply,
  type DashboardData,
  type DefaultContentStatus,
  type Faq,
  type LoginResult,
  type MailQueueItem,
  type Member,
  type MemberDetail,
  type MemberImportCounts,
  type MemberImportPreview,
  type MemberImportResult,
  type MemberRegistration,
  type MembershipCard,
  type Pagination,
  type PolicyVersion,
  type RecoveryCodes,
  type ResetTokenCheck,
  type SecuritySettings,
  type Testimonial,
  type TwoFactorChallenge,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
  type UserStats,
} from '@npo/shared';
import { z } from 'zod';

/** True only when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Returns the schema unchanged; a compile error when its output type is not exactly T. */
function shaped<T>() {
  return <S extends z.ZodType>(schema: Same<z.output<S>, T> extends true ? S : never): S => schema;
}

const id = z.int().positive();
const revision = z.int().positive().describe("The item's ETag without quotes: send it back as If-Match");
const dateTime = z.string().describe('ISO 8601 date-time, UTC');
const count = z.int().nonnegative();

export const paginationSchema = shaped<Pagination>()(
  z.object({ page: z.int().positive(), limit: z.int().positive(), total: count, pages: z.int().positive() }),
);

const modulePermissions = z.object({ view: z.boolean(), edit: z.boolean(), delete: z.boolean() });
const permissions = z.object(
  Object.fromEntries(ASSIGNABLE_MODULES.map((module) => [module, modulePermissions])) as Record<
    (typeof ASSIGNABLE_MODULES)[number],
    typeof modulePermissions
  >,
);

export const userSchema = shaped<User>()(
  z.object({
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
  }),
);

export const userStatsSchema = shaped<UserStats>()(
  z.object({ total: count, admins: count, superAdmins: count, members: count, active: count, inactive: count }),
);

export const membershipCardSchema = shaped<MembershipCard>()(
  z.object({
    id,
    revision,
    type: z.string(),
    title: z.string(),
    subtitle: z.string(),
    points: z.array(z.object({ value: z.string() })),
    isActive: z.boolean(),
    order: count.describe('Position in the public list, 0 first'),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

const versioned = z.object({
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

export const aboutUsVersionSchema = shaped<AboutUsVersion>()(
  versioned.extend({
    description: z.string(),
    aims: z.string(),
    objectives: z.array(z.object({ title: z.string(), description: z.string() })),
  }),
);

export const contactInfoVersionSchema = shaped<ContactInfoVersion>()(
  versioned.extend({
    email: z.string(),
    phone: z.string(),
    instagram: z.string(),
    socialLinks: z.object({ instagram: z.string(), facebook: z.string(), twitter: z.string(), linkedin: z.string() }),
  }),
);

export const policyVersionSchema = shaped<PolicyVersion>()(
  versioned.extend({
    title: z.string(),
    content: z.string(),
    effectiveDate: dateTime.nullable(),
    lastUpdated: dateTime,
  }),
);

export const activitySchema = shaped<Activity>()(
  z.object({
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
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const testimonialSchema = shaped<Testimonial>()(
  z.object({
    id,
    revision,
    name: z.string(),
    role: z.string(),
    quote: z.string(),
    isFeatured: z.boolean(),
    isActive: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const faqSchema = shaped<Faq>()(
  z.object({
    id,
    revision,
    question: z.string(),
    answer: z.string(),
    category: z.string().nullable(),
    isActive: z.boolean(),
    order: z.int().nonnegative(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const contactMessageSchema = shaped<ContactMessage>()(
  z.object({
    id,
    revision,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    state: z.enum(CONTACT_MESSAGE_STATES),
    createdAt: dateTime,
  }),
);

export const contactMessageReplySchema = shaped<ContactMessageReply>()(
  z.object({
    id,
    messageId: id,
    body: z.string(),
    authorName: z.string().nullable(),
    status: z.enum(['sending', 'sent', 'failed']),
    createdAt: dateTime,
    sentAt: dateTime.nullable(),
  }),
);

export const memberSchema = shaped<Member>()(
  z.object({
    id,
    revision,
    name: z.string(),
    email: z.string(),
    isActive: z.boolean().describe('False once deactivated: the member cannot sign in'),
    joinedAt: dateTime,
    lastLogin: dateTime.nullable().describe('The last successful sign-in; null when they never signed in'),
  }),
);

const memberRegistrationSchema = shaped<MemberRegistration>()(
  z.object({
    activityId: id,
    title: z.string(),
    date: dateTime,
    location: z.string(),
    status: z.enum(ACTIVITY_STATUSES),
    registeredAt: dateTime,
  }),
);

export const memberDetailSchema = shaped<MemberDetail>()(
  memberSchema.extend({
    registrations: z.object({
      upcoming: z.array(memberRegistrationSchema).describe('Soonest first'),
      past: z.array(memberRegistrationSchema).describe('Most recent first'),
    }),
    emailVerified: z
      .boolean()
      .describe(
        'Whether the member proved their e-mail address by completing a link mailed to it (a password reset or welcome link); sign-up does not',
      ),
    contactMessages: z
      .array(contactMessageSchema)
      .describe('The newest messages sent from their e-mail address; empty until emailVerified'),
    contactMessageCount: count.describe(
      'How many messages were sent from their e-mail address in all; 0 until emailVerified',
    ),
  }),
);

const importCounts = shaped<MemberImportCounts>()(
  z.object({
    rows: count.describe('Data rows of the file (blank lines not counted)'),
    new: count.describe('Rows that become members'),
    existing: count.describe('Rows whose e-mail is a member already (in any case): skipped'),
    invalid: count.describe('Rows skipped for the reason they give'),
  }),
);

export const memberImportPreviewSchema = shaped<MemberImportPreview>()(
  z.object({
    counts: importCounts,
    rows: z
      .array(
        z.object({
          line: z.int().positive().describe("The row's first line in the file (the header is line 1)"),
          name: z.string(),
          email: z.string().describe('Lower-cased when valid'),
          outcome: z.enum(MEMBER_IMPORT_OUTCOMES),
          reason: z.string().optional().describe('Why an invalid row is skipped'),
        }),
      )
      .describe('Every row in file order'),
  }),
);

export const memberImportResultSchema = shaped<MemberImportResult>()(
  z.object({
    counts: importCounts,
    imported: count.describe('Members created'),
    welcomeMails: count.describe('Welcome mails queued (0 without sendWelcomeMail)'),
  }),
);

const totalAndActive = z.object({ total: count, active: count });

const period = z.object({
  current: count,
  previous: count,
  comparable: z
    .boolean()
    .describe('Whether the change is a trend: enough history and base, and the figure counts what the periods count'),
});

export const dashboardSchema = shaped<DashboardData>()(
  z.object({
    stats: z.object({
      totalUsers: count,
      totalUsersChange: z.number(),
      activeAdmins: count,
      activeAdminsChange: z.number(),
      totalActivities: count,
      totalActivitiesChange: z.number(),
      totalTestimonials: count,
      totalTestimonialsChange: z.number(),
    }),
    userGrowth: z.array(z.object({ day: z.string(), users: count })),
    recentUsers: z.array(
      z.object({ name: z.string(), email: z.string().optional(), role: z.enum(ROLES), createdAt: dateTime }),
    ),
    upcomingActivities: z.array(
      z.object({ title: z.string(), date: dateTime, participants: count, capacity: z.int().positive().nullable() }),
    ),
    contentStats: z.object({
      membershipCards: totalAndActive,
      aboutUsVersions: totalAndActive,
      contactInfoVersions: totalAndActive,
      featuredTestimonials: count,
    }),
    statPeriods: z
      .object({
        totalUsers: period,
        activeAdmins: period,
        totalActivities: period,
        totalTestimonials: period,
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
  }),
);

export const defaultContentStatusSchema = shaped<DefaultContentStatus>()(
  z.object({
    sections: z
      .array(z.enum(PUBLIC_SECTION_NAMES))
      .describe("Public sections showing SPEC's built-in content, because nothing of theirs is active"),
  }),
);

export const activityRegistrationSchema = shaped<ActivityRegistration>()(
  z.object({ userId: id, name: z.string(), email: z.string(), registeredAt: dateTime }),
);

export const loginResultSchema = shaped<LoginResult>()(
  z.object({
    user: userSchema,
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
  }),
);

export const twoFactorChallengeSchema = shaped<TwoFactorChallenge>()(
  z.object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().describe('For POST /api/auth/login/two-factor within 5 minutes; not an access token'),
  }),
);

export const twoFactorSetupSchema = shaped<TwoFactorSetup>()(
  z.object({
    secret: z.string().describe('Base32, to type into an authenticator app'),
    uri: z.string().describe('otpauth://totp/… as the QR code holds it'),
    qrCode: z.string().describe('The QR code as an SVG data URL'),
  }),
);

export const recoveryCodesSchema = shaped<RecoveryCodes>()(
  z.object({ recoveryCodes: z.array(z.string()).describe('Shown once: only their hashes are kept') }),
);

export const twoFactorStatusSchema = shaped<TwoFactorStatus>()(
  z.object({ enabled: z.boolean(), recoveryCodesLeft: count, required: z.boolean() }),
);

export const securitySettingsSchema = shaped<SecuritySettings>()(z.object({ requireTwoFactor: z.boolean() }));

export const resetTokenCheckSchema = shaped<ResetTokenCheck>()(
  z.object({
    valid: z.boolean(),
    email: z.string().nullable(),
    purpose: z
      .enum(['reset', 'invitation'])
      .optional()
      .describe('Only when valid: an invitation (choose a first password) or a password reset'),
  }),
);

export const auditLogEntrySchema = shaped<AuditLogEntry>()(
  z.object({
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
  }),
);

export const accountSessionSchema = shaped<AccountSession>()(
  z.object({
    id,
    userAgent: z.string().nullable().describe('The browser or app that signed in, as it named itself'),
    ip: z.string().nullable(),
    createdAt: dateTime,
    lastSeenAt: dateTime.describe('Updated at most once a minute'),
    current: z.boolean().describe('The session of this request ("This device")'),
  }),
);

export const mailQueueItemSchema = shaped<MailQueueItem>()(
  z.object({
    id,
    revision,
    recipient: z.string(),
    kind: z.enum(MAIL_KINDS),
    state: z
      .enum(MAIL_STATES)
      .describe('queued: waiting for its next try; sending: being sent; sent; failed: given up'),
    attempts: count.describe('Tries so far; a retry keeps the count'),
    lastError: z.string().nullable().describe("The last failure's reason, e.g. the mail server's reply"),
    createdAt: dateTime,
    nextAttemptAt: dateTime,
    sentAt: dateTime.nullable(),
  }),
);

export const announcementSchema = shaped<Announcement>()(
  z.object({
    id,
    revision,
    subject: z.string(),
    body: z.string().describe('Markdown'),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    activityId: id.nullable().describe('The activity whose registrants receive it (audience "activity")'),
    state: z
      .enum(ANNOUNCEMENT_STATES)
      .describe(
        'draft; scheduled: the server sends it at scheduledAt; sent: its mails are queued, and it is immutable',
      ),
    scheduledAt: dateTime.nullable(),
    sentAt: dateTime.nullable(),
    sentByEmail: z.string().nullable().describe('Who sent (or scheduled) it'),
    recipientCount: count.nullable().describe('Mails queued when it was sent'),
    counts: z
      .object({ queued: count, sent: count, failed: count })
      .describe("Its recipients' mails by state (being sent counts as queued)"),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const announcementPreviewSchema = shaped<AnnouncementPreview>()(
  z.object({
    subject: z.string(),
    html: z.string().describe('The HTML part, as sent'),
    text: z.string().describe('The plain-text part, as sent'),
  }),
);

export const announcementReachSchema = shaped<AnnouncementReach>()(
  z.object({ recipients: z.number().int().min(0).describe('Accounts a send now would mail') }),
);

export const announcementRecipientSchema = shaped<AnnouncementRecipient>()(
  z.object({
    mailId: id,
    recipient: z.string(),
    state: z.enum(MAIL_STATES),
    attempts: count,
    lastError: z.string().nullable(),
    sentAt: dateTime.nullable(),
  }),
);

export const announcementPreferenceSchema = shaped<AnnouncementPreference>()(
  z.object({ receiveAnnouncements: z.boolean() }),
);

/** Named schemas become components; the document refers to them by these names. */
export const ENTITY_SCHEMAS = {
  Pagination: paginationSchema,
  User: userSchema,
  UserStats: userStatsSchema,
  MembershipCard: membershipCardSchema,
  AboutUsVersion: aboutUsVersionSchema,
  ContactInfoVersion: contactInfoVersionSchema,
  PolicyVersion: policyVersionSchema,
  Activity: activitySchema,
  ActivityRegistration: activityRegistrationSchema,
  Testimonial: testimonialSchema,
  Faq: faqSchema,
  ContactMessage: contactMessageSchema,
  ContactMessageReply: contactMessageReplySchema,
  Member: memberSchema,
  MemberDetail: memberDetailSchema,
  MemberImportPreview: memberImportPreviewSchema,
  MemberImportResult: memberImportResultSchema,
  Dashboard: dashboardSchema,
  DefaultContentStatus: defaultContentStatusSchema,
  LoginResult: loginResultSchema,
  TwoFactorChallenge: twoFactorChallengeSchema,
  TwoFactorSetup: twoFactorSetupSchema,
  RecoveryCodes: recoveryCodesSchema,
  TwoFactorStatus: twoFactorStatusSchema,
  SecuritySettings: securitySettingsSchema,
  ResetTokenCheck: resetTokenCheckSchema,
  AuditLogEntry: auditLogEntrySchema,
  MailQueueItem: mailQueueItemSchema,
  AccountSession: accountSessionSchema,
  Announcement: announcementSchema,
  AnnouncementPreview: announcementPreviewSchema,
  AnnouncementReach: announcementReachSchema,
  AnnouncementRecipient: announcementRecipientSchema,
  AnnouncementPreference: announcementPreferenceSchema,
} as const;

export type EntityName = keyof typeof ENTITY_SCHEMAS;
