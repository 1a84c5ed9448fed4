/**
 * The route table: every operation of the API, once, as plain data (method, path, access, module and
 * action, flags) with what it answers and accepts as types only. The client and the console's queued
 * changes take their paths and types from here without loading zod (the console's sign-in screen
 * loads this); operations.ts attaches each route's schemas (route-schemas.ts), and from that the
 * server registers a handler for each entry (refusing to start while one has none) and the OpenAPI
 * document lists them in this order.
 *
 * The order is the router's: a fixed path is declared before the parametrised one that would take it
 * (/users/stats before /users/:id, /faqs/reorder before /faqs/:id).
 *
 * `changesPublicContent`: a successful write bumps the content version, so cached public answers and
 * pages are built again. Accounts, contact messages and settings are not public content.
 */
import type {
  Announcement,
  AnnouncementPreference,
  AnnouncementPreview,
  AnnouncementReach,
  AnnouncementRecipient,
} from '../announcements.js';
import { AUDIT_ANNOUNCEMENTS_MODULE, type AuditLogEntry } from '../audit.js';
import { MEMBER_IMPORT_BODY_LIMIT_MB } from '../constants.js';
import type {
  AboutUsVersion,
  AccountSession,
  Activity,
  ActivityRegistration,
  ContactInfoVersion,
  ContactMessage,
  ContactMessageReply,
  ContactMessagesBulkResult,
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
import type { MailQueueItem } from '../mail.js';
import type { MemberImportPreview, MemberImportResult } from '../member-import.js';
import type { Module } from '../permissions.js';
import type { RecoveryCodes, SecuritySettings, TwoFactorSetup, TwoFactorStatus } from '../two-factor.js';
import type { AcceptingInputs } from './operation.js';
import { adminRoute, returns, route, type Answer, type HttpMethod, type RouteDetails } from './route.js';
import type { ROUTE_SCHEMAS } from './route-schemas.js';

/**
 * An announcements route: allowed by the members permission, its writes filed in the audit trail
 * under the announcements (so the activity log names them by subject, not as accounts).
 */
function announcementRoute<const M extends HttpMethod, const P extends string, const D extends RouteDetails>(
  method: M,
  path: P,
  details: D,
) {
  return adminRoute('members', method, path, { ...details, auditModule: AUDIT_ANNOUNCEMENTS_MODULE });
}

/** The query parameters a paged public list's cached answer depends on. */
const PAGING_READS = ['page', 'limit'] as const;

/** The four admin calls of a plain content list: list a page, create, update, delete. */
function adminCrud<const Mod extends Module, const P extends string, const C extends string, Item>(
  module: Mod,
  path: P,
  options: { collection: C; item: Answer<Item>; changesPublicContent: boolean },
) {
  const { item, changesPublicContent } = options;
  return {
    list: adminRoute(module, 'get', path, { answer: returns<ListData<C, Item>>() }),
    create: adminRoute(module, 'post', path, { answer: item, changesPublicContent }),
    update: adminRoute(module, 'put', `${path}/:id`, { ifMatch: true, answer: item, changesPublicContent }),
    remove: adminRoute(module, 'delete', `${path}/:id`, {
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
function versioned<const Mod extends Module, const P extends string, const C extends string, Item>(
  module: Mod,
  path: P,
  options: { collection: C; item: Answer<Item> },
) {
  const { item } = options;
  const changesPublicContent = true;
  return {
    active: route('get', path, 'public', { answer: item, publicCache: [] }),
    list: adminRoute(module, 'get', path, { answer: returns<ListData<C, Item>>() }),
    get: adminRoute(module, 'get', `${path}/:id`, { answer: item }),
    create: adminRoute(module, 'post', path, { answer: item, changesPublicContent }),
    update: adminRoute(module, 'put', `${path}/:id`, { ifMatch: true, answer: item, changesPublicContent }),
    activate: adminRoute(module, 'patch', `${path}/:id/activate`, {
      ifMatch: true,
      answer: item,
      changesPublicContent,
    }),
    // Scheduling changes nothing the public sees until the scheduler activates (and announces) it.
    schedule: adminRoute(module, 'put', `${path}/:id/schedule`, { ifMatch: true, answer: item }),
    // PATCH, not DELETE: cancelling is an edit of the version, so it needs edit permission as scheduling does.
    cancelSchedule: adminRoute(module, 'patch', `${path}/:id/unschedule`, { ifMatch: true, answer: item }),
    remove: adminRoute(module, 'delete', `${path}/:id`, {
      ifMatch: true,
      answer: returns<null>(),
      changesPublicContent,
    }),
  };
}

const nothing = returns<null>();
const message = returns<{ message: string }>();
const ended = returns<{ ended: number }>();

const TABLE = {
  health: {
    check: route('get', '/health', 'public', { answer: returns<{ status: string }>() }),
    /** Readiness, for a load balancer: the database answers and its migrations are current. */
    ready: route('get', '/health/ready', 'public', { answer: returns<{ status: string }>() }),
  },

  auth: {
    register: route('post', '/auth/register', 'public', {
      answer: returns<{ user: User; id: number }>(),
    }),
    // Sign-in ignores Idempotency-Key: its answer is a bearer token, not for keeping in a table.
    login: route('post', '/auth/login', 'public', {
      answer: returns<LoginAnswer>(),
      idempotent: false,
    }),
    loginTwoFactor: route('post', '/auth/login/two-factor', 'public', {
      answer: returns<LoginResult>(),
      idempotent: false,
    }),
    me: route('get', '/auth/me', 'signInStarted', { answer: returns<{ user: User }>() }),
    logout: route('post', '/auth/logout', 'signInStarted', { answer: nothing }),
    forgotPassword: route('post', '/auth/forgot-password', 'public', { answer: message }),
    checkResetToken: route('get', '/auth/reset-password/:token', 'public', { answer: returns<ResetTokenCheck>() }),
    resetPassword: route('post', '/auth/reset-password/:token', 'public', { answer: message }),
  },

  membershipCards: {
    list: route('get', '/membership-cards', 'public', {
      answer: returns<ListData<'cards', MembershipCard>>(),
      publicCache: PAGING_READS,
    }),
    // Before /membership-cards/:id, as the FAQs' reorder. Moving a card raises its revision.
    reorder: adminRoute('membership', 'put', '/membership-cards/reorder', {
      answer: returns<ListData<'cards', MembershipCard>>(),
      changesPublicContent: true,
    }),
    admin: adminCrud('membership', '/membership-cards', {
      collection: 'cards',
      item: returns<MembershipCard>(),
      changesPublicContent: true,
    }),
  },

  aboutUs: versioned('about', '/about-us', {
    collection: 'aboutUsVersions',
    item: returns<AboutUsVersion>(),
  }),

  activities: {
    // Before /activities/:id, which would take "calendar.ics" for an id.
    calendarFeed: route('get', '/activities/calendar.ics', 'public', {
      answer: returns<string>(),
      publicCache: [],
    }),
    calendarFile: route('get', '/activities/:id/calendar.ics', 'public', {
      answer: returns<string>(),
      publicCache: [],
    }),
    list: route('get', '/activities', 'public', {
      answer: returns<ListData<'activities', Activity>>(),
      publicCache: [...PAGING_READS, 'status'],
    }),
    get: route('get', '/activities/:id', 'public', {
      answer: returns<Activity>(),
      publicCache: [],
    }),
    // The public answers show the participant count.
    register: route('post', '/activities/:id/register', 'user', {
      answer: returns<Activity>(),
      changesPublicContent: true,
    }),
    // Per-user, so never cached: a cached public answer must hold no one's own data.
    registration: route('get', '/activities/:id/registration', 'user', {
      answer: returns<{ registered: boolean }>(),
    }),
    cancelRegistration: route('delete', '/activities/:id/register', 'user', {
      answer: returns<Activity>(),
      changesPublicContent: true,
    }),
    registrations: adminRoute('activities', 'get', '/activities/:id/registrations', {
      answer: returns<ListData<'registrations', ActivityRegistration>>(),
    }),
    exportRegistrations: adminRoute('activities', 'get', '/activities/:id/registrations.csv', {
      answer: returns<string>(),
    }),
    // A POST, not a DELETE: the action follows from the method (DELETE needs "delete"), and removing
    // an attendee is an edit of the activity that edit permission allows.
    removeRegistration: adminRoute('activities', 'post', '/activities/:id/registrations/:userId/remove', {
      answer: returns<Activity>(),
      changesPublicContent: true,
    }),
    admin: adminCrud('activities', '/activities', {
      collection: 'activities',
      item: returns<Activity>(),
      changesPublicContent: true,
    }),
  },

  testimonials: {
    list: route('get', '/testimonials', 'public', {
      answer: returns<ListData<'testimonials', Testimonial>>(),
      publicCache: PAGING_READS,
    }),
    admin: adminCrud('testimonials', '/testimonials', {
      collection: 'testimonials',
      item: returns<Testimonial>(),
      changesPublicContent: true,
    }),
    toggleFeatured: adminRoute('testimonials', 'patch', '/testimonials/:id/featured', {
      ifMatch: true,
      answer: returns<Testimonial>(),
      changesPublicContent: true,
    }),
  },

  contactInfo: versioned('connect', '/contact-info', {
    collection: 'contactInfoVersions',
    item: returns<ContactInfoVersion>(),
  }),

  faqs: {
    list: route('get', '/faqs', 'public', {
      answer: returns<ListData<'faqs', Faq>>(),
      publicCache: PAGING_READS,
    }),
    // Before /faqs/:id, which would otherwise take "reorder" for an id and answer 404.
    reorder: adminRoute('faqs', 'put', '/faqs/reorder', {
      answer: returns<ListData<'faqs', Faq>>(),
      changesPublicContent: true,
    }),
    admin: adminCrud('faqs', '/faqs', {
      collection: 'faqs',
      item: returns<Faq>(),
      changesPublicContent: true,
    }),
  },

  privacyPolicy: versioned('privacy_policy', '/privacy-policy', {
    collection: 'privacyPolicies',
    item: returns<PolicyVersion>(),
  }),

  termsOfService: versioned('terms_of_service', '/terms-of-service', {
    collection: 'termsOfService',
    item: returns<PolicyVersion>(),
  }),

  users: {
    // Before /users/:id, which would otherwise take "stats" for an id.
    stats: adminRoute('admins', 'get', '/users/stats', { answer: returns<UserStats>() }),
    list: adminRoute('admins', 'get', '/users', { answer: returns<ListData<'users', User>>() }),
    get: adminRoute('admins', 'get', '/users/:id', { answer: returns<User>() }),
    create: adminRoute('admins', 'post', '/users', { answer: returns<User>() }),
    update: adminRoute('admins', 'put', '/users/:id', {
      ifMatch: true,
      answer: returns<User>(),
    }),
    toggleStatus: adminRoute('admins', 'patch', '/users/:id/toggle-status', {
      ifMatch: true,
      answer: returns<User>(),
    }),
    // The account's activity registrations go with it (ON DELETE CASCADE): participant counts change.
    remove: adminRoute('admins', 'delete', '/users/:id', {
      ifMatch: true,
      answer: nothing,
      changesPublicContent: true,
    }),
    // An account still without a password gets a new invitation link; the previous one stops working.
    resendInvitation: adminRoute('admins', 'post', '/users/:id/resend-invitation', { answer: returns<User>() }),
  },

  account: {
    sessions: route('get', '/account/sessions', 'user', { answer: returns<AccountSession[]>() }),
    endSession: route('delete', '/account/sessions/:id', 'user', { answer: nothing }),
    endOtherSessions: route('post', '/account/sessions/end-others', 'user', { answer: ended }),
    changePassword: route('post', '/account/password', 'user', { answer: nothing }),
    // Members' data rights: their data as a JSON file (the body itself, not an envelope), and closing
    // the account, which erases it (members/erasure.ts). Staff accounts are closed by a super admin.
    data: route('get', '/account/data', 'user', { answer: returns<MemberDataExport>() }),
    close: route('post', '/account/close', 'user', { answer: nothing }),
    // Announcements by e-mail: the signed-in account's choice (on by default).
    preferences: route('get', '/account/preferences', 'user', { answer: returns<AnnouncementPreference>() }),
    setPreferences: route('put', '/account/preferences', 'user', { answer: returns<AnnouncementPreference>() }),
    // RFC 8058 one-click unsubscribe: the signed token of the mail's List-Unsubscribe link, no session.
    // The site's POST /unsubscribe?token=… (what mail clients send) is handed to this route.
    unsubscribe: route('post', '/unsubscribe', 'public', { answer: message }),
    endSessionsOf: adminRoute('admins', 'post', '/users/:id/end-sessions', { answer: ended }),
  },

  contactMessages: {
    send: route('post', '/contact-messages', 'public', {
      answer: returns<{ id: number }>(),
    }),
    list: adminRoute('connect', 'get', '/contact-messages', { answer: returns<ContactMessagesPage>() }),
    exportCsv: adminRoute('connect', 'get', '/contact-messages/export.csv', { answer: returns<string>() }),
    // Many messages at once (issue 55 item 4); `delete` also needs the delete permission (checked by the handler).
    bulk: adminRoute('connect', 'post', '/contact-messages/bulk', { answer: returns<ContactMessagesBulkResult>() }),
    replies: adminRoute('connect', 'get', '/contact-messages/:id/replies', {
      answer: returns<ContactMessageReply[]>(),
    }),
    reply: adminRoute('connect', 'post', '/contact-messages/:id/replies', { answer: returns<ContactMessageReply>() }),
    setState: adminRoute('connect', 'patch', '/contact-messages/:id/state', {
      ifMatch: true,
      answer: returns<ContactMessage>(),
    }),
    markRead: adminRoute('connect', 'patch', '/contact-messages/:id/read', {
      ifMatch: true,
      answer: returns<ContactMessage>(),
    }),
    remove: adminRoute('connect', 'delete', '/contact-messages/:id', {
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
    list: adminRoute('members', 'get', '/members', { answer: returns<ListData<'members', Member>>() }),
    exportCsv: adminRoute('members', 'get', '/members/export.csv', { answer: returns<string>() }),
    get: adminRoute('members', 'get', '/members/:id', { answer: returns<MemberDetail>() }),
    deactivate: adminRoute('members', 'patch', '/members/:id/deactivate', {
      ifMatch: true,
      answer: returns<Member>(),
    }),
    reactivate: adminRoute('members', 'patch', '/members/:id/reactivate', {
      ifMatch: true,
      answer: returns<Member>(),
    }),
    // Erasure (members' data rights): personal data gone, registrations kept anonymous (counts unchanged).
    erase: adminRoute('members', 'delete', '/members/:id', {
      ifMatch: true,
      answer: nothing,
    }),
    // The dry run writes nothing, so it keeps no answer for Idempotency-Key (it can be megabytes).
    importPreview: adminRoute('members', 'post', '/members/import/dry-run', {
      bodyLimitMb: MEMBER_IMPORT_BODY_LIMIT_MB,
      idempotent: false,
      answer: returns<MemberImportPreview>(),
    }),
    import: adminRoute('members', 'post', '/members/import', {
      bodyLimitMb: MEMBER_IMPORT_BODY_LIMIT_MB,
      answer: returns<MemberImportResult>(),
    }),
  },

  dashboard: {
    get: adminRoute('dashboard', 'get', '/dashboard', { answer: returns<DashboardData>() }),
    // Open to every admin, like the dashboard: module screens ask it whether their section is on defaults.
    defaultContent: adminRoute('dashboard', 'get', '/default-content', { answer: returns<DefaultContentStatus>() }),
  },

  // Read only: no operation writes, edits or deletes entries.
  audit: {
    list: adminRoute('audit', 'get', '/audit', { answer: returns<ListData<'entries', AuditLogEntry>>() }),
    // Before /audit/:id, which would otherwise take "export.csv" for an id.
    exportCsv: adminRoute('audit', 'get', '/audit/export.csv', { answer: returns<string>() }),
    get: adminRoute('audit', 'get', '/audit/:id', { answer: returns<AuditLogEntry>() }),
  },

  // Super admins only. Retry and discard act on a failed mail alone (409 otherwise); no operation
  // shows a subject or body (invitations and resets carry sign-in tokens).
  /**
   * Announcements by e-mail (issue 22 item 2), under the members module's rights: drafts, the preview
   * of the mail as sent, a test to oneself, sending now or at a time, and the progress of its mails.
   * The preview is declared before /:id.
   */
  announcements: {
    list: announcementRoute('get', '/announcements', { answer: returns<ListData<'announcements', Announcement>>() }),
    create: announcementRoute('post', '/announcements', { answer: returns<Announcement>() }),
    // Renders the subject and body as the mail will be (to the caller's address): writes nothing.
    preview: announcementRoute('post', '/announcements/preview', {
      idempotent: false,
      answer: returns<AnnouncementPreview>(),
    }),
    get: announcementRoute('get', '/announcements/:id', { answer: returns<Announcement>() }),
    update: announcementRoute('put', '/announcements/:id', {
      ifMatch: true,
      answer: returns<Announcement>(),
    }),
    remove: announcementRoute('delete', '/announcements/:id', {
      ifMatch: true,
      answer: nothing,
    }),
    sendTest: announcementRoute('post', '/announcements/:id/test', { answer: message }),
    // How many accounts a send would mail now: what "Send now" asks to confirm.
    audience: announcementRoute('get', '/announcements/:id/audience', { answer: returns<AnnouncementReach>() }),
    // Sends now or schedules: the revision the sender previewed is the one that goes (If-Match).
    send: announcementRoute('patch', '/announcements/:id/send', {
      ifMatch: true,
      answer: returns<Announcement>(),
    }),
    unschedule: announcementRoute('patch', '/announcements/:id/unschedule', {
      ifMatch: true,
      answer: returns<Announcement>(),
    }),
    recipients: announcementRoute('get', '/announcements/:id/recipients', {
      answer: returns<ListData<'recipients', AnnouncementRecipient>>(),
    }),
    retryRecipient: announcementRoute('post', '/announcements/:id/recipients/:mailId/retry', {
      answer: returns<AnnouncementRecipient>(),
    }),
  },
  mail: {
    list: adminRoute('mail', 'get', '/mail', { answer: returns<ListData<'mails', MailQueueItem>>() }),
    // A POST: a command to the worker, whose precondition is the state (only a failed mail), not an
    // edit of the item; the worker changes the mail right after, so an ETag would name a passing state.
    retry: adminRoute('mail', 'post', '/mail/:id/retry', { answer: returns<MailQueueItem>() }),
    discard: adminRoute('mail', 'delete', '/mail/:id', { ifMatch: true, answer: nothing }),
  },

  twoFactor: {
    status: route('get', '/account/two-factor', 'staffSignInStarted', { answer: returns<TwoFactorStatus>() }),
    // Setup, confirm and new recovery codes ignore Idempotency-Key: their answers are a secret or
    // recovery codes, not for keeping in a table; asked twice, the second answer replaces the first.
    setup: route('post', '/account/two-factor/setup', 'staffSignInStarted', {
      answer: returns<TwoFactorSetup>(),
      idempotent: false,
    }),
    confirm: route('post', '/account/two-factor/confirm', 'staffSignInStarted', {
      answer: returns<RecoveryCodes>(),
      idempotent: false,
    }),
    disable: route('post', '/account/two-factor/disable', 'staffSignInStarted', { answer: nothing }),
    renewRecoveryCodes: route('post', '/account/two-factor/recovery-codes', 'staffSignInStarted', {
      answer: returns<RecoveryCodes>(),
      idempotent: false,
    }),
    securitySettings: adminRoute('admins', 'get', '/settings/security', { answer: returns<SecuritySettings>() }),
    resetFor: adminRoute('admins', 'post', '/users/:id/two-factor/reset', { answer: nothing }),
    setSecuritySettings: adminRoute('admins', 'put', '/settings/security', { answer: returns<SecuritySettings>() }),
  },

  metadata: {
    openApi: route('get', '/openapi.json', 'public', { answer: returns<unknown>() }),
  },
} as const;

/** The table, each route typed with what its schemas accept (the routes carry no schema). */
export const ROUTES: AcceptingInputs<typeof TABLE, typeof ROUTE_SCHEMAS> = TABLE;
