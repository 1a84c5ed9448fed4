import { API } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { createHealthCheck } from './service.js';

/** 200 while reads work (status ok, or degraded when writes fail), 503 when the database does not answer. */
export function registerHealth({ deps, route }: ModuleContext): void {
  const checkHealth = createHealthCheck(deps);
  route(API.health.check, async (ctx) => {
    const health = await checkHealth();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.status === 'unavailable' ? 503 : 200;
    ctx.body = health;
  });
}
