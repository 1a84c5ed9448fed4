/**
 * The modules the OpenAPI document lists its operations under, in its order. A route's tag is its
 * top-level group in the route table (routes.ts) unless its contract (route-schemas.ts) names another.
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
  tags: {
    name: 'Member tags',
    description:
      'The tags staff keep and put on members (members module rights): the members list filters by them and an announcement can go to the members of one.',
  },
  announcements: {
    name: 'Announcements',
    description:
      "Announcements mailed to members (members module rights): drafts, the preview of the mail as sent, a test to oneself, sending now or at a time, and the progress of each recipient's mail.",
  },
  certificates: {
    name: 'Certificates',
    description: "The public check of a CPD certificate's verification code.",
  },
  directory: {
    name: 'Directory',
    description:
      "What members' professional profiles are made of: the specialties staff keep, and the profile photos (content-addressed, cached for good).",
  },
  specialties: {
    name: 'Specialties',
    description:
      'The specialties list as staff keep it (members module rights): add, rename, remove; names unique in any case.',
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

/** The document's top-level tags list. */
export const TAG_LIST = Object.values(TAGS).map(({ name, description }) => ({ name, description }));
