import { API, type PolicyInput, type PolicyVersion } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { policyToRow, presentPolicy } from '../versioned/policy-document.js';
import { registerVersioned } from '../versioned/routes.js';
import type { VersionedKind } from '../versioned/service.js';

export const termsOfServiceKind: VersionedKind<PolicyInput, PolicyVersion> = {
  table: 'terms_of_service_versions',
  label: 'Terms of service version',
  present: presentPolicy,
  toRow: policyToRow,
};

export function registerTermsOfService(context: ModuleContext): void {
  registerVersioned<PolicyInput, PolicyVersion>(context, {
    kind: termsOfServiceKind,
    operations: API.termsOfService,
    collection: 'termsOfService',
  });
}
