import type { MembershipCard, MembershipCardInput } from '@npo/shared';
import { clientIdColumn, createOnce } from '../../db/client-ids.js';
import { checkFullList } from '../../db/positions.js';
import type { ExpectedRevision } from '../../db/revisions.js';
import type { AppDeps } from '../../deps.js';
import { found, notFound } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { createCrudService } from '../crud-service.js';
import { createMembershipCardsRepository } from './repository.js';

const LABEL = 'Membership card';

/** The FAQs' rules for positions (faqs/service.ts): new cards go last, deletions close the gap. */
export function createMembershipCardsService(deps: AppDeps) {
  const cards = createMembershipCardsRepository(deps.db);
  const now = () => deps.clock.now();
  return {
    ...createCrudService(deps, cards, LABEL),

    create(input: MembershipCardInput): Promise<MembershipCard> {
      return createOnce(
        input.clientId,
        (clientId) => cards.findByClientId(clientId),
        () =>
          deps.db.transaction(async (trx) =>
            cards.insert(
              { ...cards.toRow(input), ...clientIdColumn(input), sort_order: await cards.nextPosition(trx) },
              now(),
              trx,
            ),
          ),
      );
    },

    async remove(id: number, expected?: ExpectedRevision): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const card = found(await cards.findById(id, trx), LABEL);
        // Deleted meanwhile by someone else: their delete already closed the gap.
        if (!(await cards.remove(id, { expected, trx }))) throw notFound(LABEL);
        await cards.closeGap(card.order, trx);
      });
    },

    /** Rewrites every position 0..n-1 in one transaction: all or nothing, one audit entry. */
    async reorder(orderedIds: number[]): Promise<MembershipCard[]> {
      await deps.db.transaction(async (trx) => {
        checkFullList(orderedIds, await cards.lockedIds(trx), 'card');
        const before = (await cards.all((query) => query.transacting(trx))).map((card) => card.id);
        await cards.setPositions(orderedIds, trx);
        await recordAdminChange(trx, { action: 'update', changes: { order: { before, after: orderedIds } } });
      });
      return cards.all((query) => query);
    },
  };
}
