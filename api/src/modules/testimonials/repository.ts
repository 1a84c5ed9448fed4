import type { TestimonialInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import type { ExpectedRevision } from '../../db/revisions.js';
import { matchingAny } from '../../db/search.js';
import { tableRepository, type OrderBy } from '../../db/table.js';
import { presentTestimonial } from './presenter.js';

/** Featured first, then newest; the id settles testimonials written in the same millisecond. */
const FEATURED_FIRST: OrderBy = [
  { column: 'is_featured', order: 'desc' },
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
];

export function createTestimonialsRepository(db: Db) {
  const table = tableRepository(db, 'testimonials', presentTestimonial, FEATURED_FIRST);
  return {
    ...table,
    /** Flipped inside the UPDATE, so two quick toggles never both start from the same old value. */
    toggleFeatured: (id: number, now: Date, expected?: ExpectedRevision) =>
      table.update(id, { is_featured: db.raw('NOT is_featured') }, now, { expected }),
    /** The admin search (`q`): name or quote, in any case and accents. */
    matching: (q: string | undefined) => matchingAny(db, ['name', 'quote'], q),
    toRow: (input: TestimonialInput) => ({
      name: input.name,
      role: input.role,
      quote: input.quote,
      is_active: input.isActive,
      is_featured: input.isFeatured,
    }),
  };
}
