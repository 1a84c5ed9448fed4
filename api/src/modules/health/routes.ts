import { API } from '@npo/shared';
import type { ModuleContext } from '../context.js';
import { createHealthCheck, createReadinessCheck } from './service.js';

/** 200 while reads work (status ok, or degraded when writes fail), 503 when the database does not answer. */
export function registerHealth({ deps, route }: ModuleContext): void {
  const checkHealth = createHealthCheck(deps);
  route(API.health.check, async (ctx) => {
    const health = await checkHealth();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.status === 'unavailable' ? 503 : 200;
    ctx.body = health;
  });

  // Readiness (a load balancer's, compose's): 503 until migrations are current, or while the database is down.
  const checkReady = createReadinessCheck(deps);
  route(API.health.ready, async (ctx) => {
    const readiness = await checkReady();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = readiness.status === 'ready' ? 200 : 503;
    ctx.body = readiness;
  });
}
