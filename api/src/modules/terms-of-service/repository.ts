/** Terms of service versions: one kind of versioned content (versioned/repository.ts holds their queries). */
import type { PolicyInput, PolicyVersion } from '@npo/shared';
import { policyToRow, presentPolicy } from '../versioned/policy-document.js';
import type { VersionedKind } from '../versioned/repository.js';

export const termsOfServiceKind: VersionedKind<'terms_of_service_versions', PolicyInput, PolicyVersion> = {
  table: 'terms_of_service_versions',
  label: 'Terms of service version',
  present: presentPolicy,
  toRow: policyToRow,
};
