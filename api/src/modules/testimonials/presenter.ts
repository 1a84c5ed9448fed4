import type { Testimonial } from '@npo/shared';
import { toBool, toIso } from '../../db/rows.js';
import type { TestimonialRow } from '../../db/tables.js';

export function presentTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    revision: Number(row.revision),
    name: row.name,
    role: row.role,
    quote: row.quote,
    isFeatured: toBool(row.is_featured),
    isActive: toBool(row.is_active),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
