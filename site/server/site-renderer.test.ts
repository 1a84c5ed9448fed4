/**
 * The public site as production serves it: the real Vike build (run `npm run build` first; `npm test`
 * does), a real database with the demo content, and edits made through the real API.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime, type Runtime } from '@npo/api';
import { defaultAboutUs } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderLimitOptions } from './render-limit.js';
import {
  createTestDatabase,
  describeEngines,
  postgresSkipReason,
  type TestDatabase,
} from '../../api/src/test-support/databases.js';
import { skipWhen } from '../../api/src/test-support/skips.js';
import { createHtmlCache, type HtmlCache } from './html-cache.js';
import { createSiteRenderer, loadSiteBuild } from './site-renderer.js';
import { createWebApp, SITE_BUILD_DIR } from './web-app.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';

const SUPER_ADMIN = { email: 'root@example.org', password: 'root-password-1' };
const built = existsSync(path.join(SITE_BUILD_DIR, 'server', 'entry.mjs'));
const notBuilt = !built && 'the site is not built (npm run build)';

interface Instance {
  runtime: Runtime;
  cache: HtmlCache;
  baseUrl: string;
  close(): Promise<void>;
}

async function startInstance(
  database: TestDatabase,
  seedDemo = true,
  renderLimit?: RenderLimitOptions,
): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://site.test',
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    SEED_DEMO: String(seedDemo),
  });
  const runtime = await startRuntime(config, createLogger('silent'));
  const cache = createHtmlCache();
  const renderSite = createSiteRenderer(runtime, {
    buildDir: SITE_BUILD_DIR,
    cache,
    ...(renderLimit && { renderLimit }),
  });
  const server: Server = httpServerFor(createWebApp(runtime, { renderSite }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    runtime,
    cache,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}

async function page(instance: Instance, pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${instance.baseUrl}${pathname}`, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Every header but the date, which moves between two answers. */
function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
}

async function adminToken(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SUPER_ADMIN),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A new About Us version made active through the admin API, as the console does it. */
async function publishAbout(instance: Instance, token: string, description: string): Promise<void> {
  const call = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${instance.baseUrl}/api/admin${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { data: { id: number } };
  };
  const created = await call('POST', '/about-us', { ...defaultAboutUs, description });
  await call('PATCH', `/about-us/${created.data.id}/activate`);
}

describeEngines('the server-rendered site on %s', notBuilt, (engine) => {
  let database: TestDatabase;
  let site: Instance;
  let token: string;
  beforeAll(async () => {
    await loadSiteBuild(SITE_BUILD_DIR);
    database = await createTestDatabase(engine);
    site = await startInstance(database);
    token = await adminToken(site);
  });
  afterAll(async () => {
    await site?.close();
    await database?.drop();
  });

  it('delivers the home page complete: active content, head tags and security headers', async () => {
    const home = await page(site, '/');
    expect(home.status).toBe(200);
    expect(home.html).toContain(defaultAboutUs.description);
    expect(home.html).not.toContain('Loading');
    expect(home.html).toMatch(/<title>Global Nutrition Network \| [^<]+<\/title>/);
    expect(home.html).toContain('<link rel="canonical" href="https://site.test/"/>');
    expect(home.html).toContain('<meta property="og:url" content="https://site.test/"/>');
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(home.headers.get('referrer-policy')).toBe('no-referrer');
    expect(home.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a cached page until the content changes, then renders the edit on the next load', async () => {
    await page(site, '/');
    const cached = await page(site, '/');
    expect(cached.headers.get('x-cache')).toBe('HIT');
    // fetch() would add "Cache-Control: no-cache" to a conditional request; a revalidating browser sends max-age=0.
    const revalidated = await page(site, '/', {
      'if-none-match': cached.headers.get('etag')!,
      'cache-control': 'max-age=0',
    });
    expect(revalidated.status).toBe(304);

    const description = `Edited in the console at ${Date.now()}: the About text as visitors now read it.`;
    await publishAbout(site, token, description);
    const next = await page(site, '/');
    expect(next.headers.get('x-cache')).toBe('MISS');
    expect(next.html).toContain(description);
    expect(next.html).not.toContain(defaultAboutUs.description);
  });

  it("sends a cached page from memory with the very headers and body of Koa's path", async () => {
    // A weighted Accept-Encoding is left to Koa's negotiation: the same cached page, sent through Koa.
    const throughKoa = { gzip: 'gzip;q=1', identity: 'identity;q=1' };
    const fromMemory = { gzip: 'gzip, deflate, br', identity: '' };
    await page(site, '/why-join-us');
    for (const encoding of ['gzip', 'identity'] as const) {
      const [koa, memory] = await Promise.all(
        [throughKoa[encoding], fromMemory[encoding]].map((accept) =>
          fetch(`${site.baseUrl}/why-join-us`, { headers: { 'accept-encoding': accept } }),
        ),
      );
      expect(headersOf(memory!)).toEqual(headersOf(koa!));
      expect(memory!.headers.get('x-cache')).toBe('HIT');
      expect(await memory!.text()).toBe(await koa!.text());

      const etag = memory!.headers.get('etag')!;
      const conditional = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
      const [koa304, memory304] = await Promise.all(
        [throughKoa[encoding], fromMemory[encoding]].map((accept) =>
          fetch(`${site.baseUrl}/why-join-us`, { headers: { ...conditional, 'accept-encoding': accept } }),
        ),
      );
      expect(memory304!.status).toBe(304);
      expect(headersOf(memory304!)).toEqual(headersOf(koa304!));
    }
    const head = await fetch(`${site.baseUrl}/why-join-us`, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
  });

  it('never caches a page of its own (a reset token), an error page or a 404', async () => {
    await page(site, '/reset-password?token=abc');
    expect((await page(site, '/reset-password?token=abc')).headers.get('x-cache')).toBe('MISS');
    // An imported member's welcome link carries the same kind of token (issue 55 item 9).
    const welcome = await page(site, '/welcome?token=abc');
    expect(welcome.status).toBe(200);
    expect(welcome.html).toContain('<title>Welcome | Global Nutrition Network</title>');
    expect((await page(site, '/welcome?token=abc')).headers.get('x-cache')).toBe('MISS');
    const missing = await page(site, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page not found');
    expect((await page(site, '/no-such-page')).headers.get('x-cache')).toBe('MISS');
  });

  it('renders a page the same for a query string it does not read: a cache hit on either path (issue 19)', async () => {
    const html = () => site.cache.stats();
    const bare = await page(site, '/');
    const before = html();
    const random = () => `x=${Math.random().toString(36).slice(2)}&utm_source=${Date.now()}`;
    // The fast path (plain Accept-Encoding) and Koa's (weighted) both find the bare path's page.
    const [memory, koa] = await Promise.all(
      ['', 'identity;q=1'].map((accept) =>
        fetch(`${site.baseUrl}/?${random()}`, { headers: { 'accept-encoding': accept } }),
      ),
    );
    expect([memory!.headers.get('x-cache'), koa!.headers.get('x-cache')]).toEqual(['HIT', 'HIT']);
    expect(headersOf(memory!)).toEqual(headersOf(koa!));
    const text = await memory!.text();
    expect(text).toBe(bare.html);
    expect(await koa!.text()).toBe(text);
    expect(html().hits - before.hits).toBe(2);
    expect(html().misses).toBe(before.misses);
    expect(text).toContain('<link rel="canonical" href="https://site.test/"');
    // A parameter the page reads is its own page, found again whatever else comes with it.
    await page(site, '/?activity=1');
    expect((await page(site, `/?${random()}&activity=1`)).headers.get('x-cache')).toBe('HIT');
  });

  it("keeps Vike's redirect of a trailing slash, Location included", async () => {
    const response = await fetch(`${site.baseUrl}/join-us/`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/join-us');
  });

  it('sends a form posted before hydration back to its page, so nothing typed travels further', async () => {
    const response = await fetch(`${site.baseUrl}/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'someone@example.org', password: 'secret-123' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
  });

  it('sends the page gzipped to a browser that accepts it', async () => {
    const response = await fetch(`${site.baseUrl}/join-us`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('Joining is currently free');
  });

  it('answers robots.txt and sitemap.xml on PUBLIC_URL', async () => {
    expect((await page(site, '/robots.txt')).html).toContain('Sitemap: https://site.test/sitemap.xml');
    const sitemap = await page(site, '/sitemap.xml');
    expect(sitemap.html).toContain('<loc>https://site.test/privacy-policy</loc>');
  });
});

describeEngines('renders per address on %s (issue 19)', notBuilt, (engine) => {
  let database: TestDatabase;
  let site: Instance;
  beforeAll(async () => {
    await loadSiteBuild(SITE_BUILD_DIR);
    database = await createTestDatabase(engine);
    // Two renders and no refill: the clock plays no part.
    site = await startInstance(database, true, { burst: 2, perSecond: 0, maxAddresses: 10 });
  });
  afterAll(async () => {
    await site?.close();
    await database?.drop();
  });

  it('past its renders an address gets the cached canonical page, or 429 when there is none', async () => {
    const home = await page(site, '/');
    expect((await page(site, '/why-join-us')).headers.get('x-cache')).toBe('MISS');
    // Cached pages cost no render.
    expect((await page(site, '/why-join-us?x=1')).headers.get('x-cache')).toBe('HIT');
    const canonical = await page(site, '/?activity=12345');
    expect(canonical.status).toBe(200);
    expect(canonical.headers.get('x-cache')).toBe('HIT');
    expect(canonical.html).toBe(home.html);
    const refused = await page(site, '/reset-password?token=abc');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
  });
});

describeEngines('the home page of an empty database on %s', notBuilt, (engine) => {
  let database: TestDatabase;
  let site: Instance;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    site = await startInstance(database, false);
  });

  afterAll(async () => {
    await site?.close();
    await database?.drop();
  });

  // The home page hydrates only its interactive parts, so these are rendered by the server, not fetched.
  it("shows SPEC's built-in fallbacks and empty texts, with no loading text left", async () => {
    const { status, html } = await page(site, '/');
    expect(status).toBe(200);
    // Elements whose class list holds exactly this class.
    const count = (name: string) =>
      [...html.matchAll(/class="([^"]*)"/g)].filter((match) => match[1]!.split(/\s+/).includes(name)).length;
    expect(count('objectives__item')).toBe(5);
    expect(count('benefit-card')).toBe(6);
    expect(count('testimonial')).toBe(3);
    expect(count('faq')).toBe(8);
    expect(html).toContain('Case Study Discussions');
    expect(html).toContain('Cross-Border Degrees');
    expect(html).toContain('No upcoming activities yet.');
    expect(html).toContain('No past activities yet.');
    expect(html).not.toContain('Loading activities...');
  });
});

describe('two instances on one PostgreSQL database', skipWhen(notBuilt || postgresSkipReason), () => {
  let database: TestDatabase;
  let first: Instance;
  let second: Instance;
  beforeAll(async () => {
    await loadSiteBuild(SITE_BUILD_DIR);
    database = await createTestDatabase('postgres');
    first = await startInstance(database);
    second = await startInstance(database);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('shows an edit made through one instance on the next load from the other', async () => {
    await page(second, '/');
    expect((await page(second, '/')).headers.get('x-cache')).toBe('HIT');
    const description = `Edited through the first instance at ${Date.now()}, read through the second.`;
    const versionBefore = second.runtime.deps.contentChanges.version() ?? 0;
    await publishAbout(first, await adminToken(first), description);
    // The change reaches the other instance by NOTIFY, sent before the write is answered and delivered
    // to the other process asynchronously: wait for it rather than race it, then the next load is fresh.
    await expect
      .poll(() => second.runtime.deps.contentChanges.version(), { timeout: 5_000, interval: 5 })
      .toBeGreaterThanOrEqual(versionBefore + 2);
    const next = await page(second, '/');
    expect(next.html).toContain(description);
  });
});
