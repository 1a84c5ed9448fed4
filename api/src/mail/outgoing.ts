/**
 * What the mailer hands to the SMTP thread (or, without SMTP_URL, to the outbox): a batch of mails
 * whose bodies are either whole or one template's, filled per mail with its recipient's unsubscribe
 * link. An announcement's 10,000 mails share one template, so the site's thread builds no body: it
 * sends the template once a batch and a link a mail, and the thread that writes the mails fills them
 * (issue 22: composing 270 bodies a second on the site's thread, and handing each over in a message
 * of its own, made its garbage collector run a third more often during a send, and the bench's
 * figure of the site thread's CPU time for the send's mails fell by a third without them).
 *
 * escapeHtml, filledTemplate and messageOf run on the SMTP thread from their source text
 * (smtp-thread.ts), so they use nothing from this module's scope but each other.
 */

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

/** nodemailer's options of one mail of a batch. */
export function messageOf(from: string, mail: OutgoingMail, templates: readonly MailTemplate[]) {
  const link = mail.listUnsubscribe;
  const { text, html } =
    'template' in mail.body ? filledTemplate(templates[mail.body.template]!, link ?? '') : mail.body;
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text,
    ...(typeof html === 'string' && { html }),
    ...(mail.replyTo !== undefined && { replyTo: mail.replyTo }),
    ...(link !== undefined && {
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }),
    messageId: mail.messageId,
  };
}
