/** Plain-text and HTML bodies of every mail the product sends. */
import { formatAdminDate, organisationName } from '@npo/shared';
import type { MailMessage } from './mailer.js';
import { escapeHtml, MAIL_BRAND_COLOUR, mailPage } from './outgoing.js';

/** The HTML of a mail: its paragraphs, an optional button with its link written out, on the mail page. */
export function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:${MAIL_BRAND_COLOUR};color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const [open, close] = mailPage(organisationName);
  return `${open}${body}${button}${close}`;
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hello ${name},`,
    'We received a request to reset the password of your account. The link below is valid for one hour and can be used once.',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ];
  return {
    kind: 'password_reset',
    to,
    subject: `Reset your ${organisationName} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n\n${organisationName}\n`,
    html: layout(lines, { label: 'Reset password', url: link }),
  };
}

export function invitationMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hello ${name},`,
    `You have been invited to the ${organisationName} admin console. Choose your password with the link below; it is valid for 7 days.`,
  ];
  return {
    kind: 'invitation',
    to,
    subject: `Your ${organisationName} admin account`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${organisationName}\n`,
    html: layout(lines, { label: 'Set your password', url: link }),
  };
}

/** The welcome of a member imported from another system: they have no password until they choose one. */
export function memberWelcomeMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hello ${name},`,
    `Your membership of ${organisationName} has moved to our new site. Choose your password with the link below to sign in; it is valid for 7 days.`,
    'If the link has expired, use "Forgot password" on the sign-in page to get a new one.',
  ];
  return {
    kind: 'member_welcome',
    to,
    subject: `Welcome to ${organisationName}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n\n${organisationName}\n`,
    html: layout(lines, { label: 'Choose your password', url: link }),
  };
}

export function contactNotificationMail(
  to: string,
  message: { name: string; email: string; phone: string; message: string },
): MailMessage {
  const lines = [
    `New message from the website contact form.`,
    `Name: ${message.name}\nE-mail: ${message.email}\nPhone: ${message.phone}`,
    message.message,
  ];
  return {
    kind: 'contact_notification',
    to,
    replyTo: message.email,
    subject: `Contact form: ${message.name}`,
    text: lines.join('\n\n') + '\n',
    html: layout(lines),
  };
}

/** The contact form has no subject field: every reply from the console gets this one. */
export const CONTACT_REPLY_SUBJECT = 'Re: Your message to us';

/**
 * A reply staff wrote in the console to a contact message: their words, then the visitor's quoted the
 * way mail programs quote. `replyTo`: the organisation's contact e-mail, so an answer reaches staff.
 */
export function contactReplyMail(
  original: { name: string; email: string; message: string; createdAt: string },
  body: string,
  replyTo: string | undefined,
): MailMessage {
  const attribution = `On ${formatAdminDate(original.createdAt)}, ${original.name} wrote:`;
  const quoted = original.message
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  const lines = [body, `${attribution}\n${quoted}`];
  return {
    kind: 'contact_reply',
    to: original.email,
    ...(replyTo !== undefined && { replyTo }),
    subject: CONTACT_REPLY_SUBJECT,
    text: `${lines.join('\n\n')}\n\n${organisationName}\n`,
    html: layout(lines),
  };
}

/**
 * One mail an hour while the contact form is flooded (issue 19), instead of one per message: the
 * messages are kept, held as possible spam in the console's inbox.
 */
export function contactDigestMail(to: string): MailMessage {
  const lines = [
    'Messages are arriving through the website contact form much faster than usual.',
    'For the rest of this hour, new messages are kept but held as "Possible spam" in the admin console (Connect), and no mail is sent for each of them.',
    'Please look through them there: real messages can be moved back to the inbox.',
  ];
  return {
    kind: 'contact_digest',
    to,
    subject: 'Website messages held as possible spam',
    text: lines.join('\n\n') + '\n',
    html: layout(lines),
  };
}

/** The notice after a password change while signed in: no link and no secret, only what to do if it was not them. */
export function passwordChangedMail(to: string, name: string): MailMessage {
  const lines = [
    `Hello ${name},`,
    `The password of your ${organisationName} account was just changed, and your other signed-in sessions were signed out.`,
    'If this was you, there is nothing more to do.',
    'If it was not you, choose a new password at once with "Forgot password" on the login page, and tell us.',
  ];
  return {
    kind: 'password_changed',
    to,
    subject: `Your ${organisationName} password was changed`,
    text: `${lines.join('\n\n')}\n\n${organisationName}\n`,
    html: layout(lines),
  };
}

/** The owner's notice that wrong two-factor codes paused their account's sign-in (issue 19 item 2). */
export function twoFactorLockedMail(to: string, name: string, wrongCodes: number, minutes: number): MailMessage {
  const lines = [
    `Hello ${name},`,
    `${wrongCodes} wrong two-factor codes were just entered for your ${organisationName} account, after its correct password. Two-factor sign-in to your account is paused for ${minutes} minutes.`,
    'If this was you, wait and try again with a fresh code from your authenticator app.',
    'If it was not you, someone knows your password: choose a new one at once with "Forgot password" on the login page, and tell us.',
  ];
  return {
    kind: 'two_factor_locked',
    to,
    subject: `Sign-in to your ${organisationName} account was paused`,
    text: lines.join('\n\n') + `\n\n${organisationName}\n`,
    html: layout(lines),
  };
}

/**
 * The last mail to a member whose account was closed (by themselves or by staff): sent to the old
 * address, holding no name, and its recipient is blanked once it is delivered (mailer.ts markSent).
 */
export function accountClosedMail(to: string, bySelf: boolean): MailMessage {
  const lines = [
    'Hello,',
    bySelf
      ? `Your ${organisationName} member account has been closed, as you asked.`
      : `Your ${organisationName} member account has been closed by our staff.`,
    'Your name, e-mail address, password, sessions and the contact messages sent from this address have been erased. Your activity registrations are kept without anything that names you, so that attendance figures stay right.',
    'You can sign up again at any time with this address. If you did not ask for this, please tell us.',
  ];
  return {
    kind: 'account_closed',
    to,
    subject: `Your ${organisationName} account was closed`,
    text: `${lines.join('\n\n')}\n\n${organisationName}\n`,
    html: layout(lines),
  };
}

/** Staff could not verify a member's registration (issue 57): the reason, and how to put it right. */
export function registrationDeclinedMail(to: string, name: string, reason: string, profileUrl: string): MailMessage {
  const lines = [
    `Hello ${name},`,
    `We could not verify the registration on your ${organisationName} profile, so it is not listed in the directory of members.`,
    `The reason: ${reason}`,
    'You can correct your registration body and number on your profile; we will then check it again.',
  ];
  return {
    kind: 'registration_declined',
    to,
    subject: `We could not verify your registration`,
    text: `${lines.join('\n\n')}\n\n${profileUrl}\n\n${organisationName}\n`,
    html: layout(lines, { label: 'Open your profile', url: profileUrl }),
  };
}

/**
 * A membership renewal reminder (issue 57), queued once per member, renewal date and offset
 * (renewals/reminders.ts). Payments stay outside the product: the mail says when, not how to pay.
 */
export function renewalReminderMail(
  to: string,
  name: string,
  renewal: { date: string; daysLeft: number },
  accountUrl: string,
): MailMessage {
  const when = renewal.daysLeft === 0 ? 'today' : renewal.daysLeft === 1 ? 'tomorrow' : `in ${renewal.daysLeft} days`;
  const lines = [
    `Hello ${name},`,
    `Your ${organisationName} membership is due for renewal ${when}, on ${renewal.date}.`,
    'Please renew it before then to stay a member and keep your listing in the directory of members. If you have already renewed, thank you: you can ignore this reminder.',
    'Your profile page shows your membership and its renewal date.',
  ];
  return {
    kind: 'renewal_reminder',
    to,
    subject: `Your membership renews ${when}`,
    text: `${lines.join('\n\n')}\n\n${accountUrl}\n\n${organisationName}\n`,
    html: layout(lines, { label: 'Open your profile', url: accountUrl }),
  };
}

/**
 * A visitor's message to a listed professional, from their directory page (issue 57): relayed to the
 * member, Reply-To the visitor, so the member answers straight to them and their own address is shown
 * to nobody until they choose to reply.
 */
export function directoryContactMail(
  to: string,
  memberName: string,
  visitor: { name: string; email: string; message: string },
  profileUrl: string,
): MailMessage {
  const lines = [
    `Hello ${memberName},`,
    `${visitor.name} (${visitor.email}) wrote to you through your page in the ${organisationName} directory:`,
    visitor.message,
    'Reply to this e-mail to answer them: your reply goes to their address. We did not give them yours.',
  ];
  return {
    kind: 'directory_contact',
    to,
    replyTo: visitor.email,
    subject: `Message from ${visitor.name} through the directory`,
    text: `${lines.join('\n\n')}\n\n${profileUrl}\n\n${organisationName}\n`,
    html: layout(lines, { label: 'Your directory page', url: profileUrl }),
  };
}
