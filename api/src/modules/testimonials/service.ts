import type { AdminListQuery, TestimonialInput } from '@npo/shared';
import type { ExpectedRevision } from '../../db/revisions.js';
import type { Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { found, notFound } from '../../errors.js';
import { createTestimonialsRepository } from './repository.js';

export function createTestimonialsService(deps: AppDeps) {
  const testimonials = createTestimonialsRepository(deps.db);
  const now = () => deps.clock.now();
  return {
    listPublic: (page: Page) => testimonials.page(page, (query) => query.where({ is_active: true })),
    list: (query: AdminListQuery) => testimonials.page(query, testimonials.matching(query.q)),
    create: (input: TestimonialInput) => testimonials.insert(testimonials.toRow(input), now()),
    async update(id: number, input: TestimonialInput, expected?: ExpectedRevision) {
      return found(await testimonials.update(id, testimonials.toRow(input), now(), { expected }), 'Testimonial');
    },
    async toggleFeatured(id: number, expected?: ExpectedRevision) {
      return found(await testimonials.toggleFeatured(id, now(), expected), 'Testimonial');
    },
    async remove(id: number, expected?: ExpectedRevision) {
      if (!(await testimonials.remove(id, { expected }))) throw notFound('Testimonial');
    },
  };
}
