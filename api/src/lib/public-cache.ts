/**
 * Public GETs: Cache-Control with SPEC 9's lifetime and an ETag, so a browser revalidating an
 * unchanged list gets a 304 with no body.
 */
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';

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
