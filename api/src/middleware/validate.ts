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

/**
 * The first text in `value` holding a NUL, as a field path ("tags.2"): the last rule of every route
 * (issue 52 item 8), whatever its schema says. PostgreSQL refuses NUL in text (a 500 there), and no
 * text a person typed holds one. The schemas refuse the other control characters field by field.
 */
function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNul(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

function refuseNul(value: unknown): void {
  const field = fieldWithNul(value);
  if (field) throw validationError([{ field, message: `${field} contains characters that are not allowed` }]);
}

export function validate(schemas: InputSchemas): Middleware {
  const middleware: Middleware = async (ctx, next) => {
    const params = schemas.params?.safeParse((ctx as { params?: unknown }).params ?? {});
    if (params && !params.success) throw notFound();
    const input: ParsedInput = { body: undefined, query: undefined, params: params?.data };
    if (schemas.query) {
      const query = schemas.query.safeParse(ctx.query);
      if (!query.success) throw validationError(zodFieldErrors(query.error));
      refuseNul(query.data);
      input.query = query.data;
    }
    if (schemas.body) {
      const body = schemas.body.safeParse(ctx.request.body ?? {});
      if (!body.success) throw validationError(zodFieldErrors(body.error));
      // What the schema let through (its own messages come first); the parser bounds the depth (app.ts).
      refuseNul(body.data);
      input.body = body.data;
    }
    ctx.state.input = input;
    await next();
  };
  return middleware;
}
