/**
 * The mail queue as super admins see it (issue 25 item 2): the states and kinds of a queued mail and
 * the fields the API shows of it. The list shows subjects; one mail's detail shows its plain-text body
 * with the token of any sign-in or unsubscribe link hidden (invitations and resets carry them).
 */

/** queued: waiting for its next try; sending: claimed by a worker; sent; failed: given up. */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_KINDS = [
  'invitation',
  'password_reset',
  'password_changed',
  'contact_notification',
  'contact_digest',
  'contact_reply',
  'two_factor_locked',
  'account_closed',
  'member_welcome',
  'announcement',
  'announcement_test',
  'registration_declined',
  'renewal_reminder',
  'directory_contact',
  'waitlist_offer',
  'activity_registered',
  'activity_reminder',
  'activity_update',
  'activity_message',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  password_changed: 'Password changed notice',
  contact_notification: 'Contact message notification',
  contact_digest: 'Contact spam digest',
  contact_reply: 'Reply to a contact message',
  two_factor_locked: 'Two-factor lock notice',
  account_closed: 'Account closed notice',
  member_welcome: 'Welcome of an imported member',
  announcement: 'Announcement',
  announcement_test: 'Announcement test',
  registration_declined: 'Registration declined notice',
  renewal_reminder: 'Membership renewal reminder',
  directory_contact: 'Message through the directory',
  waitlist_offer: 'Waitlist place offered',
  activity_registered: 'Activity registration confirmed',
  activity_reminder: 'Activity reminder',
  activity_update: 'Activity time changed',
  activity_message: 'Message to attendees',
};

export const MAIL_PAGE_SIZE = 50;
