import { CACHE_LIFETIMES_S, MAX_PAGE_LIMIT, PAGE_SIZES, paginationQuery, testimonialSchema } from '@npo/shared';
import { publicCache } from '../../lib/public-cache.js';
import { created, ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createTestimonialsService } from './service.js';

export function registerTestimonials({ router, deps, admin }: ModuleContext): void {
  const testimonials = createTestimonialsService(deps);

  router.get(
    '/api/testimonials',
    publicCache(CACHE_LIFETIMES_S.testimonials),
    validate({ query: paginationQuery(MAX_PAGE_LIMIT) }),
    async (ctx) =>
      okPage(ctx, 'testimonials', await testimonials.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  const routes = admin('testimonials');
  routes.get('/testimonials', validate({ query: paginationQuery(PAGE_SIZES.testimonials) }), async (ctx) =>
    okPage(ctx, 'testimonials', await testimonials.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.post('/testimonials', validate({ body: testimonialSchema }), async (ctx) =>
    created(ctx, await testimonials.create(ctx.state.input.body), 'Testimonial created'),
  );
  routes.put('/testimonials/:id', validate({ params: idParams, body: testimonialSchema }), async (ctx) =>
    ok(ctx, await testimonials.update(ctx.state.input.params.id, ctx.state.input.body), {
      message: 'Testimonial updated',
    }),
  );
  routes.patch('/testimonials/:id/featured', validate({ params: idParams }), async (ctx) => {
    const testimonial = await testimonials.toggleFeatured(ctx.state.input.params.id);
    ok(ctx, testimonial, { message: testimonial.isFeatured ? 'Testimonial featured' : 'Testimonial unfeatured' });
  });
  routes.delete('/testimonials/:id', validate({ params: idParams }), async (ctx) => {
    await testimonials.remove(ctx.state.input.params.id);
    ok(ctx, null, { message: 'Testimonial deleted' });
  });
}
