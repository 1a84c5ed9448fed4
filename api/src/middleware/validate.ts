/** Every route validates with a shared schema; handlers read ctx.state.input only. */
import type { Middleware } from 'koa';
import { z, type ZodType } from 'zod';
import type { ExpectedRevision } from '../db/revisions.js';
import { notFound, validationError } from '../errors.js';
import { zodFieldErrors } from './error-handler.js';

export interface InputSchemas {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

export interface ParsedInput<B = unknown, Q = unknown, P = unknown> {
  body: B;
  query: Q;
  params: P;
  /** If-Match on an item write, added by the precondition middleware; undefined: no precondition. */
  expectedRevision?: ExpectedRevision | undefined;
}

/** The largest id the database can hold (a 32-bit integer column on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

/**
 * Route ids are positive integers up to MAX_ID; anything else names nothing, so it is a 404, not a 400
 * (and never reaches PostgreSQL, which would refuse a larger number with an error).
 */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((id) => id <= MAX_ID),
});

const declaredSchemas = new WeakMap<object, InputSchemas>();

/** The schemas a validate middleware checks: read by the OpenAPI builder. */
export function schemasOf(middleware: object): InputSchemas | undefined {
  return declaredSchemas.get(middleware);
}

export function validate(schemas: InputSchemas): Middleware {
  const middleware: Middleware = async (ctx, next) => {
    const params = schemas.params?.safeParse((ctx as { params?: unknown }).params ?? {});
    if (params && !params.success) throw notFound();
    const input: ParsedInput = { body: undefined, query: undefined, params: params?.data };
    if (schemas.query) {
      const query = schemas.query.safeParse(ctx.query);
      if (!query.success) throw validationError(zodFieldErrors(query.error));
      input.query = query.data;
    }
    if (schemas.body) {
      const body = schemas.body.safeParse(ctx.request.body ?? {});
      if (!body.success) throw validationError(zodFieldErrors(body.error));
      input.body = body.data;
    }
    ctx.state.input = input;
    await next();
  };
  declaredSchemas.set(middleware, schemas);
  return middleware;
}
