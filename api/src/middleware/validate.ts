/** Every route validates with a shared schema; handlers read ctx.state.input only. */
import type { Middleware } from 'koa';
import type { ZodType } from 'zod';
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
  return middleware;
}
