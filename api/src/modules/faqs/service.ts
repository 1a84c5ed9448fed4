import type { Faq, FaqInput } from '@npo/shared';
import type { ExpectedRevision } from '../../db/revisions.js';
import type { AppDeps } from '../../deps.js';
import { clientIdColumn, createOnce } from '../../db/client-ids.js';
import { checkFullList } from '../../db/positions.js';
import { found, notFound } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { createCrudService } from '../crud-service.js';
import { createFaqsRepository } from './repository.js';

export const INCOMPLETE_REORDER = 'ids must list every FAQ id';

export function createFaqsService(deps: AppDeps) {
  const faqs = createFaqsRepository(deps.db);
  const now = () => deps.clock.now();
  return {
    ...createCrudService(deps, faqs, 'FAQ'),

    /**
     * SPEC: a new FAQ goes to the end (order = current count), whatever order the form sent. A replay
     * of a console creation answers the FAQ it made.
     */
    create(input: FaqInput): Promise<Faq> {
      return createOnce(
        input.clientId,
        (clientId) => faqs.findByClientId(clientId),
        () =>
          deps.db.transaction(async (trx) =>
            faqs.insert(
              { ...faqs.toRow(input), ...clientIdColumn(input), sort_order: await faqs.nextPosition(trx) },
              now(),
              trx,
            ),
          ),
      );
    },
    async remove(id: number, expected?: ExpectedRevision): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const faq = found(await faqs.findById(id, trx), 'FAQ');
        // Deleted meanwhile by someone else: their delete already closed the gap.
        if (!(await faqs.remove(id, { expected, trx }))) throw notFound('FAQ');
        await faqs.closeGap(faq.order, trx);
      });
    },

    /** Rewrites every position 0..n-1 in one transaction: all or nothing. */
    async reorder(orderedIds: number[]): Promise<Faq[]> {
      await deps.db.transaction(async (trx) => {
        checkFullList(orderedIds, await faqs.lockedIds(trx), 'FAQ');
        const before = (await faqs.all((query) => query.transacting(trx))).map((faq: Faq) => faq.id);
        await faqs.setPositions(orderedIds, trx);
        await recordAdminChange(trx, { action: 'update', changes: { order: { before, after: orderedIds } } });
      });
      return faqs.all((query) => query);
    },
  };
}
