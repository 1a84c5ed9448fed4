/**
 * What one API operation is: a route (route.ts) with its contract (route-schemas.ts): the zod schemas
 * that validate its path parameters, query and body, the schema of what it answers, its summary and
 * tag, and the error answers it can give besides those the route's flags imply. The server registers
 * and validates from these, the OpenAPI document is built from them alone, and the test app checks
 * every answer against its route's schema; the browser's code uses the routes alone, so it never
 * loads zod for them.
 */
import { z, type ZodType } from 'zod';
import { MAX_ID } from '../constants.js';
import type { Pagination } from '../entities.js';
import type { versionScheduleSchema } from '../schemas/content.js';
import { isRoute, type Accepts, type Answers, type Route, type RouteTree } from './route.js';
import { TAGS, type TagKey } from './tags.js';

/** The schemas of one route's input; a route that reads no input has none. */
export interface RouteSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

/** What a route answers on success, as the OpenAPI document says it and the tests check it. */
export interface AnswerContract {
  /** The `data` of the success envelope; with `raw` or `mediaType`, the body itself. */
  answer: ZodType;
  /** A short imperative sentence, without a final full stop: the document's summary. */
  summary: string;
  /** The module the document lists it under; by default the table's group it is in. */
  tag?: TagKey;
  /** What the success answer means; by default "Success envelope" (200) or "Created" (201). */
  description?: string;
  status?: 200 | 201;
  /** The body itself, not the envelope (health, this document, "Download my data"). */
  raw?: boolean;
  /** Another media type than JSON (a CSV or iCalendar download). */
  mediaType?: string;
  /** An admin item: the ETag header carries its revision. */
  etag?: boolean;
}

/** The error answers a route can give besides those its access, flags and input imply. */
export interface ErrorContract {
  /** 409 conflict: a unique key or a business rule can refuse the write (If-Match routes get 409 anyway). */
  conflicts?: boolean;
  /** 429: throttled per account or address, per IP in front of them, or while the hashing pool is busy. */
  throttled?: boolean;
  /** 428: past the site-wide rate the request needs a solved proof of work (Proof-Of-Work header). */
  asksProofOfWork?: boolean;
  /** 401: refused credentials (wrong e-mail or password, or a deactivated account). */
  checksCredentials?: boolean;
  /** 403: for members only; a staff account is refused. */
  membersOnly?: boolean;
  /** 404: a public single object, missing until a version is active. */
  mayBeMissing?: boolean;
}

/** Everything a route declares besides what routes.ts holds. */
export type RouteContract = RouteSchemas & AnswerContract & ErrorContract;

/** A route with its contract: what the server registers, OpenAPI describes and the tests check. */
export type Operation = Route & RouteSchemas & AnswerContract & ErrorContract & { tag: TagKey };

type Output<S> = S extends ZodType ? z.output<S> : undefined;
type Input<S> = S extends ZodType ? z.input<S> : undefined;

/** What the server's handler reads, after validation. */
export type ParamsOf<O extends Operation> = Output<O['params']>;
export type QueryOf<O extends Operation> = Output<O['query']>;
export type BodyOf<O extends Operation> = Output<O['body']>;

/** The contracts for a table of routes: at each route's place, its contract (none may be left out). */
export type SchemasFor<T> = T extends Route ? RouteContract : { readonly [K in keyof T]: SchemasFor<T[K]> };

/** What `schemas` holds at `K`; unknown where it holds nothing (a route that reads no input). */
type SchemasAt<S, K> = S extends object ? (K extends keyof S ? S[K] : unknown) : unknown;

/** A table of routes, each typed with what its schemas accept and answer (the routes carry no schema). */
export type AcceptingInputs<T, S> = T extends Route
  ? T & Accepts<Input<SchemasAt<S, 'query'>>, Input<SchemasAt<S, 'body'>>> & Answers<Output<SchemasAt<S, 'answer'>>>
  : { readonly [K in keyof T]: AcceptingInputs<T[K], SchemasAt<S, K>> };

/** A table of routes with their schemas attached. */
export type WithSchemas<T, S> = T extends Route
  ? T & S & { tag: TagKey }
  : { readonly [K in keyof T]: WithSchemas<T[K], SchemasAt<S, K>> };

/**
 * The routes of `routes` with the schemas at the same places of `schemas`. Schemas where there is no
 * route are refused: they would validate nothing.
 */
export function withSchemas<T extends RouteTree, S extends SchemasFor<T>>(routes: T, schemas: S): WithSchemas<T, S> {
  // Object.fromEntries loses the names' types; attach keeps every route and adds its schemas, which
  // is what WithSchemas says.
  return attach(routes, schemas, 'API', undefined) as WithSchemas<T, S>;
}

/** Every field a route's contract may have. */
export const CONTRACT_FIELDS: readonly string[] = [
  'params',
  'query',
  'body',
  'answer',
  'summary',
  'tag',
  'description',
  'status',
  'raw',
  'mediaType',
  'etag',
  'conflicts',
  'throttled',
  'asksProofOfWork',
  'checksCredentials',
  'membersOnly',
  'mayBeMissing',
] satisfies (keyof RouteContract)[];

function isTag(name: string): name is TagKey {
  return name in TAGS;
}

/** `group`: the table's top-level group the entry is in, the tag of its routes that name none. */
function attach(
  entry: Route | RouteTree,
  schemas: object,
  place: string,
  group: string | undefined,
): Route | RouteTree {
  if (isRoute(entry)) {
    const contract = schemas as Partial<RouteContract>;
    const stray = Object.keys(schemas).filter((key) => !CONTRACT_FIELDS.includes(key));
    if (stray.length > 0) throw new Error(`${place}: ${stray.join(', ')} is not a field of a route's contract`);
    if (!contract.answer || !contract.summary) throw new Error(`${place}: a route needs its answer and summary`);
    const tag = contract.tag ?? group;
    if (tag === undefined || !isTag(tag)) throw new Error(`${place}: "${tag}" is no tag: name one`);
    return Object.assign({}, entry, schemas, { tag });
  }
  const unknown = Object.keys(schemas).filter((name) => !(name in entry));
  if (unknown.length > 0) throw new Error(`${place}: contracts for no route: ${unknown.join(', ')}`);
  const at = schemas as Record<string, object | undefined>;
  return Object.fromEntries(
    Object.entries(entry).map(([name, inner]) => [
      name,
      attach(inner, at[name] ?? {}, `${place}.${name}`, group ?? name),
    ]),
  );
}

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

/** A page of `Item`s under the name `C`, as the admin lists answer it. */
type PageOf<C extends string, Item> = Answers<{ [K in C]: Item[] } & { pagination: Pagination }>;

/** The admin list, create, update and delete of a plain content list, whatever its schemas. */
export interface AdminCrudOperations<Body, Query, Item, C extends string> {
  list: AdminOperation & { method: 'get'; query: ZodType<Query> } & PageOf<C, Item>;
  create: AdminOperation & { method: 'post'; body: ZodType<Body> } & Answers<Item>;
  update: AdminOperation & { method: 'put'; params: typeof idParams; body: ZodType<Body> } & Answers<Item>;
  remove: AdminOperation & { method: 'delete'; params: typeof idParams } & Answers<null>;
}

/** The public active version and the admin calls of one kind of versioned content. */
export interface VersionedOperations<Body, Item, C extends string> {
  active: Operation & { method: 'get'; access: 'public' } & Answers<Item>;
  list: AdminOperation & { method: 'get'; query: ZodType<{ page: number; limit: number }> } & PageOf<C, Item>;
  get: AdminOperation & { method: 'get'; params: typeof idParams } & Answers<Item>;
  create: AdminOperation & { method: 'post'; body: ZodType<Body> } & Answers<Item>;
  update: AdminOperation & { method: 'put'; params: typeof idParams; body: ZodType<Body> } & Answers<Item>;
  activate: AdminOperation & { method: 'patch'; params: typeof idParams } & Answers<Item>;
  schedule: AdminOperation & {
    method: 'put';
    params: typeof idParams;
    body: typeof versionScheduleSchema;
  } & Answers<Item>;
  cancelSchedule: AdminOperation & { method: 'patch'; params: typeof idParams } & Answers<Item>;
  remove: AdminOperation & { method: 'delete'; params: typeof idParams } & Answers<null>;
}
