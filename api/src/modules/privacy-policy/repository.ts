/** Privacy policy versions: one kind of versioned content (versioned/repository.ts holds their queries). */
import type { PolicyInput, PolicyVersion } from '@npo/shared';
import { policyToRow, presentPolicy } from '../versioned/policy-document.js';
import type { VersionedKind } from '../versioned/repository.js';

export const privacyPolicyKind: VersionedKind<'privacy_policy_versions', PolicyInput, PolicyVersion> = {
  table: 'privacy_policy_versions',
  label: 'Privacy policy version',
  present: presentPolicy,
  toRow: policyToRow,
};
