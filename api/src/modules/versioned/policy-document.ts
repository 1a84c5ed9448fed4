/** Privacy policy and terms of service: the same document shape in two tables. */
import type { PolicyInput, PolicyVersion } from '@npo/shared';
import { toBool, toIso, toIsoOrNull } from '../../db/rows.js';
import type { PolicyRow } from '../../db/tables.js';

export function presentPolicy(row: PolicyRow): PolicyVersion {
  const updatedAt = toIso(row.updated_at);
  return {
    id: row.id,
    revision: Number(row.revision),
    version: row.version,
    isActive: toBool(row.is_active),
    scheduledAt: toIsoOrNull(row.activate_at),
    title: row.title,
    content: row.content,
    effectiveDate: toIsoOrNull(row.effective_date),
    createdAt: toIso(row.created_at),
    updatedAt,
    lastUpdated: updatedAt,
  };
}

export const policyToRow = (input: PolicyInput) => ({
  title: input.title,
  content: input.content,
  effective_date: input.effectiveDate ? new Date(input.effectiveDate) : null,
});
