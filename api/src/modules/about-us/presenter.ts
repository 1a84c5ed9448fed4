import type { AboutUsVersion } from '@npo/shared';
import { toBool, toIso, toIsoOrNull, toJson } from '../../db/rows.js';
import type { AboutUsRow } from '../../db/tables.js';

export function presentAboutUs(row: AboutUsRow): AboutUsVersion {
  return {
    id: row.id,
    revision: Number(row.revision),
    version: row.version,
    isActive: toBool(row.is_active),
    scheduledAt: toIsoOrNull(row.activate_at),
    description: row.description,
    aims: row.aims,
    objectives: toJson(row.objectives, []),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
