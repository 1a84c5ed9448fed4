/**
 * The production web app in front of the API: a public answer served from memory (ahead of both
 * Koa apps) carries every header the full middleware chain gives it, and /api/metrics counts the
 * site's requests and its HTML cache too.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime, type Runtime } from '@npo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/test-support/databases.js';
import { skipWhen } from '../../api/src/test-support/skips.js';
import { createSiteRenderer, loadSiteBuild } from './site-renderer.js';
import { createWebApp, SITE_BUILD_DIR } from './web-app.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';

const siteBuilt = existsSync(path.join(SITE_BUILD_DIR, 'server', 'entry.mjs'));

describe('the web app in front of the API', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://site.test',
      SEED_DEMO: 'true',
      CORS_ORIGINS: 'app://console',
      TRUST_PROXY: 'true',
      // Behind a trusted proxy no request is local to /api/metrics (issue 52): the scrape holds the token.
      METRICS_TOKEN: 'site-metrics-token-for-the-tests-0123456789',
    });
    runtime = await startRuntime(config, createLogger('silent'));
    const renderSite = (await loadSiteBuild(SITE_BUILD_DIR))
      ? createSiteRenderer(runtime, { buildDir: SITE_BUILD_DIR })
      : undefined;
    server = httpServerFor(createWebApp(runtime, { ...(renderSite && { renderSite }) }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 30_000);
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime?.close();
    await database?.drop();
  });

  it('gives a public answer from memory the headers of the full chain, and a 304 on its ETag', async () => {
    const headers = { Origin: 'app://console', 'X-Forwarded-Proto': 'https', 'X-Request-Id': 'req-from-the-test-1' };
    const miss = await fetch(`${baseUrl}/api/faqs`, { headers });
    const hit = await fetch(`${baseUrl}/api/faqs`, { headers });
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(await hit.text()).toBe(await miss.text());
    const ignored = new Set(['x-cache', 'date', 'x-request-id']);
    const comparable = (response: Response) => [...response.headers].filter(([name]) => !ignored.has(name)).sort();
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.headers.get('x-request-id')).toBe('req-from-the-test-1');
    expect(hit.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(hit.headers.get('access-control-allow-origin')).toBe('app://console');
    expect(hit.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    // fetch() would add "Cache-Control: no-cache" to a conditional request; a revalidating browser sends max-age=0.
    const revalidation = { 'If-None-Match': hit.headers.get('etag')!, 'Cache-Control': 'max-age=0' };
    const notModified = await fetch(`${baseUrl}/api/faqs`, { headers: revalidation });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(hit.headers.get('etag'));
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    // Another origin gets no CORS grant, only the Vary that keeps shared caches honest.
    const other = await fetch(`${baseUrl}/api/faqs`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Origin');
  });

  it(
    'counts the pages and the HTML cache in /api/metrics',
    skipWhen(!siteBuilt && 'the site is not built (npm run build)'),
    async () => {
      await fetch(`${baseUrl}/`);
      await fetch(`${baseUrl}/`);
      await fetch(`${baseUrl}/no-such-page-12345`);
      const scrape = { headers: { Authorization: 'Bearer site-metrics-token-for-the-tests-0123456789' } };
      const text = await (await fetch(`${baseUrl}/api/metrics`, scrape)).text();
      expect(text).toMatch(/^http_requests_total\{method="GET",route="page",status="200"\} 2$/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="page",status="404"\} 1$/m);
      expect(text).not.toContain('no-such-page-12345');
      expect(text).toMatch(/^cache_hits_total\{cache="html"\} [1-9]/m);
      expect(text).toMatch(/^cache_hits_total\{cache="public_api"\} [1-9]/m);
    },
  );
});
