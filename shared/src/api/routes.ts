/**
 * The route table: every operation of the API, once, as plain data (method, path, access, module and
 * action, flags) with what it answers and accepts as types only (route-schemas.ts holds the schemas). The client and the console's queued
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
import { AUDIT_ANNOUNCEMENTS_MODULE, AUDIT_SPECIALTIES_MODULE, AUDIT_TAGS_MODULE } from '../audit.js';
import { DIRECTORY_READS, MEMBER_IMPORT_BODY_LIMIT_MB, PHOTO_BODY_LIMIT_MB } from '../constants.js';
import type { Module } from '../permissions.js';
import { CALENDAR_ROUTES } from './calendar-routes.js';
import type { AcceptingInputs } from './operation.js';
import { adminRoute, route, type HttpMethod, type RouteDetails } from './route.js';
import type { ROUTE_SCHEMAS } from './route-schemas.js';

/**
 * An announcements route: allowed by the members permission, its writes filed in the audit trail
 * under the announcements (so the activity log names them by subject, not as accounts).
 */
function announcementRoute<
  const M extends HttpMethod,
  const P extends string,
  const D extends RouteDetails = Record<never, never>,
>(method: M, path: P, details: D = {} as D) {
  return adminRoute('members', method, path, { ...details, auditModule: AUDIT_ANNOUNCEMENTS_MODULE });
}

/** A specialties route: allowed by the members permission, filed in the audit trail under the specialties. */
function specialtyRoute<
  const M extends HttpMethod,
  const P extends string,
  const D extends RouteDetails = Record<never, never>,
>(method: M, path: P, details: D = {} as D) {
  return adminRoute('members', method, path, { ...details, auditModule: AUDIT_SPECIALTIES_MODULE });
}

/** The query parameters a paged public list's cached answer depends on. */
const PAGING_READS = ['page', 'limit'] as const;

/** The four admin calls of a plain content list: list a page, create, update, delete. */
function adminCrud<const Mod extends Module, const P extends string>(
  module: Mod,
  path: P,
  options: { changesPublicContent: boolean },
) {
  const { changesPublicContent } = options;
  return {
    list: adminRoute(module, 'get', path),
    create: adminRoute(module, 'post', path, { changesPublicContent }),
    update: adminRoute(module, 'put', `${path}/:id`, { ifMatch: true, changesPublicContent }),
    remove: adminRoute(module, 'delete', `${path}/:id`, {
      ifMatch: true,
      changesPublicContent,
    }),
  };
}

/**
 * Versioned content (About Us, contact info, the policies): the public active version, and the admin
 * list, read, create, update, activate and delete. All of it is public content.
 */
function versioned<const Mod extends Module, const P extends string>(module: Mod, path: P) {
  const changesPublicContent = true;
  return {
    active: route('get', path, 'public', { publicCache: [] }),
    list: adminRoute(module, 'get', path),
    get: adminRoute(module, 'get', `${path}/:id`),
    create: adminRoute(module, 'post', path, { changesPublicContent }),
    update: adminRoute(module, 'put', `${path}/:id`, { ifMatch: true, changesPublicContent }),
    activate: adminRoute(module, 'patch', `${path}/:id/activate`, {
      ifMatch: true,
      changesPublicContent,
    }),
    // Scheduling changes nothing the public sees until the scheduler activates (and announces) it.
    schedule: adminRoute(module, 'put', `${path}/:id/schedule`, { ifMatch: true }),
    // PATCH, not DELETE: cancelling is an edit of the version, so it needs edit permission as scheduling does.
    cancelSchedule: adminRoute(module, 'patch', `${path}/:id/unschedule`, { ifMatch: true }),
    remove: adminRoute(module, 'delete', `${path}/:id`, {
      ifMatch: true,
      changesPublicContent,
    }),
  };
}

/** The signed-in user's own answer (GET /api/auth/me): changed by an edit of one's own account. */
const SIGNED_IN_USER = ['auth'] as const;

const TABLE = {
  health: {
    check: route('get', '/health', 'public'),
    /** Readiness, for a load balancer: the database answers and its migrations are current. */
    ready: route('get', '/health/ready', 'public'),
  },

  auth: {
    register: route('post', '/auth/register', 'public'),
    // Sign-in ignores Idempotency-Key: its answer is a bearer token, not for keeping in a table.
    login: route('post', '/auth/login', 'public', {
      idempotent: false,
    }),
    loginTwoFactor: route('post', '/auth/login/two-factor', 'public', {
      idempotent: false,
    }),
    me: route('get', '/auth/me', 'signInStarted'),
    logout: route('post', '/auth/logout', 'signInStarted'),
    forgotPassword: route('post', '/auth/forgot-password', 'public'),
    checkResetToken: route('get', '/auth/reset-password/:token', 'public'),
    resetPassword: route('post', '/auth/reset-password/:token', 'public'),
  },

  membershipCards: {
    list: route('get', '/membership-cards', 'public', {
      publicCache: PAGING_READS,
    }),
    // Before /membership-cards/:id, as the FAQs' reorder. Moving a card raises its revision.
    reorder: adminRoute('membership', 'put', '/membership-cards/reorder', {
      changesPublicContent: true,
    }),
    admin: adminCrud('membership', '/membership-cards', {
      changesPublicContent: true,
    }),
  },

  aboutUs: versioned('about', '/about-us'),

  activities: {
    // Before /activities/:id, which would take "calendar.ics" for an id.
    ...CALENDAR_ROUTES,
    // A waitlist offer's link: the token is the proof, so no sign-in is needed to take the place.
    acceptOffer: route('post', '/activities/waitlist/accept', 'public', {
      changesPublicContent: true,
    }),
    list: route('get', '/activities', 'public', {
      publicCache: [...PAGING_READS, 'status'],
    }),
    get: route('get', '/activities/:id', 'public', {
      publicCache: [],
    }),
    // The public answers show the participant count.
    register: route('post', '/activities/:id/register', 'user', {
      changesPublicContent: true,
    }),
    // Per-user, so never cached: a cached public answer must hold no one's own data.
    registration: route('get', '/activities/:id/registration', 'user'),
    cancelRegistration: route('delete', '/activities/:id/register', 'user', {
      changesPublicContent: true,
    }),
    // The public answers show the waitlisted count.
    joinWaitlist: route('post', '/activities/:id/waitlist', 'user', {
      changesPublicContent: true,
    }),
    leaveWaitlist: route('delete', '/activities/:id/waitlist', 'user', {
      changesPublicContent: true,
    }),
    registrations: adminRoute('activities', 'get', '/activities/:id/registrations'),
    waitlist: adminRoute('activities', 'get', '/activities/:id/waitlist'),
    // How many a mail to attendees would reach, shown before it is sent.
    mailRecipients: adminRoute('activities', 'get', '/activities/:id/mail/recipients'),
    mailAttendees: adminRoute('activities', 'post', '/activities/:id/mail'),
    exportRegistrations: adminRoute('activities', 'get', '/activities/:id/registrations.csv'),
    // A POST, not a DELETE: the action follows from the method (DELETE needs "delete"), and removing
    // an attendee is an edit of the activity that edit permission allows.
    removeRegistration: adminRoute('activities', 'post', '/activities/:id/registrations/:userId/remove', {
      changesPublicContent: true,
    }),
    // Attendance (issue 58): edits of the activity, whose attended count the public answers show.
    markAttendance: adminRoute('activities', 'post', '/activities/:id/attendance', {
      changesPublicContent: true,
    }),
    // Before nothing that could take "all": /attendance has no parameter after it.
    markAllAttended: adminRoute('activities', 'post', '/activities/:id/attendance/all', {
      changesPublicContent: true,
    }),
    checkIn: adminRoute('activities', 'post', '/activities/:id/check-in', {
      changesPublicContent: true,
    }),
    // Someone who came without registering: registered and attended at once (an account is made if none).
    addWalkIn: adminRoute('activities', 'post', '/activities/:id/walk-ins', {
      changesPublicContent: true,
    }),
    admin: adminCrud('activities', '/activities', {
      changesPublicContent: true,
    }),
  },

  testimonials: {
    list: route('get', '/testimonials', 'public', {
      publicCache: PAGING_READS,
    }),
    admin: adminCrud('testimonials', '/testimonials', {
      changesPublicContent: true,
    }),
    toggleFeatured: adminRoute('testimonials', 'patch', '/testimonials/:id/featured', {
      ifMatch: true,
      changesPublicContent: true,
    }),
  },

  contactInfo: versioned('connect', '/contact-info'),

  faqs: {
    list: route('get', '/faqs', 'public', {
      publicCache: PAGING_READS,
    }),
    // Before /faqs/:id, which would otherwise take "reorder" for an id and answer 404.
    reorder: adminRoute('faqs', 'put', '/faqs/reorder', {
      changesPublicContent: true,
    }),
    admin: adminCrud('faqs', '/faqs', {
      changesPublicContent: true,
    }),
  },

  privacyPolicy: versioned('privacy_policy', '/privacy-policy'),

  termsOfService: versioned('terms_of_service', '/terms-of-service'),

  // An account's edit can be the signed-in user's own: the console refreshes its own answer (auth) too.
  users: {
    // Before /users/:id, which would otherwise take "stats" for an id.
    stats: adminRoute('admins', 'get', '/users/stats'),
    list: adminRoute('admins', 'get', '/users'),
    get: adminRoute('admins', 'get', '/users/:id'),
    create: adminRoute('admins', 'post', '/users'),
    update: adminRoute('admins', 'put', '/users/:id', {
      ifMatch: true,
      changes: SIGNED_IN_USER,
    }),
    toggleStatus: adminRoute('admins', 'patch', '/users/:id/toggle-status', {
      ifMatch: true,
      changes: SIGNED_IN_USER,
    }),
    // The account's activity registrations go with it (ON DELETE CASCADE): participant counts change.
    remove: adminRoute('admins', 'delete', '/users/:id', {
      ifMatch: true,
      changesPublicContent: true,
      changes: [...SIGNED_IN_USER, 'activities'],
    }),
    // An account still without a password gets a new invitation link; the previous one stops working.
    resendInvitation: adminRoute('admins', 'post', '/users/:id/resend-invitation'),
  },

  account: {
    sessions: route('get', '/account/sessions', 'user'),
    endSession: route('delete', '/account/sessions/:id', 'user'),
    endOtherSessions: route('post', '/account/sessions/end-others', 'user'),
    changePassword: route('post', '/account/password', 'user'),
    // Members' data rights: their data as a JSON file (the body itself, not an envelope), and closing
    // the account, which erases it (members/erasure.ts). Staff accounts are closed by a super admin.
    data: route('get', '/account/data', 'user'),
    // Erasure takes the member out of the directory at once.
    close: route('post', '/account/close', 'user', { changesPublicContent: true }),
    // Announcements by e-mail: the signed-in account's choice (on by default).
    preferences: route('get', '/account/preferences', 'user'),
    setPreferences: route('put', '/account/preferences', 'user'),
    // The member's professional profile (issue 57); staff edit the same through members.setProfile.
    profile: route('get', '/account/profile', 'user'),
    // A listed member's profile is public content (the directory); so is the choice to be listed.
    setProfile: route('put', '/account/profile', 'user', { ifMatch: true, changesPublicContent: true }),
    // Listed in the public directory or not: the member's choice, with the consent text and date kept.
    setListing: route('put', '/account/profile/listing', 'user', { ifMatch: true, changesPublicContent: true }),
    // The profile's photo: a new one replaces the old (both are writes of the profile, at its revision).
    setPhoto: route('put', '/account/profile/photo', 'user', {
      ifMatch: true,
      bodyLimitMb: PHOTO_BODY_LIMIT_MB,
      changesPublicContent: true,
    }),
    removePhoto: route('delete', '/account/profile/photo', 'user', { ifMatch: true, changesPublicContent: true }),
    // The member's own membership status and renewal date (issue 57), read-only.
    membership: route('get', '/account/membership', 'user'),
    // The member's registrations, attendance, certificates and CPD record (issue 58).
    activities: route('get', '/account/activities', 'user'),
    exportCpd: route('get', '/account/activities/cpd.csv', 'user'),
    // Issued on the first download (once per registration, a unique key), the same code after.
    certificate: route('get', '/account/activities/:id/certificate.pdf', 'user'),
    // RFC 8058 one-click unsubscribe: the signed token of the mail's List-Unsubscribe link, no session.
    // The site's POST /unsubscribe?token=… (what mail clients send) is handed to this route.
    unsubscribe: route('post', '/unsubscribe', 'public'),
    endSessionsOf: adminRoute('admins', 'post', '/users/:id/end-sessions'),
  },

  contactMessages: {
    send: route('post', '/contact-messages', 'public'),
    list: adminRoute('connect', 'get', '/contact-messages'),
    exportCsv: adminRoute('connect', 'get', '/contact-messages/export.csv'),
    // Many messages at once (issue 55 item 4); `delete` also needs the delete permission (checked by the handler).
    bulk: adminRoute('connect', 'post', '/contact-messages/bulk'),
    replies: adminRoute('connect', 'get', '/contact-messages/:id/replies'),
    reply: adminRoute('connect', 'post', '/contact-messages/:id/replies'),
    setState: adminRoute('connect', 'patch', '/contact-messages/:id/state', {
      ifMatch: true,
    }),
    markRead: adminRoute('connect', 'patch', '/contact-messages/:id/read', {
      ifMatch: true,
    }),
    remove: adminRoute('connect', 'delete', '/contact-messages/:id', {
      ifMatch: true,
    }),
  },

  /**
   * Members (accounts of role member) as staff manage them (issue 22): list, detail, CSV export,
   * deactivation (which ends their sessions) and reactivation, and the CSV import with its dry run.
   * The export is declared before /:id.
   */
  members: {
    list: adminRoute('members', 'get', '/members'),
    exportCsv: adminRoute('members', 'get', '/members/export.csv'),
    get: adminRoute('members', 'get', '/members/:id'),
    // An active account is one condition of a directory listing: these change the public directory.
    deactivate: adminRoute('members', 'patch', '/members/:id/deactivate', {
      ifMatch: true,
      changesPublicContent: true,
    }),
    reactivate: adminRoute('members', 'patch', '/members/:id/reactivate', {
      ifMatch: true,
      changesPublicContent: true,
    }),
    // Erasure (members' data rights): personal data gone, registrations kept anonymous (counts unchanged).
    erase: adminRoute('members', 'delete', '/members/:id', {
      ifMatch: true,
      changesPublicContent: true,
    }),
    // The dry run writes nothing, so it keeps no answer for Idempotency-Key (it can be megabytes).
    importPreview: adminRoute('members', 'post', '/members/import/dry-run', {
      bodyLimitMb: MEMBER_IMPORT_BODY_LIMIT_MB,
      idempotent: false,
    }),
    import: adminRoute('members', 'post', '/members/import', {
      bodyLimitMb: MEMBER_IMPORT_BODY_LIMIT_MB,
    }),
    profile: adminRoute('members', 'get', '/members/:id/profile'),
    setProfile: adminRoute('members', 'put', '/members/:id/profile', { ifMatch: true, changesPublicContent: true }),
    // Staff's check of the registration; a decline mails its reason to the member. Verified is a
    // condition of a directory listing.
    verify: adminRoute('members', 'put', '/members/:id/verification', { ifMatch: true, changesPublicContent: true }),
    // The member's photo as staff upload or remove it (removing is a delete: members:delete).
    setPhoto: adminRoute('members', 'put', '/members/:id/profile/photo', {
      ifMatch: true,
      bodyLimitMb: PHOTO_BODY_LIMIT_MB,
      changesPublicContent: true,
    }),
    removePhoto: adminRoute('members', 'delete', '/members/:id/profile/photo', {
      ifMatch: true,
      changesPublicContent: true,
    }),
    // Tags put on a member and taken off (issue 57): a change of the set (add these, remove those) that
    // raises the member's revision when it changes anything (a repeat changes nothing). An edit.
    setTags: adminRoute('members', 'patch', '/members/:id/tags', { ifMatch: true, changes: ['tags'] }),
    // The membership's renewal date (issue 57), set by staff; the status is derived from it.
    // A lapsed membership leaves the directory: the public pages change with the date.
    setMembership: adminRoute('members', 'put', '/members/:id/membership', {
      ifMatch: true,
      changesPublicContent: true,
    }),
  },

  /**
   * The specialties list as staff keep it (members permission; the activity log files its entries
   * apart, naming specialties). The directory's filters show the names: public content.
   */
  specialties: {
    list: specialtyRoute('get', '/specialties'),
    create: specialtyRoute('post', '/specialties', { changesPublicContent: true }),
    update: specialtyRoute('put', '/specialties/:id', { ifMatch: true, changesPublicContent: true }),
    remove: specialtyRoute('delete', '/specialties/:id', { ifMatch: true, changesPublicContent: true }),
  },

  // The tags staff keep (issue 57), under the members module's rights, filed in the audit trail as tags.
  // Renaming or deleting one changes the members who carry it (their details name their tags).
  tags: {
    list: adminRoute('members', 'get', '/tags', { auditModule: AUDIT_TAGS_MODULE }),
    create: adminRoute('members', 'post', '/tags', { auditModule: AUDIT_TAGS_MODULE }),
    rename: adminRoute('members', 'put', '/tags/:id', {
      ifMatch: true,
      auditModule: AUDIT_TAGS_MODULE,
      changes: ['members'],
    }),
    remove: adminRoute('members', 'delete', '/tags/:id', {
      ifMatch: true,
      auditModule: AUDIT_TAGS_MODULE,
      changes: ['members'],
    }),
  },

  // Anyone checks a CPD certificate's code; counted per address, never cached (issue 58).
  certificates: {
    verify: route('get', '/certificates/:code', 'public'),
  },

  /**
   * The public directory of members (issue 57): the specialties staff keep (for the profile forms and
   * the directory's filter), the listed professionals, one professional's page by its slug, and
   * "Contact this professional", relayed by mail (the contact form's limits and proof of work).
   */
  directory: {
    specialties: route('get', '/specialties', 'public'),
    // One size of a profile photo, at a path named by its content: cached for good (immutable).
    photo: route('get', '/photos/:key/:size', 'public'),
    list: route('get', '/directory', 'public', { publicCache: DIRECTORY_READS }),
    get: route('get', '/directory/:slug', 'public', { publicCache: [] }),
    contact: route('post', '/directory/:slug/contact', 'public'),
  },

  dashboard: {
    get: adminRoute('dashboard', 'get', '/dashboard'),
    // Open to every admin, like the dashboard: module screens ask it whether their section is on defaults.
    defaultContent: adminRoute('dashboard', 'get', '/default-content'),
    // Open to every admin as well: the console labels and takes activity times in the zone it names.
    organisation: adminRoute('dashboard', 'get', '/settings/organisation'),
  },

  // Read only: no operation writes, edits or deletes entries.
  audit: {
    list: adminRoute('audit', 'get', '/audit'),
    // Before /audit/:id, which would otherwise take "export.csv" for an id.
    exportCsv: adminRoute('audit', 'get', '/audit/export.csv'),
    get: adminRoute('audit', 'get', '/audit/:id'),
  },

  // Super admins only. Retry and discard act on a failed mail alone (409 otherwise); the list shows
  // subjects, one mail its body with the tokens of its links hidden (invitations and resets carry them).
  /**
   * Announcements by e-mail (issue 22 item 2), under the members module's rights: drafts, the preview
   * of the mail as sent, a test to oneself, sending now or at a time, and the progress of its mails.
   * The preview is declared before /:id.
   */
  announcements: {
    list: announcementRoute('get', '/announcements'),
    create: announcementRoute('post', '/announcements'),
    // Renders the subject and body as the mail will be (to the caller's address): writes nothing.
    preview: announcementRoute('post', '/announcements/preview', {
      idempotent: false,
    }),
    // How many accounts an audience (and segment) reaches now, before a draft is saved: writes nothing.
    reach: announcementRoute('post', '/announcements/reach', {
      idempotent: false,
    }),
    get: announcementRoute('get', '/announcements/:id'),
    update: announcementRoute('put', '/announcements/:id', {
      ifMatch: true,
    }),
    remove: announcementRoute('delete', '/announcements/:id', {
      ifMatch: true,
    }),
    sendTest: announcementRoute('post', '/announcements/:id/test'),
    // How many accounts a send would mail now: what "Send now" asks to confirm.
    audience: announcementRoute('get', '/announcements/:id/audience'),
    // Sends now or schedules: the revision the sender previewed is the one that goes (If-Match).
    send: announcementRoute('patch', '/announcements/:id/send', {
      ifMatch: true,
    }),
    unschedule: announcementRoute('patch', '/announcements/:id/unschedule', {
      ifMatch: true,
    }),
    recipients: announcementRoute('get', '/announcements/:id/recipients'),
    retryRecipient: announcementRoute('post', '/announcements/:id/recipients/:mailId/retry'),
  },
  mail: {
    list: adminRoute('mail', 'get', '/mail'),
    get: adminRoute('mail', 'get', '/mail/:id'),
    // A POST: a command to the worker, whose precondition is the state (only a failed mail), not an
    // edit of the item; the worker changes the mail right after, so an ETag would name a passing state.
    retry: adminRoute('mail', 'post', '/mail/:id/retry'),
    discard: adminRoute('mail', 'delete', '/mail/:id', { ifMatch: true }),
  },

  twoFactor: {
    status: route('get', '/account/two-factor', 'staffSignInStarted'),
    // Setup, confirm and new recovery codes ignore Idempotency-Key: their answers are a secret or
    // recovery codes, not for keeping in a table; asked twice, the second answer replaces the first.
    setup: route('post', '/account/two-factor/setup', 'staffSignInStarted', {
      idempotent: false,
    }),
    confirm: route('post', '/account/two-factor/confirm', 'staffSignInStarted', {
      idempotent: false,
    }),
    disable: route('post', '/account/two-factor/disable', 'staffSignInStarted'),
    renewRecoveryCodes: route('post', '/account/two-factor/recovery-codes', 'staffSignInStarted', {
      idempotent: false,
    }),
    securitySettings: adminRoute('admins', 'get', '/settings/security'),
    resetFor: adminRoute('admins', 'post', '/users/:id/two-factor/reset'),
    setSecuritySettings: adminRoute('admins', 'put', '/settings/security'),
  },

  // The HTML reference of this document, /api/docs, is a page of the site's web server, not of the API.
  metadata: {
    openApi: route('get', '/openapi.json', 'public'),
    // Prometheus metrics, for this host or a METRICS_TOKEN holder (api/src/modules/metrics/endpoint.ts).
    metrics: route('get', '/metrics', 'public', { beforeRouter: true }),
  },
} as const;

/**
 * The table, each route typed with what its schemas accept and what its answer schema sends (the
 * routes carry no schema: those are route-schemas.ts's, attached by operations.ts).
 */
export const ROUTES: AcceptingInputs<typeof TABLE, typeof ROUTE_SCHEMAS> = TABLE;
