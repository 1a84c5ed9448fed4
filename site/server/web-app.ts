import Koa from 'koa';

const PLACEHOLDER_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

function placeholder(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

/** Routes /api to the API app and everything else to the web front ends. */
export function createWebApp(api: Koa): Koa {
  const web = new Koa({ proxy: api.proxy });
  const apiHandler = api.callback();
  web.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.respond = false;
      await apiHandler(ctx.req, ctx.res);
      return;
    }
    await next();
  });
  web.use(async (ctx) => {
    const isAdmin = ctx.path === '/admin' || ctx.path.startsWith('/admin/');
    ctx.set(PLACEHOLDER_HEADERS);
    ctx.status = ctx.path === '/' || isAdmin ? 200 : 404;
    ctx.body = isAdmin
      ? placeholder('Admin console', 'The admin console is being built.')
      : placeholder('Global Nutrition Network', 'The public website is being built.');
  });
  return web;
}
