import type { MembershipCardInput } from '@npo/shared';
import type { Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { found, notFound } from '../../errors.js';
import { createMembershipCardsRepository } from './repository.js';

export function createMembershipCardsService(deps: AppDeps) {
  const cards = createMembershipCardsRepository(deps.db);
  const now = () => deps.clock.now();
  return {
    listPublic: (page: Page) => cards.page(page, (query) => query.where({ is_active: true })),
    list: (page: Page) => cards.page(page),
    create: (input: MembershipCardInput) => cards.insert(cards.toRow(input), now()),
    async update(id: number, input: MembershipCardInput) {
      return found(await cards.update(id, cards.toRow(input), now()), 'Membership card');
    },
    async remove(id: number) {
      if (!(await cards.remove(id))) throw notFound('Membership card');
    },
  };
}
