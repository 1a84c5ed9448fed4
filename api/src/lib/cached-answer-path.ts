/**
 * Public answers already in memory, sent straight from node:http ahead of Koa. Under load these
 * are most of the API's traffic, and Koa's context, the request guards, CORS, the session and the
 * router cost several times the answer itself. Everything the Koa chain would have put on the
 * answer is put here too: request id, security headers, CORS for allowed origins, Cache-Control,
 * ETag, X-Cache, 304 on a matching If-None-Match, the access log line and the metrics sample.
 * Anything else (a miss, another method, an unknown version) goes on to Koa untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from '../modules/metrics/metrics.js';
import { REPLAYED_HEADER } from '../middleware/idempotency.js';
import { recordRequest, requestIdFor } from '../middleware/request-context.js';
import { API_SECURITY_HEADERS } from '../middleware/security-headers.js';
import type { ContentChanges } from './content-changes.js';
import type { Logger } from './logger.js';
import { answerHeaders, type AnswerStore, type CachedAnswer } from './public-cache.js';

export interface CachedAnswerPathOptions {
  store: AnswerStore;
  contentChanges: ContentChanges;
  corsOrigins: readonly string[];
  logger: Logger;
  metrics?: Metrics;
}

/**
 * The answer headers an allowed origin may read, here and in the Koa chain's cors() (app.ts): the
 * revision, whether a write's answer was replayed (Idempotency-Key), and when to try again.
 */
export const CORS_EXPOSED_HEADERS = ['ETag', REPLAYED_HEADER, 'Retry-After'];
const EXPOSED = CORS_EXPOSED_HEADERS.join(',');

/** Answers the request from memory and says true, or says false having touched nothing. */
export type CachedAnswerPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const NO_CACHE_REQUEST = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** Koa's ctx.fresh (the `fresh` package) for an answer with an ETag and no Last-Modified. */
export function isFresh(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch || req.headers['if-modified-since']) return false;
  const cacheControl = req.headers['cache-control'];
  if (cacheControl && NO_CACHE_REQUEST.test(cacheControl)) return false;
  if (noneMatch.trim() === '*') return true;
  return noneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === etag || tag === `W/${etag}` || `W/${tag}` === etag);
}

/**
 * The headers of a 200 for one stored answer, as writeHead's flat [name, value, ...] list, built
 * once per answer: only the request id (slot 1) and CORS differ from one request to the next.
 */
function headerListOf(answer: CachedAnswer): string[] {
  return [
    'X-Request-Id',
    '',
    ...Object.entries(API_SECURITY_HEADERS).flat(),
    // @koa/cors always varies on Origin, and adds the rest only for an allowed origin (see withCors).
    'Vary',
    'Origin',
    ...Object.entries(answerHeaders(answer, 'HIT')).flat(),
    'Content-Length',
    String(answer.body.length),
  ];
}

/** A 304 carries no body, so neither its type nor its length. */
const NOT_FOR_304 = new Set(['Content-Type', 'Content-Length']);

function withoutBodyHeaders(list: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < list.length; index += 2) {
    if (!NOT_FOR_304.has(list[index]!)) kept.push(list[index]!, list[index + 1]!);
  }
  return kept;
}

export function createCachedAnswerPath(options: CachedAnswerPathOptions): CachedAnswerPath {
  const { store, contentChanges, logger, metrics } = options;
  const allowedOrigins = new Set(options.corsOrigins);
  const headerLists = new WeakMap<CachedAnswer, string[]>();

  function headersFor(req: IncomingMessage, answer: CachedAnswer, requestId: string, fresh: boolean): string[] {
    let list = headerLists.get(answer);
    if (!list) headerLists.set(answer, (list = headerListOf(answer)));
    const headers = fresh ? withoutBodyHeaders(list) : list.slice();
    headers[1] = requestId;
    const origin = req.headers.origin;
    if (origin !== undefined && allowedOrigins.has(origin)) {
      headers.push('Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', EXPOSED);
    }
    return headers;
  }

  function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): void {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req.headers['x-request-id'] as string | undefined);
    const fresh = isFresh(req, answer.etag);
    const status = fresh ? 304 : 200;
    res.writeHead(status, headersFor(req, answer, requestId, fresh));
    res.end(fresh || req.method === 'HEAD' ? undefined : answer.body);
    recordRequest(logger, metrics, {
      requestId,
      method: req.method!,
      route: answer.route ?? 'unmatched',
      status,
      started,
    });
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const version = contentChanges.version();
    if (version === null) return false;
    const answer = store.get(req.url ?? '', version);
    if (!answer) return false;
    send(req, res, answer);
    return true;
  };
}
