/**
 * What one API operation is, as the route table (operations.ts) declares it: the server registers its
 * routes from these entries, the OpenAPI document lists them, and the client and the console's queued
 * changes take their paths and types from them.
 */
import { z, type ZodType } from 'zod';
import type { AuditOwnModule } from '../audit.js';
import type { Action, Module } from '../permissions.js';
import type { versionScheduleSchema } from '../schemas/content.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; a complete sign-in; a sign-in still pending its two-factor setup (only the
 * routes that complete it); staff, complete or pending; staff with the module's permission.
 */
export type Access = 'public' | 'user' | 'signInStarted' | 'staffSignInStarted' | 'admin';

declare const answerType: unique symbol;

/** The `data` an operation answers, as a type only: OpenAPI's schema of it is in api/src/openapi/answers.ts. */
export interface Answer<T> {
  readonly [answerType]?: T;
}

export const returns = <T>(): Answer<T> => ({});

export interface Operation {
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
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  answer: Answer<unknown>;
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

/** What an operation declares besides its method, path and access. */
export type OperationDetails = Omit<Operation, 'method' | 'path' | 'access' | 'module' | 'action'>;

/** An operation outside /api/admin: `path` is under /api. */
export function operation<
  const M extends HttpMethod,
  const P extends string,
  const A extends Exclude<Access, 'admin'>,
  const D extends OperationDetails,
>(method: M, path: P, access: A, details: D): { method: M; path: `/api${P}`; access: A } & D {
  return { method, path: `${API_PREFIX}${path}`, access, ...details };
}

/** An operation under /api/admin, checked against the policy table for `module`. */
export function adminOperation<
  const Mod extends Module,
  const M extends HttpMethod,
  const P extends string,
  const D extends OperationDetails,
>(
  module: Mod,
  method: M,
  path: P,
  details: D,
): { method: M; path: `/api/admin${P}`; access: 'admin'; module: Mod; action: ActionOf<M> } & D {
  const action = actionFor(method) as ActionOf<M>;
  return { method, path: `${ADMIN_PREFIX}${path}`, access: 'admin', module, action, ...details };
}

type Output<S> = S extends ZodType ? z.output<S> : undefined;
type Input<S> = S extends ZodType ? z.input<S> : undefined;

/** What the server's handler reads, after validation. */
export type ParamsOf<O extends Operation> = Output<O['params']>;
export type QueryOf<O extends Operation> = Output<O['query']>;
export type BodyOf<O extends Operation> = Output<O['body']>;
/** What a caller sends, before the schema's transforms and defaults. */
export type QueryInputOf<O extends Operation> = Input<O['query']>;
export type BodyInputOf<O extends Operation> = Input<O['body']>;
export type DataOf<O extends Operation> = O['answer'] extends Answer<infer T> ? T : unknown;

/** The names of a path's parameters: '/api/faqs/:id' → 'id'. */
export type PathParameterNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathValues<O extends Operation> = { [K in PathParameterNames<O['path']>]: string | number };

/** The path of one call: /api/admin/faqs/7 from /api/admin/faqs/:id and { id: 7 }. */
export function pathOf<O extends Operation>(operation: O, values: PathValues<O>): string {
  const given = values as Record<string, string | number>;
  return operation.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = given[name];
    if (value === undefined) throw new Error(`${operation.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Route ids are positive integers up to this (a 32-bit integer column on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

/**
 * Route ids: anything but a positive integer up to MAX_ID names nothing, so the server answers 404,
 * not 400 (and PostgreSQL never sees a number it would refuse with an error).
 */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((id) => id <= MAX_ID),
});
export type IdParams = z.infer<typeof idParams>;

type AdminOperation = Operation & { access: 'admin' };

/** The admin list, create, update and delete of a plain content list, whatever its schemas. */
export interface AdminCrudOperations<Body, Query> {
  list: AdminOperation & { method: 'get'; query: ZodType<Query> };
  create: AdminOperation & { method: 'post'; body: ZodType<Body> };
  update: AdminOperation & { method: 'put'; params: typeof idParams; body: ZodType<Body> };
  remove: AdminOperation & { method: 'delete'; params: typeof idParams };
}

/** The public active version and the admin calls of one kind of versioned content. */
export interface VersionedOperations<Body> {
  active: Operation & { method: 'get'; access: 'public' };
  list: AdminOperation & { method: 'get'; query: ZodType<{ page: number; limit: number }> };
  get: AdminOperation & { method: 'get'; params: typeof idParams };
  create: AdminOperation & { method: 'post'; body: ZodType<Body> };
  update: AdminOperation & { method: 'put'; params: typeof idParams; body: ZodType<Body> };
  activate: AdminOperation & { method: 'patch'; params: typeof idParams };
  schedule: AdminOperation & { method: 'put'; params: typeof idParams; body: typeof versionScheduleSchema };
  cancelSchedule: AdminOperation & { method: 'patch'; params: typeof idParams };
  remove: AdminOperation & { method: 'delete'; params: typeof idParams };
}
