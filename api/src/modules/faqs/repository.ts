import type { FaqInput } from '@npo/shared';
import { isPostgres, type Db } from '../../db/connection.js';
import { nextRevision } from '../../db/revisions.js';
import { matchingAny } from '../../db/search.js';
import { tableRepository, type OrderBy } from '../../db/table.js';
import { presentFaq } from './presenter.js';

const FAQS = 'faqs';

/** By position; the id settles FAQs that share one (e.g. an order sent explicitly on edit). */
const BY_POSITION: OrderBy = [
  { column: 'sort_order', order: 'asc' },
  { column: 'id', order: 'asc' },
];

// Position writes leave updated_at alone: the console's "updated" date tells when the text last changed.
// They do raise the revision of each FAQ they move: an edit form holding the old order is then stale.
export function createFaqsRepository(db: Db) {
  return {
    ...tableRepository(db, FAQS, presentFaq, BY_POSITION),

    /** Every FAQ id; on PostgreSQL the rows stay locked so concurrent reorders and deletes queue. */
    async lockedIds(trx: Db): Promise<number[]> {
      const query = trx(FAQS).select('id');
      const rows: { id: number }[] = await (isPostgres(db) ? query.forUpdate() : query);
      return rows.map((row) => row.id);
    },

    /**
     * The position a new FAQ takes (the current count), with the table locked against other writers
     * until `trx` ends on PostgreSQL, so simultaneous creations queue and each gets its own position.
     * SQLite runs one write transaction at a time already.
     */
    async nextPosition(trx: Db): Promise<number> {
      if (isPostgres(db)) await trx.raw(`LOCK TABLE ${FAQS} IN SHARE ROW EXCLUSIVE MODE`);
      const row = await trx(FAQS).count({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    async setPositions(orderedIds: number[], trx: Db): Promise<void> {
      for (const [position, id] of orderedIds.entries()) {
        await trx(FAQS)
          .where({ id })
          .whereNot({ sort_order: position })
          .update({ sort_order: position, ...nextRevision(trx) });
      }
    },

    /** Moves the FAQs after a removed one up a place, so positions stay 0..n-1 and a new FAQ (order = count) lands last. */
    async closeGap(removedPosition: number, trx: Db): Promise<void> {
      await trx(FAQS)
        .where('sort_order', '>', removedPosition)
        .update({ sort_order: trx.raw('sort_order - 1'), ...nextRevision(trx) });
    },

    /** The admin search (`q`): question, answer or category, in any case and accents. */
    matching: (q: string | undefined) => matchingAny(db, ['question', 'answer', 'category'], q),

    /** The order is written only when sent, so an edit without one keeps the FAQ's place. */
    toRow: (input: FaqInput) => ({
      question: input.question,
      answer: input.answer,
      category: input.category,
      is_active: input.isActive,
      ...(input.order !== undefined && { sort_order: input.order }),
    }),
  };
}
