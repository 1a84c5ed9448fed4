import { ROUTES, PAGE_SIZES, type ContactInfoInput, type ContactInfoVersion } from '@npo/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ACTIVATE_CONFIRM, type VersionedKind } from '../versioned/useVersions';

/** Social links in the order the Connect screen lists them. */
const SOCIAL_NETWORKS = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'linkedin', label: 'LinkedIn' },
] as const;

export const contactInfoKind: VersionedKind<ContactInfoVersion, ContactInfoInput> = {
  module: 'connect',
  queryKey: queryKeys.contactInfo,
  lifetime: 'contactInfo',
  pageSize: PAGE_SIZES.connect,
  client: api.admin.contactInfo,
  operations: ROUTES.contactInfo,
  collection: 'contactInfoVersions',
  noun: 'Contact info version',
  texts: {
    loadError: 'Failed to load contact information versions',
    empty: 'No versions found. Create your first contact information version!',
    deleteConfirm: 'Are you sure you want to delete this version?',
    activateConfirm: ACTIVATE_CONFIRM,
    saveFailure: 'Failed to save contact information',
    activateFailure: 'Failed to activate version',
    deleteFailure: 'Failed to delete version',
  },
  hideDeleteOnActive: false,
  describe: (version) => [
    { type: 'value', label: 'Email', value: version.email },
    { type: 'value', label: 'Phone', value: version.phone },
    { type: 'value', label: 'Instagram handle', value: version.instagram },
    {
      type: 'list',
      label: 'Social links',
      items: SOCIAL_NETWORKS.filter(({ key }) => version.socialLinks[key]).map(({ key, label }) => ({
        key,
        title: label,
        text: version.socialLinks[key],
      })),
    },
  ],
};
