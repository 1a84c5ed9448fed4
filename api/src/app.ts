/** The API as a Koa app, built from its dependencies so tests build real instances of it. */
import { bodyParser } from '@koa/bodyparser';
import cors from '@koa/cors';
import Router from '@koa/router';
import { CACHE_LIFETIMES_S } from '@npo/shared';
import Koa from 'koa';
import type { AppDeps } from './deps.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestContext } from './middleware/request-context.js';
import { bodyDecodingError, decodablePath, privateAnswers, unmatchedRequests } from './middleware/request-guards.js';
import { securityHeaders } from './middleware/security-headers.js';
import { createSession } from './middleware/session.js';
import { authRoutes } from './modules/auth/routes.js';
import type { ModuleContext } from './modules/context.js';
import { healthRoutes } from './modules/health/routes.js';
import { CONTENT_MODULES } from './modules/index.js';
import { buildOpenApi } from './openapi.js';
import { cachedPublicAnswers, publicCache } from './lib/public-cache.js';
import { adminModule, type AdminRoute } from './policy.js';

export const BODY_LIMIT = '1mb';

export interface Api {
  app: Koa;
  /** The policy table: every admin route with its module and action. */
  adminRoutes: AdminRoute[];
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** After a successful admin write, cached pages must be rendered again. */
function announceContentChanges(deps: AppDeps): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (WRITE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/admin/') && ctx.status < 400) {
      await deps.contentChanges.bump();
    }
  };
}

export function createApi(deps: AppDeps): Api {
  const app = new Koa({ proxy: deps.config.trustProxy });
  const router = new Router();
  const session = createSession(deps);
  const adminRoutes: AdminRoute[] = [];

  healthRoutes(router, deps);
  authRoutes(router, deps, session);
  const context: ModuleContext = {
    router,
    deps,
    session,
    admin: (module) => adminModule(router, session, adminRoutes, module),
  };
  for (const register of CONTENT_MODULES) register(context);
  let openApi: unknown;
  router.get('/api/openapi.json', publicCache(CACHE_LIFETIMES_S.default), async (ctx) => {
    openApi ??= buildOpenApi(router, adminRoutes);
    ctx.body = openApi;
  });

  const allowedOrigins = new Set(deps.config.corsOrigins);
  app.use(requestContext(deps.logger));
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
      allowHeaders: ['Authorization', 'Content-Type', 'If-Match', 'X-Request-Id'],
      exposeHeaders: ['ETag'],
      maxAge: 600,
    }),
  );
  app.use(announceContentChanges(deps));
  app.use(cachedPublicAnswers(deps.contentChanges));
  app.use(privateAnswers());
  app.use(unmatchedRequests());
  app.use(router.allowedMethods());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, encoding: 'utf-8', onError: bodyDecodingError }));
  app.use(router.routes());
  return { app, adminRoutes };
}
