/**
 * The route table: every operation of the API, once. The server registers a handler for each entry
 * (and refuses to start while one has none), the OpenAPI document lists them in this order, and the
 * client and the console's queued changes take their paths and types from here.
 *
 * The order is the router's: a fixed path is declared before the parametrised one that would take it
 * (/users/stats before /users/:id, /faqs/reorder before /faqs/:id).
 *
 * `changesPublicContent`: a successful write bumps the content version, so cached public answers and
 * pages are built again. Accounts, contact messages and settings are not public content.
 */
import { AUDIT_ANNOUNCEMENTS_MODULE, AUDIT_PAGE_SIZE, type AuditLogEntry } from '../audit.js';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.js';
import type {
  AboutUsVersion,
  AccountSession,
  Activity,
  ActivityRegistration,
  ContactInfoVersion,
  ContactMessage,
  ContactMessagesPage,
  DashboardData,
  DefaultContentStatus,
  Faq,
  LoginAnswer,
  LoginResult,
  Member,
  MemberDataExport,
  MemberDetail,
  MembershipCard,
  PolicyVersion,
  ResetTokenCheck,
  Testimonial,
  User,
  UserStats,
} from '../entities.js';
import type { ListData } from '../envelope.js';
import { MAIL_PAGE_SIZE, type MailQueueItem } from '../mail.js';
import type { Module } from '../permissions.js';
import { auditFilter, auditQuery } from '../schemas/audit.js';
import { mailQueueQuery } from '../schemas/mail.js';
import {
  changePasswordSchema,
  closeAccountSchema,
  forgotPasswordSchema,
  memberLoginSchema,
  resetPasswordBodySchema,
  signupSchema,
} from '../schemas/auth.js';
import {
  aboutUsSchema,
  activitySchema,
  adminUserSchema,
  contactInfoSchema,
  contactMessageSchema,
  contactMessageStateSchema,
  faqReorderSchema,
  faqSchema,
  membershipCardReorderSchema,
  membershipCardSchema,
  privacyPolicySchema,
  termsOfServiceSchema,
  testimonialSchema,
  versionScheduleSchema,
} from '../schemas/content.js';
import {
  activitiesQuery,
  adminActivitiesQuery,
  FAQ_SORTS,
  MEMBERSHIP_CARD_SORTS,
  sortedAdminListQuery,
  TESTIMONIAL_SORTS,
  contactMessagesFilter,
  contactMessagesQuery,
  membersFilter,
  membersQuery,
  paginationQuery,
  registrationsFilter,
  registrationsQuery,
  usersQuery,
} from '../schemas/query.js';
import {
  securitySettingsSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorLoginSchema,
} from '../schemas/two-factor.js';
import type { RecoveryCodes, SecuritySettings, TwoFactorSetup, TwoFactorStatus } from '../two-factor.js';
import {
  MEMBER_IMPORT_BODY_LIMIT_MB,
  memberImportPreviewSchema,
  memberImportSchema,
  type MemberImportPreview,
  type MemberImportResult,
} from '../member-import.js';
import {
  announcementPreferenceSchema,
  announcementPreviewSchema,
  announcementRecipientsQuery,
  announcementSchema,
  announcementSendSchema,
  ANNOUNCEMENT_PAGE_SIZE,
  unsubscribeQuery,
  type Announcement,
  type AnnouncementPreference,
  type AnnouncementPreview,
  type AnnouncementRecipient,
} from '../announcements.js';
import { z, type ZodType } from 'zod';
import {
  adminOperation,
  idParams,
  operation,
  returns,
  type Answer,
  type HttpMethod,
  type Operation,
  type OperationDetails,
} from './operation.js';

/**
 * An announcements operation: allowed by the members permission, its writes filed in the audit trail
 * under the announcements (so the activity log names them by subject, not as accounts).
 */
function announcementOperation<const M extends HttpMethod, const P extends string, const D extends OperationDetails>(
  method: M,
  path: P,
  details: D,
) {
  return adminOperation('members', method, path, { ...details, auditModule: AUDIT_ANNOUNCEMENTS_MODULE });
}

/** A reset link's token, as the mailed link carries it. */
export const tokenParams = z.object({ token: z.string().min(1).max(200) });
/** One attendee of one activity. */
export const registrationParams = idParams.extend({ userId: idParams.shape.id });
/** One recipient's mail of one announcement. */
export const announcementMailParams = idParams.extend({ mailId: idParams.shape.id });

/** The query parameters a paged public list's cached answer depends on. */
const PAGING_READS = ['page', 'limit'] as const;

/** The four admin calls of a plain content list: list a page, create, update, delete. */
function adminCrud<
  const Mod extends Module,
  const P extends string,
  const C extends string,
  Body extends ZodType,
  Query extends ZodType,
  Item,
>(
  module: Mod,
  path: P,
  options: { collection: C; body: Body; query: Query; item: Answer<Item>; changesPublicContent: boolean },
) {
  const { body, query, item, changesPublicContent } = options;
  return {
    list: adminOperation(module, 'get', path, { query, answer: returns<ListData<C, Item>>() }),
    create: adminOperation(module, 'post', path, { body, answer: item, changesPublicContent }),
    update: adminOperation(module, 'put', `${path}/:id`, {
      params: idParams,
      body,
      ifMatch: true,
      answer: item,
      changesPublicContent,
    }),
    remove: adminOperation(module, 'delete', `${path}/:id`, {
      params: idParams,
      ifMatch: true,
      answer: returns<null>(),
      changesPublicContent,
    }),
  };
}

/**
 * Versioned content (About Us, contact info, the policies): the public active version, and the admin
 * list, read, create, update, activate and delete. All of it is public content.
 */
function versioned<
  const Mod extends Module,
  const P extends string,
  const C extends string,
  Body extends ZodType,
  Item,
>(module: Mod, path: P, options: { collection: C; body: Body; pageSize: number; item: Answer<Item> }) {
  const { body, item } = options;
  const changesPublicContent = true;
  return {
    active: operation('get', path, 'public', { answer: item, publicCache: [] }),
    list: adminOperation(module, 'get', path, {
      query: paginationQuery(options.pageSize),
      answer: returns<ListData<C, Item>>(),
    }),
    get: adminOperation(module, 'get', `${path}/:id`, { params: idParams, answer: item }),
    create: adminOperation(module, 'post', path, { body, answer: item, changesPublicContent }),
    update: adminOperation(module, 'put', `${path}/:id`, {
      params: idParams,
      body,
      ifMatch: true,
      answer: item,
      changesPublicContent,
    }),
    activate: adminOperation(module, 'patch', `${path}/:id/activate`, {
      params: idParams,
      ifMatch: true,
      answer: item,
      changesPublicContent,
    }),
    // Scheduling changes nothing the public sees until the scheduler activates (and announces) it.
    schedule: adminOperation(module, 'put', `${path}/:id/schedule`, {
      params: idParams,
      body: versionScheduleSchema,
      ifMatch: true,
      answer: item,
    }),
    // PATCH, not DELETE: cancelling is an edit of the version, so it needs edit permission as scheduling does.
    cancelSchedule: adminOperation(module, 'patch', `${path}/:id/unschedule`, {
      params: idParams,
      ifMatch: true,
      answer: item,
    }),
    remove: adminOperation(module, 'delete', `${path}/:id`, {
      params: idParams,
      ifMatch: true,
      answer: returns<null>(),
      changesPublicContent,
    }),
  };
}

const nothing = returns<null>();
const message = returns<{ message: string }>();
const ended = returns<{ ended: number }>();

export const API = {
  health: {
    check: operation('get', '/health', 'public', { answer: returns<{ status: string }>() }),
    /** Readiness, for a load balancer: the database answers and its migrations are current. */
    ready: operation('get', '/health/ready', 'public', { answer: returns<{ status: string }>() }),
  },

  auth: {
    register: operation('post', '/auth/register', 'public', {
      body: signupSchema,
      answer: returns<{ user: User; id: number }>(),
    }),
    // Sign-in ignores Idempotency-Key: its answer is a bearer token, not for keeping in a table.
    login: operation('post', '/auth/login', 'public', {
      body: memberLoginSchema,
      answer: returns<LoginAnswer>(),
      idempotent: false,
    }),
    loginTwoFactor: operation('post', '/auth/login/two-factor', 'public', {
      body: twoFactorLoginSchema,
      answer: returns<LoginResult>(),
      idempotent: false,
    }),
    me: operation('get', '/auth/me', 'signInStarted', { answer: returns<{ user: User }>() }),
    logout: operation('post', '/auth/logout', 'signInStarted', { answer: nothing }),
    forgotPassword: operation('post', '/auth/forgot-password', 'public', {
      body: forgotPasswordSchema,
      answer: message,
    }),
    checkResetToken: operation('get', '/auth/reset-password/:token', 'public', {
      params: tokenParams,
      answer: returns<ResetTokenCheck>(),
    }),
    resetPassword: operation('post', '/auth/reset-password/:token', 'public', {
      params: tokenParams,
      body: resetPasswordBodySchema,
      answer: message,
    }),
  },

  membershipCards: {
    list: operation('get', '/membership-cards', 'public', {
      query: paginationQuery(MAX_PAGE_LIMIT),
      answer: returns<ListData<'cards', MembershipCard>>(),
      publicCache: PAGING_READS,
    }),
    // Before /membership-cards/:id, as the FAQs' reorder. Moving a card raises its revision.
    reorder: adminOperation('membership', 'put', '/membership-cards/reorder', {
      body: membershipCardReorderSchema,
      answer: returns<ListData<'cards', MembershipCard>>(),
      changesPublicContent: true,
    }),
    admin: adminCrud('membership', '/membership-cards', {
      collection: 'cards',
      body: membershipCardSchema,
      query: sortedAdminListQuery(PAGE_SIZES.membership, MEMBERSHIP_CARD_SORTS),
      item: returns<MembershipCard>(),
      changesPublicContent: true,
    }),
  },

  aboutUs: versioned('about', '/about-us', {
    collection: 'aboutUsVersions',
    body: aboutUsSchema,
    pageSize: PAGE_SIZES.about,
    item: returns<AboutUsVersion>(),
  }),

  activities: {
    // Before /activities/:id, which would take "calendar.ics" for an id.
    calendarFeed: operation('get', '/activities/calendar.ics', 'public', {
      answer: returns<string>(),
      publicCache: [],
    }),
    calendarFile: operation('get', '/activities/:id/calendar.ics', 'public', {
      params: idParams,
      answer: returns<string>(),
      publicCache: [],
    }),
    list: operation('get', '/activities', 'public', {
      query: activitiesQuery(MAX_PAGE_LIMIT),
      answer: returns<ListData<'activities', Activity>>(),
      publicCache: [...PAGING_READS, 'status'],
    }),
    get: operation('get', '/activities/:id', 'public', {
      params: idParams,
      answer: returns<Activity>(),
      publicCache: [],
    }),
    // The public answers show the participant count.
    register: operation('post', '/activities/:id/register', 'user', {
      params: idParams,
      answer: returns<Activity>(),
      changesPublicContent: true,
    }),
    // Per-user, so never cached: a cached public answer must hold no one's own data.
    registration: operation('get', '/activities/:id/registration', 'user', {
      params: idParams,
      answer: returns<{ registered: boolean }>(),
    }),
    cancelRegistration: operation('delete', '/activities/:id/register', 'user', {
      params: idParams,
      answer: returns<Activity>(),
      changesPublicContent: true,
    }),
    registrations: adminOperation('activities', 'get', '/activities/:id/registrations', {
      params: idParams,
      query: registrationsQuery(PAGE_SIZES.registrations),
      answer: returns<ListData<'registrations', ActivityRegistration>>(),
    }),
    exportRegistrations: adminOperation('activities', 'get', '/activities/:id/registrations.csv', {
      params: idParams,
      query: registrationsFilter,
      answer: returns<string>(),
    }),
    // A POST, not a DELETE: the action follows from the method (DELETE needs "delete"), and removing
    // an attendee is an edit of the activity that edit permission allows.
    removeRegistration: adminOperation('activities', 'post', '/activities/:id/registrations/:userId/remove', {
      params: registrationParams,
      answer: returns<Activity>(),
      changesPublicContent: true,
    }),
    admin: adminCrud('activities', '/activities', {
      collection: 'activities',
      body: activitySchema,
      query: adminActivitiesQuery(PAGE_SIZES.activities),
      item: returns<Activity>(),
      changesPublicContent: true,
    }),
  },

  testimonials: {
    list: operation('get', '/testimonials', 'public', {
      query: paginationQuery(MAX_PAGE_LIMIT),
      answer: returns<ListData<'testimonials', Testimonial>>(),
      publicCache: PAGING_READS,
    }),
    admin: adminCrud('testimonials', '/testimonials', {
      collection: 'testimonials',
      body: testimonialSchema,
      query: sortedAdminListQuery(PAGE_SIZES.testimonials, TESTIMONIAL_SORTS),
      item: returns<Testimonial>(),
      changesPublicContent: true,
    }),
    toggleFeatured: adminOperation('testimonials', 'patch', '/testimonials/:id/featured', {
      params: idParams,
      ifMatch: true,
      answer: returns<Testimonial>(),
      changesPublicContent: true,
    }),
  },

  contactInfo: versioned('connect', '/contact-info', {
    collection: 'contactInfoVersions',
    body: contactInfoSchema,
    pageSize: PAGE_SIZES.connect,
    item: returns<ContactInfoVersion>(),
  }),

  faqs: {
    list: operation('get', '/faqs', 'public', {
      query: paginationQuery(MAX_PAGE_LIMIT),
      answer: returns<ListData<'faqs', Faq>>(),
      publicCache: PAGING_READS,
    }),
    // Before /faqs/:id, which would otherwise take "reorder" for an id and answer 404.
    reorder: adminOperation('faqs', 'put', '/faqs/reorder', {
      body: faqReorderSchema,
      answer: returns<ListData<'faqs', Faq>>(),
      changesPublicContent: true,
    }),
    admin: adminCrud('faqs', '/faqs', {
      collection: 'faqs',
      body: faqSchema,
      query: sortedAdminListQuery(PAGE_SIZES.faqs, FAQ_SORTS),
      item: returns<Faq>(),
      changesPublicContent: true,
    }),
  },

  privacyPolicy: versioned('privacy_policy', '/privacy-policy', {
    collection: 'privacyPolicies',
    body: privacyPolicySchema,
    pageSize: PAGE_SIZES.privacyPolicy,
    item: returns<PolicyVersion>(),
  }),

  termsOfService: versioned('terms_of_service', '/terms-of-service', {
    collection: 'termsOfService',
    body: termsOfServiceSchema,
    pageSize: PAGE_SIZES.termsOfService,
    item: returns<PolicyVersion>(),
  }),

  users: {
    // Before /users/:id, which would otherwise take "stats" for an id.
    stats: adminOperation('admins', 'get', '/users/stats', { answer: returns<UserStats>() }),
    list: adminOperation('admins', 'get', '/users', {
      query: usersQuery(PAGE_SIZES.admins),
      answer: returns<ListData<'users', User>>(),
    }),
    get: adminOperation('admins', 'get', '/users/:id', { params: idParams, answer: returns<User>() }),
    create: adminOperation('admins', 'post', '/users', { body: adminUserSchema, answer: returns<User>() }),
    update: adminOperation('admins', 'put', '/users/:id', {
      params: idParams,
      body: adminUserSchema,
      ifMatch: true,
      answer: returns<User>(),
    }),
    toggleStatus: adminOperation('admins', 'patch', '/users/:id/toggle-status', {
      params: idParams,
      ifMatch: true,
      answer: returns<User>(),
    }),
    // The account's activity registrations go with it (ON DELETE CASCADE): participant counts change.
    remove: adminOperation('admins', 'delete', '/users/:id', {
      params: idParams,
      ifMatch: true,
      answer: nothing,
      changesPublicContent: true,
    }),
    // An account still without a password gets a new invitation link; the previous one stops working.
    resendInvitation: adminOperation('admins', 'post', '/users/:id/resend-invitation', {
      params: idParams,
      answer: returns<User>(),
    }),
  },

  account: {
    sessions: operation('get', '/account/sessions', 'user', { answer: returns<AccountSession[]>() }),
    endSession: operation('delete', '/account/sessions/:id', 'user', { params: idParams, answer: nothing }),
    endOtherSessions: operation('post', '/account/sessions/end-others', 'user', { answer: ended }),
    changePassword: operation('post', '/account/password', 'user', { body: changePasswordSchema, answer: nothing }),
    // Members' data rights: their data as a JSON file (the body itself, not an envelope), and closing
    // the account, which erases it (members/erasure.ts). Staff accounts are closed by a super admin.
    data: operation('get', '/account/data', 'user', { answer: returns<MemberDataExport>() }),
    close: operation('post', '/account/close', 'user', { body: closeAccountSchema, answer: nothing }),
    // Announcements by e-mail: the signed-in account's choice (on by default).
    preferences: operation('get', '/account/preferences', 'user', { answer: returns<AnnouncementPreference>() }),
    setPreferences: operation('put', '/account/preferences', 'user', {
      body: announcementPreferenceSchema,
      answer: returns<AnnouncementPreference>(),
    }),
    // RFC 8058 one-click unsubscribe: the signed token of the mail's List-Unsubscribe link, no session.
    // The site's POST /unsubscribe?token=… (what mail clients send) is handed to this route.
    unsubscribe: operation('post', '/unsubscribe', 'public', { query: unsubscribeQuery, answer: message }),
    endSessionsOf: adminOperation('admins', 'post', '/users/:id/end-sessions', { params: idParams, answer: ended }),
  },

  contactMessages: {
    send: operation('post', '/contact-messages', 'public', {
      body: contactMessageSchema,
      answer: returns<{ id: number }>(),
    }),
    list: adminOperation('connect', 'get', '/contact-messages', {
      query: contactMessagesQuery(PAGE_SIZES.messages),
      answer: returns<ContactMessagesPage>(),
    }),
    exportCsv: adminOperation('connect', 'get', '/contact-messages/export.csv', {
      query: contactMessagesFilter,
      answer: returns<string>(),
    }),
    setState: adminOperation('connect', 'patch', '/contact-messages/:id/state', {
      params: idParams,
      body: contactMessageStateSchema,
      ifMatch: true,
      answer: returns<ContactMessage>(),
    }),
    markRead: adminOperation('connect', 'patch', '/contact-messages/:id/read', {
      params: idParams,
      ifMatch: true,
      answer: returns<ContactMessage>(),
    }),
    remove: adminOperation('connect', 'delete', '/contact-messages/:id', {
      params: idParams,
      ifMatch: true,
      answer: nothing,
    }),
  },

  /**
   * Members (accounts of role member) as staff manage them (issue 22): list, detail, CSV export,
   * deactivation (which ends their sessions) and reactivation, and the CSV import with its dry run.
   * The export is declared before /:id.
   */
  members: {
    list: adminOperation('members', 'get', '/members', {
      query: membersQuery(PAGE_SIZES.members),
      answer: returns<ListData<'members', Member>>(),
    }),
    exportCsv: adminOperation('members', 'get', '/members/export.csv', {
      query: membersFilter,
      answer: returns<string>(),
    }),
    get: adminOperation('members', 'get', '/members/:id', { params: idParams, answer: returns<MemberDetail>() }),
    deactivate: adminOperation('members', 'patch', '/members/:id/deactivate', {
      params: idParams,
      ifMatch: true,
      answer: returns<Member>(),
    }),
    reactivate: adminOperation('members', 'patch', '/members/:id/reactivate', {
      params: idParams,
      ifMatch: true,
      answer: returns<Member>(),
    }),
    // Erasure (members' data rights): personal data gone, registrations kept anonymous (counts unchanged).
    erase: adminOperation('members', 'delete', '/members/:id', {
      params: idParams,
      ifMatch: true,
      answer: nothing,
    }),
    // The dry run writes nothing, so it keeps no answer for Idempotency-Key (it can be megabytes).
    importPreview: adminOperation('members', 'post', '/members/import/dry-run', {
      body: memberImportPreviewSchema,
      bodyLimitMb: MEMBER_IMPORT_BODY_LIMIT_MB,
      idempotent: false,
      answer: returns<MemberImportPreview>(),
    }),
    import: adminOperation('members', 'post', '/members/import', {
      body: memberImportSchema,
      bodyLimitMb: MEMBER_IMPORT_BODY_LIMIT_MB,
      answer: returns<MemberImportResult>(),
    }),
  },

  dashboard: {
    get: adminOperation('dashboard', 'get', '/dashboard', { answer: returns<DashboardData>() }),
    // Open to every admin, like the dashboard: module screens ask it whether their section is on defaults.
    defaultContent: adminOperation('dashboard', 'get', '/default-content', {
      answer: returns<DefaultContentStatus>(),
    }),
  },

  // Read only: no operation writes, edits or deletes entries.
  audit: {
    list: adminOperation('audit', 'get', '/audit', {
      query: auditQuery(AUDIT_PAGE_SIZE),
      answer: returns<ListData<'entries', AuditLogEntry>>(),
    }),
    // Before /audit/:id, which would otherwise take "export.csv" for an id.
    exportCsv: adminOperation('audit', 'get', '/audit/export.csv', { query: auditFilter, answer: returns<string>() }),
    get: adminOperation('audit', 'get', '/audit/:id', { params: idParams, answer: returns<AuditLogEntry>() }),
  },

  // Super admins only. Retry and discard act on a failed mail alone (409 otherwise); no operation
  // shows a subject or body (invitations and resets carry sign-in tokens).
  /**
   * Announcements by e-mail (issue 22 item 2), under the members module's rights: drafts, the preview
   * of the mail as sent, a test to oneself, sending now or at a time, and the progress of its mails.
   * The preview is declared before /:id.
   */
  announcements: {
    list: announcementOperation('get', '/announcements', {
      query: paginationQuery(ANNOUNCEMENT_PAGE_SIZE),
      answer: returns<ListData<'announcements', Announcement>>(),
    }),
    create: announcementOperation('post', '/announcements', {
      body: announcementSchema,
      answer: returns<Announcement>(),
    }),
    // Renders the subject and body as the mail will be (to the caller's address): writes nothing.
    preview: announcementOperation('post', '/announcements/preview', {
      body: announcementPreviewSchema,
      idempotent: false,
      answer: returns<AnnouncementPreview>(),
    }),
    get: announcementOperation('get', '/announcements/:id', { params: idParams, answer: returns<Announcement>() }),
    update: announcementOperation('put', '/announcements/:id', {
      params: idParams,
      body: announcementSchema,
      ifMatch: true,
      answer: returns<Announcement>(),
    }),
    remove: announcementOperation('delete', '/announcements/:id', {
      params: idParams,
      ifMatch: true,
      answer: nothing,
    }),
    sendTest: announcementOperation('post', '/announcements/:id/test', {
      params: idParams,
      answer: message,
    }),
    // Sends now or schedules: the revision the sender previewed is the one that goes (If-Match).
    send: announcementOperation('patch', '/announcements/:id/send', {
      params: idParams,
      body: announcementSendSchema,
      ifMatch: true,
      answer: returns<Announcement>(),
    }),
    unschedule: announcementOperation('patch', '/announcements/:id/unschedule', {
      params: idParams,
      ifMatch: true,
      answer: returns<Announcement>(),
    }),
    recipients: announcementOperation('get', '/announcements/:id/recipients', {
      params: idParams,
      query: announcementRecipientsQuery,
      answer: returns<ListData<'recipients', AnnouncementRecipient>>(),
    }),
    retryRecipient: announcementOperation('post', '/announcements/:id/recipients/:mailId/retry', {
      params: announcementMailParams,
      answer: returns<AnnouncementRecipient>(),
    }),
  },
  mail: {
    list: adminOperation('mail', 'get', '/mail', {
      query: mailQueueQuery(MAIL_PAGE_SIZE),
      answer: returns<ListData<'mails', MailQueueItem>>(),
    }),
    // A POST: a command to the worker, whose precondition is the state (only a failed mail), not an
    // edit of the item; the worker changes the mail right after, so an ETag would name a passing state.
    retry: adminOperation('mail', 'post', '/mail/:id/retry', { params: idParams, answer: returns<MailQueueItem>() }),
    discard: adminOperation('mail', 'delete', '/mail/:id', { params: idParams, ifMatch: true, answer: nothing }),
  },

  twoFactor: {
    status: operation('get', '/account/two-factor', 'staffSignInStarted', { answer: returns<TwoFactorStatus>() }),
    // Setup, confirm and new recovery codes ignore Idempotency-Key: their answers are a secret or
    // recovery codes, not for keeping in a table; asked twice, the second answer replaces the first.
    setup: operation('post', '/account/two-factor/setup', 'staffSignInStarted', {
      answer: returns<TwoFactorSetup>(),
      idempotent: false,
    }),
    confirm: operation('post', '/account/two-factor/confirm', 'staffSignInStarted', {
      body: twoFactorCodeSchema,
      answer: returns<RecoveryCodes>(),
      idempotent: false,
    }),
    disable: operation('post', '/account/two-factor/disable', 'staffSignInStarted', {
      body: twoFactorDisableSchema,
      answer: nothing,
    }),
    renewRecoveryCodes: operation('post', '/account/two-factor/recovery-codes', 'staffSignInStarted', {
      body: twoFactorCodeSchema,
      answer: returns<RecoveryCodes>(),
      idempotent: false,
    }),
    securitySettings: adminOperation('admins', 'get', '/settings/security', { answer: returns<SecuritySettings>() }),
    resetFor: adminOperation('admins', 'post', '/users/:id/two-factor/reset', { params: idParams, answer: nothing }),
    setSecuritySettings: adminOperation('admins', 'put', '/settings/security', {
      body: securitySettingsSchema,
      answer: returns<SecuritySettings>(),
    }),
  },

  metadata: {
    openApi: operation('get', '/openapi.json', 'public', { answer: returns<unknown>() }),
  },
} as const;

type Group = Record<string, Operation | Record<string, Operation>>;

/** Every operation of the table, in its order. */
export const API_OPERATIONS: readonly Operation[] = Object.values(API as Record<string, Group>).flatMap((group) =>
  Object.values(group).flatMap((entry) => ('method' in entry ? [entry as Operation] : Object.values(entry))),
);
