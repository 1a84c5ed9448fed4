import { adminListQuery, faqReorderSchema, faqSchema, MAX_PAGE_LIMIT, PAGE_SIZES, paginationQuery } from '@npo/shared';
import { PAGING_READS, publicContentCache } from '../../lib/public-cache.js';
import { okList, okPage, pagination } from '../../lib/respond.js';
import { validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createFaqsService } from './service.js';

export function registerFaqs({ router, deps, admin }: ModuleContext): void {
  const faqs = createFaqsService(deps);

  router.get(
    '/api/faqs',
    publicContentCache(deps.contentChanges, PAGING_READS),
    validate({ query: paginationQuery(MAX_PAGE_LIMIT) }),
    async (ctx) => okPage(ctx, 'faqs', await faqs.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  const routes = admin('faqs');
  // Before /faqs/:id, which would otherwise take "reorder" for an id and answer 404.
  routes.put('/faqs/reorder', validate({ body: faqReorderSchema }), async (ctx) => {
    const ordered = await faqs.reorder(ctx.state.input.body.ids);
    okList(ctx, 'faqs', ordered, pagination(1, ordered.length, ordered.length));
  });
  registerAdminCrud(routes, {
    path: '/faqs',
    collection: 'faqs',
    label: 'FAQ',
    schema: faqSchema,
    listQuery: adminListQuery(PAGE_SIZES.faqs),
    service: faqs,
  });
}
