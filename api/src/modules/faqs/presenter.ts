import type { Faq } from '@npo/shared';
import { toBool, toIso } from '../../db/rows.js';
import type { FaqRow } from '../../db/tables.js';

export function presentFaq(row: FaqRow): Faq {
  return {
    id: row.id,
    revision: Number(row.revision),
    question: row.question,
    answer: row.answer,
    category: row.category ?? null,
    isActive: toBool(row.is_active),
    order: Number(row.sort_order),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
