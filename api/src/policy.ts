/**
 * The policy table: every admin route is declared here with its module, and its action follows from
 * the HTTP method (GET view; POST, PUT, PATCH edit; DELETE delete). The permission matrix test reads
 * the table this builds, so a new route cannot escape it.
 */
import type Router from '@koa/router';
import type { Action, Module } from '@npo/shared';
import type { Middleware } from 'koa';
import type { Session } from './middleware/session.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface AdminRoute {
  method: HttpMethod;
  /** Full path, e.g. /api/admin/faqs/:id */
  path: string;
  module: Module;
  action: Action;
}

export function actionFor(method: HttpMethod): Action {
  if (method === 'get') return 'view';
  if (method === 'delete') return 'delete';
  return 'edit';
}

export const ADMIN_PREFIX = '/api/admin';

/** Registers routes of one module on the admin router, each behind requireAdmin + authorize. */
export function adminModule(router: Router, session: Session, table: AdminRoute[], module: Module) {
  const register =
    (method: HttpMethod) =>
    (path: string, ...handlers: Middleware[]) => {
      const action = actionFor(method);
      table.push({ method, path: `${ADMIN_PREFIX}${path}`, module, action });
      router[method](
        `${ADMIN_PREFIX}${path}`,
        session.requireAdmin,
        session.authorize(module, action),
        auditModule(module),
        ...handlers,
      );
    };
  return {
    get: register('get'),
    post: register('post'),
    put: register('put'),
    patch: register('patch'),
    delete: register('delete'),
  };
}

export type AdminModuleRouter = ReturnType<typeof adminModule>;

/** Names the route's module for the audit entries its writes leave (modules/audit/record.ts). */
function auditModule(module: Module): Middleware {
  return (ctx, next) => {
    ctx.state.auditModule = module;
    return next();
  };
}
