import type { FAQ_SORTS, FaqInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { BY_POSITION, positionsOf } from '../../db/positions.js';
import { matchingAny } from '../../db/search.js';
import { orderFor, type ListSort, type SortColumn } from '../../db/paging.js';
import { tableRepository } from '../../db/table.js';
import { presentFaq } from './presenter.js';

/** The console's sort names and their columns; without one, the manual order. FAQs without a category come last. */
function sortColumns(db: Db): Record<(typeof FAQ_SORTS)[number], SortColumn> {
  return {
    position: 'sort_order',
    question: 'question',
    category: { column: 'category', isNull: db.raw('(category is null)') },
    updatedAt: 'updated_at',
  };
}

export function createFaqsRepository(db: Db) {
  return {
    ...tableRepository(db, 'faqs', presentFaq, BY_POSITION),
    ...positionsOf(db, 'faqs'),

    orderOf: (sort: ListSort<(typeof FAQ_SORTS)[number]>) => orderFor(sortColumns(db), sort, BY_POSITION),

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
