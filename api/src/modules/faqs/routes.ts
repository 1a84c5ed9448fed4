import type { ModuleContext } from '../context.js';

// Placeholder while this module is written (issue 3); replaced by its real routes.
export function registerFaqs(_context: ModuleContext): void {}
