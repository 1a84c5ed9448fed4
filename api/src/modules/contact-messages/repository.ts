import {
  type ContactMessage,
  type ContactMessageFilter,
  type ContactMessageInput,
  type ContactMessageState,
} from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import { updateRevised, type ExpectedRevision } from '../../db/revisions.js';
import { matchingAny } from '../../db/search.js';
import { toCount } from '../../db/rows.js';
import { tableRepository, type Page } from '../../db/table.js';
import { presentContactMessage, type ContactMessageRow } from './presenter.js';

/**
 * `active` is every state but archived and spam (held, issue 19). Negated, not listed: then the planner walks the inbox index
 * (created_at, id, state) in list order and stops at the page, instead of sorting every active message.
 */
function inFilter(db: Db, filter: ContactMessageFilter, q: string | undefined) {
  const matching = matchingAny(db, ['name', 'email', 'message'], q);
  return (query: Knex.QueryBuilder) =>
    matching(filter === 'active' ? query.whereNotIn('state', ['archived', 'spam']) : query.where({ state: filter }));
}

export function createContactMessagesRepository(db: Db) {
  const messages = tableRepository(db, 'contact_messages', presentContactMessage, [
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  return {
    page: (page: Page, filter: ContactMessageFilter = 'active', q?: string) =>
      messages.page(page, inFilter(db, filter, q)),
    /** Every message in the filter, newest first: the CSV export. */
    all: (filter: ContactMessageFilter, q?: string) => messages.all(inFilter(db, filter, q)),
    remove: messages.remove,
    countUnread: () => messages.count((query) => query.where({ state: 'new' })),

    // Messages have no updated_at, so the shared insert and update (which stamp it) do not fit.
    async insert(input: ContactMessageInput, now: Date, state: 'new' | 'spam' = 'new'): Promise<ContactMessage> {
      const [row] = await db('contact_messages')
        .insert({ ...input, state, created_at: now })
        .returning('*');
      return presentContactMessage(row);
    },

    async setState(
      id: number,
      state: ContactMessageState,
      expected?: ExpectedRevision,
    ): Promise<ContactMessage | undefined> {
      const write = { db, table: 'contact_messages', id, expected, current: () => messages.findById(id) };
      const row = await updateRevised<ContactMessageRow>(write, { state });
      return row ? presentContactMessage(row) : undefined;
    },

    /** The older mark-read endpoint: only a new message becomes read; a replied or archived one stays so. */
    async markRead(id: number, expected?: ExpectedRevision): Promise<ContactMessage | undefined> {
      const write = { db, table: 'contact_messages', id, expected, current: () => messages.findById(id) };
      const state = db.raw("case when state = 'new' then 'read' else state end");
      const row = await updateRevised<ContactMessageRow>(write, { state });
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
