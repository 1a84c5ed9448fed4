import type { MembershipCardInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { jsonText } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import { tableRepository } from '../../db/table.js';
import { presentMembershipCard } from './presenter.js';

export function createMembershipCardsRepository(db: Db) {
  return {
    ...tableRepository(db, 'membership_cards', presentMembershipCard, [{ column: 'id', order: 'asc' }]),
    /** The admin search (`q`): title or type, in any case and accents. */
    matching: (q: string | undefined) => matchingAny(db, ['title', 'type'], q),
    toRow: (input: MembershipCardInput) => ({
      type: input.type,
      title: input.title,
      subtitle: input.subtitle,
      points: jsonText(input.points),
      is_active: input.isActive,
    }),
  };
}
