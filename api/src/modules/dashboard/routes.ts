import { API } from '@npo/shared';
import { ok } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { sectionsOnDefaults } from './default-content.js';
import { createDashboardService } from './service.js';

export function registerDashboard({ deps, route }: ModuleContext): void {
  const dashboard = createDashboardService(deps);

  // The 'dashboard' module is open to every admin; it takes no input. Each part is sent only to those
  // who may view its module, and the backup card is a super admin's.
  route(API.dashboard.get, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, await dashboard.load(ctx.state.user));
  });
  // The zone is the server's setting (config.ts): the console must not assume one of its own.
  route(API.dashboard.organisation, (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, { timeZone: deps.config.organisationTimeZone });
  });
  route(API.dashboard.defaultContent, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, { sections: await sectionsOnDefaults(deps.db) });
  });
}
