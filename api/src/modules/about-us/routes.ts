import { aboutUsSchema, PAGE_SIZES } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { registerVersioned } from '../versioned/routes.js';
import { aboutUsKind } from './repository.js';

export function registerAboutUs(context: ModuleContext): void {
  registerVersioned(context, {
    kind: aboutUsKind,
    module: 'about',
    path: '/about-us',
    collection: 'aboutUsVersions',
    schema: aboutUsSchema,
    pageSize: PAGE_SIZES.about,
  });
}
