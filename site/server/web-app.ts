/**
 * The production web app: /api goes to the API, /admin to the console's web build, everything
 * else to the public site.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '@npo/api';
import Koa, { type Context } from 'koa';
import { API_DOCS_SECURITY_HEADERS, PAGE_SECURITY_HEADERS } from './security-headers.js';
import { sendFile } from './static-files.js';
import { HSTS, isSecure } from './transport.js';
import type { CachedPagePath } from './cached-page-path.js';
import type { SiteRenderer } from './site-renderer.js';

const HTML_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** The repository root: the nearest folder above this file holding both site/ and desktop/. */
function findRepositoryRoot(from: string): string {
  let dir = from;
  while (!(existsSync(path.join(dir, 'site')) && existsSync(path.join(dir, 'desktop')))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
export const REPOSITORY_ROOT = findRepositoryRoot(fileURLToPath(new URL('.', import.meta.url)));
export const ADMIN_BUILD_DIR = path.join(REPOSITORY_ROOT, 'desktop', 'dist', 'web');
/** Vike's build of the public site: client/ for browsers, server/entry.mjs for rendering. */
export const SITE_BUILD_DIR = path.join(REPOSITORY_ROOT, 'site', 'dist', 'vike');
/** The API reference page with Redoc's bundle (site/scripts/api-docs.mjs). */
export const API_DOCS_BUILD_DIR = path.join(REPOSITORY_ROOT, 'site', 'dist', 'api-docs');
export const API_DOCS_PATH = '/api/docs';

function placeholder(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

/** A path whose percent-encoding cannot be decoded names no page or file: a 400, not an error to log. */
function decodable(urlPath: string): boolean {
  try {
    decodeURIComponent(urlPath);
    return true;
  } catch {
    return false;
  }
}

function isUnder(ctx: Context, prefix: string): boolean {
  return ctx.path === prefix || ctx.path.startsWith(`${prefix}/`);
}

/** The console is a single-page app: its files, or its index.html for any route inside it without an extension. */
async function serveAdmin(ctx: Context, buildDir: string): Promise<void> {
  // The console holds a super admin's token: the public site's strict policy ('self' only, no inline
  // script or style) fits it, as its build has no inline code and Blueprint styles through the CSSOM.
  ctx.set(PAGE_SECURITY_HEADERS);
  if (!existsSync(buildDir)) {
    ctx.type = 'html';
    ctx.body = placeholder('Admin console', 'The admin console has not been built yet: run npm run build.');
    return;
  }
  const relative = ctx.path.slice('/admin'.length) || '/';
  if (relative !== '/' && (await sendFile(ctx, buildDir, relative))) return;
  // A file the build does not hold (/admin/nope.png) is a 404, not the console's page (issue 19);
  // the console's own routes have no extension.
  if (path.extname(relative)) {
    ctx.status = 404;
    return;
  }
  await sendFile(ctx, buildDir, 'index.html');
}

/**
 * /api/docs: the API reference page and its files, rendered in the browser from /api/openapi.json.
 * A page, not an API answer: the web app serves it, under its own policy.
 */
async function serveApiDocs(ctx: Context, buildDir: string): Promise<void> {
  ctx.set(API_DOCS_SECURITY_HEADERS);
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.status = 405;
    ctx.set('Allow', 'GET, HEAD');
    return;
  }
  if (!existsSync(buildDir)) {
    ctx.type = 'html';
    ctx.body = placeholder('API reference', 'The API reference has not been built yet: run npm run build.');
    return;
  }
  const relative = ctx.path.slice(API_DOCS_PATH.length);
  if (relative === '' || relative === '/') {
    await sendFile(ctx, buildDir, 'index.html');
    return;
  }
  if (relative !== '/index.html' && (await sendFile(ctx, buildDir, relative))) return;
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = 'Not found';
}

function isApiDocsUrl(url: string): boolean {
  return url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`) || url.startsWith(`${API_DOCS_PATH}?`);
}

/** A plain /api path (absolute-form request targets and the like go the long way, through Koa's parser). */
function isApiUrl(url: string): boolean {
  return (url.startsWith('/api/') && !isApiDocsUrl(url)) || url === '/api' || url.startsWith('/api?');
}

/**
 * RFC 8058: a mail client unsubscribes by POSTing to the List-Unsubscribe URL itself, /unsubscribe?token=…
 * (a GET of it is the page that asks first). That POST is the API's one-click route.
 */
function oneClickUnsubscribe(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  if (req.method !== 'POST' || !(url === '/unsubscribe' || url.startsWith('/unsubscribe?'))) return false;
  req.url = `/api${url}`;
  return true;
}

/**
 * Koa for the site and the console; /api requests go to the API's own handler straight from
 * node:http, without a web-app context around the API's (its public answers come from memory, and
 * a second context would cost more than they do). Pages in the HTML cache are sent from memory the
 * same way (cached-page-path.ts).
 */
class WebApp extends Koa {
  constructor(
    private readonly apiHandler: ReturnType<Koa['callback']>,
    private readonly trustProxy: boolean,
    private readonly cachedPage: CachedPagePath | undefined,
  ) {
    super({ proxy: trustProxy });
  }

  override callback(): ReturnType<Koa['callback']> {
    const handleWithKoa = super.callback();
    // A plain function, not an async one: an answer from memory should not cost a promise.
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      if (!oneClickUnsubscribe(req) && !isApiUrl(req.url ?? '')) {
        if (this.cachedPage?.(req, res)) return;
        return handleWithKoa(req, res);
      }
      if (isSecure(req, this.trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
      return this.apiHandler(req, res);
    };
    // Served over HTTP/1 only (node:http): Koa's type also allows HTTP/2 requests, never seen here.
    return handle as unknown as ReturnType<Koa['callback']>;
  }
}

/** A bounded label for a request of the site or the console: never the raw path. */
function routeLabel(ctx: Context): string {
  if (ctx.state.route) return ctx.state.route as string;
  if (isUnder(ctx, API_DOCS_PATH)) return `${API_DOCS_PATH}/*`;
  return isUnder(ctx, '/admin') ? '/admin/*' : 'page';
}

/** Counts and times every request that is not the API's (the API counts its own). */
function webMetrics(runtime: Runtime): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // A request handed on to the API (respond = false) is counted there.
      if (ctx.respond !== false) {
        runtime.api.metrics.observeRequest(
          ctx.method,
          routeLabel(ctx),
          ctx.status,
          (performance.now() - started) / 1000,
        );
      }
    }
  };
}

export interface WebAppOptions {
  adminBuildDir?: string;
  apiDocsBuildDir?: string;
  /** Renders the public site; answers false when it has nothing for this request. */
  renderSite?: SiteRenderer;
}

export function createWebApp(runtime: Runtime, options: WebAppOptions = {}): Koa {
  const apiHandler = runtime.api.app.callback();
  const web = new WebApp(apiHandler, runtime.deps.config.trustProxy, options.renderSite?.fromMemory);
  const adminBuildDir = options.adminBuildDir ?? ADMIN_BUILD_DIR;
  const apiDocsBuildDir = options.apiDocsBuildDir ?? API_DOCS_BUILD_DIR;
  // Koa would print every error to stderr; a visitor who leaves mid-download is not one worth logging.
  web.on('error', (error: NodeJS.ErrnoException, ctx?: Context) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || ctx?.req.destroyed) return;
    runtime.deps.logger.error({ err: error, path: ctx?.path }, 'web request failed');
  });
  web.use(webMetrics(runtime));
  web.use(async (ctx, next) => {
    // ctx.secure is HTTPS on this socket, or X-Forwarded-Proto: https when TRUST_PROXY allows it.
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    if (isUnder(ctx, API_DOCS_PATH) && decodable(ctx.path)) return serveApiDocs(ctx, apiDocsBuildDir);
    if (isUnder(ctx, '/api')) {
      // Only what isApiUrl did not recognise reaches this: still the API's.
      ctx.respond = false;
      await apiHandler(ctx.req, ctx.res);
      return;
    }
    // Files, their 404s, robots.txt and sitemap.xml included: a browser takes each for what it is labelled.
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!decodable(ctx.path)) {
      ctx.status = 400;
      ctx.type = 'text/plain';
      ctx.body = 'Bad request: the address is not correctly encoded.';
      return;
    }
    if (isUnder(ctx, '/admin')) return serveAdmin(ctx, adminBuildDir);
    await next();
  });
  web.use(async (ctx) => {
    if (options.renderSite && (await options.renderSite(ctx))) return;
    ctx.set(HTML_HEADERS);
    ctx.type = 'html';
    ctx.status = ctx.path === '/' ? 200 : 404;
    ctx.body = placeholder('Global Nutrition Network', 'The public website is being built.');
  });
  return web;
}
