import type { ContactMessage, ContactMessageInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { updateRevised, type ExpectedRevision } from '../../db/revisions.js';
import { toCount } from '../../db/rows.js';
import { tableRepository } from '../../db/table.js';
import { presentContactMessage, type ContactMessageRow } from './presenter.js';

export function createContactMessagesRepository(db: Db) {
  const messages = tableRepository(db, 'contact_messages', presentContactMessage, [
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  return {
    page: messages.page,
    remove: messages.remove,
    countUnread: () => messages.count((query) => query.where({ is_read: false })),

    // Messages have no updated_at, so the shared insert and update (which stamp it) do not fit.
    async insert(input: ContactMessageInput, now: Date): Promise<ContactMessage> {
      const [row] = await db('contact_messages')
        .insert({ ...input, is_read: false, created_at: now })
        .returning('*');
      return presentContactMessage(row);
    },

    async markRead(id: number, expected?: ExpectedRevision): Promise<ContactMessage | undefined> {
      const write = { db, table: 'contact_messages', id, expected, current: () => messages.findById(id) };
      const row = await updateRevised<ContactMessageRow>(write, { is_read: true });
      return row ? presentContactMessage(row) : undefined;
    },

    async sentSince(email: string, since: Date): Promise<{ count: number; oldest: unknown }> {
      const row = await db('contact_messages')
        .where({ email })
        .where('created_at', '>', since)
        .count({ count: '*' })
        .min({ oldest: 'created_at' })
        .first();
      return { count: toCount(row), oldest: row?.oldest };
    },

    /** Where notifications go: the e-mail of the public (active) contact info version. */
    async activeContactEmail(): Promise<string | undefined> {
      const row = await db('contact_info_versions').where({ is_active: true }).first('email');
      return row?.email;
    },
  };
}
