/** About Us versions: one kind of versioned content (versioned/repository.ts holds their queries). */
import type { AboutUsInput, AboutUsVersion } from '@npo/shared';
import { jsonText } from '../../db/rows.js';
import type { VersionedKind } from '../versioned/repository.js';
import { presentAboutUs } from './presenter.js';

export const aboutUsKind: VersionedKind<'about_us_versions', AboutUsInput, AboutUsVersion> = {
  table: 'about_us_versions',
  label: 'About Us version',
  present: presentAboutUs,
  toRow: (input) => ({ description: input.description, aims: input.aims, objectives: jsonText(input.objectives) }),
};
