import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { createHealthCheck } from './service.js';

/** 200 while reads work (status ok, or degraded when writes fail), 503 when the database does not answer. */
export function healthRoutes(router: Router, deps: AppDeps): void {
  const checkHealth = createHealthCheck(deps);
  router.get('/api/health', async (ctx) => {
    const health = await checkHealth();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.status === 'unavailable' ? 503 : 200;
    ctx.body = health;
  });
}
