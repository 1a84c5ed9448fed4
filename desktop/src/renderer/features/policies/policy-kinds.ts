/** Privacy policy and terms of service: one screen, two configurations (both super-admin only). */
import { ROUTES, PAGE_SIZES, type PolicyInput, type PolicyVersion } from '@npo/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { formatUtcDay } from '../../ui/dates';
import type { ComparableField } from '../versioned/diff';
import { ACTIVATE_CONFIRM, type VersionedKind } from '../versioned/useVersions';

/** SPEC 5 and 7: the effective date is sent only when given (left out, the version has none). */
export type PolicyPayload = Omit<PolicyInput, 'effectiveDate'> & { effectiveDate?: string };

export interface PolicyKind extends VersionedKind<PolicyVersion, PolicyPayload> {
  /** Page heading and the title an empty title field falls back to. */
  documentName: 'Privacy Policy' | 'Terms of Service';
  publicPath: string;
}

const SHARED_TEXTS = {
  deleteConfirm: 'Are you sure you want to delete this version? This action cannot be undone.',
  activateConfirm: ACTIVATE_CONFIRM,
  activateFailure: 'Failed to activate version',
  deleteFailure: 'Failed to delete version',
};

function describePolicy(version: PolicyVersion): ComparableField[] {
  return [
    { type: 'value', label: 'Title', value: version.title },
    {
      type: 'value',
      label: 'Effective date',
      value: version.effectiveDate ? formatUtcDay(version.effectiveDate) : 'Not set',
    },
    { type: 'text', label: 'Content', value: version.content },
  ];
}

export const privacyPolicyKind: PolicyKind = {
  documentName: 'Privacy Policy',
  publicPath: '/privacy-policy',
  module: 'privacy_policy',
  queryKey: queryKeys.privacyPolicy,
  lifetime: 'privacyPolicy',
  pageSize: PAGE_SIZES.privacyPolicy,
  client: api.admin.privacyPolicy,
  operations: ROUTES.privacyPolicy,
  collection: 'privacyPolicies',
  noun: 'Privacy policy version',
  texts: {
    ...SHARED_TEXTS,
    loadError: 'Error loading privacy policy versions',
    empty: 'No versions found. Create your first privacy policy version!',
    saveFailure: 'Failed to save privacy policy',
  },
  hideDeleteOnActive: true,
  describe: describePolicy,
};

export const termsOfServiceKind: PolicyKind = {
  documentName: 'Terms of Service',
  publicPath: '/terms-of-service',
  module: 'terms_of_service',
  queryKey: queryKeys.termsOfService,
  lifetime: 'termsOfService',
  pageSize: PAGE_SIZES.termsOfService,
  client: api.admin.termsOfService,
  operations: ROUTES.termsOfService,
  collection: 'termsOfService',
  noun: 'Terms of service version',
  texts: {
    ...SHARED_TEXTS,
    loadError: 'Error loading terms of service versions',
    empty: 'No versions found. Create your first terms of service version!',
    saveFailure: 'Failed to save terms of service',
  },
  hideDeleteOnActive: true,
  describe: describePolicy,
};
