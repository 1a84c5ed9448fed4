/**
 * The schemas that validate each route's input, at the route's place in the route table (routes.ts):
 * its path parameters, query and body. operations.ts attaches them to the routes for the server and
 * the OpenAPI document; the routes take their input types from here as types only. A route that reads
 * no input has no entry.
 */
import { AUDIT_PAGE_SIZE } from '../audit.js';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.js';
import { MAIL_PAGE_SIZE } from '../mail.js';
import { memberImportPreviewSchema, memberImportSchema } from '../member-import.js';
import {
  announcementPreferenceSchema,
  announcementPreviewSchema,
  announcementRecipientsQuery,
  announcementSchema,
  announcementSendSchema,
  ANNOUNCEMENT_PAGE_SIZE,
  unsubscribeQuery,
} from '../announcements.js';
import { auditFilter, auditQuery } from '../schemas/audit.js';
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

/** The schemas of a plain content list's admin calls (routes.ts: adminCrud). */
function adminCrudSchemas<Body extends ZodType, Query extends ZodType>(body: Body, query: Query) {
  return { list: { query }, create: { body }, update: { ...byId, body }, remove: byId };
}

/** The schemas of a kind of versioned content's calls (routes.ts: versioned). */
function versionedSchemas<Body extends ZodType>(body: Body, pageSize: number) {
  return {
    list: { query: paginationQuery(pageSize) },
    get: byId,
    create: { body },
    update: { ...byId, body },
    activate: byId,
    schedule: { ...byId, body: versionScheduleSchema },
    cancelSchedule: byId,
    remove: byId,
  };
}

export const ROUTE_SCHEMAS = {
  auth: {
    register: { body: signupSchema },
    login: { body: memberLoginSchema },
    loginTwoFactor: { body: twoFactorLoginSchema },
    forgotPassword: { body: forgotPasswordSchema },
    checkResetToken: { params: tokenParams },
    resetPassword: { params: tokenParams, body: resetPasswordBodySchema },
  },

  membershipCards: {
    list: { query: paginationQuery(MAX_PAGE_LIMIT) },
    reorder: { body: membershipCardReorderSchema },
    admin: adminCrudSchemas(membershipCardSchema, sortedAdminListQuery(PAGE_SIZES.membership, MEMBERSHIP_CARD_SORTS)),
  },

  aboutUs: versionedSchemas(aboutUsSchema, PAGE_SIZES.about),

  activities: {
    calendarFile: byId,
    list: { query: activitiesQuery(MAX_PAGE_LIMIT) },
    get: byId,
    register: byId,
    registration: byId,
    cancelRegistration: byId,
    registrations: { ...byId, query: registrationsQuery(PAGE_SIZES.registrations) },
    exportRegistrations: { ...byId, query: registrationsFilter },
    removeRegistration: { params: registrationParams },
    admin: adminCrudSchemas(activitySchema, adminActivitiesQuery(PAGE_SIZES.activities)),
  },

  testimonials: {
    list: { query: paginationQuery(MAX_PAGE_LIMIT) },
    admin: adminCrudSchemas(testimonialSchema, sortedAdminListQuery(PAGE_SIZES.testimonials, TESTIMONIAL_SORTS)),
    toggleFeatured: byId,
  },

  contactInfo: versionedSchemas(contactInfoSchema, PAGE_SIZES.connect),

  faqs: {
    list: { query: paginationQuery(MAX_PAGE_LIMIT) },
    reorder: { body: faqReorderSchema },
    admin: adminCrudSchemas(faqSchema, sortedAdminListQuery(PAGE_SIZES.faqs, FAQ_SORTS)),
  },

  privacyPolicy: versionedSchemas(privacyPolicySchema, PAGE_SIZES.privacyPolicy),

  termsOfService: versionedSchemas(termsOfServiceSchema, PAGE_SIZES.termsOfService),

  users: {
    list: { query: usersQuery(PAGE_SIZES.admins) },
    get: byId,
    create: { body: adminUserSchema },
    update: { ...byId, body: adminUserSchema },
    toggleStatus: byId,
    remove: byId,
    resendInvitation: byId,
  },

  account: {
    endSession: byId,
    changePassword: { body: changePasswordSchema },
    close: { body: closeAccountSchema },
    setPreferences: { body: announcementPreferenceSchema },
    unsubscribe: { query: unsubscribeQuery },
    endSessionsOf: byId,
  },

  contactMessages: {
    send: { body: contactMessageSchema },
    list: { query: contactMessagesQuery(PAGE_SIZES.messages) },
    exportCsv: { query: contactMessagesFilter },
    bulk: { body: contactMessagesBulkSchema },
    replies: byId,
    reply: { ...byId, body: contactReplySchema },
    setState: { ...byId, body: contactMessageStateSchema },
    markRead: byId,
    remove: byId,
  },

  members: {
    list: { query: membersQuery(PAGE_SIZES.members) },
    exportCsv: { query: membersFilter },
    get: byId,
    deactivate: byId,
    reactivate: byId,
    erase: byId,
    importPreview: { body: memberImportPreviewSchema },
    import: { body: memberImportSchema },
  },

  audit: {
    list: { query: auditQuery(AUDIT_PAGE_SIZE) },
    exportCsv: { query: auditFilter },
    get: byId,
  },

  announcements: {
    list: { query: paginationQuery(ANNOUNCEMENT_PAGE_SIZE) },
    create: { body: announcementSchema },
    preview: { body: announcementPreviewSchema },
    get: byId,
    update: { ...byId, body: announcementSchema },
    remove: byId,
    sendTest: byId,
    audience: byId,
    send: { ...byId, body: announcementSendSchema },
    unschedule: byId,
    recipients: { ...byId, query: announcementRecipientsQuery },
    retryRecipient: { params: announcementMailParams },
  },

  mail: {
    list: { query: mailQueueQuery(MAIL_PAGE_SIZE) },
    retry: byId,
    discard: byId,
  },

  twoFactor: {
    confirm: { body: twoFactorCodeSchema },
    disable: { body: twoFactorDisableSchema },
    renewRecoveryCodes: { body: twoFactorCodeSchema },
    resetFor: byId,
    setSecuritySettings: { body: securitySettingsSchema },
  },
} as const;
