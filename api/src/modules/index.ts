/** Every module that declares public and admin routes; the app registers them in this order. */
import type { ModuleContext } from './context.js';
import { registerMembershipCards } from './membership-cards/routes.js';

export const CONTENT_MODULES: ((context: ModuleContext) => void)[] = [registerMembershipCards];
