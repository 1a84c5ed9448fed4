/** What each module's `register` receives to declare its routes. */
import type Router from '@koa/router';
import type { Module } from '@npo/shared';
import type { AppDeps } from '../deps.js';
import type { Session } from '../middleware/session.js';
import type { AdminModuleRouter } from '../policy.js';

export interface ModuleContext {
  router: Router;
  deps: AppDeps;
  session: Session;
  /** Routes under /api/admin, each checked against the policy table for `module`. */
  admin(module: Module): AdminModuleRouter;
}
