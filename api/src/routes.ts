/**
 * Registers the routes of the route table (@npo/shared's API): each entry's session requirement,
 * permission, public cache, validation and If-Match come from the entry, and its handler gets a
 * context typed from the entry's schemas. The app refuses to start while an entry has no handler.
 */
import type Router from '@koa/router';
import {
  API_OPERATIONS,
  type Access,
  type Answers,
  type AuditOwnModule,
  type BodyOf,
  type DataOf,
  type Module,
  type Operation,
  type ParamsOf,
  type QueryOf,
  type User,
} from '@npo/shared';
import type { Middleware, ParameterizedContext } from 'koa';
import type { AppDeps } from './deps.js';
import type { KnownDevice } from './lib/device-tokens.js';
import { publicContentCache } from './lib/public-cache.js';
import { notIdempotent } from './middleware/idempotency.js';
import { precondition } from './middleware/precondition.js';
import type { Session } from './middleware/session.js';
import { validate, type ParsedInput } from './middleware/validate.js';
import type { SessionPending } from './modules/sessions/repository.js';
import type { AdminRoute } from './policy.js';

/**
 * What the middleware in front of a handler leaves in ctx.state; and, as a type only, what the route
 * answers, so that the respond helpers (lib/respond.ts) refuse data of another shape.
 */
export interface ApiState<Params, Query, Body, Caller extends User | undefined, Data = unknown> extends Answers<Data> {
  input: ParsedInput<Body, Query, Params>;
  user: Caller;
  sessionId: Caller extends User ? number : undefined;
  sessionPending?: SessionPending | null;
  requestId: string;
  /** Set by a sign-in route's device check: this device signed in to the account before. */
  knownDevice?: KnownDevice;
  /** Set by the contact limit: the site is past its rate, the message needs a proof of work. */
  pastSiteRate?: boolean;
  /** The module the audit entries of an admin route's writes are filed under (its policy module by default). */
  auditModule?: Module | AuditOwnModule;
  /** The table entry of the matched route (read by announceContentChanges in app.ts). */
  operation: Operation;
}

export type ApiContext<
  Params = undefined,
  Query = undefined,
  Body = undefined,
  Caller extends User | undefined = undefined,
  Data = unknown,
> = ParameterizedContext<ApiState<Params, Query, Body, Caller, Data>> & { params: Record<string, string> };

type CallerOf<A extends Access> = A extends 'public' ? undefined : User;

/** The context of one operation's handler: its parsed params, query and body, its caller, what it answers. */
export type ContextOf<O extends Operation> = ApiContext<
  ParamsOf<O>,
  QueryOf<O>,
  BodyOf<O>,
  CallerOf<O['access']>,
  DataOf<O>
>;

export type Handler<O extends Operation> = (ctx: ContextOf<O>) => Promise<void> | void;

export interface RouteOptions {
  /** Middleware between validation (and If-Match) and the handler: rate limits, device checks. */
  before?: Middleware[];
  /** Middleware in front of everything else of the route (a cache of its own). */
  first?: Middleware[];
}

export type RegisterRoute = <O extends Operation>(operation: O, handler: Handler<O>, options?: RouteOptions) => void;

export interface RouteTable {
  route: RegisterRoute;
  /** The policy table: every admin route registered, with its module and action. */
  adminRoutes: AdminRoute[];
  /** Throws while an operation of the table has no handler (or has two). */
  assertComplete: () => void;
}

export function createRouteTable(router: Router, session: Session, deps: AppDeps): RouteTable {
  const adminRoutes: AdminRoute[] = [];
  const registered = new Set<Operation>();

  function accessMiddleware(operation: Operation): Middleware[] {
    switch (operation.access) {
      case 'public':
        return [];
      case 'user':
        return [session.requireUser];
      case 'signInStarted':
        return [session.requireSignInStarted];
      case 'staffSignInStarted':
        return [session.requireStaffSignInStarted];
      case 'admin': {
        const { module, action } = operation;
        if (!module || !action) throw new Error(`${operation.method} ${operation.path}: an admin route needs a module`);
        const filedUnder = operation.auditModule;
        const { method, path } = operation;
        adminRoutes.push({ method, path, module, action, ...(filedUnder && { auditModule: filedUnder }) });
        return [session.requireAdmin, session.authorize(module, action), auditModule(filedUnder ?? module)];
      }
    }
  }

  const route: RegisterRoute = (operation, handler, options = {}) => {
    if (registered.has(operation)) throw new Error(`${operation.method} ${operation.path} is registered twice`);
    registered.add(operation);
    const { params, query, body } = operation;
    const stack: Middleware[] = [
      named(operation),
      ...(operation.idempotent === false ? [notIdempotent] : []),
      ...(options.first ?? []),
      ...accessMiddleware(operation),
      ...(operation.publicCache ? [publicContentCache(deps.contentChanges, operation.publicCache)] : []),
      validate({ params, query, body }),
      ...(operation.ifMatch ? [precondition] : []),
      ...(options.before ?? []),
      // The middleware above establishes the state the handler's type describes.
      handler as unknown as Middleware,
    ];
    router[operation.method](operation.path, ...stack);
  };

  function assertComplete(): void {
    const missing = API_OPERATIONS.filter((operation) => !operation.beforeRouter && !registered.has(operation));
    if (missing.length > 0) {
      throw new Error(`Operations without a handler: ${missing.map((o) => `${o.method} ${o.path}`).join(', ')}`);
    }
  }

  return { route, adminRoutes, assertComplete };
}

/** Names the matched operation, whatever its other middleware then answers. */
function named(operation: Operation): Middleware {
  return (ctx, next) => {
    ctx.state.operation = operation;
    return next();
  };
}

/** The operation a request was routed to; undefined when no route of the table matched. */
export function operationOf(state: { operation?: unknown }): Operation | undefined {
  return state.operation as Operation | undefined;
}

/** Names the module the audit entries of the route's writes are filed under (modules/audit/record.ts). */
function auditModule(module: Module | AuditOwnModule): Middleware {
  return (ctx, next) => {
    ctx.state.auditModule = module;
    return next();
  };
}
