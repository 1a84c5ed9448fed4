/**
 * The public contact form (DESIGN.md replaces SPEC 7's external form service): every message is kept
 * for staff to read under Connect, and the active contact e-mail is notified.
 */
import type {
  ContactMessage,
  ContactMessageBulkAction,
  ContactMessageFilter,
  ContactMessageInput,
  ContactMessageState,
} from '@npo/shared';
import type { ExpectedRevision } from '../../db/revisions.js';
import { toIso } from '../../db/rows.js';
import type { Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { found, notFound, tooManyRequests } from '../../errors.js';
import { contactDigestMail, contactNotificationMail } from '../../mail/templates.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { createContactMessagesRepository, type BulkTarget, type ContactMessageSort } from './repository.js';

export const MESSAGE_SENT = 'Thanks! Your message has been sent.';
/** At most one digest mail this often while the form is flooded. */
const DIGEST_EVERY_MS = 60 * 60 * 1000;
/** Per sender address, so one visitor cannot flood the staff inbox. */
export const CONTACT_THROTTLE = { maxMessages: 5, windowMs: 60 * 60 * 1000 } as const;

export function createContactMessagesService(deps: AppDeps) {
  const messages = createContactMessagesRepository(deps.db);
  const now = () => deps.clock.now();

  async function throttle(email: string): Promise<void> {
    const windowStart = new Date(now().getTime() - CONTACT_THROTTLE.windowMs);
    const sent = await messages.sentSince(email, windowStart);
    if (sent.count < CONTACT_THROTTLE.maxMessages) return;
    const retryAt = new Date(toIso(sent.oldest)).getTime() + CONTACT_THROTTLE.windowMs;
    const seconds = (retryAt - now().getTime()) / 1000;
    throw tooManyRequests(
      `Too many messages from this email address. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`,
      seconds,
    );
  }

  /** The message and the mail telling staff of it, in one transaction: neither is kept without the other. */
  async function store(input: ContactMessageInput, state: 'new' | 'spam', digest: boolean): Promise<ContactMessage> {
    return deps.db.transaction(async (trx) => {
      const repository = createContactMessagesRepository(trx);
      const message = await repository.insert(input, now(), state);
      if (state === 'spam' && !digest) return message;
      const to = await repository.activeContactEmail();
      if (!to) {
        // The message is kept and shows in the console; only the e-mail alert has nowhere to go.
        if (state === 'new')
          deps.logger.warn(
            { contactMessageId: message.id },
            'contact message stored without notification: no active contact info',
          );
        return message;
      }
      await deps.mailer.enqueue(trx, state === 'new' ? contactNotificationMail(to, message) : contactDigestMail(to));
      return message;
    });
  }

  return {
    /**
     * `held`: sent past the site-wide rate (issue 19): kept as possible spam, and instead of a mail
     * each, the first held message of the hour sends one digest (counted with `held`).
     */
    async send(
      input: ContactMessageInput,
      options: { held?: (rule: string, windowMs: number) => Promise<number> } = {},
    ): Promise<ContactMessage> {
      await throttle(input.email);
      if (!options.held) return store(input, 'new', false);
      const digest = (await options.held('contact.digest', DIGEST_EVERY_MS)) === 1;
      return store(input, 'spam', digest);
    },

    async list(page: Page, filter: ContactMessageFilter, q?: string, sort?: ContactMessageSort) {
      const [result, unread] = await Promise.all([messages.page(page, filter, q, sort), messages.countUnread()]);
      return { ...result, unread };
    },

    exportPages: (filter: ContactMessageFilter, q?: string) => messages.exportPages(filter, q),

    setState: async (id: number, state: ContactMessageState, expected?: ExpectedRevision) =>
      found(await messages.setState(id, state, expected), 'Contact message'),

    markRead: async (id: number, expected?: ExpectedRevision) =>
      found(await messages.markRead(id, expected), 'Contact message'),

    /** One audit entry for the whole action (the messages it names are too many for one each). */
    bulk: (action: ContactMessageBulkAction, target: BulkTarget): Promise<number> =>
      deps.db.transaction(async (trx) => {
        const changed = await createContactMessagesRepository(trx).bulk(action, target);
        const scope = 'ids' in target ? { ids: target.ids.length } : { matching: target.matching };
        if (changed > 0)
          await recordAdminChange(trx, {
            action: action === 'delete' ? 'delete' : 'update',
            changes: { bulk: { after: action }, messages: { after: changed }, ...scope },
          });
        return changed;
      }),

    async remove(id: number, expected?: ExpectedRevision): Promise<void> {
      if (!(await messages.remove(id, { expected }))) throw notFound('Contact message');
    },
  };
}
