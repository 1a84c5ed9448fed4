/**
 * The public site: the client build's files, robots.txt and sitemap.xml, and every other GET
 * rendered by Vike with the current content read in-process (createPublicContent), through the
 * HTML cache.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPublicContent, type Runtime } from '@npo/api';
import type { Context } from 'koa';
import { COMPRESS_MIN_BYTES, createCachedPagePath, pageHeaders, type CachedPagePath } from './cached-page-path.js';
import { createCachedPage, createHtmlCache, type CachedPage, type HtmlCache } from './html-cache.js';
import { pageCacheKey } from './page-queries.js';
import { createRenderLimit, RENDER_LIMIT, type RenderLimitOptions } from './render-limit.js';
import { robotsTxt, sitemapXml } from './seo-files.js';
import { sendFile } from './static-files.js';

export interface SiteRendererOptions {
  /** The Vike build: `client/` (browser files) and `server/entry.mjs`. */
  buildDir: string;
  cache?: HtmlCache;
  /** Renders per client address (render-limit.ts); RENDER_LIMIT unless given. */
  renderLimit?: RenderLimitOptions;
}

interface RenderedPage {
  status: number;
  contentType: string;
  /** Vike's other headers, e.g. Location on its trailing-slash redirects (never on a cached 200). */
  headers?: [string, string][];
  page: CachedPage;
  /** Served from the HTML cache (says so in X-Cache, for whoever checks what the cache does). */
  fromCache?: boolean;
}

type RenderPage = (typeof import('vike/server'))['renderPage'];

/** Per build folder: its server entry (which registers the pages with vike/server), then renderPage. */
const siteBuilds = new Map<string, Promise<RenderPage>>();

/**
 * Vike, React and the pages load with the first page asked for, not at start: the API is up and
 * healthy without them.
 */
function renderer(buildDir: string): Promise<RenderPage> {
  let loading = siteBuilds.get(buildDir);
  if (!loading) {
    const entry = pathToFileURL(path.join(buildDir, 'server', 'entry.mjs')).href;
    loading = import(entry).then(async () => (await import('vike/server')).renderPage);
    siteBuilds.set(buildDir, loading);
  }
  return loading;
}

/** Whether Vike and the pages of `buildDir` have been asked for: by a first page, never by start-up. */
export function siteBuildRequested(buildDir: string): boolean {
  return siteBuilds.has(buildDir);
}

/** Whether Vike's server build is there; it is loaded on first use (see renderer()). */
export function loadSiteBuild(buildDir: string): Promise<boolean> {
  return Promise.resolve(existsSync(path.join(buildDir, 'server', 'entry.mjs')));
}

function hasHiddenSegment(urlPath: string): boolean {
  return urlPath.split('/').some((segment) => segment.startsWith('.'));
}

/**
 * The path itself, as a path on this origin: `//evil.example` (or `/\\evil.example`) in a Location
 * header would send the browser to another host, so a run of leading slashes becomes one.
 */
export function samePagePath(urlPath: string): string {
  return `/${urlPath.replace(/^[/\\]+/, '')}`;
}

/**
 * robots.txt changes only with the configuration: an hour. The sitemap names the listed professionals,
 * so a withdrawn listing must leave it at once, in caches too: revalidated on every use, as the pages.
 */
function sendText(ctx: Context, type: string, text: string, cacheControl = 'public, max-age=3600'): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.type = type;
  ctx.body = ctx.method === 'HEAD' ? null : text;
}

function sendPage(ctx: Context, rendered: RenderedPage): void {
  const { page } = rendered;
  ctx.set(pageHeaders(page, rendered.fromCache === true));
  ctx.vary('Accept-Encoding');
  for (const [name, value] of rendered.headers ?? []) ctx.set(name, value);
  ctx.status = rendered.status;
  ctx.type = rendered.contentType;
  if (rendered.status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const gzip = page.bytes.length >= COMPRESS_MIN_BYTES && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
  const body = gzip ? page.gzip() : page.bytes;
  if (gzip) ctx.set('Content-Encoding', 'gzip');
  ctx.length = body.length;
  ctx.body = ctx.method === 'HEAD' ? null : body;
}

/** Renders a page into the Koa context (false: nothing here for it); `fromMemory` sends cached pages ahead of Koa. */
export type SiteRenderer = ((ctx: Context) => Promise<boolean>) & { fromMemory?: CachedPagePath };

export function createSiteRenderer(runtime: Runtime, options: SiteRendererOptions): SiteRenderer {
  const clientDir = path.join(options.buildDir, 'client');
  const cache = options.cache ?? createHtmlCache();
  runtime.api.metrics.addCache('html', () => cache.stats());
  const publicContent = createPublicContent(runtime.deps);
  const { publicUrl } = runtime.deps.config;
  const contentChanges = runtime.deps.contentChanges;
  // Concurrent requests for one page at one content version share a single render.
  const rendering = new Map<string, Promise<RenderedPage>>();
  const clock = runtime.deps.clock;
  const renders = createRenderLimit(options.renderLimit ?? RENDER_LIMIT, () => clock.now().getTime());

  async function render(url: string, versionBeforeRender: number | null, cacheKey: string | null) {
    const renderPage = await renderer(options.buildDir);
    const pageContext = await renderPage({ urlOriginal: url, publicContent, publicUrl });
    const response = pageContext.httpResponse;
    if (!response) return null;
    const html = response.body;
    const contentType =
      response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'text/html;charset=utf-8';
    const headers = response.headers.filter(([name]) => !/^(content-type|cache-control)$/i.test(name));
    const cacheable = cacheKey !== null && response.statusCode === 200 && contentType.startsWith('text/html');
    const page = cacheable ? cache.set(cacheKey, html, versionBeforeRender) : createCachedPage(html, -1);
    return { status: response.statusCode, contentType, headers, page };
  }

  /** The page's cached canonical copy (its bare path), for an address past its renders; else 429. */
  function limited(ctx: Context, version: number | null): RenderedPage | 'limited' {
    const canonical = cache.get(ctx.path, version);
    if (canonical) return { status: 200, contentType: 'text/html;charset=utf-8', page: canonical, fromCache: true };
    return 'limited';
  }

  async function renderThroughCache(ctx: Context): Promise<RenderedPage | 'limited' | null> {
    // The path and the parameters the page reads (page-queries.ts); null for a page of its own (a reset token).
    const cacheKey = pageCacheKey(ctx.url);
    const version = contentChanges.version();
    if (cacheKey !== null) {
      const hit = cache.get(cacheKey, version);
      if (hit) return { status: 200, contentType: 'text/html;charset=utf-8', page: hit, fromCache: true };
    }
    if (cacheKey === null || version === null) {
      if (!renders.take(ctx.ip)) return limited(ctx, version);
      return render(ctx.url, version, cacheKey);
    }
    const flightKey = `${version}:${cacheKey}`;
    let flight = rendering.get(flightKey);
    if (!flight) {
      if (!renders.take(ctx.ip)) return limited(ctx, version);
      // Rendered from the key: the page is the same whatever other parameters the URL held.
      flight = render(cacheKey, version, cacheKey).then((rendered) => {
        if (!rendered) throw new Error(`Vike rendered nothing for ${cacheKey}`);
        return rendered;
      });
      rendering.set(flightKey, flight);
      void flight.finally(() => rendering.delete(flightKey)).catch(() => {});
    }
    return flight;
  }

  // The sitemap names every listed professional: built again once the content version moves.
  let sitemapOf: { version: number; xml: string } | undefined;
  async function sitemap(): Promise<string> {
    const version = contentChanges.version();
    if (sitemapOf && version !== null && sitemapOf.version === version) return sitemapOf.xml;
    const slugs = await publicContent.directorySlugs();
    const xml = sitemapXml(
      publicUrl,
      slugs.map((slug) => `/directory/${slug}`),
    );
    if (version !== null) sitemapOf = { version, xml };
    return xml;
  }

  async function renderSite(ctx: Context): Promise<boolean> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      // Pages take no submissions: a form sent before hydration (see components/forms/Form.tsx)
      // is sent back to its page, its body unread.
      ctx.status = 303;
      ctx.redirect(samePagePath(ctx.path));
      return true;
    }
    if (ctx.path === '/robots.txt') {
      ctx.state.route = '/robots.txt';
      sendText(ctx, 'text/plain; charset=utf-8', robotsTxt(publicUrl));
      return true;
    }
    if (ctx.path === '/sitemap.xml') {
      ctx.state.route = '/sitemap.xml';
      sendText(ctx, 'application/xml; charset=utf-8', await sitemap(), 'no-cache');
      return true;
    }
    if (path.posix.extname(ctx.path) && !hasHiddenSegment(ctx.path)) {
      ctx.state.route = 'file';
      if (await sendFile(ctx, clientDir, ctx.path)) return true;
      if (ctx.path.startsWith('/assets/')) {
        ctx.status = 404;
        return true;
      }
    }
    ctx.state.route = 'page';
    const rendered = await renderThroughCache(ctx);
    if (rendered === 'limited') {
      ctx.status = 429;
      ctx.set('Retry-After', '1');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Too many requests. Please try again in a moment.';
      return true;
    }
    if (!rendered) return false;
    sendPage(ctx, rendered);
    return true;
  }

  return Object.assign(renderSite, { fromMemory: createCachedPagePath(runtime, cache) });
}
