import type { Middleware } from 'koa';
import { REPLAYED_HEADER } from './idempotency.js';

/**
 * Answer headers an allowed origin (the desktop app) may read: the ETag an editor sends back as
 * If-Match, whether a write was replayed, and when to try again after a 409 or 429 (Retry-After is
 * not CORS-safelisted). One list for Koa's CORS and the cached-answer fast path, so they cannot differ.
 */
export const CORS_EXPOSED_HEADERS = ['ETag', REPLAYED_HEADER, 'Retry-After'] as const;

/** API answers are data, never documents to frame or sniff. Also sent by the cached-answer path. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(API_SECURITY_HEADERS);
    await next();
  };
}
