import type Router from '@koa/router';
import { pingDb } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';

export function healthRoutes(router: Router, deps: AppDeps): void {
  router.get('/api/health', async (ctx) => {
    const up = await pingDb(deps.db);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = up ? 200 : 503;
    ctx.body = up ? { status: 'ok' } : { status: 'unavailable' };
  });
}
