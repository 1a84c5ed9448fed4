/**
 * A mail as the mailer hands it to nodemailer: its body whole, or, for the bulk mails of an
 * announcement, one template the same for every recipient, filled at delivery with the recipient's
 * unsubscribe link (an announcement's 10,000 rows then hold an account and an address each, not
 * 10,000 copies of one body).
 */
import type { SendMailOptions } from 'nodemailer';

/** The body of a bulk mail: the same for every recipient but for the place of their unsubscribe link. */
export interface MailTemplate {
  /** The plain-text part, before and after the link. */
  text: readonly [string, string];
  /** The HTML part, before and after the link (escaped where it goes), or none. */
  html: readonly [string, string] | null;
}

/** A text file sent with a mail (an activity's calendar file). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One mail as it is sent. */
export interface OutgoingMail {
  to: string;
  subject: string;
  messageId: string;
  text: string;
  html: string | null;
  replyTo?: string;
  /** RFC 8058's one-click unsubscribe URL: sent as List-Unsubscribe, with List-Unsubscribe-Post. */
  listUnsubscribe?: string;
  attachment?: MailAttachment;
}

/** Text as it reads inside HTML, in an element or an attribute: what every mail's HTML part uses. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The organisation's colour: the band above every mail and its buttons and links. */
export const MAIL_BRAND_COLOUR = '#1f7a5c';

/**
 * The HTML page of every mail (templates.ts and the announcements' render.ts), before and after its
 * content: the organisation's name in its band, the content on a white card in a sans-serif font, and
 * the name again at the foot. Styles are inline: mail clients drop style sheets.
 */
export function mailPage(organisation: string): readonly [string, string] {
  const name = escapeHtml(organisation);
  return [
    `<!doctype html><html><body style="margin:0;padding:0;background:#f3f5f4">` +
      `<div style="max-width:640px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b26">` +
      `<div style="background:${MAIL_BRAND_COLOUR};color:#fff;padding:16px 24px;font-size:18px;font-weight:bold">${name}</div>` +
      `<div style="background:#fff;padding:24px">`,
    `</div><p style="padding:12px 24px;margin:0;font-size:13px;color:#555">${name}</p></div></body></html>`,
  ];
}

/** A recipient's body: the template around their link. */
export function filledTemplate(template: MailTemplate, link: string): { text: string; html: string | null } {
  const escaped = escapeHtml(link);
  return {
    text: template.text[0] + link + template.text[1],
    html: template.html && template.html[0] + escaped + template.html[1],
  };
}

/**
 * nodemailer's options of a mail, for its composer to build: headers are set through its fields, never
 * written by hand, so no value can add a header (nodemailer folds and encodes each).
 */
export function sendOptions(from: string, mail: OutgoingMail, date: Date): SendMailOptions {
  const link = mail.listUnsubscribe;
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== null && { html: mail.html }),
    ...(mail.replyTo !== undefined && { replyTo: mail.replyTo }),
    ...(mail.attachment !== undefined && { attachments: [{ ...mail.attachment }] }),
    ...(link !== undefined && {
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }),
    messageId: mail.messageId,
    date,
  };
}
