import { API } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { aboutUsKind } from './repository.js';

export function registerAboutUs(context: ModuleContext): void {
  registerVersioned(context, {
    kind: aboutUsKind,
    operations: API.aboutUs,
    collection: 'aboutUsVersions',
  });
}
