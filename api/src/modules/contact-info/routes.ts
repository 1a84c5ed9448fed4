import { API, type ContactInfoInput, type ContactInfoVersion } from '@npo/shared';
import { jsonText, toBool, toIso, toJson } from '../../db/rows.js';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import type { VersionedKind } from '../versioned/service.js';

const NO_LINKS = { instagram: '', facebook: '', twitter: '', linkedin: '' };

export function presentContactInfo(row: any): ContactInfoVersion {
  return {
    id: row.id,
    revision: Number(row.revision),
    version: row.version,
    isActive: toBool(row.is_active),
    email: row.email,
    phone: row.phone,
    instagram: row.instagram,
    socialLinks: { ...NO_LINKS, ...toJson(row.social_links, {}) },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export const contactInfoKind: VersionedKind<ContactInfoInput, ContactInfoVersion> = {
  table: 'contact_info_versions',
  label: 'Contact info version',
  present: presentContactInfo,
  toRow: (input) => ({
    email: input.email,
    phone: input.phone,
    instagram: input.instagram,
    social_links: jsonText(input.socialLinks),
  }),
};

export function registerContactInfo(context: ModuleContext): void {
  registerVersioned<ContactInfoInput, ContactInfoVersion>(context, {
    kind: contactInfoKind,
    operations: API.contactInfo,
    collection: 'contactInfoVersions',
  });
}
