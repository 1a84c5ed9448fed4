import {
  CACHE_LIFETIMES_S,
  faqReorderSchema,
  faqSchema,
  MAX_PAGE_LIMIT,
  PAGE_SIZES,
  paginationQuery,
} from '@npo/shared';
import { publicCache } from '../../lib/public-cache.js';
import { created, ok, okList, okPage, pagination } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createFaqsService } from './service.js';

export function registerFaqs({ router, deps, admin }: ModuleContext): void {
  const faqs = createFaqsService(deps);

  router.get(
    '/api/faqs',
    publicCache(CACHE_LIFETIMES_S.faqs),
    validate({ query: paginationQuery(MAX_PAGE_LIMIT) }),
    async (ctx) => okPage(ctx, 'faqs', await faqs.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  const routes = admin('faqs');
  routes.get('/faqs', validate({ query: paginationQuery(PAGE_SIZES.faqs) }), async (ctx) =>
    okPage(ctx, 'faqs', await faqs.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.post('/faqs', validate({ body: faqSchema }), async (ctx) =>
    created(ctx, await faqs.create(ctx.state.input.body), 'FAQ created'),
  );
  // Before /faqs/:id, which would otherwise take "reorder" for an id and answer 404.
  routes.put('/faqs/reorder', validate({ body: faqReorderSchema }), async (ctx) => {
    const ordered = await faqs.reorder(ctx.state.input.body.ids);
    okList(ctx, 'faqs', ordered, pagination(1, ordered.length, ordered.length));
  });
  routes.put('/faqs/:id', validate({ params: idParams, body: faqSchema }), async (ctx) =>
    ok(ctx, await faqs.update(ctx.state.input.params.id, ctx.state.input.body), { message: 'FAQ updated' }),
  );
  routes.delete('/faqs/:id', validate({ params: idParams }), async (ctx) => {
    await faqs.remove(ctx.state.input.params.id);
    ok(ctx, null, { message: 'FAQ deleted' });
  });
}
