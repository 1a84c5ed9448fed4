/**
 * Each route's contract, at the route's place in the route table (routes.ts): the schemas of its path
 * parameters, query and body, the schema of what it answers (an entity of entities.ts, mostly), its
 * summary, and the error answers it can give besides those its access and flags imply
 * (operation.ts: RouteContract). operations.ts attaches them to the routes: the server validates
 * with them, the OpenAPI document is built from them alone, the test app checks every answer against
 * them, and the routes take their input and answer types from here as types only. Every route has
 * one: the table does not compile while one is missing.
 */
import { AUDIT_EXPORT_MAX_ROWS } from '../audit.js';
import { AUDIT_PAGE_SIZE } from '../audit.js';
import * as entity from '../entities.js';
import { listOf } from '../entities.js';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.js';
import { MAIL_PAGE_SIZE } from '../mail.js';
import { memberImportPreviewSchema, memberImportSchema } from '../member-import.js';
import { PHOTO_SIZES, photoUploadSchema } from '../profiles/photos.js';
import { membershipSchema } from '../membership.js';
import { directoryContactSchema, directoryQuery, directorySlugParams } from '../profiles/directory.js';
import { activityMailQuery, activityMailSchema, waitlistAcceptSchema } from '../activity-mail.js';
import { directoryListingSchema, memberProfileSchema, verificationSchema } from '../profiles/schema.js';
import { specialtyRemoveQuery, specialtySchema } from '../profiles/specialties.js';
import {
  announcementPreferenceSchema,
  announcementPreviewSchema,
  announcementReachSchema,
  announcementRecipientsQuery,
  announcementSchema,
  announcementSendSchema,
  ANNOUNCEMENT_PAGE_SIZE,
  unsubscribeQuery,
} from '../announcements.js';
import { auditFilter, auditQuery } from '../schemas/audit.js';
import { memberTagsChangeSchema, tagSchema } from '../tags.js';
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
  contactMessagesBulkSchema,
  contactReplySchema,
  faqReorderSchema,
  faqSchema,
  membershipCardReorderSchema,
  membershipCardSchema,
  privacyPolicySchema,
  termsOfServiceSchema,
  testimonialSchema,
  versionScheduleSchema,
} from '../schemas/content.js';
import { mailQueueQuery } from '../schemas/mail.js';
import { attendanceSchema, checkInSchema, walkInSchema } from '../cpd.js';
import {
  activitiesQuery,
  adminActivitiesQuery,
  contactMessagesFilter,
  contactMessagesQuery,
  FAQ_SORTS,
  MEMBERSHIP_CARD_SORTS,
  membersFilter,
  membersQuery,
  paginationQuery,
  registrationsFilter,
  registrationsQuery,
  sortedAdminListQuery,
  TESTIMONIAL_SORTS,
  usersQuery,
} from '../schemas/query.js';
import {
  securitySettingsSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorLoginSchema,
} from '../schemas/two-factor.js';
import { z, type ZodType } from 'zod';
import { idParams } from './operation.js';

/** A reset link's token, as the mailed link carries it. */
const tokenParams = z.object({ token: z.string().min(1).max(200) });
/** One attendee of one activity. */
const registrationParams = idParams.extend({ userId: idParams.shape.id });
/** One recipient's mail of one announcement. */
const announcementMailParams = idParams.extend({ mailId: idParams.shape.id });

const byId = { params: idParams };
/** One size of one photo: its key (its content's hash) and a size it is kept in. */
const photoParams = z.strictObject({
  key: z.string().regex(/^[0-9a-f]{32}$/, 'key must be 32 hexadecimal digits'),
  size: z.enum(PHOTO_SIZES.map(String) as [string, ...string[]], {
    error: `size must be one of ${PHOTO_SIZES.join(', ')}`,
  }),
});

const nothing = z.null();
const messageOnly = z.strictObject({ message: z.string() });
const count = z.int().nonnegative();
const endedCount = z.strictObject({ ended: count });
const csv = { answer: z.string(), mediaType: 'text/csv' } as const;
const calendar = { answer: z.string(), mediaType: 'text/calendar' } as const;

/** An admin item answered with its ETag; `created` for a create (201). */
const item = <A extends ZodType>(answer: A, description = 'The item') => ({ answer, description, etag: true }) as const;
const createdItem = <A extends ZodType>(answer: A, description = 'Created') =>
  ({ answer, description, status: 201, etag: true }) as const;
const deleted = { answer: nothing, description: 'Deleted' } as const;

/** The contracts of a plain content list's admin calls (routes.ts: adminCrud). */
function adminCrudSchemas<Body extends ZodType, Query extends ZodType, const C extends string, I extends ZodType>(
  body: Body,
  query: Query,
  answers: { collection: C; item: I; one: string; list: string },
) {
  const { one } = answers;
  return {
    list: { query, answer: listOf(answers.collection, answers.item), summary: answers.list },
    create: { body, ...createdItem(answers.item), summary: `Create ${one}` },
    update: { ...byId, body, ...item(answers.item), summary: `Update ${one}` },
    remove: { ...byId, ...deleted, summary: `Delete ${one}` },
  };
}

/**
 * The contracts of a kind of versioned content's calls (routes.ts: versioned). `one`: "an "About us"
 * version"; `many`: its plural; `active`: the public one.
 */
function versionedSchemas<Body extends ZodType, const C extends string, I extends ZodType>(
  body: Body,
  pageSize: number,
  answers: { collection: C; item: I; one: string; many: string; active: string },
) {
  const { one } = answers;
  const version = answers.item;
  return {
    active: {
      answer: version,
      description: 'The active version',
      mayBeMissing: true,
      summary: `Get ${answers.active}`,
    },
    list: {
      query: paginationQuery(pageSize),
      answer: listOf(answers.collection, version),
      summary: `List ${answers.many}`,
    },
    get: { ...byId, ...item(version), summary: `Get ${one}` },
    // Versions are numbered max+1: two creates at once meet on the unique version.
    create: { body, ...createdItem(version), conflicts: true, summary: `Create ${one}` },
    update: { ...byId, body, ...item(version), summary: `Update ${one}` },
    activate: { ...byId, ...item(version), summary: `Activate ${one}` },
    schedule: { ...byId, body: versionScheduleSchema, ...item(version), summary: `Schedule ${one}` },
    cancelSchedule: { ...byId, ...item(version), summary: `Cancel the schedule of ${one}` },
    remove: { ...byId, ...deleted, summary: `Delete ${one}` },
  };
}

export const ROUTE_SCHEMAS = {
  health: {
    check: {
      answer: z.object({
        status: z.enum(['ok', 'degraded']),
        reads: z.literal('ok').optional(),
        writes: z.literal('failing').optional(),
        reason: z.string().optional(),
      }),
      raw: true,
      description: 'Reads work: status ok, or degraded (with why) while writes fail',
      summary: 'Check the server and its database',
    },
    ready: {
      answer: z.object({ status: z.literal('ready') }),
      raw: true,
      description: 'Ready for traffic: the database answers and every migration of this version has run',
      summary: 'Check the server is ready for traffic',
    },
  },

  auth: {
    register: {
      body: signupSchema,
      answer: z.strictObject({ user: entity.userEntity, id: z.int() }),
      status: 201,
      description: 'Account created',
      conflicts: true,
      throttled: true,
      summary: 'Create a member account',
    },
    login: {
      body: memberLoginSchema,
      answer: z.union([entity.loginResultEntity, entity.twoFactorChallengeEntity]),
      description:
        'Logged in (the user and a bearer token), or, for staff with two-factor, a challenge for the second step',
      throttled: true,
      checksCredentials: true,
      summary: 'Sign in',
    },
    loginTwoFactor: {
      body: twoFactorLoginSchema,
      answer: entity.loginResultEntity,
      description: 'The code held: signed in, the user and a bearer token',
      throttled: true,
      checksCredentials: true,
      summary: 'Finish a sign-in with a two-factor code',
    },
    me: { answer: z.strictObject({ user: entity.userEntity }), summary: 'Get the signed-in user' },
    logout: {
      answer: nothing,
      description: 'Signed out: the session is ended and its token refused from now on',
      summary: 'Sign out',
    },
    forgotPassword: {
      body: forgotPasswordSchema,
      answer: messageOnly,
      description: 'The same answer whether the e-mail is known or not',
      throttled: true,
      summary: 'Request a password reset e-mail',
    },
    checkResetToken: {
      params: tokenParams,
      answer: entity.resetTokenCheckEntity,
      summary: 'Check a password reset link',
    },
    resetPassword: {
      params: tokenParams,
      body: resetPasswordBodySchema,
      answer: messageOnly,
      description: 'Password changed',
      throttled: true,
      summary: 'Set a new password with a reset link',
    },
  },

  membershipCards: {
    list: {
      query: paginationQuery(MAX_PAGE_LIMIT),
      answer: listOf('cards', entity.membershipCardEntity),
      summary: 'List membership cards',
    },
    reorder: {
      body: membershipCardReorderSchema,
      answer: listOf('cards', entity.membershipCardEntity),
      description: 'Every card in its new order',
      summary: 'Reorder the membership cards',
    },
    admin: adminCrudSchemas(membershipCardSchema, sortedAdminListQuery(PAGE_SIZES.membership, MEMBERSHIP_CARD_SORTS), {
      collection: 'cards',
      item: entity.membershipCardEntity,
      one: 'a membership card',
      list: 'List membership cards for editing',
    }),
  },

  aboutUs: versionedSchemas(aboutUsSchema, PAGE_SIZES.about, {
    collection: 'aboutUsVersions',
    item: entity.aboutUsVersionEntity,
    one: 'an "About us" version',
    many: '"About us" versions',
    active: 'the active "About us" version',
  }),

  activities: {
    calendarFeed: {
      ...calendar,
      description: 'iCalendar feed of the upcoming activities, to subscribe to (Content-Disposition inline)',
      summary: 'Subscribe to the activities calendar',
    },
    calendarFile: {
      ...byId,
      ...calendar,
      description: 'iCalendar file of the activity, for "Add to calendar" (Content-Disposition attachment)',
      summary: "Download an activity's calendar file",
    },
    acceptOffer: {
      body: waitlistAcceptSchema,
      answer: entity.activityEntity,
      description: 'Registered from the waitlist: the activity with its new count',
      // 404: no such offer (a wrong token, or the place went to the next in line); 409: it expired,
      // or the activity has taken place.
      mayBeMissing: true,
      conflicts: true,
      summary: 'Take a place offered from the waitlist',
    },
    list: {
      query: activitiesQuery(MAX_PAGE_LIMIT),
      answer: listOf('activities', entity.activityEntity),
      summary: 'List upcoming activities',
    },
    get: { ...byId, answer: entity.activityEntity, summary: 'Get an activity' },
    register: {
      ...byId,
      answer: entity.activityEntity,
      status: 201,
      description: 'Registered: the activity with its new count',
      conflicts: true,
      summary: 'Register for an activity',
    },
    registration: {
      ...byId,
      answer: entity.myRegistrationEntity,
      description: "Whether the signed-in account is registered or on the waitlist (never cached: it is one person's)",
      summary: 'Check whether I am registered for an activity',
    },
    cancelRegistration: {
      ...byId,
      answer: entity.activityEntity,
      description: 'Cancelled: the activity with its new count',
      // Refused once the activity is past, or once staff recorded the member attended.
      conflicts: true,
      summary: 'Cancel my registration for an activity',
    },
    joinWaitlist: {
      ...byId,
      answer: entity.activityEntity,
      status: 201,
      description: 'On the waitlist: the activity with its new waitlisted count',
      // Refused while places are left (register instead), once past, or when already in or on it.
      conflicts: true,
      summary: "Join a full activity's waitlist",
    },
    leaveWaitlist: {
      ...byId,
      answer: entity.activityEntity,
      description: 'Left the waitlist (and any place offered): the activity with its new waitlisted count',
      summary: "Leave an activity's waitlist",
    },
    registrations: {
      ...byId,
      query: registrationsQuery(PAGE_SIZES.registrations),
      answer: listOf('registrations', entity.activityRegistrationEntity),
      summary: "List an activity's registrations",
    },
    exportRegistrations: {
      ...byId,
      query: registrationsFilter,
      ...csv,
      description: 'Every registration (RFC 4180, UTF-8 with BOM): Name, E-mail, Registered at, Attended at',
      // One CSV export per user at a time (api/src/lib/csv.ts).
      throttled: true,
      summary: "Export an activity's registrations as CSV",
    },
    waitlist: {
      ...byId,
      query: paginationQuery(PAGE_SIZES.registrations),
      answer: listOf('waitlist', entity.waitlistEntryEntity),
      summary: "List an activity's waitlist, first in line first",
    },
    mailRecipients: {
      ...byId,
      query: activityMailQuery,
      answer: z.strictObject({ count }),
      description: 'How many accounts a mail to the audience would reach now',
      summary: 'Count the recipients of a mail to attendees',
    },
    mailAttendees: {
      ...byId,
      body: activityMailSchema,
      answer: z.strictObject({ queued: count }),
      description: 'One mail queued for each recipient',
      summary: "E-mail an activity's attendees",
    },
    removeRegistration: {
      params: registrationParams,
      answer: entity.activityEntity,
      description: 'Removed: the activity with its new count',
      summary: 'Remove a registration from an activity',
    },
    markAttendance: {
      ...byId,
      body: attendanceSchema,
      answer: entity.activityEntity,
      description:
        'Marked (or unmarked) every one named, or none when one is not registered (400 naming userIds): the activity with its counts',
      summary: 'Mark registrants attended or not',
    },
    markAllAttended: {
      ...byId,
      answer: entity.activityEntity,
      description:
        'Every registrant marked attended (those already marked keep their time): the activity with its counts',
      summary: 'Mark every registrant attended',
    },
    checkIn: {
      ...byId,
      body: checkInSchema,
      answer: entity.activityRegistrationEntity,
      description: 'The registrant whose code it is, marked attended (400 naming code when no registration has it)',
      summary: 'Check a registrant in by their code',
    },
    addWalkIn: {
      ...byId,
      body: walkInSchema,
      answer: entity.activityRegistrationEntity,
      status: 201,
      description:
        'Registered and attended; an account without a password is made for an address that has none (409 when already registered)',
      conflicts: true,
      summary: 'Add a walk-in attendee',
    },
    admin: adminCrudSchemas(activitySchema, adminActivitiesQuery(PAGE_SIZES.activities), {
      collection: 'activities',
      item: entity.activityEntity,
      one: 'an activity',
      list: 'List activities',
    }),
  },

  testimonials: {
    list: {
      query: paginationQuery(MAX_PAGE_LIMIT),
      answer: listOf('testimonials', entity.testimonialEntity),
      summary: 'List testimonials',
    },
    admin: adminCrudSchemas(testimonialSchema, sortedAdminListQuery(PAGE_SIZES.testimonials, TESTIMONIAL_SORTS), {
      collection: 'testimonials',
      item: entity.testimonialEntity,
      one: 'a testimonial',
      list: 'List testimonials for editing',
    }),
    toggleFeatured: { ...byId, ...item(entity.testimonialEntity), summary: 'Feature or unfeature a testimonial' },
  },

  contactInfo: versionedSchemas(contactInfoSchema, PAGE_SIZES.connect, {
    collection: 'contactInfoVersions',
    item: entity.contactInfoVersionEntity,
    one: 'a contact information version',
    many: 'contact information versions',
    active: 'the active contact information',
  }),

  faqs: {
    list: { query: paginationQuery(MAX_PAGE_LIMIT), answer: listOf('faqs', entity.faqEntity), summary: 'List FAQs' },
    reorder: {
      body: faqReorderSchema,
      answer: listOf('faqs', entity.faqEntity),
      description: 'Every FAQ in its new order',
      summary: 'Reorder the FAQs',
    },
    admin: adminCrudSchemas(faqSchema, sortedAdminListQuery(PAGE_SIZES.faqs, FAQ_SORTS), {
      collection: 'faqs',
      item: entity.faqEntity,
      one: 'an FAQ',
      list: 'List FAQs for editing',
    }),
  },

  privacyPolicy: versionedSchemas(privacyPolicySchema, PAGE_SIZES.privacyPolicy, {
    collection: 'privacyPolicies',
    item: entity.policyVersionEntity,
    one: 'a privacy policy version',
    many: 'privacy policy versions',
    active: 'the active privacy policy',
  }),

  termsOfService: versionedSchemas(termsOfServiceSchema, PAGE_SIZES.termsOfService, {
    collection: 'termsOfService',
    item: entity.policyVersionEntity,
    one: 'a terms of service version',
    many: 'terms of service versions',
    active: 'the active terms of service',
  }),

  users: {
    stats: { answer: entity.userStatsEntity, summary: 'Count users by role and status' },
    list: { query: usersQuery(PAGE_SIZES.admins), answer: listOf('users', entity.userEntity), summary: 'List users' },
    get: { ...byId, ...item(entity.userEntity), summary: 'Get a user' },
    create: { body: adminUserSchema, ...createdItem(entity.userEntity), conflicts: true, summary: 'Invite a user' },
    update: { ...byId, body: adminUserSchema, ...item(entity.userEntity), summary: 'Update a user' },
    toggleStatus: { ...byId, ...item(entity.userEntity), summary: 'Activate or deactivate a user' },
    remove: { ...byId, ...deleted, summary: 'Delete a user' },
    resendInvitation: {
      ...byId,
      ...item(
        entity.userEntity,
        'A new invitation link (7 days) is queued for mailing; the links sent before stop working',
      ),
      // An account that has already chosen its password, or is deactivated.
      conflicts: true,
      summary: 'Send a new invitation to a user who has not set a password',
    },
  },

  account: {
    sessions: {
      answer: z.array(entity.accountSessionEntity),
      description: "The caller's live sessions, the most recently seen first",
      summary: 'List my sessions',
    },
    endSession: {
      ...byId,
      answer: nothing,
      description: 'Ended: its token is refused from now on',
      summary: 'End one of my sessions',
    },
    endOtherSessions: {
      answer: endedCount,
      description: 'Every session but this one ended',
      summary: 'End all my other sessions',
    },
    changePassword: {
      body: changePasswordSchema,
      answer: nothing,
      description: 'Changed: the other sessions are ended, this one stays, and a notice is mailed to the account',
      throttled: true,
      summary: 'Change my password',
    },
    data: {
      answer: entity.memberDataExportEntity,
      raw: true,
      description:
        'Everything kept about the signed-in account, as a JSON file (Content-Disposition attachment, not cached): profile, activity registrations with attendance, check-in codes and certificates (codes, verification URLs and what they say), waitlists, CPD hours per year, contact messages sent from its e-mail',
      summary: 'Download my data',
    },
    close: {
      body: closeAccountSchema,
      answer: nothing,
      description:
        "The password held: the member's personal data is erased, every session ended, and a notice mailed to the old address",
      throttled: true,
      membersOnly: true,
      summary: 'Close my account and erase my data',
    },
    preferences: {
      answer: entity.announcementPreferenceEntity,
      description: "The caller's choice",
      summary: "Get the signed-in account's mail preferences",
    },
    setPreferences: {
      body: announcementPreferenceSchema,
      answer: entity.announcementPreferenceEntity,
      description: 'Saved',
      summary: "Set the signed-in account's mail preferences",
    },
    profile: {
      ...item(entity.memberProfileEntity, "The signed-in member's profile (every field empty until first saved)"),
      membersOnly: true,
      summary: 'Get my professional profile',
    },
    setProfile: {
      body: memberProfileSchema,
      ...item(entity.memberProfileEntity, 'Saved: the whole profile as given'),
      membersOnly: true,
      summary: 'Save my professional profile',
    },
    activities: {
      answer: entity.accountActivitiesEntity,
      description: "The caller's registrations, attendance, certificates and CPD hours per year (never cached)",
      membersOnly: true,
      summary: 'List my activities and CPD record',
    },
    exportCpd: {
      ...csv,
      description:
        'Every attended activity with CPD hours (RFC 4180, UTF-8 with BOM): Year, Date, Activity, Hours, Certificate',
      membersOnly: true,
      summary: 'Export my CPD record as CSV',
    },
    certificate: {
      ...byId,
      answer: z.string(),
      mediaType: 'application/pdf',
      description:
        'The CPD certificate (Content-Disposition attachment), issued on the first download with the same code after; 409 for an activity not attended or without CPD hours',
      conflicts: true,
      membersOnly: true,
      summary: 'Download my certificate for an activity',
    },
    setListing: {
      body: directoryListingSchema,
      ...item(
        entity.memberProfileEntity,
        'Saved: listed (the consent text kept with its date) or withdrawn (the listing goes at once)',
      ),
      membersOnly: true,
      summary: 'Choose whether I am listed in the directory',
    },
    setPhoto: {
      body: photoUploadSchema,
      ...item(
        entity.memberProfileEntity,
        'Saved: the photo checked by its content, stripped of its metadata and kept in three sizes',
      ),
      membersOnly: true,
      summary: 'Upload my profile photo',
    },
    removePhoto: {
      ...item(entity.memberProfileEntity, 'Removed (or there was none): the profile without a photo'),
      membersOnly: true,
      summary: 'Remove my profile photo',
    },
    membership: {
      answer: entity.membershipEntity,
      description:
        "The signed-in member's membership: its status (derived from the renewal date and today) and renewal date",
      membersOnly: true,
      summary: 'Get my membership status and renewal date',
    },
    unsubscribe: {
      query: unsubscribeQuery,
      answer: messageOnly,
      description: 'Unsubscribed from announcements (already so: the same answer); no session needed',
      summary: 'Unsubscribe from announcements (RFC 8058 one-click)',
    },
    endSessionsOf: {
      ...byId,
      answer: endedCount,
      description: "Every session of the account ended (the caller's own kept)",
      tag: 'users',
      summary: "End all of a user's sessions",
    },
  },

  contactMessages: {
    send: {
      body: contactMessageSchema,
      answer: z.strictObject({ id: z.int() }),
      status: 201,
      description: 'Message kept and staff notified',
      throttled: true,
      asksProofOfWork: true,
      summary: 'Send a message to the organisation',
    },
    list: {
      query: contactMessagesQuery(PAGE_SIZES.messages),
      answer: entity.contactMessagesPageEntity,
      summary: 'List contact messages',
    },
    exportCsv: {
      query: contactMessagesFilter,
      ...csv,
      description:
        'The messages of the filter as CSV (UTF-8 with BOM): received at, name, e-mail, phone, message, state',
      throttled: true,
      summary: 'Export contact messages as CSV',
    },
    bulk: {
      body: contactMessagesBulkSchema,
      answer: entity.contactMessagesBulkResultEntity,
      summary: 'Mark, hold or delete many contact messages at once',
    },
    replies: {
      ...byId,
      answer: z.array(entity.contactMessageReplyEntity),
      description: "The message's replies from the console, oldest first",
      summary: "List a contact message's replies",
    },
    reply: {
      ...byId,
      body: contactReplySchema,
      answer: entity.contactMessageReplyEntity,
      status: 201,
      description: 'Reply kept and its mail queued; the message becomes replied once the mail is sent',
      summary: 'Reply to a contact message by mail',
    },
    setState: {
      ...byId,
      body: contactMessageStateSchema,
      ...item(entity.contactMessageEntity),
      summary: "Change a contact message's state",
    },
    markRead: { ...byId, ...item(entity.contactMessageEntity), summary: 'Mark a contact message as read' },
    remove: { ...byId, ...deleted, summary: 'Delete a contact message' },
  },

  members: {
    list: {
      query: membersQuery(PAGE_SIZES.members),
      answer: listOf('members', entity.memberEntity),
      description: 'Members of the filter, in the order asked for',
      summary: 'List members',
    },
    exportCsv: {
      query: membersFilter,
      ...csv,
      description:
        'Every member of the filter, in its order (RFC 4180, UTF-8 with BOM): Name, E-mail, Status, Joined at, Last sign-in, then the profile (Title, Country, City, Languages, Specialties, Practice setting, Registration body, Registration number, Bio, Website) Tags and Renewal date, under the headers the import reads',
      throttled: true,
      summary: 'Export members as CSV',
    },
    get: {
      ...byId,
      ...item(entity.memberDetailEntity, 'The member'),
      summary: 'Get a member with their registrations and messages',
    },
    deactivate: {
      ...byId,
      ...item(entity.memberEntity, 'Deactivated (unchanged when already so): every session of the member is ended'),
      summary: 'Deactivate a member and end their sessions',
    },
    reactivate: {
      ...byId,
      ...item(entity.memberEntity, 'Reactivated (unchanged when already active): the member can sign in again'),
      summary: 'Reactivate a member',
    },
    erase: {
      ...byId,
      answer: nothing,
      description:
        'Erased: name, e-mail, password, sessions gone (and the contact messages sent from the address once it was proved), registrations kept anonymous; a notice is mailed to the old address',
      summary: 'Erase a member',
    },
    importPreview: {
      body: memberImportPreviewSchema,
      answer: entity.memberImportPreviewEntity,
      description: 'What importing the file would do, row by row: nothing is written',
      summary: 'Check a CSV file of members before importing it',
    },
    import: {
      body: memberImportSchema,
      answer: entity.memberImportResultEntity,
      description:
        'Imported in one transaction: the new rows became members (no password until they choose one), the others were skipped',
      summary: 'Import members from a CSV file',
    },
    profile: {
      ...byId,
      ...item(entity.memberProfileEntity, "The member's profile (every field empty until first saved)"),
      summary: "Get a member's professional profile",
    },
    setProfile: {
      ...byId,
      body: memberProfileSchema,
      ...item(entity.memberProfileEntity, 'Saved: the whole profile as given'),
      summary: "Save a member's professional profile",
    },
    verify: {
      ...byId,
      body: verificationSchema,
      ...item(entity.memberProfileEntity, 'Decided: a decline mails its reason to the member'),
      summary: "Verify or decline a member's registration",
    },
    setPhoto: {
      ...byId,
      body: photoUploadSchema,
      ...item(
        entity.memberProfileEntity,
        'Saved: the photo checked by its content, stripped of its metadata and kept in three sizes',
      ),
      summary: "Upload a member's profile photo",
    },
    removePhoto: {
      ...byId,
      ...item(entity.memberProfileEntity, 'Removed (or there was none): the profile without a photo'),
      summary: "Remove a member's profile photo",
    },
    setTags: {
      ...byId,
      body: memberTagsChangeSchema,
      ...item(
        entity.memberTagsEntity,
        'The member with their tags after the change (a tag already on, or already off, changes nothing)',
      ),
      summary: 'Put tags on a member and take tags off',
    },
    setMembership: {
      ...byId,
      body: membershipSchema,
      ...item(
        entity.memberEntity,
        'Saved: the status follows from the new renewal date; a changed date gets its own renewal reminders',
      ),
      summary: "Set a member's renewal date",
    },
  },

  specialties: {
    list: {
      answer: z.array(entity.specialtyAdminEntity),
      description: 'Every specialty, by name, with how many profiles name it',
      summary: 'List the specialties with their use',
    },
    // Names are unique in any case: a name taken is refused (409, with the field).
    create: {
      body: specialtySchema,
      ...createdItem(entity.specialtyAdminEntity),
      conflicts: true,
      summary: 'Add a specialty',
    },
    update: {
      ...byId,
      body: specialtySchema,
      ...item(entity.specialtyAdminEntity),
      conflicts: true,
      summary: 'Rename a specialty',
    },
    remove: {
      ...byId,
      query: specialtyRemoveQuery,
      ...deleted,
      conflicts: true,
      description: 'Deleted; one that profiles name only with removeFromProfiles=true (409 with the count otherwise)',
      summary: 'Remove a specialty',
    },
  },

  tags: {
    list: {
      answer: z.array(entity.tagEntity),
      description: 'Every tag, by name, with how many members carry it',
      summary: 'List the tags',
    },
    create: {
      body: tagSchema,
      ...createdItem(entity.tagEntity, 'Created'),
      conflicts: true,
      summary: 'Create a tag',
    },
    rename: {
      ...byId,
      body: tagSchema,
      ...item(entity.tagEntity, 'Renamed'),
      conflicts: true,
      summary: 'Rename a tag',
    },
    remove: {
      ...byId,
      ...deleted,
      description: 'Deleted, and taken off every member',
      summary: 'Delete a tag',
    },
  },

  certificates: {
    verify: {
      params: z.object({ code: z.string() }),
      answer: entity.certificateVerificationEntity,
      description:
        'The certificate the code names, as it says (404 alike for any code that names none, or an erased member’s)',
      throttled: true,
      mayBeMissing: true,
      summary: 'Check a certificate by its verification code',
    },
  },

  directory: {
    specialties: {
      answer: z.array(entity.specialtyEntity),
      description: 'Every specialty a profile can name, by name',
      summary: 'List the specialties',
    },
    photo: {
      params: photoParams,
      answer: z.string().meta({ format: 'binary' }),
      mediaType: 'image/webp',
      mayBeMissing: true,
      description:
        'The WebP image, Cache-Control: public, max-age=31536000, immutable (its path changes with its content)',
      summary: 'Get one size of a profile photo',
    },
    list: {
      query: directoryQuery,
      answer: listOf('professionals', entity.directoryEntryEntity),
      description:
        'The listed professionals (listed by their choice, registration verified, account active), by name; ' +
        '`q` finds a part of the name or city in any case and accents',
      summary: 'List the professionals of the directory',
    },
    get: {
      params: directorySlugParams,
      answer: entity.directoryProfileEntity,
      description: 'A listed professional; 404 once the listing is withdrawn or the account deactivated or erased',
      summary: "Get a professional's directory page",
    },
    contact: {
      params: directorySlugParams,
      body: directoryContactSchema,
      answer: nothing,
      description: 'Relayed by mail to the professional, the visitor as Reply-To; their address is never shown',
      throttled: true,
      asksProofOfWork: true,
      summary: 'Send a message to a listed professional',
    },
  },

  dashboard: {
    get: { answer: entity.dashboardEntity, summary: 'Get the dashboard figures' },
    defaultContent: {
      answer: entity.defaultContentStatusEntity,
      description: "The public sections visitors currently see SPEC's built-in content in",
      summary: "List the public sections showing SPEC's built-in content",
    },
    organisation: {
      answer: entity.organisationSettingsEntity,
      description: "The server's ORGANISATION_TIME_ZONE: activity times are wall clocks in it",
      tag: 'settings',
      summary: "Get the organisation's settings",
    },
  },

  audit: {
    list: {
      query: auditQuery(AUDIT_PAGE_SIZE),
      answer: listOf('entries', entity.auditLogEntryEntity),
      description: 'Audit entries of the filter, newest first',
      summary: 'Search the audit log',
    },
    exportCsv: {
      query: auditFilter,
      ...csv,
      description: `Audit entries of the filter, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} (RFC 4180, UTF-8 with BOM)`,
      throttled: true,
      summary: 'Export audit log entries as CSV',
    },
    get: {
      ...byId,
      answer: entity.auditLogEntryEntity,
      description: 'One audit entry',
      summary: 'Get an audit log entry',
    },
  },

  announcements: {
    list: {
      query: paginationQuery(ANNOUNCEMENT_PAGE_SIZE),
      answer: listOf('announcements', entity.announcementEntity),
      description: 'Announcements, newest first, with their mail counts',
      summary: 'List announcements with their mail counts',
    },
    create: {
      body: announcementSchema,
      ...createdItem(entity.announcementEntity, 'Draft saved'),
      summary: 'Create an announcement draft',
    },
    preview: {
      body: announcementPreviewSchema,
      answer: entity.announcementPreviewEntity,
      description: "The mail exactly as it is sent (to the caller's address and unsubscribe link): nothing is written",
      summary: 'Render an announcement as the mail will be',
    },
    reach: {
      body: announcementReachSchema,
      answer: entity.announcementReachEntity,
      description:
        'How many accounts the audience (and segment) would mail now, counted as a send counts them: nothing is written',
      summary: 'Count the recipients of an audience before saving',
    },
    get: {
      ...byId,
      ...item(entity.announcementEntity, 'The announcement'),
      summary: 'Get an announcement with its mail counts',
    },
    update: {
      ...byId,
      body: announcementSchema,
      ...item(entity.announcementEntity, 'Saved'),
      summary: 'Update an unsent announcement',
    },
    remove: {
      ...byId,
      answer: nothing,
      description: 'Deleted (it was not sent)',
      summary: 'Delete an unsent announcement',
    },
    sendTest: {
      ...byId,
      answer: messageOnly,
      description: 'One test mail queued to the caller',
      summary: 'Send a test of an announcement to oneself',
    },
    send: {
      ...byId,
      body: announcementSendSchema,
      ...item(
        entity.announcementEntity,
        'Sent (one mail per recipient queued, in the transaction that marks it sent) or scheduled',
      ),
      summary: 'Send an announcement now or schedule it',
    },
    unschedule: {
      ...byId,
      ...item(entity.announcementEntity, 'Back to a draft'),
      summary: 'Cancel the schedule of an announcement',
    },
    audience: {
      ...byId,
      answer: entity.announcementReachEntity,
      description: 'How many accounts a send now would mail (active, receiving announcements, in its audience)',
      summary: 'Count the accounts a send now would mail',
    },
    recipients: {
      ...byId,
      query: announcementRecipientsQuery,
      answer: listOf('recipients', entity.announcementRecipientEntity),
      description: "Its recipients' mails in the order they were queued",
      summary: "List an announcement's recipients and their mails",
    },
    retryRecipient: {
      params: announcementMailParams,
      answer: entity.announcementRecipientEntity,
      description: 'Queued again, due now',
      // Only a failed mail is retried.
      conflicts: true,
      summary: "Retry a recipient's failed mail",
    },
  },

  mail: {
    list: {
      query: mailQueueQuery(MAIL_PAGE_SIZE),
      answer: listOf('mails', entity.mailQueueItemEntity),
      description: 'Mails of the filter, in the asked order (newest first without `sort`)',
      summary: 'List the mail queue',
    },
    get: {
      ...byId,
      ...item(entity.mailQueueMailEntity, 'The mail with its plain-text body, the tokens of its links hidden'),
      summary: 'Get one queued mail',
    },
    retry: {
      ...byId,
      ...item(entity.mailQueueItemEntity, 'Queued again, due now: the worker sends it next'),
      // Only a failed mail is retried.
      conflicts: true,
      summary: 'Retry a failed mail',
    },
    discard: {
      ...byId,
      answer: nothing,
      description: 'Discarded: the mail is deleted unsent',
      summary: 'Discard a failed mail',
    },
  },

  // Two-factor already on (setup, confirm), not on, or required for all staff (disable): 409. Code
  // checks share the sign-in lockout: 429.
  twoFactor: {
    status: {
      answer: entity.twoFactorStatusEntity,
      description: "The caller's two-factor status",
      tag: 'account',
      summary: 'Get my two-factor status',
    },
    setup: {
      answer: entity.twoFactorSetupEntity,
      description: 'A new secret with its QR code; two-factor is on only once a code confirms it',
      conflicts: true,
      tag: 'account',
      summary: 'Start setting up two-factor authentication',
    },
    confirm: {
      body: twoFactorCodeSchema,
      answer: entity.recoveryCodesEntity,
      description: "Two-factor is on: ten recovery codes, shown once; the account's other sessions are ended",
      conflicts: true,
      throttled: true,
      tag: 'account',
      summary: 'Turn on two-factor authentication',
    },
    disable: {
      body: twoFactorDisableSchema,
      answer: nothing,
      description: "Two-factor is off; the account's other sessions are ended",
      conflicts: true,
      throttled: true,
      tag: 'account',
      summary: 'Turn off two-factor authentication',
    },
    renewRecoveryCodes: {
      body: twoFactorCodeSchema,
      answer: entity.recoveryCodesEntity,
      description: 'Ten new recovery codes; the old ones stop working',
      conflicts: true,
      throttled: true,
      tag: 'account',
      summary: 'Replace my recovery codes',
    },
    securitySettings: {
      answer: entity.securitySettingsEntity,
      tag: 'settings',
      summary: 'Get the security settings',
    },
    resetFor: {
      ...byId,
      answer: nothing,
      description:
        "Another staff member's two-factor turned off (recovery codes gone) and every session of the account ended",
      // A super admin's reset of an account whose two-factor is not on.
      conflicts: true,
      tag: 'users',
      summary: "Reset a user's two-factor authentication",
    },
    setSecuritySettings: {
      body: securitySettingsSchema,
      answer: entity.securitySettingsEntity,
      description: 'Saved: staff without two-factor set it up at their next sign-in',
      tag: 'settings',
      summary: 'Update the security settings',
    },
  },

  metadata: {
    openApi: {
      answer: z.record(z.string(), z.unknown()),
      raw: true,
      description: 'This document',
      summary: 'Get this OpenAPI document',
    },
    metrics: {
      answer: z.string(),
      mediaType: 'text/plain',
      description: 'The metrics',
      tag: 'metrics',
      summary: 'Scrape the Prometheus metrics',
    },
  },
} as const;
