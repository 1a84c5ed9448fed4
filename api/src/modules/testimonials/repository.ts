import type { TESTIMONIAL_SORTS, TestimonialInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import type { ExpectedRevision } from '../../db/revisions.js';
import { matchingAny } from '../../db/search.js';
import { orderFor, type ListSort } from '../../db/paging.js';
import { tableRepository, type OrderBy } from '../../db/table.js';
import { presentTestimonial } from './presenter.js';

/** Featured first, then newest; the id settles testimonials written in the same millisecond. */
const FEATURED_FIRST: OrderBy = [
  { column: 'is_featured', order: 'desc' },
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
];

/** The console's sort names and their columns; without one, featured first. */
const SORT_COLUMNS: Record<(typeof TESTIMONIAL_SORTS)[number], string> = {
  name: 'name',
  role: 'role',
  createdAt: 'created_at',
};

export function createTestimonialsRepository(db: Db) {
  const table = tableRepository(db, 'testimonials', presentTestimonial, FEATURED_FIRST);
  return {
    ...table,
    /** Flipped inside the UPDATE, so two quick toggles never both start from the same old value. */
    toggleFeatured: (id: number, now: Date, expected?: ExpectedRevision) =>
      table.update(id, { is_featured: db.raw('NOT is_featured') }, now, { expected }),
    orderOf: (sort: ListSort<(typeof TESTIMONIAL_SORTS)[number]>) => orderFor(SORT_COLUMNS, sort, FEATURED_FIRST),
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
