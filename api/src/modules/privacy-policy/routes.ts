import { API, type PolicyInput, type PolicyVersion } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { policyToRow, presentPolicy } from '../versioned/policy-document.js';
import { registerVersioned } from '../versioned/routes.js';
import type { VersionedKind } from '../versioned/service.js';

export const privacyPolicyKind: VersionedKind<PolicyInput, PolicyVersion> = {
  table: 'privacy_policy_versions',
  label: 'Privacy policy version',
  present: presentPolicy,
  toRow: policyToRow,
};

export function registerPrivacyPolicy(context: ModuleContext): void {
  registerVersioned<PolicyInput, PolicyVersion>(context, {
    kind: privacyPolicyKind,
    operations: API.privacyPolicy,
    collection: 'privacyPolicies',
  });
}
