import {
  CONTACT_MESSAGE_STATES,
  type ContactMessage,
  type ContactMessageBulkAction,
  type ContactMessageFilter,
  type ContactMessageInput,
  type ContactMessageState,
  type CONTACT_MESSAGE_SORTS,
} from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { orderFor, type ListSort } from '../../db/paging.js';
import { nextRevision, updateRevised, type ExpectedRevision, type RevisedWrite } from '../../db/revisions.js';
import { containsPattern, foldText } from '../../db/search.js';
import { messageCount } from '../../db/tallies.js';
import { betweenChunks, idsInChunks } from '../../db/chunked-reads.js';
import { countOf, idsOf, returnedRow, toCount } from '../../db/rows.js';
import { csvPagesById } from '../../lib/csv.js';
import { tableRepository, type OrderBy, type Page, type PageResult } from '../../db/table.js';
import { MESSAGES_CSV, presentContactMessage, type ContactMessageRow } from './presenter.js';

/** The list's order, ending with the id so that a page is stable. */
const INBOX_ORDER: OrderBy = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
];

export type ContactMessageSort = ListSort<(typeof CONTACT_MESSAGE_SORTS)[number]>;

/** The console's sort names and their columns; newest first without one. */
const SORT_COLUMNS: Record<(typeof CONTACT_MESSAGE_SORTS)[number], string> = {
  createdAt: 'created_at',
  name: 'name',
  email: 'email',
  state: 'state',
};

/** The shortest search the trigram indexes answer (migration 20261124210500). */
const TRIGRAM = 3;

/**
 * How many matches a search counts at most (more when the page asked for lies further): its total is
 * exact up to here, and beyond it a lower bound, one past the page at least, so later pages stay
 * reachable. A common string ("hello" is in every message of the large data) then stops after a few
 * thousand index entries instead of counting 50,000 matches; a rare one is found by the index.
 */
export const SEARCH_COUNT = 1_000;

/** The stored folded text of a message (migration 20261124210500) holds `q`, in any case and accents. */
function likeSearch(q: string, table = 'contact_messages') {
  return (query: Knex.QueryBuilder) =>
    query.whereRaw(`${table}.search_folded like ? escape '\\'`, [containsPattern(q)]);
}

/** How many FTS5 matches SQLite reads before it calls a text common (see matching). */
const COMMON = 5_000;

/**
 * The messages holding `q` in their name, e-mail or text, in any case and accents, as the indexes of
 * migration 20261124210500 find them:
 *  - PostgreSQL compares the stored folded text, which its trigram index answers from 3 characters
 *    (for a common text the planner walks the inbox instead and stops at the count's cap);
 *  - SQLite looks the phrase up in its FTS5 trigram table (a quoted phrase takes every character
 *    literally) when it is in fewer than COMMON messages; a common text (reading its 50,000 matches from
 *    FTS5 costs 25-80 ms), or one of one or two characters, which no trigram answers, `walks`:
 *    walkedIds compares the stored folded text instead.
 */
async function matching(db: Db, q: string): Promise<{ filter: Filter; walks: boolean }> {
  const folded = foldText(q);
  if (isPostgres(db)) return { filter: likeSearch(q), walks: false };
  if ([...folded].length < TRIGRAM) return { filter: likeSearch(q), walks: true };
  const phrase = `"${folded.replaceAll('"', '""')}"`;
  const fts = () => db('contact_messages_search').select('rowid').whereRaw('contact_messages_search match ?', [phrase]);
  if ((await countOf(db.from(fts().limit(COMMON).as('seen')))) >= COMMON) return { filter: likeSearch(q), walks: true };
  return { filter: (query) => query.whereIn('contact_messages.id', fts()), walks: false };
}

type Filter = (query: Knex.QueryBuilder) => Knex.QueryBuilder;

const NOT_ACTIVE: readonly ContactMessageState[] = ['archived', 'spam'];

/**
 * `active` is every state but archived and spam (held, issue 19). Negated, not listed: then the planner walks the inbox index
 * (created_at, id, state) in list order and stops at the page, instead of sorting every active message.
 */
function byState(filter: ContactMessageFilter): Filter {
  return (query) => (filter === 'active' ? query.whereNotIn('state', NOT_ACTIVE) : query.where({ state: filter }));
}

/** The states a filter lists, as byState reads them (the kept totals: db/tallies.ts). */
const statesOf = (filter: ContactMessageFilter): ContactMessageState[] =>
  filter === 'active' ? CONTACT_MESSAGE_STATES.filter((state) => !NOT_ACTIVE.includes(state)) : [filter];

async function inFilter(db: Db, filter: ContactMessageFilter, q: string | undefined): Promise<Filter> {
  if (!q) return byState(filter);
  const match = (await matching(db, q)).filter;
  return (query) => match(byState(filter)(query));
}

/** The messages a bulk action is for: some by id, or every one in an inbox filter and search. */
export type BulkTarget = { ids: number[] } | { matching: { state: ContactMessageFilter; q?: string | undefined } };

/**
 * What each bulk state change sets, and the states it leaves as they are: only the messages it
 * changes get a new revision, so a repeat changes nothing. `read` keeps replied messages replied.
 */
const BULK_STATES: Record<
  Exclude<ContactMessageBulkAction, 'delete'>,
  { to: ContactMessageState; keeps: ContactMessageState[] }
> = {
  read: { to: 'read', keeps: ['read', 'replied'] },
  unread: { to: 'new', keeps: ['new'] },
  spam: { to: 'spam', keeps: ['spam'] },
  archived: { to: 'archived', keeps: ['archived'] },
};

/** Inbox entries SQLite's walk reads in list order before it reads the whole table instead (walkedIds). */
const SAMPLE = 5_000;

/** Messages one step of walkedIds' pass compares: the whole pass over the large data's 50,000 took 16 ms. */
const WALK_RANGE = 10_000;

/**
 * SQLite, a text no FTS5 lookup answers well: the first `counted` matches in list order. The newest
 * SAMPLE messages first, in list order (unless another sort is asked for): a common text (1 message in 5
 * or more) meets `counted` there.
 * Otherwise one pass over the table in storage order (NOT INDEXED), the matches then sorted: walking
 * the inbox index through 50,000 messages reads each row out of order (25-50 ms for a rare text),
 * a plain pass about 16 ms, which it makes WALK_RANGE ids at a time (db/chunked-reads.ts).
 */
async function walkedIds(
  db: Db,
  filter: ContactMessageFilter,
  q: string,
  counted: number,
  order: OrderBy,
): Promise<number[]> {
  // The sample's first matches are the list's first only in its own order; another sort reads them all.
  if (order === INBOX_ORDER) {
    const first = await sampledIds(db, filter, q, counted);
    if (first.length >= counted) return first;
  }
  const top = (await db('contact_messages').max({ max: 'id' }).first()) as { max: number | null } | undefined;
  let first: number[] = [];
  for (let from = 0; from < Number(top?.max ?? 0); from += WALK_RANGE) {
    const inRange = await idsOf(
      likeSearch(q)(byState(filter)(db.from(db.raw('contact_messages not indexed'))))
        .where('id', '>', from)
        .andWhere('id', '<=', from + WALK_RANGE)
        .orderBy(order)
        .limit(counted),
    );
    // The first `counted` of all are among the first of the ranges before and the first of this one.
    first = await firstOf(db, [...first, ...inRange], order, counted);
    await betweenChunks();
  }
  return first;
}

/** The sample is compared SAMPLE_WINDOW entries at a time: all 5,000 in one statement took 6 ms. */
const SAMPLE_WINDOW = 2_500;

/**
 * The first `counted` matches among the newest SAMPLE messages of the filter, in list order: window
 * after window of the inbox index, each starting past the last entry of the one before.
 */
async function sampledIds(db: Db, filter: ContactMessageFilter, q: string, counted: number): Promise<number[]> {
  const first: number[] = [];
  let past: { created_at: unknown; id: unknown } | undefined;
  for (let read = 0; ; read += SAMPLE_WINDOW) {
    const window = byState(filter)(db('contact_messages').select('id', 'created_at', 'search_folded'));
    if (past) window.whereRaw('(created_at, id) < (?, ?)', [past.created_at, past.id] as Knex.RawBinding[]);
    window.orderBy(INBOX_ORDER).limit(SAMPLE_WINDOW);
    const inWindow = likeSearch(q, 'window')(db.from(window.clone().as('window')));
    first.push(...(await idsOf(inWindow.orderBy(INBOX_ORDER).limit(counted - first.length))));
    if (first.length >= counted || read + SAMPLE_WINDOW >= SAMPLE) return first;
    past = await db
      .from(window.as('window'))
      .orderBy(INBOX_ORDER.map(({ column }) => ({ column, order: 'asc' as const })))
      .first('created_at', 'id');
    if (!past) return first;
    await betweenChunks();
  }
}

/** The first `counted` of `ids` in `order`. */
async function firstOf(db: Db, ids: number[], order: OrderBy, counted: number): Promise<number[]> {
  if (ids.length <= 1) return ids;
  return idsOf(db('contact_messages').whereIn('id', ids).orderBy(order).limit(counted));
}

/** A page of a search: the ids of the first SEARCH_COUNT matches (or one past the page), then the page's rows. */
async function searchPage(db: Db, { page, limit }: Page, filter: ContactMessageFilter, q: string, order: OrderBy) {
  const counted = Math.max(SEARCH_COUNT, page * limit + 1);
  const match = await matching(db, q);
  const ids = match.walks
    ? await walkedIds(db, filter, q, counted, order)
    : await idsOf(
        match
          .filter(byState(filter)(db('contact_messages')))
          .orderBy(order)
          .limit(counted),
      );
  const pageIds = ids.slice((page - 1) * limit, page * limit);
  const rows = pageIds.length
    ? ((await db('contact_messages')
        .select(...MESSAGE_COLUMNS)
        .whereIn('id', pageIds)
        .orderBy(order)) as ContactMessageRow[])
    : [];
  return { items: rows.map(presentContactMessage), total: ids.length };
}

/** The columns a message is presented from (PostgreSQL's search_folded is never sent). */
export const MESSAGE_COLUMNS = ['id', 'name', 'email', 'phone', 'message', 'state', 'revision', 'created_at'] as const;

export function createContactMessagesRepository(db: Db) {
  const messages = tableRepository(db, 'contact_messages', presentContactMessage, INBOX_ORDER);
  return {
    page: (
      page: Page,
      filter: ContactMessageFilter = 'active',
      q?: string,
      sort: ContactMessageSort = {},
    ): Promise<PageResult<ContactMessage>> => {
      const order = orderFor(SORT_COLUMNS, sort, INBOX_ORDER);
      if (q) return searchPage(db, page, filter, q, order);
      return messages.page(page, byState(filter), order, () => messageCount(db, statesOf(filter)));
    },
    /** Every message in the filter, newest first: the CSV export, as pages of CSV text (lib/csv.ts). */
    async exportPages(filter: ContactMessageFilter, q?: string): Promise<AsyncIterable<Buffer>> {
      const inExport = await inFilter(db, filter, q);
      const ids = await idsInChunks(db, () => inExport(db('contact_messages')), INBOX_ORDER);
      return csvPagesById(ids, MESSAGES_CSV, (pageIds) =>
        db('contact_messages')
          .select(...MESSAGE_COLUMNS)
          .whereIn('id', pageIds),
      );
    },
    remove: messages.remove,

    /** One action on many messages, in one statement: how many it changed or deleted. */
    async bulk(action: ContactMessageBulkAction, target: BulkTarget): Promise<number> {
      const inTarget =
        'ids' in target
          ? (query: Knex.QueryBuilder) => query.whereIn('contact_messages.id', target.ids)
          : await inFilter(db, target.matching.state, target.matching.q);
      const scope = inTarget(db('contact_messages'));
      if (action === 'delete') return scope.delete();
      const { to, keeps } = BULK_STATES[action];
      return scope.whereNotIn('state', keeps).update({ state: to, ...nextRevision(db) });
    },

    countUnread: () => messageCount(db, ['new']),

    // Messages have no updated_at, so the shared insert and update (which stamp it) do not fit.
    async insert(input: ContactMessageInput, now: Date, state: 'new' | 'spam' = 'new'): Promise<ContactMessage> {
      const rows = await db('contact_messages')
        .insert({ ...input, state, created_at: now })
        .returning('*');
      return presentContactMessage(returnedRow(rows));
    },

    async setState(
      id: number,
      state: ContactMessageState,
      expected?: ExpectedRevision,
    ): Promise<ContactMessage | undefined> {
      const write: RevisedWrite = { db, table: 'contact_messages', id, expected, current: () => messages.findById(id) };
      const row = await updateRevised<ContactMessageRow>(write, { state });
      return row ? presentContactMessage(row) : undefined;
    },

    /** The older mark-read endpoint: only a new message becomes read; a replied or archived one stays so. */
    async markRead(id: number, expected?: ExpectedRevision): Promise<ContactMessage | undefined> {
      const write: RevisedWrite = { db, table: 'contact_messages', id, expected, current: () => messages.findById(id) };
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
