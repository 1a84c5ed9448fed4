import { API } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { contactInfoKind } from './repository.js';

export function registerContactInfo(context: ModuleContext): void {
  registerVersioned(context, {
    kind: contactInfoKind,
    operations: API.contactInfo,
    collection: 'contactInfoVersions',
  });
}
