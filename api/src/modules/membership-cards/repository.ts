import type { MembershipCardInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { BY_POSITION, positionsOf } from '../../db/positions.js';
import { jsonText } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import { tableRepository } from '../../db/table.js';
import { presentMembershipCard } from './presenter.js';

/** Cards in their public order (staff set it by dragging, as with FAQs). */
export function createMembershipCardsRepository(db: Db) {
  return {
    ...tableRepository(db, 'membership_cards', presentMembershipCard, BY_POSITION),
    ...positionsOf(db, 'membership_cards'),
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
