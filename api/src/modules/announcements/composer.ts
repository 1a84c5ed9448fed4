/**
 * The mails of an announcement, composed at delivery (the mailer's composer for the kind
 * `announcement`): a queue row names the announcement and the recipient's account; the body is the
 * announcement's template, filled at delivery with the account's signed unsubscribe link. A
 * sent announcement is immutable, so its template is rendered once per process and kept for the next
 * mails.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { MailComposer } from '../../mail/mailer.js';
import { announcementTemplate, type AnnouncementTemplate } from './render.js';
import { unsubscribeUrl } from './unsubscribe-token.js';

/** Templates kept: the announcements being delivered at once (one, nearly always). */
const KEPT = 4;

export function announcementComposer(db: Db, config: Pick<Config, 'publicUrl' | 'jwtSecret'>): MailComposer {
  const templates = new Map<number, Promise<AnnouncementTemplate>>();

  async function load(id: number): Promise<AnnouncementTemplate> {
    const row = await db('announcements').where({ id }).first('subject', 'body');
    if (!row) throw new Error(`announcement ${id} no longer exists`);
    return announcementTemplate(row);
  }

  function templateOf(id: number): Promise<AnnouncementTemplate> {
    let template = templates.get(id);
    if (template) return template;
    template = load(id);
    templates.set(id, template);
    // The oldest goes first (a Map keeps insertion order); a failed load is tried again next time.
    if (templates.size > KEPT) templates.delete(templates.keys().next().value!);
    template.catch(() => templates.delete(id));
    return template;
  }

  return {
    template(row) {
      if (row.announcement_id === null) return Promise.reject(new Error(`mail ${row.id} names no announcement`));
      return templateOf(row.announcement_id);
    },
    listUnsubscribe(row) {
      if (row.user_id === null) throw new Error(`mail ${row.id} names no account to unsubscribe`);
      return unsubscribeUrl(config.publicUrl, config.jwtSecret, row.user_id);
    },
  };
}
