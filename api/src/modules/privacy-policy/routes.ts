import { API } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { privacyPolicyKind } from './repository.js';

export function registerPrivacyPolicy(context: ModuleContext): void {
  registerVersioned(context, {
    kind: privacyPolicyKind,
    operations: API.privacyPolicy,
    collection: 'privacyPolicies',
  });
}
