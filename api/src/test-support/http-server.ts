import { createServer, type Server } from 'node:http';
import type Koa from 'koa';

/**
 * An HTTP server for a Koa app, not yet listening. Koa's handler returns a promise that node:http
 * ignores; the app answers its own errors, so the promise is let go on purpose (as site/server/main.ts does).
 */
export function httpServerFor(app: Pick<Koa, 'callback'>): Server {
  const handle = app.callback();
  return createServer((request, response) => void handle(request, response));
}
