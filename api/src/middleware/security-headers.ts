import type { Middleware } from 'koa';

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
