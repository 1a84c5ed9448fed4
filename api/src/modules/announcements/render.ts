/**
 * The one template of an announcement mail, used by the preview, the test send and the send alike, so
 * the preview is the mail, on the page every mail of the product has (mail/outgoing.ts mailPage). The body is Markdown rendered by markdown-it with raw HTML off (any HTML in
 * the text is escaped) and its default link check (no javascript:, vbscript:, file: or data: links
 * other than images), so the HTML part holds only what Markdown makes. The plain-text part is the
 * Markdown source itself, which reads as plain text. Each mail ends with its recipient's unsubscribe link,
 * filled in per mail where the mail is written.
 */
import { organisationName } from '@npo/shared';
import type MarkdownIt from 'markdown-it';
import { escapeHtml, filledTemplate, MAIL_BRAND_COLOUR, mailPage, type MailTemplate } from '../../mail/outgoing.js';

let markdown: Promise<MarkdownIt> | undefined;

/**
 * markdown-it with linkify is loaded on the first announcement rendered, not at start: ~1.4 MB of heap
 * that most processes never use.
 */
function markdownRenderer(): Promise<MarkdownIt> {
  markdown ??= import('markdown-it').then(
    // breaks: a single line break in the text is one in the mail, as the writer typed it.
    ({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true }),
  );
  return markdown;
}

export interface AnnouncementContent {
  subject: string;
  body: string;
}

export interface RenderedAnnouncement {
  subject: string;
  html: string;
  text: string;
}

/** The mail of every recipient but for their unsubscribe link, which the mailer fills in (mail/outgoing.ts). */
export interface AnnouncementTemplate extends MailTemplate {
  subject: string;
  html: readonly [string, string];
}

/**
 * Renders the Markdown once, around the place of the unsubscribe link: 10,000 recipients cost one
 * render, and each recipient's mail is filled when it is sent (mail/mailer.ts).
 */
export async function announcementTemplate(content: AnnouncementContent): Promise<AnnouncementTemplate> {
  const bodyHtml = (await markdownRenderer()).render(content.body);
  const bodyText = content.body.trim();
  const footerText = `You receive this e-mail as a member of ${organisationName}.`;
  const [open, close] = mailPage(organisationName);
  return {
    subject: content.subject,
    text: [`${bodyText}\n\n--\n${footerText}\nTo stop receiving announcements, unsubscribe: `, '\n'],
    html: [
      `${open}${bodyHtml}<hr style="border:0;border-top:1px solid #ccc;margin:24px 0">` +
        `<p style="font-size:13px;color:#555">${escapeHtml(footerText)} <a href="`,
      `" style="color:${MAIL_BRAND_COLOUR}">Unsubscribe</a> to stop receiving announcements.</p>${close}`,
    ],
  };
}

/** One recipient's mail, filled as the mailer fills it: the preview and the test send show the mail. */
export function announcementFor(template: AnnouncementTemplate, unsubscribeUrl: string): RenderedAnnouncement {
  const { text, html } = filledTemplate(template, unsubscribeUrl);
  return { subject: template.subject, text, html: html ?? '' };
}
