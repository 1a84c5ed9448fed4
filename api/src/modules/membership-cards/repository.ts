import type { MEMBERSHIP_CARD_SORTS, MembershipCardInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { BY_POSITION, positionsOf } from '../../db/positions.js';
import { jsonText } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import { orderFor, type ListSort } from '../../db/paging.js';
import { tableRepository } from '../../db/table.js';
import { presentMembershipCard } from './presenter.js';

/** The console's sort names and their columns; without one, the manual order. */
const SORT_COLUMNS: Record<(typeof MEMBERSHIP_CARD_SORTS)[number], string> = {
  position: 'sort_order',
  title: 'title',
  type: 'type',
  updatedAt: 'updated_at',
};

/** Cards in their public order (staff set it by dragging, as with FAQs). */
export function createMembershipCardsRepository(db: Db) {
  return {
    ...tableRepository(db, 'membership_cards', presentMembershipCard, BY_POSITION),
    ...positionsOf(db, 'membership_cards'),
    orderOf: (sort: ListSort<(typeof MEMBERSHIP_CARD_SORTS)[number]>) => orderFor(SORT_COLUMNS, sort, BY_POSITION),
    /** The admin search (`q`): title or type, in any case and accents. */
    matching: (q: string | undefined) => matchingAny(db, ['title', 'type'], q),
    /** The position is never in the payload: a new card goes last, a reorder moves it. */
    toRow: (input: MembershipCardInput) => ({
      type: input.type,
      title: input.title,
      subtitle: input.subtitle,
      points: jsonText(input.points),
      is_active: input.isActive,
    }),
  };
}
