/**
 * What one API route is, as a caller needs it: method, path, who may call, the policy's module and
 * action, the flags the server and the clients read, and, as types only, what it accepts and answers.
 * Nothing here or in the table of routes (routes.ts) loads zod: the client and the console's queued
 * changes use them, and they load with the console's sign-in screen and the site's pages. The schemas
 * that validate a route's input and describe its answer, with its summary and the error answers it can
 * give, are attached to it for the server, OpenAPI and the tests (route-schemas.ts, operations.ts).
 */
import type { AuditOwnModule } from '../audit.js';
import type { Action, Module } from '../permissions.js';
import type { VersionScheduleInput } from '../schemas/content.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; a complete sign-in; a sign-in still pending its two-factor setup (only the
 * routes that complete it); staff, complete or pending; staff with the module's permission.
 */
export type Access = 'public' | 'user' | 'signInStarted' | 'staffSignInStarted' | 'admin';

declare const answerType: unique symbol;

/**
 * The `data` a route answers, as a type only: its schema is the route's `answer` in
 * route-schemas.ts, from which the table's type takes it (operation.ts: AcceptingInputs).
 */
export interface Answers<T> {
  readonly [answerType]?: { data: T };
}

declare const inputType: unique symbol;

/**
 * The query and body a route accepts from its caller (before the server's schemas parse them), as a
 * type only: no route carries it at runtime. A parameter's type, so that a route accepting more can
 * stand where a caller sends less (a form's payload that leaves an optional field out).
 */
export interface Accepts<Query, Body> {
  readonly [inputType]?: (input: { query: Query; body: Body }) => void;
}

export interface Route {
  method: HttpMethod;
  /** Full path with Koa-style parameters: /api/admin/faqs/:id */
  path: string;
  access: Access;
  /** Admin operations: the policy table's module, and the action the method asks for. */
  module?: Module;
  action?: Action;
  /**
   * Admin operations whose writes the audit trail files under another module than their policy
   * module: the announcements, allowed by the members permission but items of their own.
   */
  auditModule?: AuditOwnModule;
  /** An item write that honours If-Match (the editor's revision). */
  ifMatch?: boolean;
  /**
   * false: a write that ignores Idempotency-Key: its answer is a secret not for keeping in a table, or
   * it changes nothing (the members import's dry run, whose answer can be megabytes).
   */
  idempotent?: false;
  /**
   * A public read answered from the shared cache: the query parameters its answer depends on (the
   * others do not make another cache entry).
   */
  publicCache?: readonly string[];
  /** The body's limit in MB where it is not the API's 1 MB (the members import's file). */
  bodyLimitMb?: number;
  /** A successful write changes what public answers and pages show: the content version is bumped. */
  changesPublicContent?: boolean;
  /**
   * Served in front of the router by the app itself (the metrics scrape), so no handler is registered
   * for it: the table holds it for its path and its place in the OpenAPI document.
   */
  beforeRouter?: boolean;
  /**
   * The resources (as resourceOf names them) a successful write changes besides its own: the console
   * refreshes their lists and items too (an account's edit changes the signed-in user's own answer).
   */
  changes?: readonly string[];
}

/** GET needs view; POST, PUT and PATCH edit; DELETE delete. */
export function actionFor(method: HttpMethod): Action {
  if (method === 'get') return 'view';
  if (method === 'delete') return 'delete';
  return 'edit';
}

export const API_PREFIX = '/api';
export const ADMIN_PREFIX = '/api/admin';

type ActionOf<M extends HttpMethod> = M extends 'get' ? 'view' : M extends 'delete' ? 'delete' : 'edit';

/** What a route declares besides its method, path and access. */
export type RouteDetails = Omit<Route, 'method' | 'path' | 'access' | 'module' | 'action'>;

/** A route that declares nothing besides its method, path and access. */
type NoDetails = Record<never, never>;

const NO_DETAILS: NoDetails = {};

/** A route outside /api/admin: `path` is under /api. */
export function route<
  const M extends HttpMethod,
  const P extends string,
  const A extends Exclude<Access, 'admin'>,
  const D extends RouteDetails = NoDetails,
>(method: M, path: P, access: A, details: D = NO_DETAILS as D): { method: M; path: `/api${P}`; access: A } & D {
  return { method, path: `${API_PREFIX}${path}`, access, ...details };
}

/** A route under /api/admin, checked against the policy table for `module`. */
export function adminRoute<
  const Mod extends Module,
  const M extends HttpMethod,
  const P extends string,
  const D extends RouteDetails = NoDetails,
>(
  module: Mod,
  method: M,
  path: P,
  details: D = NO_DETAILS as D,
): { method: M; path: `/api/admin${P}`; access: 'admin'; module: Mod; action: ActionOf<M> } & D {
  const action = actionFor(method) as ActionOf<M>;
  return { method, path: `${ADMIN_PREFIX}${path}`, access: 'admin', module, action, ...details };
}

/** What a route accepts, as its caller writes it; a route that says nothing accepts nothing. */
type InputOf<R extends Route> = typeof inputType extends keyof R
  ? NonNullable<R[typeof inputType]> extends (input: infer Input extends { query: unknown; body: unknown }) => void
    ? Input
    : never
  : { query: undefined; body: undefined };

/** What a caller sends, before the server's schemas transform it and fill in defaults. */
export type QueryInputOf<R extends Route> = InputOf<R>['query'];
export type BodyInputOf<R extends Route> = InputOf<R>['body'];
export type DataOf<R extends Route> = typeof answerType extends keyof R
  ? NonNullable<R[typeof answerType]> extends { data: infer T }
    ? T
    : unknown
  : unknown;

/** The names of a path's parameters: '/api/faqs/:id' → 'id'. */
export type PathParameterNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathValues<R extends Route> = { [K in PathParameterNames<R['path']>]: string | number };

/** The path of one call: /api/admin/faqs/7 from /api/admin/faqs/:id and { id: 7 }. */
export function pathOf<R extends Route>(route: R, values: PathValues<R>): string {
  const given = values as Record<string, string | number>;
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = given[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The resource a route reads or writes: the first word of its path after /api/admin or /api
 * ('faqs' for /api/faqs and /api/admin/faqs/:id, 'contact-messages', 'auth').
 */
export function resourceOf(route: Pick<Route, 'path'>): string {
  return queryKeyOf(route)[0]!;
}

/**
 * The key under which the console keeps what a GET answers: the words of its path after /api/admin
 * or /api, up to its first parameter (['faqs'], ['auth', 'me'], ['account', 'sessions']). A resource's
 * key is the prefix of its lists' and items' keys, so refreshing it refreshes them all.
 */
export function queryKeyOf(route: Pick<Route, 'path'>): string[] {
  const prefix = route.path.startsWith(`${ADMIN_PREFIX}/`) ? ADMIN_PREFIX : API_PREFIX;
  const words = route.path.slice(prefix.length + 1).split('/');
  const end = words.findIndex((word) => word.startsWith(':'));
  return end === -1 ? words : words.slice(0, end);
}

/** A table of routes by name, in groups that may hold groups of their own (ROUTES.faqs.admin). */
export interface RouteTree<R extends Route = Route> {
  readonly [name: string]: R | RouteTree<R>;
}

export function isRoute(entry: Route | RouteTree): entry is Route {
  return typeof entry.method === 'string';
}

/** Every route of a table, in its order. */
export function routesOf<R extends Route>(tree: RouteTree<R>): R[] {
  return Object.values(tree).flatMap((entry) => (isRoute(entry) ? [entry] : routesOf(entry)));
}

type AdminRoute = Route & { access: 'admin' };

/** The admin list, create, update and delete of a plain content list, typed by the body a caller sends. */
export interface AdminCrudRoutes<Body> {
  list: AdminRoute & { method: 'get' };
  create: AdminRoute & { method: 'post' } & Accepts<undefined, Body>;
  update: AdminRoute & { method: 'put' } & Accepts<undefined, Body>;
  remove: AdminRoute & { method: 'delete' };
}

/** The public active version and the admin calls of one kind of versioned content. */
export interface VersionedRoutes<Body> {
  active: Route & { method: 'get'; access: 'public' };
  list: AdminRoute & { method: 'get' };
  get: AdminRoute & { method: 'get' };
  create: AdminRoute & { method: 'post' } & Accepts<undefined, Body>;
  update: AdminRoute & { method: 'put' } & Accepts<undefined, Body>;
  activate: AdminRoute & { method: 'patch' };
  schedule: AdminRoute & { method: 'put' } & Accepts<undefined, VersionScheduleInput>;
  cancelSchedule: AdminRoute & { method: 'patch' };
  remove: AdminRoute & { method: 'delete' };
}
