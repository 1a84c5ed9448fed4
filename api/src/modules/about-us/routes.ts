import { API, type AboutUsInput, type AboutUsVersion } from '@npo/shared';
import { jsonText, toBool, toIso, toJson } from '../../db/rows.js';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import type { VersionedKind } from '../versioned/service.js';

export function presentAboutUs(row: any): AboutUsVersion {
  return {
    id: row.id,
    revision: Number(row.revision),
    version: row.version,
    isActive: toBool(row.is_active),
    description: row.description,
    aims: row.aims,
    objectives: toJson(row.objectives, []),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export const aboutUsKind: VersionedKind<AboutUsInput, AboutUsVersion> = {
  table: 'about_us_versions',
  label: 'About Us version',
  present: presentAboutUs,
  toRow: (input) => ({ description: input.description, aims: input.aims, objectives: jsonText(input.objectives) }),
};

export function registerAboutUs(context: ModuleContext): void {
  registerVersioned<AboutUsInput, AboutUsVersion>(context, {
    kind: aboutUsKind,
    operations: API.aboutUs,
    collection: 'aboutUsVersions',
  });
}
