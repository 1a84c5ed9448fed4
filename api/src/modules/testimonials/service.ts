import type { ExpectedRevision } from '../../db/revisions.js';
import type { AppDeps } from '../../deps.js';
import { found } from '../../errors.js';
import { createCrudService } from '../crud-service.js';
import { createTestimonialsRepository } from './repository.js';

export function createTestimonialsService(deps: AppDeps) {
  const testimonials = createTestimonialsRepository(deps.db);
  return {
    ...createCrudService(deps, testimonials, 'Testimonial'),
    async toggleFeatured(id: number, expected?: ExpectedRevision) {
      return found(await testimonials.toggleFeatured(id, deps.clock.now(), expected), 'Testimonial');
    },
  };
}
