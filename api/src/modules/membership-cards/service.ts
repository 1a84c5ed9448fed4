import type { AdminListQuery, MembershipCardInput } from '@npo/shared';
import type { ExpectedRevision } from '../../db/revisions.js';
import type { Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { found, notFound } from '../../errors.js';
import { createMembershipCardsRepository } from './repository.js';

export function createMembershipCardsService(deps: AppDeps) {
  const cards = createMembershipCardsRepository(deps.db);
  const now = () => deps.clock.now();
  return {
    listPublic: (page: Page) => cards.page(page, (query) => query.where({ is_active: true })),
    list: (query: AdminListQuery) => cards.page(query, cards.matching(query.q)),
    create: (input: MembershipCardInput) => cards.insert(cards.toRow(input), now()),
    async update(id: number, input: MembershipCardInput, expected?: ExpectedRevision) {
      return found(await cards.update(id, cards.toRow(input), now(), { expected }), 'Membership card');
    },
    async remove(id: number, expected?: ExpectedRevision) {
      if (!(await cards.remove(id, { expected }))) throw notFound('Membership card');
    },
  };
}
