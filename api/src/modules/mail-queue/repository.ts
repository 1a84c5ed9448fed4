/** The mail queue as the mail screen reads and changes it: pages newest first, and one failed mail at a time. */
import type { MailQueueFilter, MailQueueItem, MailQueueMail, MailQueueSort, SortOrder } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { orderFor, pageOfRows, type OrderBy, type Page, type PageResult } from '../../db/paging.js';
import { countOf } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import type { MailQueueRow } from '../../db/tables.js';
import { presentMail, presentMailWithText, SHOWN_COLUMNS, type ShownMailRow } from './presenter.js';

const TABLE = 'mail_queue';
const NEWEST_FIRST: OrderBy = [{ column: 'id', order: 'desc' }];

/** The API's sort names and their columns (the schema's allow-list, so no other name reaches SQL). */
const SORT_COLUMNS: Record<NonNullable<MailQueueSort>, string> = {
  recipient: 'recipient',
  kind: 'kind',
  state: 'state',
  attempts: 'attempts',
  createdAt: 'created_at',
};

export interface MailQueueOrder {
  sort?: MailQueueSort;
  order?: SortOrder | undefined;
}

/** The chosen column, then the id the same way, so a page is stable; newest first without one. */
const orderOf = (order: MailQueueOrder): OrderBy => orderFor(SORT_COLUMNS, order, NEWEST_FIRST);

function filterMails(db: Db, { state, kind, recipient }: MailQueueFilter) {
  return (query: Knex.QueryBuilder): Knex.QueryBuilder => {
    if (state) query.where('state', state);
    if (kind) query.where('kind', kind);
    // Part of the address in any case, as the other admin searches match (db/search.ts).
    matchingAny(db, ['recipient'], recipient)(query);
    return query;
  };
}

export function createMailQueueRepository(db: Db) {
  return {
    async page(page: Page, filter: MailQueueFilter, order: MailQueueOrder = {}): Promise<PageResult<MailQueueItem>> {
      const matching = filterMails(db, filter);
      const [rows, total] = await Promise.all([
        pageOfRows<ShownMailRow>(db, TABLE, db(TABLE).select(SHOWN_COLUMNS), page, matching, orderOf(order)),
        countOf(matching(db(TABLE))),
      ]);
      return { items: rows.map(presentMail), total };
    },

    /** One mail with its plain-text body (the detail of the mail screen). */
    async findWithText(id: number): Promise<MailQueueMail | undefined> {
      const row = await db(TABLE)
        .where({ id })
        .first<(ShownMailRow & Pick<MailQueueRow, 'text'>) | undefined>([...SHOWN_COLUMNS, 'text']);
      return row ? presentMailWithText(row) : undefined;
    },

    /** The mail, locked on PostgreSQL until the transaction `db` ends (SQLite runs one writer at a time). */
    async findLocked(id: number): Promise<ShownMailRow | undefined> {
      const query = db(TABLE).where({ id }).first(SHOWN_COLUMNS);
      return (await (isPostgres(db) ? query.forUpdate() : query)) as ShownMailRow | undefined;
    },

    /** A failed mail due again now, its revision raised; attempts and the last error are kept. */
    async requeue(id: number, now: Date): Promise<ShownMailRow | undefined> {
      const [row] = await db(TABLE)
        .where({ id, state: 'failed' })
        .update({ state: 'queued', next_attempt_at: now, revision: db.raw('revision + 1') })
        .returning(SHOWN_COLUMNS);
      return row;
    },

    /** Deletes a failed mail: whether there was one. */
    async remove(id: number): Promise<boolean> {
      return (await db(TABLE).where({ id, state: 'failed' }).delete()) > 0;
    },
  };
}
