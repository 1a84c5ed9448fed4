import { PAGE_SIZES, privacyPolicySchema } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { privacyPolicyKind } from './repository.js';

export function registerPrivacyPolicy(context: ModuleContext): void {
  registerVersioned(context, {
    kind: privacyPolicyKind,
    module: 'privacy_policy',
    path: '/privacy-policy',
    collection: 'privacyPolicies',
    schema: privacyPolicySchema,
    pageSize: PAGE_SIZES.privacyPolicy,
  });
}
