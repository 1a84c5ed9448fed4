import { API } from '@npo/shared';
import { okList, okPage, pagination } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createMembershipCardsService } from './service.js';

export function registerMembershipCards({ deps, route }: ModuleContext): void {
  const cards = createMembershipCardsService(deps);

  route(API.membershipCards.list, async (ctx) =>
    okPage(ctx, 'cards', await cards.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  route(API.membershipCards.reorder, async (ctx) => {
    const ordered = await cards.reorder(ctx.state.input.body.ids);
    okList(ctx, 'cards', ordered, pagination(1, ordered.length, ordered.length));
  });
  registerAdminCrud(route, {
    operations: API.membershipCards.admin,
    collection: 'cards',
    label: 'Membership card',
    service: cards,
  });
}
