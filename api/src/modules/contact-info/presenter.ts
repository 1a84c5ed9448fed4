import type { ContactInfoVersion } from '@npo/shared';
import { toBool, toIso, toIsoOrNull, toJson } from '../../db/rows.js';
import type { ContactInfoRow } from '../../db/tables.js';

const NO_LINKS = { instagram: '', facebook: '', twitter: '', linkedin: '' };

export function presentContactInfo(row: ContactInfoRow): ContactInfoVersion {
  return {
    id: row.id,
    revision: Number(row.revision),
    version: row.version,
    isActive: toBool(row.is_active),
    scheduledAt: toIsoOrNull(row.activate_at),
    email: row.email,
    phone: row.phone,
    instagram: row.instagram,
    socialLinks: { ...NO_LINKS, ...toJson(row.social_links, {}) },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
