/**
 * "Reply" hands the answer to the staff member's own mail program: a mailto: link (RFC 6068) with the
 * recipient, a subject and the visitor's words quoted, so the console needs no outgoing mail of its own.
 */
import { formatAdminDate, type ContactMessage } from '@npo/shared';

/** The contact form has no subject field: every reply gets this one. */
export const REPLY_SUBJECT = 'Re: Your message to us';

/** "> "-prefixed lines under an attribution, the way mail programs quote. */
export function quotedMessage(message: Pick<ContactMessage, 'name' | 'message' | 'createdAt'>): string {
  const quoted = message.message.split(/\r\n|\r|\n/).map((line) => `> ${line}`.trimEnd());
  return ['', '', `On ${formatAdminDate(message.createdAt)}, ${message.name} wrote:`, ...quoted].join('\r\n');
}

export function replyMailto(message: Pick<ContactMessage, 'email' | 'name' | 'message' | 'createdAt'>): string {
  // '@' may stay as it is in the address (RFC 6068 2); everything else that needs it is escaped.
  const to = encodeURIComponent(message.email).replace(/%40/g, '@');
  const subject = encodeURIComponent(REPLY_SUBJECT);
  const body = encodeURIComponent(quotedMessage(message));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}
