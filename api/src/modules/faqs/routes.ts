import { API } from '@npo/shared';
import { okList, okPage, pagination } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createFaqsService } from './service.js';

export function registerFaqs({ deps, route }: ModuleContext): void {
  const faqs = createFaqsService(deps);

  route(API.faqs.list, async (ctx) =>
    okPage(ctx, 'faqs', await faqs.listPublic(ctx.state.input.query), ctx.state.input.query),
  );
  route(API.faqs.reorder, async (ctx) => {
    const ordered = await faqs.reorder(ctx.state.input.body.ids);
    okList(ctx, 'faqs', ordered, pagination(1, ordered.length, ordered.length));
  });
  registerAdminCrud(route, { operations: API.faqs.admin, collection: 'faqs', label: 'FAQ', service: faqs });
}
