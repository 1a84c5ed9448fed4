/**
 * Public GETs answered from memory. The serialized body and its ETag are kept per path and the query
 * parameters the route reads (queryKey: any other parameter is left out of the key),
 * each stamped with the content version read before the handler ran (the counter the site's HTML
 * cache uses): an entry is served only while that version is still the current one, so an admin edit
 * on any instance (PostgreSQL NOTIFY) makes every stored answer miss on the very next request. With
 * the version unknown (listener down) nothing is stored or served. Answers carry `no-cache` and the
 * ETag: a browser always revalidates, and a 304 costs no query; SPEC 9's lifetimes are the clients'
 * query staleTime.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import type { ContentChanges } from './content-changes.js';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  contentVersion: number;
  /**
   * A text answer's own Content-Type and Content-Disposition (the calendar files), sent over
   * PUBLIC_ANSWER_HEADERS; a JSON answer has none.
   */
  headers?: Record<string, string>;
  /** The route template that answered, for the request log of a hit served ahead of the router. */
  route: string | undefined;
}

/** The router's name for the matched route template (read by the request log). */
type RoutedContext = Context & { _matchedRoute?: string };

export const PUBLIC_CACHE_LIMITS = {
  /** Distinct path+query answers kept; the least recently used goes first. */
  maxEntries: 500,
  /** A larger answer is sent but not kept. */
  maxBodyBytes: 512 * 1024,
  /**
   * All bodies together: without it 500 large answers could hold 250 MB. Public lists are a few kB,
   * so this never bites in normal use; query variants that bloat the store go first.
   */
  maxTotalBytes: 8 * 1024 * 1024,
} as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The headers that say how a public answer may be cached, for every public answer there is: an API
 * answer sent by Koa or by its fast path (cached-answer-path.ts), and a site page sent by Koa or by
 * the site's fast path (site/server/cached-page-path.ts). Always revalidated: the ETag makes that
 * cheap, and an edit shows on the very next request. `headers`: the answer's own (a calendar file's
 * Content-Type and Content-Disposition).
 */
export function publicAnswerHeaders(
  answer: { etag: string; headers?: Record<string, string> | undefined },
  cache: 'HIT' | 'MISS',
): Record<string, string> {
  return { 'Cache-Control': 'no-cache', ...answer.headers, ETag: answer.etag, 'X-Cache': cache };
}

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The cache key of a URL whose answer reads only the query parameters `reads`: the path, then those
 * parameters in the order given. Any other parameter is left out, so `?x=<random>` finds the answer
 * the bare path stored instead of making a new one (issue 19: no query string bypasses the caches).
 * The routes' query schemas drop unknown parameters too, so the answer is the same either way.
 */
/** The parameters of a paged public list (paginationQuery). */
export const PAGING_READS = ['page', 'limit'] as const;

export function queryKey(url: string, reads: readonly string[]): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  if (reads.length === 0) return path;
  const params = new URLSearchParams(url.slice(mark + 1));
  const kept = new URLSearchParams();
  for (const name of reads) for (const value of params.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

export function createAnswerStore(
  maxEntries: number = PUBLIC_CACHE_LIMITS.maxEntries,
  maxTotalBytes: number = PUBLIC_CACHE_LIMITS.maxTotalBytes,
) {
  // The least recently used answer goes first, past either bound.
  const answers = new LRUCache<string, CachedAnswer>({
    max: maxEntries,
    maxSize: maxTotalBytes,
    sizeCalculation: (answer) => Math.max(1, answer.body.length),
  });
  /** The parameters each stored path reads (publicContentCache's `reads`), for keyOf. */
  const readsOfPath = new Map<string, readonly string[]>();

  return {
    /** Answers served from the store, and public requests it could not answer (read by the metrics). */
    hits: 0,
    misses: 0,
    get(key: string, currentVersion: number): CachedAnswer | undefined {
      const answer = answers.get(key);
      if (!answer) return undefined;
      if (answer.contentVersion !== currentVersion) {
        answers.delete(key);
        return undefined;
      }
      this.hits += 1;
      return answer;
    },
    /**
     * The key of a request's URL, as the route that answers it keys it (queryKey); null for a URL with
     * a query whose path has no stored answer yet (its route, through Koa, knows what it reads).
     */
    keyOf(url: string): string | null {
      const mark = url.indexOf('?');
      if (mark === -1) return url;
      const reads = readsOfPath.get(url.slice(0, mark));
      return reads ? queryKey(url, reads) : null;
    },
    /** Remembers which parameters the route of `path` reads (only paths with a stored answer come here). */
    noteReads(path: string, reads: readonly string[]): void {
      if (readsOfPath.size >= maxEntries * 4) readsOfPath.clear();
      readsOfPath.set(path, reads);
    },
    set(key: string, answer: CachedAnswer): void {
      answers.set(key, answer);
    },
    get size(): number {
      return answers.size;
    },
    /** The bodies held, in bytes. */
    get bytes(): number {
      return answers.calculatedSize;
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;

/** One store per API instance (its content counter), shared by every public route of it. */
const stores = new WeakMap<ContentChanges, AnswerStore>();

export function publicAnswerStore(contentChanges: ContentChanges): AnswerStore {
  let store = stores.get(contentChanges);
  if (!store) {
    store = createAnswerStore();
    stores.set(contentChanges, store);
  }
  return store;
}

type Serialized = Pick<CachedAnswer, 'body' | 'etag' | 'headers'>;

/** The headers every copy of this API answer carries, from the route or from the store alike. */
export function answerHeaders(
  answer: Pick<CachedAnswer, 'headers' | 'etag'>,
  cache: 'HIT' | 'MISS',
): Record<string, string> {
  return { 'Content-Type': JSON_TYPE, ...publicAnswerHeaders(answer, cache) };
}

function send(ctx: Context, answer: Serialized, cache: 'HIT' | 'MISS'): void {
  ctx.status = 200;
  ctx.set(answerHeaders(answer, cache));
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = answer.body;
}

function storedAnswer(store: AnswerStore, key: string, version: number | null): CachedAnswer | undefined {
  return version === null ? undefined : store.get(key, version);
}

/** A route's data goes out as JSON; a string body is already the document, sent with the type its route set. */
function serialize(ctx: Context): Serialized {
  if (typeof ctx.body !== 'string') {
    const body = Buffer.from(JSON.stringify(ctx.body));
    return { body, etag: etagOf(body) };
  }
  const body = Buffer.from(ctx.body);
  const disposition = ctx.response.get('Content-Disposition');
  const headers = {
    'Content-Type': ctx.response.get('Content-Type'),
    ...(disposition && { 'Content-Disposition': disposition }),
  };
  return { body, etag: etagOf(body), headers };
}

/**
 * Put before a public GET route's validation: a hit skips validation, the query and serialization;
 * a miss runs the route and keeps its 200 answer. `reads` names the query parameters the route
 * reads: the answer is kept and found under them alone (queryKey), whatever else the query holds.
 */
export function publicContentCache(contentChanges: ContentChanges, reads: readonly string[] = []): Middleware {
  const store = publicAnswerStore(contentChanges);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      await next();
      return;
    }
    const key = queryKey(ctx.url, reads);
    const version = contentChanges.version();
    const hit = storedAnswer(store, key, version);
    if (hit) return send(ctx, hit, 'HIT');

    store.misses += 1;
    await next();
    if (ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    const answer = serialize(ctx);
    if (version !== null && answer.body.length <= PUBLIC_CACHE_LIMITS.maxBodyBytes) {
      store.noteReads(ctx.path, reads);
      store.set(key, { ...answer, contentVersion: version, route: (ctx as RoutedContext)._matchedRoute });
    }
    send(ctx, answer, 'MISS');
  };
}

/** Static public documents (the OpenAPI description): SPEC 9's lifetime and an ETag. */
export function publicCache(maxAgeSeconds: number): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200 || ctx.body === undefined) return;
    const json = JSON.stringify(ctx.body);
    ctx.set('Cache-Control', `public, max-age=${maxAgeSeconds}`);
    ctx.set('ETag', `W/"${createHash('sha1').update(json).digest('base64url')}"`);
    ctx.body = json;
    ctx.type = 'application/json';
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
