/** A request id on every answer, one structured log line and one metrics sample per request, without secrets. */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../modules/metrics/metrics.js';

const SAFE_REQUEST_ID = /^[\w-]{8,64}$/;

/** The caller's X-Request-Id when it is a plain token, else a fresh one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export interface RequestRecord {
  requestId: string;
  method: string;
  /** The matched route pattern, not the URL: reset tokens travel in paths and must not reach logs. */
  route: string;
  status: number;
  started: bigint;
  userId?: string | number | undefined;
}

/** Logs the request and feeds the latency histogram: shared by the Koa chain and the cached-answer path. */
export function recordRequest(logger: Logger, metrics: Metrics | undefined, record: RequestRecord): void {
  const ms = Number(process.hrtime.bigint() - record.started) / 1e6;
  metrics?.observeRequest(record.method, record.route, record.status, ms / 1000);
  // Skips building the log object when the level is off (LOG_LEVEL=warn on busy servers).
  if (!logger.isLevelEnabled('info')) return;
  const { started: _started, ...fields } = record;
  logger.info({ ...fields, ms }, 'request');
}

export function requestContext(logger: Logger, metrics?: Metrics): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      recordRequest(logger, metrics, {
        requestId,
        method: ctx.method,
        route: (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched',
        status: ctx.status,
        started,
        userId: (ctx.state as { user?: { id: number } }).user?.id,
      });
    }
  };
}
