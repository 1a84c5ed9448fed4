/**
 * The request an audited change happens in. Services and repositories are called with plain
 * arguments, not with the Koa context, so who acts, from where and under which request id reaches the
 * audit record through AsyncLocalStorage: set once per request, read when the change is recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import type { Clock } from '../../lib/clock.js';

export interface AuditScope {
  requestId: string | undefined;
  /** ctx.ip: the proxy's view of the client only when TRUST_PROXY is on (see app.ts). */
  ip: string | undefined;
  /**
   * The request's ctx.state, read at record time: the session middleware sets `user` after this
   * scope starts, and adminModule (policy.ts) sets `auditModule` for admin routes.
   */
  state: { user?: { id?: unknown; email?: unknown; role?: unknown }; auditModule?: string };
  clock: Clock;
}

const storage = new AsyncLocalStorage<AuditScope>();

export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

/** Runs `work` inside a scope: the middleware below for requests, tests and scripts directly. */
export function withAuditScope<T>(scope: AuditScope, work: () => T): T {
  return storage.run(scope, work);
}

/** Opens the scope for the rest of the request; goes right after requestContext, which sets the request id. */
export function auditScope(clock: Clock): Middleware {
  return (ctx, next) =>
    withAuditScope({ requestId: ctx.state.requestId as string | undefined, ip: ctx.ip, state: ctx.state, clock }, next);
}
