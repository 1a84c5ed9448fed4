/** Answers for requests that name no handler or cannot be read: 400, 404, 405, 415, never a 500. */
import type { Middleware } from 'koa';
import { malformedUrl, methodNotAllowed, notFound, undecodableBody, unsupportedEncoding } from '../errors.js';

/** A path whose percent-encoding does not decode names nothing: 400 before any route tries to read it. */
export function decodablePath(): Middleware {
  return async (ctx, next) => {
    try {
      decodeURIComponent(ctx.path);
    } catch {
      throw malformedUrl();
    }
    await next();
  };
}

/**
 * Put around the router's allowedMethods: a path that exists but not with this method is a 405
 * with the router's Allow header; a path nothing answered is a 404. Both in the envelope.
 */
export function unmatchedRequests(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status === 405 || ctx.status === 501) throw methodNotAllowed(ctx.response.get('Allow'));
    if (ctx.status === 404 && (ctx.body === undefined || ctx.body === null)) throw notFound('Endpoint');
  };
}

interface BodyError {
  status?: number;
  code?: string;
}

/** zlib's codes (Z_DATA_ERROR, ...) and brotli's (ERR__ERROR_FORMAT_PADDING_1, ...). */
const DECODER_ERROR = /^(Z_|ERR__|ERR_ZLIB|ERR_BROTLI)/;

/**
 * The body parser's onError: an encoding it does not know is a 415, a body its encoding cannot
 * decode (broken gzip or brotli) a 400; everything else goes on to the error handler.
 */
export function bodyDecodingError(error: unknown): never {
  const { status, code } = (error ?? {}) as BodyError;
  if (status === 415) throw unsupportedEncoding();
  if (typeof code === 'string' && DECODER_ERROR.test(code)) throw undecodableBody();
  throw error;
}

/** Answers with a session token and admin data are for one person's eyes: no cache keeps them. */
export function privateAnswers(): Middleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/auth/') || ctx.path.startsWith('/api/admin/')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

/**
 * Whether `value` (parsed JSON) nests deeper than `max` arrays and objects. Walked with a stack of its
 * own, not by recursion: 100,000 levels (issue 52 item 7) must not overflow anything, here or later
 * (the Idempotency-Key's request hash walks the body recursively).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
