import { CACHE_LIFETIMES_S, MAX_PAGE_LIMIT, membershipCardSchema, PAGE_SIZES, paginationQuery } from '@npo/shared';
import { publicCache } from '../../lib/public-cache.js';
import { created, ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createMembershipCardsService } from './service.js';

export function registerMembershipCards({ router, deps, admin }: ModuleContext): void {
  const cards = createMembershipCardsService(deps);

  router.get(
    '/api/membership-cards',
    publicCache(CACHE_LIFETIMES_S.membershipCards),
    validate({ query: paginationQuery(MAX_PAGE_LIMIT) }),
    async (ctx) => okPage(ctx, 'cards', await cards.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  const routes = admin('membership');
  routes.get('/membership-cards', validate({ query: paginationQuery(PAGE_SIZES.membership) }), async (ctx) =>
    okPage(ctx, 'cards', await cards.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.post('/membership-cards', validate({ body: membershipCardSchema }), async (ctx) =>
    created(ctx, await cards.create(ctx.state.input.body), 'Membership card created'),
  );
  routes.put('/membership-cards/:id', validate({ params: idParams, body: membershipCardSchema }), async (ctx) =>
    ok(ctx, await cards.update(ctx.state.input.params.id, ctx.state.input.body), {
      message: 'Membership card updated',
    }),
  );
  routes.delete('/membership-cards/:id', validate({ params: idParams }), async (ctx) => {
    await cards.remove(ctx.state.input.params.id);
    ok(ctx, null, { message: 'Membership card deleted' });
  });
}
