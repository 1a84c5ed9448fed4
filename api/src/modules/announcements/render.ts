/**
 * The one template of an announcement mail, used by the preview, the test send and the send alike, so
 * the preview is the mail. The body is Markdown rendered by markdown-it with raw HTML off (any HTML in
 * the text is escaped) and its default link check (no javascript:, vbscript:, file: or data: links
 * other than images), so the HTML part holds only what Markdown makes. The plain-text part is the
 * Markdown source itself, which reads as plain text. Each mail ends with its recipient's unsubscribe link.
 */
import { organisationName } from '@npo/shared';
import type MarkdownIt from 'markdown-it';

let markdown: Promise<MarkdownIt> | undefined;

/**
 * markdown-it with linkify is loaded on the first announcement rendered, not at start: ~1.4 MB of heap
 * that most processes never use.
 */
function markdownRenderer(): Promise<MarkdownIt> {
  markdown ??= import('markdown-it').then(
    ({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: true, typographer: false }),
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

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One recipient's mail, from their unsubscribe link. */
export type AnnouncementTemplate = (unsubscribeUrl: string) => RenderedAnnouncement;

/**
 * Renders the Markdown once; the answer builds each recipient's mail from their unsubscribe link
 * (10,000 recipients cost one render and 10,000 string joins).
 */
export async function announcementTemplate(content: AnnouncementContent): Promise<AnnouncementTemplate> {
  const bodyHtml = (await markdownRenderer()).render(content.body);
  const bodyText = content.body.trim();
  const footerText = `You receive this e-mail as a member of ${organisationName}.`;
  return (unsubscribeUrl) => ({
    subject: content.subject,
    text: `${bodyText}\n\n--\n${footerText}\nTo stop receiving announcements, unsubscribe: ${unsubscribeUrl}\n`,
    html:
      `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2b26">` +
      `${bodyHtml}<hr style="border:0;border-top:1px solid #ccc;margin:24px 0">` +
      `<p style="font-size:13px;color:#555">${escapeHtml(footerText)} ` +
      `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#1f7a5c">Unsubscribe</a> to stop receiving announcements.</p>` +
      `<p style="color:#555">${escapeHtml(organisationName)}</p></body></html>`,
  });
}
