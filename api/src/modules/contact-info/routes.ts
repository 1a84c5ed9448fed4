import { contactInfoSchema, PAGE_SIZES } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { contactInfoKind } from './repository.js';

export function registerContactInfo(context: ModuleContext): void {
  registerVersioned(context, {
    kind: contactInfoKind,
    module: 'connect',
    path: '/contact-info',
    collection: 'contactInfoVersions',
    schema: contactInfoSchema,
    pageSize: PAGE_SIZES.connect,
  });
}
