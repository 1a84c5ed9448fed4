/**
 * What one API operation is: a route (route.ts) with the zod schemas that validate its path
 * parameters, query and body. The server registers and validates from these, and the OpenAPI document
 * describes them; the browser's code uses the routes alone, so it never loads zod for them.
 */
import { z, type ZodType } from 'zod';
import type { versionScheduleSchema } from '../schemas/content.js';
import { isRoute, type Accepts, type Route, type RouteTree } from './route.js';

/** The schemas of one route's input; a route that reads no input has none. */
export interface RouteSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

/** A route with the schemas of its input: what the server registers and OpenAPI describes. */
export type Operation = Route & RouteSchemas;

type Output<S> = S extends ZodType ? z.output<S> : undefined;
type Input<S> = S extends ZodType ? z.input<S> : undefined;

/** What the server's handler reads, after validation. */
export type ParamsOf<O extends Operation> = Output<O['params']>;
export type QueryOf<O extends Operation> = Output<O['query']>;
export type BodyOf<O extends Operation> = Output<O['body']>;

/** The schemas for a table of routes: at a route's place, the schemas of its input. */
export type SchemasFor<T> = T extends Route ? RouteSchemas : { readonly [K in keyof T]?: SchemasFor<T[K]> };

/** What `schemas` holds at `K`; unknown where it holds nothing (a route that reads no input). */
type SchemasAt<S, K> = S extends object ? (K extends keyof S ? S[K] : unknown) : unknown;

/** A table of routes, each typed with what its schemas accept (the routes carry no schema). */
export type AcceptingInputs<T, S> = T extends Route
  ? T & Accepts<Input<SchemasAt<S, 'query'>>, Input<SchemasAt<S, 'body'>>>
  : { readonly [K in keyof T]: AcceptingInputs<T[K], SchemasAt<S, K>> };

/** A table of routes with their schemas attached. */
export type WithSchemas<T, S> = T extends Route
  ? T & S
  : { readonly [K in keyof T]: WithSchemas<T[K], SchemasAt<S, K>> };

/**
 * The routes of `routes` with the schemas at the same places of `schemas`. Schemas where there is no
 * route are refused: they would validate nothing.
 */
export function withSchemas<T extends RouteTree, S extends SchemasFor<T>>(routes: T, schemas: S): WithSchemas<T, S> {
  // Object.fromEntries loses the names' types; attach keeps every route and adds its schemas, which
  // is what WithSchemas says.
  return attach(routes, schemas, 'API') as WithSchemas<T, S>;
}

const INPUT_SCHEMAS: readonly string[] = ['params', 'query', 'body'] satisfies (keyof RouteSchemas)[];

function attach(entry: Route | RouteTree, schemas: object, place: string): Route | RouteTree {
  if (isRoute(entry)) {
    const stray = Object.keys(schemas).filter((key) => !INPUT_SCHEMAS.includes(key));
    if (stray.length > 0) throw new Error(`${place}: ${stray.join(', ')} is not a schema of a route's input`);
    return { ...entry, ...schemas };
  }
  const unknown = Object.keys(schemas).filter((name) => !(name in entry));
  if (unknown.length > 0) throw new Error(`${place}: schemas for no route: ${unknown.join(', ')}`);
  const at = schemas as Record<string, object | undefined>;
  return Object.fromEntries(
    Object.entries(entry).map(([name, inner]) => [name, attach(inner, at[name] ?? {}, `${place}.${name}`)]),
  );
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
