/**
 * What the mailer hands to the SMTP thread (or, without SMTP_URL, to the outbox): a batch of mails
 * whose bodies are either whole or one template's, filled per mail with its recipient's unsubscribe
 * link. An announcement's 10,000 mails share one template, so the site's thread builds no body: it
 * sends the template once a batch and a link a mail, and the thread that writes the mails fills them
 * (issue 22: composing 270 bodies a second on the site's thread, and handing each over in a message
 * of its own, made its garbage collector run a third more often during a send, and the bench's
 * figure of the site thread's CPU time for the send's mails fell by a third without them).
 *
 * escapeHtml, filledTemplate, composedMail and composerOptions run on the SMTP thread from their
 * source text (smtp-thread.ts), so they use nothing from this module's scope but each other.
 */
import type { MimeMail } from './mime.js';

/** The body of a bulk mail: the same for every recipient but for the place of their unsubscribe link. */
export interface MailTemplate {
  /** The plain-text part, before and after the link. */
  text: readonly [string, string];
  /** The HTML part, before and after the link (escaped where it goes), or none. */
  html: readonly [string, string] | null;
}

/** One mail of a batch. */
export interface OutgoingMail {
  to: string;
  subject: string;
  messageId: string;
  replyTo?: string;
  /** RFC 8058's one-click unsubscribe URL: sent as List-Unsubscribe, with List-Unsubscribe-Post. */
  listUnsubscribe?: string;
  /** The body whole, or the index in the batch's `templates` of the template filled with listUnsubscribe. */
  body: { text: string; html?: string } | { template: number };
}

export interface OutgoingBatch {
  templates: MailTemplate[];
  mails: OutgoingMail[];
}

/** Text as it reads inside HTML, in an element or an attribute: what every mail's HTML part uses. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A recipient's body: the template around their link. */
export function filledTemplate(template: MailTemplate, link: string): { text: string; html: string | null } {
  const escaped = escapeHtml(link);
  return {
    text: template.text[0] + link + template.text[1],
    html: template.html && template.html[0] + escaped + template.html[1],
  };
}

/** One mail of a batch as it is sent: its template filled with the recipient's link. */
export function composedMail(from: string, mail: OutgoingMail, templates: readonly MailTemplate[]): MimeMail {
  const { text, html } =
    'template' in mail.body ? filledTemplate(templates[mail.body.template]!, mail.listUnsubscribe ?? '') : mail.body;
  return { ...mail, from, text, html };
}

/** nodemailer's options of a mail, for its composer to build: the mails rawMessage (mime.ts) leaves to it. */
export function composerOptions(mail: MimeMail) {
  const link = mail.listUnsubscribe;
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(typeof mail.html === 'string' && { html: mail.html }),
    ...(mail.replyTo !== undefined && { replyTo: mail.replyTo }),
    ...(link !== undefined && {
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }),
    messageId: mail.messageId,
  };
}
