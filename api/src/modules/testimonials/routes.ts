import { adminListQuery, MAX_PAGE_LIMIT, PAGE_SIZES, paginationQuery, testimonialSchema } from '@npo/shared';
import { PAGING_READS, publicContentCache } from '../../lib/public-cache.js';
import { okItem, okPage } from '../../lib/respond.js';
import { precondition } from '../../middleware/precondition.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createTestimonialsService } from './service.js';

export function registerTestimonials({ router, deps, admin }: ModuleContext): void {
  const testimonials = createTestimonialsService(deps);

  router.get(
    '/api/testimonials',
    publicContentCache(deps.contentChanges, PAGING_READS),
    validate({ query: paginationQuery(MAX_PAGE_LIMIT) }),
    async (ctx) =>
      okPage(ctx, 'testimonials', await testimonials.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  const routes = admin('testimonials');
  registerAdminCrud(routes, {
    path: '/testimonials',
    collection: 'testimonials',
    label: 'Testimonial',
    schema: testimonialSchema,
    listQuery: adminListQuery(PAGE_SIZES.testimonials),
    service: testimonials,
  });
  routes.patch('/testimonials/:id/featured', validate({ params: idParams }), precondition, async (ctx) => {
    const testimonial = await testimonials.toggleFeatured(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    okItem(ctx, testimonial, { message: testimonial.isFeatured ? 'Testimonial featured' : 'Testimonial unfeatured' });
  });
}
