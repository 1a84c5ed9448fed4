import { adminListQuery, MAX_PAGE_LIMIT, membershipCardSchema, PAGE_SIZES, paginationQuery } from '@npo/shared';
import { PAGING_READS, publicContentCache } from '../../lib/public-cache.js';
import { okPage } from '../../lib/respond.js';
import { validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createMembershipCardsService } from './service.js';

export function registerMembershipCards({ router, deps, admin }: ModuleContext): void {
  const cards = createMembershipCardsService(deps);

  router.get(
    '/api/membership-cards',
    publicContentCache(deps.contentChanges, PAGING_READS),
    validate({ query: paginationQuery(MAX_PAGE_LIMIT) }),
    async (ctx) => okPage(ctx, 'cards', await cards.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  registerAdminCrud(admin('membership'), {
    path: '/membership-cards',
    collection: 'cards',
    label: 'Membership card',
    schema: membershipCardSchema,
    listQuery: adminListQuery(PAGE_SIZES.membership),
    service: cards,
  });
}
