/** Query keys of every list the console reads, so mutations invalidate exactly what they change. */
export const queryKeys = {
  me: ['auth', 'me'],
  /** The signed-in account's own sessions (My account). */
  accountSessions: ['account', 'sessions'],
  dashboard: ['dashboard'],
  /** Under the dashboard's key: every change refreshes the dashboard, and with it this answer. */
  defaultContent: ['dashboard', 'default-content'],
  membershipCards: ['membership-cards'],
  aboutUs: ['about-us'],
  activities: ['activities'],
  testimonials: ['testimonials'],
  contactInfo: ['contact-info'],
  contactMessages: ['contact-messages'],
  faqs: ['faqs'],
  privacyPolicy: ['privacy-policy'],
  termsOfService: ['terms-of-service'],
  users: ['users'],
  members: ['members'],
  /** Announcements, each one's detail and recipients under it. */
  announcements: ['announcements'],
  audit: ['audit'],
  /** The mail queue (super admins). */
  mail: ['mail'],
} as const;
