/**
 * What a reader of the document sees first: each operation's one-line summary and the module (tag)
 * it is listed under, keyed by operationId. The router knows neither, so this one table says both;
 * openapi.test.ts fails while an operation of the router is missing here, or an entry names none.
 */

/** One tag per module, in the order the reference lists them. */
export const TAGS = {
  health: { name: 'Health', description: 'Whether the server and its database answer.' },
  auth: {
    name: 'Authentication',
    description:
      'Sign-up, sign-in (with a second step for staff with two-factor), sign-out and password reset. A sign-in returns the bearer token the other operations take.',
  },
  account: {
    name: 'Account',
    description: "The signed-in person's own account: password, sessions and two-factor authentication.",
  },
  aboutUs: { name: 'About us', description: 'The "About us" text, kept as versions of which one is active.' },
  activities: {
    name: 'Activities',
    description: 'Events members can register for, their iCalendar files, and the registrations staff manage.',
  },
  contactInfo: {
    name: 'Contact information',
    description: "The organisation's contact details, kept as versions of which one is active.",
  },
  contactMessages: {
    name: 'Contact messages',
    description: 'Messages sent through the contact form, and how staff read, file and export them.',
  },
  faqs: { name: 'FAQs', description: 'Frequently asked questions, in the order staff give them.' },
  membershipCards: {
    name: 'Membership cards',
    description: 'The membership tiers the site presents, with their benefits.',
  },
  privacyPolicy: {
    name: 'Privacy policy',
    description: 'The privacy policy, kept as versions of which one is active.',
  },
  termsOfService: {
    name: 'Terms of service',
    description: 'The terms of service, kept as versions of which one is active.',
  },
  testimonials: { name: 'Testimonials', description: 'Quotes from members, some featured on the home page.' },
  users: {
    name: 'Users',
    description: 'Accounts as staff manage them: invitations, roles and permissions, deactivation, sessions.',
  },
  members: {
    name: 'Members',
    description:
      'Member accounts as staff see them: search, detail with registrations and messages, export, deactivation, erasure.',
  },
  announcements: {
    name: 'Announcements',
    description:
      "Announcements mailed to members (members module rights): drafts, the preview of the mail as sent, a test to oneself, sending now or at a time, and the progress of each recipient's mail.",
  },
  dashboard: { name: 'Dashboard', description: "The admin console's overview figures." },
  audit: { name: 'Audit log', description: 'Who changed what and when, as staff can search and export it.' },
  mail: {
    name: 'Mail queue',
    description:
      'Every mail the site sends, as super admins follow it: state, attempts and the last error, never a subject or body. A failed mail can be retried or discarded.',
  },
  settings: {
    name: 'Settings',
    description: 'Organisation-wide settings, such as the two-factor requirement for staff.',
  },
  metadata: { name: 'API description', description: 'This OpenAPI document.' },
  metrics: { name: 'Metrics', description: 'Prometheus metrics for the operators of the server.' },
} as const;

export type TagKey = keyof typeof TAGS;

export interface OperationText {
  /** A short imperative sentence, without a final full stop. */
  summary: string;
  tag: TagKey;
}

const text = (tag: TagKey, summary: string): OperationText => ({ summary, tag });

export const OPERATIONS: Record<string, OperationText> = {
  getHealth: text('health', 'Check the server and its database'),
  getHealthReady: text('health', 'Check the server is ready for traffic'),

  postAuthRegister: text('auth', 'Create a member account'),
  postAuthLogin: text('auth', 'Sign in'),
  postAuthLoginTwoFactor: text('auth', 'Finish a sign-in with a two-factor code'),
  getAuthMe: text('auth', 'Get the signed-in user'),
  postAuthLogout: text('auth', 'Sign out'),
  postAuthForgotPassword: text('auth', 'Request a password reset e-mail'),
  getAuthResetPasswordByToken: text('auth', 'Check a password reset link'),
  postAuthResetPasswordByToken: text('auth', 'Set a new password with a reset link'),

  getAccountSessions: text('account', 'List my sessions'),
  deleteAccountSessionsById: text('account', 'End one of my sessions'),
  postAccountSessionsEndOthers: text('account', 'End all my other sessions'),
  postAccountPassword: text('account', 'Change my password'),
  getAccountData: text('account', 'Download my data'),
  postAccountClose: text('account', 'Close my account and erase my data'),
  getAccountTwoFactor: text('account', 'Get my two-factor status'),
  postAccountTwoFactorSetup: text('account', 'Start setting up two-factor authentication'),
  postAccountTwoFactorConfirm: text('account', 'Turn on two-factor authentication'),
  postAccountTwoFactorDisable: text('account', 'Turn off two-factor authentication'),
  postAccountTwoFactorRecoveryCodes: text('account', 'Replace my recovery codes'),

  getAboutUs: text('aboutUs', 'Get the active "About us" version'),
  getAdminAboutUs: text('aboutUs', 'List "About us" versions'),
  postAdminAboutUs: text('aboutUs', 'Create an "About us" version'),
  getAdminAboutUsById: text('aboutUs', 'Get an "About us" version'),
  putAdminAboutUsById: text('aboutUs', 'Update an "About us" version'),
  deleteAdminAboutUsById: text('aboutUs', 'Delete an "About us" version'),
  patchAdminAboutUsByIdActivate: text('aboutUs', 'Activate an "About us" version'),
  putAdminAboutUsByIdSchedule: text('aboutUs', 'Schedule an "About us" version'),
  patchAdminAboutUsByIdUnschedule: text('aboutUs', 'Cancel the schedule of an "About us" version'),

  getActivities: text('activities', 'List upcoming activities'),
  getActivitiesById: text('activities', 'Get an activity'),
  getActivitiesCalendarIcs: text('activities', 'Subscribe to the activities calendar'),
  getActivitiesByIdCalendarIcs: text('activities', "Download an activity's calendar file"),
  postActivitiesByIdRegister: text('activities', 'Register for an activity'),
  deleteActivitiesByIdRegister: text('activities', 'Cancel my registration for an activity'),
  getActivitiesByIdRegistration: text('activities', 'Check whether I am registered for an activity'),
  getAdminActivities: text('activities', 'List activities'),
  postAdminActivities: text('activities', 'Create an activity'),
  putAdminActivitiesById: text('activities', 'Update an activity'),
  deleteAdminActivitiesById: text('activities', 'Delete an activity'),
  getAdminActivitiesByIdRegistrations: text('activities', "List an activity's registrations"),
  getAdminActivitiesByIdRegistrationsCsv: text('activities', "Export an activity's registrations as CSV"),
  postAdminActivitiesByIdRegistrationsByUserIdRemove: text('activities', 'Remove a registration from an activity'),

  getContactInfo: text('contactInfo', 'Get the active contact information'),
  getAdminContactInfo: text('contactInfo', 'List contact information versions'),
  postAdminContactInfo: text('contactInfo', 'Create a contact information version'),
  getAdminContactInfoById: text('contactInfo', 'Get a contact information version'),
  putAdminContactInfoById: text('contactInfo', 'Update a contact information version'),
  deleteAdminContactInfoById: text('contactInfo', 'Delete a contact information version'),
  patchAdminContactInfoByIdActivate: text('contactInfo', 'Activate a contact information version'),
  putAdminContactInfoByIdSchedule: text('contactInfo', 'Schedule a contact information version'),
  patchAdminContactInfoByIdUnschedule: text('contactInfo', 'Cancel the schedule of a contact information version'),

  postContactMessages: text('contactMessages', 'Send a message to the organisation'),
  getAdminContactMessages: text('contactMessages', 'List contact messages'),
  getAdminContactMessagesExportCsv: text('contactMessages', 'Export contact messages as CSV'),
  postAdminContactMessagesBulk: text('contactMessages', 'Mark, hold or delete many contact messages at once'),
  getAdminContactMessagesByIdReplies: text('contactMessages', "List a contact message's replies"),
  postAdminContactMessagesByIdReplies: text('contactMessages', 'Reply to a contact message by mail'),
  patchAdminContactMessagesByIdState: text('contactMessages', "Change a contact message's state"),
  patchAdminContactMessagesByIdRead: text('contactMessages', 'Mark a contact message as read'),
  deleteAdminContactMessagesById: text('contactMessages', 'Delete a contact message'),

  getFaqs: text('faqs', 'List FAQs'),
  getAdminFaqs: text('faqs', 'List FAQs for editing'),
  postAdminFaqs: text('faqs', 'Create an FAQ'),
  putAdminFaqsById: text('faqs', 'Update an FAQ'),
  deleteAdminFaqsById: text('faqs', 'Delete an FAQ'),
  putAdminFaqsReorder: text('faqs', 'Reorder the FAQs'),

  getMembershipCards: text('membershipCards', 'List membership cards'),
  getAdminMembershipCards: text('membershipCards', 'List membership cards for editing'),
  postAdminMembershipCards: text('membershipCards', 'Create a membership card'),
  putAdminMembershipCardsById: text('membershipCards', 'Update a membership card'),
  deleteAdminMembershipCardsById: text('membershipCards', 'Delete a membership card'),
  putAdminMembershipCardsReorder: text('membershipCards', 'Reorder the membership cards'),

  getPrivacyPolicy: text('privacyPolicy', 'Get the active privacy policy'),
  getAdminPrivacyPolicy: text('privacyPolicy', 'List privacy policy versions'),
  postAdminPrivacyPolicy: text('privacyPolicy', 'Create a privacy policy version'),
  getAdminPrivacyPolicyById: text('privacyPolicy', 'Get a privacy policy version'),
  putAdminPrivacyPolicyById: text('privacyPolicy', 'Update a privacy policy version'),
  deleteAdminPrivacyPolicyById: text('privacyPolicy', 'Delete a privacy policy version'),
  patchAdminPrivacyPolicyByIdActivate: text('privacyPolicy', 'Activate a privacy policy version'),
  putAdminPrivacyPolicyByIdSchedule: text('privacyPolicy', 'Schedule a privacy policy version'),
  patchAdminPrivacyPolicyByIdUnschedule: text('privacyPolicy', 'Cancel the schedule of a privacy policy version'),

  getTermsOfService: text('termsOfService', 'Get the active terms of service'),
  getAdminTermsOfService: text('termsOfService', 'List terms of service versions'),
  postAdminTermsOfService: text('termsOfService', 'Create a terms of service version'),
  getAdminTermsOfServiceById: text('termsOfService', 'Get a terms of service version'),
  putAdminTermsOfServiceById: text('termsOfService', 'Update a terms of service version'),
  deleteAdminTermsOfServiceById: text('termsOfService', 'Delete a terms of service version'),
  patchAdminTermsOfServiceByIdActivate: text('termsOfService', 'Activate a terms of service version'),
  putAdminTermsOfServiceByIdSchedule: text('termsOfService', 'Schedule a terms of service version'),
  patchAdminTermsOfServiceByIdUnschedule: text('termsOfService', 'Cancel the schedule of a terms of service version'),

  getTestimonials: text('testimonials', 'List testimonials'),
  getAdminTestimonials: text('testimonials', 'List testimonials for editing'),
  postAdminTestimonials: text('testimonials', 'Create a testimonial'),
  putAdminTestimonialsById: text('testimonials', 'Update a testimonial'),
  deleteAdminTestimonialsById: text('testimonials', 'Delete a testimonial'),
  patchAdminTestimonialsByIdFeatured: text('testimonials', 'Feature or unfeature a testimonial'),

  getAdminUsers: text('users', 'List users'),
  postAdminUsers: text('users', 'Invite a user'),
  getAdminUsersStats: text('users', 'Count users by role and status'),
  getAdminUsersById: text('users', 'Get a user'),
  putAdminUsersById: text('users', 'Update a user'),
  deleteAdminUsersById: text('users', 'Delete a user'),
  patchAdminUsersByIdToggleStatus: text('users', 'Activate or deactivate a user'),
  postAdminUsersByIdEndSessions: text('users', "End all of a user's sessions"),
  postAdminUsersByIdTwoFactorReset: text('users', "Reset a user's two-factor authentication"),
  postAdminUsersByIdResendInvitation: text('users', 'Send a new invitation to a user who has not set a password'),

  getAdminMembers: text('members', 'List members'),
  getAdminMembersExportCsv: text('members', 'Export members as CSV'),
  getAdminMembersById: text('members', 'Get a member with their registrations and messages'),
  patchAdminMembersByIdDeactivate: text('members', 'Deactivate a member and end their sessions'),
  patchAdminMembersByIdReactivate: text('members', 'Reactivate a member'),
  deleteAdminMembersById: text('members', 'Erase a member'),
  postAdminMembersImportDryRun: text('members', 'Check a CSV file of members before importing it'),
  postAdminMembersImport: text('members', 'Import members from a CSV file'),

  getAdminAnnouncements: text('announcements', 'List announcements with their mail counts'),
  postAdminAnnouncements: text('announcements', 'Create an announcement draft'),
  postAdminAnnouncementsPreview: text('announcements', 'Render an announcement as the mail will be'),
  getAdminAnnouncementsById: text('announcements', 'Get an announcement with its mail counts'),
  putAdminAnnouncementsById: text('announcements', 'Update an unsent announcement'),
  deleteAdminAnnouncementsById: text('announcements', 'Delete an unsent announcement'),
  postAdminAnnouncementsByIdTest: text('announcements', 'Send a test of an announcement to oneself'),
  getAdminAnnouncementsByIdAudience: text('announcements', 'Count the accounts a send now would mail'),
  patchAdminAnnouncementsByIdSend: text('announcements', 'Send an announcement now or schedule it'),
  patchAdminAnnouncementsByIdUnschedule: text('announcements', 'Cancel the schedule of an announcement'),
  getAdminAnnouncementsByIdRecipients: text('announcements', "List an announcement's recipients and their mails"),
  postAdminAnnouncementsByIdRecipientsByMailIdRetry: text('announcements', "Retry a recipient's failed mail"),
  getAccountPreferences: text('account', "Get the signed-in account's mail preferences"),
  putAccountPreferences: text('account', "Set the signed-in account's mail preferences"),
  postUnsubscribe: text('account', 'Unsubscribe from announcements (RFC 8058 one-click)'),

  getAdminDashboard: text('dashboard', 'Get the dashboard figures'),
  getAdminDefaultContent: text('dashboard', "List the public sections showing SPEC's built-in content"),

  getAdminAudit: text('audit', 'Search the audit log'),
  getAdminAuditById: text('audit', 'Get an audit log entry'),
  getAdminAuditExportCsv: text('audit', 'Export audit log entries as CSV'),

  getAdminMail: text('mail', 'List the mail queue'),
  postAdminMailByIdRetry: text('mail', 'Retry a failed mail'),
  deleteAdminMailById: text('mail', 'Discard a failed mail'),

  getAdminSettingsSecurity: text('settings', 'Get the security settings'),
  putAdminSettingsSecurity: text('settings', 'Update the security settings'),

  getOpenapiJson: text('metadata', 'Get this OpenAPI document'),
  getMetrics: text('metrics', 'Scrape the Prometheus metrics'),
};

/** What an operation left out of the table gets: the document still builds, and openapi.test.ts names the gap. */
export const UNSUMMARISED = 'Not summarised yet: add this operation to api/src/openapi/operations.ts';

/** The summary and tag name of an operation; one missing from the table keeps the tag its path suggests. */
export function operationText(operationId: string, pathTag: string): { summary: string; tag: string } {
  const entry = OPERATIONS[operationId];
  return entry ? { summary: entry.summary, tag: TAGS[entry.tag].name } : { summary: UNSUMMARISED, tag: pathTag };
}

/** The document's top-level tags list. */
export const TAG_LIST = Object.values(TAGS).map(({ name, description }) => ({ name, description }));
