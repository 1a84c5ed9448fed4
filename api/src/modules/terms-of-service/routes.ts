import { PAGE_SIZES, termsOfServiceSchema } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { termsOfServiceKind } from './repository.js';

export function registerTermsOfService(context: ModuleContext): void {
  registerVersioned(context, {
    kind: termsOfServiceKind,
    module: 'terms_of_service',
    path: '/terms-of-service',
    collection: 'termsOfService',
    schema: termsOfServiceSchema,
    pageSize: PAGE_SIZES.termsOfService,
  });
}
