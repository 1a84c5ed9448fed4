/** Contact info versions: one kind of versioned content (versioned/repository.ts holds their queries). */
import type { ContactInfoInput, ContactInfoVersion } from '@npo/shared';
import { jsonText } from '../../db/rows.js';
import type { VersionedKind } from '../versioned/repository.js';
import { presentContactInfo } from './presenter.js';

export const contactInfoKind: VersionedKind<'contact_info_versions', ContactInfoInput, ContactInfoVersion> = {
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
