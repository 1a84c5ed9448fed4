/**
 * Pages already in the HTML cache, sent straight from node:http ahead of Koa, as the API sends its
 * public answers (api/src/lib/cached-answer-path.ts). A cached page is most of the site's traffic, and
 * Koa's context and middleware cost more than sending the stored bytes. Everything the Koa chain puts
 * on a cached page is put here too (site-renderer.ts sendPage and web-app.ts): security headers, HSTS,
 * Cache-Control, ETag, Vary, X-Cache, gzip when accepted, 304 on a matching If-None-Match and the
 * metrics sample; site-renderer.test.ts compares the two answers header by header. Anything else
 * (another method, a page not cached, a miss) goes on to Koa untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFresh, publicAnswerHeaders, type Runtime } from '@npo/api';
import type { CachedPage, HtmlCache } from './html-cache.js';
import { pageCacheKey } from './page-queries.js';
import { PAGE_SECURITY_HEADERS } from './security-headers.js';
import { HSTS, isSecure } from './transport.js';

/** Answers the request from the HTML cache and says true, or says false having touched nothing. */
export type CachedPagePath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Gzip is worth its CPU only above a packet or so (as sendPage decides). */
export const COMPRESS_MIN_BYTES = 1024;

/** The content type sendPage gives a cached page (Koa writes it as given). */
const PAGE_CONTENT_TYPE = 'text/html;charset=utf-8';

/** The headers of a page answer that are not about its body (sendPage's, and the list below). */
export function pageHeaders(page: CachedPage, fromCache: boolean): Record<string, string> {
  // The caching headers are the API's public answers' own: one function builds them for both.
  return { ...PAGE_SECURITY_HEADERS, ...publicAnswerHeaders(page, fromCache ? 'HIT' : 'MISS') };
}

/**
 * Whether the client takes gzip, for a plain Accept-Encoding list; null for one with weights (`;q=`),
 * which Koa's negotiation (ctx.acceptsEncodings) weighs instead.
 */
function acceptsGzip(req: IncomingMessage): boolean | null {
  const accepted = req.headers['accept-encoding'];
  if (!accepted) return false;
  if (accepted.includes(';')) return null;
  return accepted.split(',').some((coding) => ['gzip', '*'].includes(coding.trim().toLowerCase()));
}

type Variant = 'identity' | 'gzip' | 'not-modified';

/** The headers of one variant of a page's answer, as writeHead's flat [name, value, ...] list. */
function headerListOf(page: CachedPage, variant: Variant, secure: boolean): string[] {
  const list = [
    ...(secure ? ['Strict-Transport-Security', HSTS] : []),
    ...Object.entries(pageHeaders(page, true)).flat(),
    'Vary',
    'Accept-Encoding',
  ];
  if (variant === 'not-modified') return list;
  const length = variant === 'gzip' ? page.gzip().length : page.bytes.length;
  list.push('Content-Type', PAGE_CONTENT_TYPE, 'Content-Length', String(length));
  if (variant === 'gzip') list.push('Content-Encoding', 'gzip');
  return list;
}

/** Header lists built once per page and variant: a hit then only picks one. */
function headerLists() {
  const lists = new WeakMap<CachedPage, Map<string, string[]>>();
  return (page: CachedPage, variant: Variant, secure: boolean): string[] => {
    let ofPage = lists.get(page);
    if (!ofPage) lists.set(page, (ofPage = new Map<string, string[]>()));
    const key = `${variant}:${secure}`;
    let list = ofPage.get(key);
    if (!list) ofPage.set(key, (list = headerListOf(page, variant, secure)));
    return list;
  };
}

export function createCachedPagePath(runtime: Runtime, cache: HtmlCache): CachedPagePath {
  const { contentChanges, config } = runtime.deps;
  const { metrics } = runtime.api;

  const headersFor = headerLists();

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, takesGzip: boolean): void {
    const started = performance.now();
    const secure = isSecure(req, config.trustProxy);
    const fresh = isFresh(req, page.etag);
    const gzip = takesGzip && page.bytes.length >= COMPRESS_MIN_BYTES;
    const variant: Variant = fresh ? 'not-modified' : gzip ? 'gzip' : 'identity';
    res.writeHead(fresh ? 304 : 200, headersFor(page, variant, secure));
    res.end(fresh || req.method === 'HEAD' ? undefined : gzip ? page.gzip() : page.bytes);
    metrics.observeRequest(req.method!, 'page', fresh ? 304 : 200, (performance.now() - started) / 1000);
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // The key Koa's path stored the page under (page-queries.ts): unknown parameters left out.
    const key = pageCacheKey(req.url ?? '');
    const takesGzip = acceptsGzip(req);
    if (key === null || takesGzip === null) return false;
    // A miss is not counted here: Koa's path looks again and counts it.
    const page = cache.hit(key, contentChanges.version());
    if (!page) return false;
    send(req, res, page, takesGzip);
    return true;
  };
}
