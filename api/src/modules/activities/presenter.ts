import type { Activity } from '@npo/shared';
import { toCount, toIso, toJson } from '../../db/rows.js';

/** `participants` is the registration count the repository reads beside each row (absent: none yet). */
export function presentActivity(row: any): Activity {
  return {
    id: row.id,
    revision: Number(row.revision),
    title: row.title,
    description: row.description,
    date: toIso(row.date),
    location: row.location,
    status: row.status,
    tags: toJson(row.tags, []),
    capacity: row.capacity ?? null,
    participants: toCount(row, 'participants'),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
