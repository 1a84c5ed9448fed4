import { API } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { termsOfServiceKind } from './repository.js';

export function registerTermsOfService(context: ModuleContext): void {
  registerVersioned(context, {
    kind: termsOfServiceKind,
    operations: API.termsOfService,
    collection: 'termsOfService',
  });
}
