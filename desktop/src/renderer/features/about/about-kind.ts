import { ROUTES, PAGE_SIZES, type AboutUsInput, type AboutUsVersion } from '@npo/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ACTIVATE_CONFIRM, type VersionedKind } from '../versioned/useVersions';

export const aboutKind: VersionedKind<AboutUsVersion, AboutUsInput> = {
  module: 'about',
  queryKey: queryKeys.aboutUs,
  lifetime: 'about',
  pageSize: PAGE_SIZES.about,
  client: api.admin.aboutUs,
  operations: ROUTES.aboutUs,
  collection: 'aboutUsVersions',
  noun: 'About Us version',
  texts: {
    loadError: 'Failed to load About Us versions',
    empty: 'No versions found. Create your first About Us version!',
    deleteConfirm: 'Are you sure you want to delete this version?',
    activateConfirm: ACTIVATE_CONFIRM,
    saveFailure: 'Failed to save About Us version',
    activateFailure: 'Failed to activate version',
    deleteFailure: 'Failed to delete version',
  },
  hideDeleteOnActive: false,
  describe: (version) => [
    { type: 'text', label: 'Description', value: version.description },
    { type: 'text', label: 'Aims', value: version.aims },
    {
      type: 'list',
      label: 'Objectives',
      items: version.objectives.map((objective) => ({ title: objective.title, text: objective.description })),
    },
  ],
};
