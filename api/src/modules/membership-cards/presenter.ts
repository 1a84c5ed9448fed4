import type { MembershipCard } from '@npo/shared';
import { toBool, toIso, toJson } from '../../db/rows.js';
import type { MembershipCardRow } from '../../db/tables.js';

export function presentMembershipCard(row: MembershipCardRow): MembershipCard {
  return {
    id: row.id,
    revision: Number(row.revision),
    type: row.type,
    title: row.title,
    subtitle: row.subtitle,
    points: toJson(row.points, []),
    isActive: toBool(row.is_active),
    order: Number(row.sort_order),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
