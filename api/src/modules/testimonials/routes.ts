import { API } from '@npo/shared';
import { okItem, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createTestimonialsService } from './service.js';

export function registerTestimonials({ deps, route }: ModuleContext): void {
  const testimonials = createTestimonialsService(deps);

  route(API.testimonials.list, async (ctx) =>
    okPage(ctx, 'testimonials', await testimonials.listPublic(ctx.state.input.query), ctx.state.input.query),
  );

  registerAdminCrud(route, {
    operations: API.testimonials.admin,
    collection: 'testimonials',
    label: 'Testimonial',
    service: testimonials,
  });
  route(API.testimonials.toggleFeatured, async (ctx) => {
    const testimonial = await testimonials.toggleFeatured(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    okItem(ctx, testimonial, { message: testimonial.isFeatured ? 'Testimonial featured' : 'Testimonial unfeatured' });
  });
}
