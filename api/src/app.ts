/** The API as a Koa app, built from its dependencies so tests build real instances of it. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import cors from '@koa/cors';
import Router from '@koa/router';
import { API, API_OPERATIONS, CACHE_LIFETIMES_S } from '@npo/shared';
import Koa from 'koa';
import type { AppDeps } from './deps.js';
import { errorHandler } from './middleware/error-handler.js';
import { createIdempotency, IDEMPOTENCY_HEADER } from './middleware/idempotency.js';
import { requestContext } from './middleware/request-context.js';
import { createAdmission } from './middleware/admission.js';
import {
  bodyDecodingError,
  decodablePath,
  nestsDeeperThan,
  privateAnswers,
  unmatchedRequests,
} from './middleware/request-guards.js';
import { MAX_JSON_DEPTH, tooDeeplyNested } from './errors.js';
import { securityHeaders } from './middleware/security-headers.js';
import { createSession } from './middleware/session.js';
import { recordWritesWith } from './db/audited-writes.js';
import { adminWriteAudit } from './modules/audit/admin-writes.js';
import { auditScope } from './modules/audit/scope.js';
import { registerAuth } from './modules/auth/routes.js';
import type { ModuleContext } from './modules/context.js';
import { registerHealth } from './modules/health/routes.js';
import { CONTENT_MODULES } from './modules/index.js';
import { CORS_EXPOSED_HEADERS, createCachedAnswerPath, type CachedAnswerPath } from './lib/cached-answer-path.js';
import { publicAnswerStore, publicCache } from './lib/public-cache.js';
import { isMetricsRequest, mayReadMetrics, sendMetrics } from './modules/metrics/endpoint.js';
import { createMetrics, type Metrics } from './modules/metrics/metrics.js';
import type { AdminRoute } from './policy.js';
import { createRouteTable, operationOf } from './routes.js';

export const BODY_LIMIT = '1mb';

export interface Api {
  app: Koa;
  /** The policy table: every admin route with its module and action. */
  adminRoutes: AdminRoute[];
  /** Request, cache and pool figures, served at GET /api/metrics; the web app adds its own. */
  metrics: Metrics;
}

/**
 * Koa behind two answers that need none of it: public answers already in memory (most of the
 * traffic, see cached-answer-path.ts) and the metrics scrape. The rest goes through the middleware.
 */
class ApiApp extends Koa {
  constructor(
    options: { proxy: boolean },
    private readonly cachedAnswer: CachedAnswerPath,
    private readonly metrics: Metrics,
    private readonly metricsToken: string | undefined,
    /** TRUST_PROXY: a proxy in front, so no request is local to the metrics endpoint. */
    private readonly behindProxy: boolean,
  ) {
    super(options);
  }

  override callback(): ReturnType<Koa['callback']> {
    const handleWithKoa = super.callback();
    // A plain function, not an async one: a cached answer should not cost a promise.
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      if (this.cachedAnswer(req, res)) return;
      if (isMetricsRequest(req) && mayReadMetrics(req, this.metricsToken, this.behindProxy)) {
        sendMetrics(req, res, this.metrics).catch((error: unknown) => res.destroy(error as Error));
        return;
      }
      return handleWithKoa(req, res);
    };
    // Served over HTTP/1 only (node:http): Koa's type also allows HTTP/2 requests, never seen here.
    return handle as unknown as ReturnType<Koa['callback']>;
  }
}

/** The methods @koa/bodyparser reads a body for (its default parsedMethods); it skips the others. */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The body limit of each write whose table entry raises it (the members import's file, a profile
 * photo), by method and path pattern (a parameter matches one path segment); every other body is
 * refused past BODY_LIMIT.
 */
function raisedBodyLimits(): (method: string, path: string) => string | undefined {
  const limits: { method: string; pattern: RegExp; limit: string }[] = [];
  for (const operation of API_OPERATIONS) {
    if (operation.bodyLimitMb === undefined) continue;
    const pattern = new RegExp(`^${operation.path.replace(/:\w+/g, '[^/]+')}$`);
    limits.push({ method: operation.method.toUpperCase(), pattern, limit: `${operation.bodyLimitMb}mb` });
  }
  return (method, path) => limits.find((entry) => entry.method === method && entry.pattern.test(path))?.limit;
}

/** The body parser (co-body and its decoders) loads with the first request whose body it would read. */
function lazyBodyParser(): Koa.Middleware {
  const parsers = new Map<string, Promise<Koa.Middleware>>();
  const raised = raisedBodyLimits();
  const parserFor = (jsonLimit: string) => {
    let parser = parsers.get(jsonLimit);
    if (!parser) {
      parser = import('@koa/bodyparser').then(({ bodyParser }) =>
        bodyParser({ enableTypes: ['json'], jsonLimit, encoding: 'utf-8', onError: bodyDecodingError }),
      );
      parsers.set(jsonLimit, parser);
    }
    return parser;
  };
  return async (ctx, next) => {
    if (!PARSED_METHODS.has(ctx.method)) {
      await next();
      return;
    }
    const limit = raised(ctx.method, ctx.path) ?? BODY_LIMIT;
    const parse = await parserFor(limit);
    await parse(ctx, async () => {
      if (nestsDeeperThan(ctx.request.body, MAX_JSON_DEPTH)) throw tooDeeplyNested();
      await next();
    });
  };
}

/**
 * Behind a trusted proxy a malformed X-Forwarded-For entry ("unknown", "1.2.3", a host name) would
 * put its senders in one shared bucket of every per-address limit (issue 19): they count by the
 * address that connected instead.
 */
function socketAddressUnlessForwardedIsValid(): Koa.Middleware {
  return async (ctx, next) => {
    const ip = ctx.ip;
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (!isIP(plain)) ctx.request.ip = ctx.req.socket.remoteAddress ?? '';
    await next();
  };
}

/**
 * The one place the content version is bumped: after a successful write whose table entry says it
 * changes public content, cached public answers and pages must be built again.
 */
function announceContentChanges(deps: AppDeps): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    // A replayed answer (middleware/idempotency.ts) changed nothing this time.
    const replayed = ctx.state.idempotentReplay === true;
    if (operationOf(ctx.state)?.changesPublicContent === true && ctx.status < 400 && !replayed) {
      await deps.contentChanges.bump();
    }
  };
}

export function createApi(deps: AppDeps): Api {
  const metrics = createMetrics(deps.db, () => deps.mailer.counts());
  const store = publicAnswerStore(deps.contentChanges);
  metrics.addCache('public_api', () => ({ hits: store.hits, misses: store.misses, entries: store.size }));
  const cachedAnswer = createCachedAnswerPath({
    store,
    contentChanges: deps.contentChanges,
    corsOrigins: deps.config.corsOrigins,
    logger: deps.logger,
    metrics,
  });
  // Behind the proxy, ctx.ip is the address that proxy saw (the last X-Forwarded-For entry): earlier
  // entries are the client's own claim, and rate limits must not take those on trust.
  const koaOptions = { proxy: deps.config.trustProxy, maxIpsCount: 1 };
  const app = new ApiApp(koaOptions, cachedAnswer, metrics, deps.config.metricsToken, deps.config.trustProxy);
  const router = new Router();
  const session = createSession(deps);
  const { route, adminRoutes, assertComplete } = createRouteTable(router, session, deps);

  const context: ModuleContext = { deps, session, route };
  registerHealth(context);
  registerAuth(context);
  for (const register of CONTENT_MODULES) register(context);
  let openApi: unknown;
  route(
    API.metadata.openApi,
    async (ctx) => {
      // Built on first demand: the document and what builds it are not needed to start serving.
      openApi ??= (await import('./openapi.js')).buildOpenApi(API_OPERATIONS);
      ctx.body = openApi;
    },
    { first: [publicCache(CACHE_LIFETIMES_S.default)] },
  );
  assertComplete();

  const allowedOrigins = new Set(deps.config.corsOrigins);
  app.use(socketAddressUnlessForwardedIsValid());
  app.use(requestContext(deps.logger, metrics));
  // After the request's timer starts, before any work: a burst of requests starts a few per turn.
  app.use(createAdmission().middleware);
  // After the request id is set: audit entries read it, the client address and the user from this scope.
  app.use(auditScope(deps.clock));
  recordWritesWith(adminWriteAudit);
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders());
  app.use(decodablePath());
  app.use(
    cors({
      // An allow-list (the desktop app's origin): other origins get no CORS headers at all.
      origin: (ctx) => {
        const origin = ctx.get('origin');
        return allowedOrigins.has(origin) ? origin : '';
      },
      // If-Match makes an edit conditional; the ETag of an answer is the revision the editor sends back.
      // Idempotency-Key makes a write exactly-once; a repeat's answer says it is replayed; a 409 or 429
      // says when to try again (Retry-After is not a CORS-safelisted answer header).
      allowHeaders: ['Authorization', 'Content-Type', 'If-Match', IDEMPOTENCY_HEADER, 'X-Request-Id'],
      exposeHeaders: CORS_EXPOSED_HEADERS,
      maxAge: 600,
    }),
  );
  app.use(announceContentChanges(deps));
  app.use(privateAnswers());
  app.use(unmatchedRequests());
  app.use(router.allowedMethods());
  app.use(lazyBodyParser());
  // After the body parser (a key stands for one body too), right before the routes: the caller is read
  // through the session (the same read the route's own session middleware then reuses).
  app.use(createIdempotency(deps, session, router));
  app.use(router.routes());
  return { app, adminRoutes, metrics };
}
