/**
 * Lists staff put in order (FAQs, membership cards): a `sort_order` column holding 0..n-1. A new item
 * goes last, a deleted one closes its gap, a reorder rewrites every position in one transaction.
 *
 * Position writes leave updated_at alone: the console's "updated" date tells when the text last changed.
 * They do raise the revision of each item they move: an edit form holding the old order is then stale.
 */
import { validationError } from '../errors.js';
import { isPostgres, type Db } from './connection.js';
import type { OrderBy } from './paging.js';
import { nextRevision } from './revisions.js';

export type PositionedTable = 'faqs' | 'membership_cards';

/** By position; the id settles items that share one (e.g. an order sent explicitly on edit). */
export const BY_POSITION: OrderBy = [
  { column: 'sort_order', order: 'asc' },
  { column: 'id', order: 'asc' },
];

export function positionsOf(db: Db, table: PositionedTable) {
  return {
    /** Every id; on PostgreSQL the rows stay locked so concurrent reorders and deletes queue. */
    async lockedIds(trx: Db): Promise<number[]> {
      const query = trx(table).select('id');
      const rows: { id: number }[] = await (isPostgres(db) ? query.forUpdate() : query);
      return rows.map((row) => row.id);
    },

    /**
     * The position a new item takes (the current count), with the table locked against other writers
     * until `trx` ends on PostgreSQL, so simultaneous creations queue and each gets its own position.
     * SQLite runs one write transaction at a time already.
     */
    async nextPosition(trx: Db): Promise<number> {
      if (isPostgres(db)) await trx.raw(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
      const row = await trx(table).count({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    async setPositions(orderedIds: number[], trx: Db): Promise<void> {
      for (const [position, id] of orderedIds.entries()) {
        await trx(table)
          .where({ id })
          .whereNot({ sort_order: position })
          .update({ sort_order: position, ...nextRevision(trx) });
      }
    },

    /** Moves the items after a removed one up a place, so positions stay 0..n-1 and a new one (order = count) lands last. */
    async closeGap(removedPosition: number, trx: Db): Promise<void> {
      await trx(table)
        .where('sort_order', '>', removedPosition)
        .update({ sort_order: trx.raw('sort_order - 1'), ...nextRevision(trx) });
    },
  };
}

/**
 * A reorder names every item once. The schema already refuses repeats, so known ids of the right
 * number are exactly the full list. `noun`: "FAQ", "card" (the messages of the reorder schema).
 */
export function checkFullList(orderedIds: number[], existingIds: number[], noun: string): void {
  const existing = new Set(existingIds);
  const unknown = orderedIds.filter((id) => !existing.has(id));
  if (unknown.length > 0) {
    throw validationError([{ field: 'ids', message: `ids contains unknown ${noun} ids: ${unknown.join(', ')}` }]);
  }
  if (orderedIds.length !== existing.size) {
    throw validationError([{ field: 'ids', message: `ids must list every ${noun} id` }]);
  }
}
