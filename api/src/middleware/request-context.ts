/** A request id on every answer and one structured log line per request, without secrets. */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../lib/logger.js';

const SAFE_REQUEST_ID = /^[\w-]{8,64}$/;

export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // The matched route pattern, not the URL: reset tokens travel in paths and must not reach logs.
      const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      logger.info(
        {
          requestId,
          method: ctx.method,
          route,
          status: ctx.status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          userId: ctx.state.user?.id,
        },
        'request',
      );
    }
  };
}
