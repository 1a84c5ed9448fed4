/**
 * Issue 12 on the production web server (API, console and the built public site in one app):
 * undecodable paths, posts to page paths, the console's policy, HSTS and nosniff.
 */
import { existsSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime, type Runtime } from '@npo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/test-support/databases.js';
import { skipWhen } from '../../api/src/test-support/skips.js';
import { createHtmlCache } from './html-cache.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';
import { createSiteRenderer, loadSiteBuild, samePagePath } from './site-renderer.js';
import { ADMIN_BUILD_DIR, createWebApp, SITE_BUILD_DIR } from './web-app.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';

const siteBuilt = existsSync(path.join(SITE_BUILD_DIR, 'server', 'entry.mjs'));
const adminBuilt = existsSync(path.join(ADMIN_BUILD_DIR, 'index.html'));
const siteNotBuilt = !siteBuilt && 'the site is not built (npm run build)';
const adminNotBuilt = !adminBuilt && 'the console is not built (npm run build)';

interface Instance {
  baseUrl: string;
  runtime: Runtime;
  logs: string[];
  close(): Promise<void>;
}

async function startInstance(database: TestDatabase, env: Record<string, string> = {}): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://site.test',
    SEED_DEMO: 'false',
    ...env,
  });
  const logs: string[] = [];
  const logger = createLogger('silent');
  // Anything the web app logs at error level is a fault: collected here for the assertions.
  logger.error = (...args: unknown[]) => void logs.push(JSON.stringify(args));
  const runtime = await startRuntime(config, logger);
  if (siteBuilt) await loadSiteBuild(SITE_BUILD_DIR);
  const renderSite = siteBuilt
    ? createSiteRenderer(runtime, { buildDir: SITE_BUILD_DIR, cache: createHtmlCache() })
    : undefined;
  const server: Server = httpServerFor(createWebApp(runtime, { ...(renderSite && { renderSite }) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    runtime,
    logs,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}

/** A raw request: fetch() would normalise `//evil.example` and refuse some malformed paths. */
function raw(
  instance: Instance,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(instance.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(method === 'GET' || method === 'HEAD' ? undefined : 'email=a%40b.org');
  });
}

describe('the web server against bad input and for transport security', () => {
  let database: TestDatabase;
  let web: Instance;
  let proxied: Instance;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    web = await startInstance(database);
    proxied = await startInstance(database, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await proxied?.close();
    await web?.close();
    await database?.drop();
  });

  describe('malformed percent-encoding in a path', () => {
    it.each(['/admin/%', '/%.js', '/assets/%E0%A4%A.js', '/%', '/join-us%zz', '/admin/assets/%E0%A4%A.js'])(
      '%s answers a short plain 400, logged as nothing worse than a request',
      async (target) => {
        const response = await raw(web, 'GET', target);
        expect(response.status).toBe(400);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toBe('Bad request: the address is not correctly encoded.');
        expect(web.logs).toEqual([]);
      },
    );

    it('in an API path it answers 400 in the envelope', async () => {
      const response = await raw(web, 'GET', '/api/activities/%E0%A4%A');
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ success: false, message: 'Malformed URL' });
      expect(web.logs).toEqual([]);
    });
  });

  describe('a post to a page path', skipWhen(siteNotBuilt), () => {
    it.each([
      ['//evil.example', '/evil.example'],
      ['///evil.example/x', '/evil.example/x'],
      ['/\\evil.example', '/evil.example'],
      ['/login', '/login'],
    ])('POST %s is sent back to a path on this origin: %s', async (target, location) => {
      const response = await raw(web, 'POST', target, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(location);
      expect(String(response.headers.location)).not.toMatch(/^[/\\]{2}/);
    });
  });

  describe('RFC 8058 one-click unsubscribe', () => {
    it("a mail client's POST to the List-Unsubscribe URL reaches the API, which checks the signed token", async () => {
      const signed = await fetch(`${web.baseUrl}/unsubscribe?token=1.${'A'.repeat(43)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      // A well-formed token with a wrong signature: refused by the API's route, in its envelope.
      expect(signed.status).toBe(400);
      expect(await signed.json()).toMatchObject({
        success: false,
        errors: [{ field: 'token', message: 'This unsubscribe link is not valid.' }],
      });
      expect(web.logs).toEqual([]);
    });
  });

  it('samePagePath never answers a path another host could be read from', () => {
    expect(samePagePath('//evil.example')).toBe('/evil.example');
    expect(samePagePath('/\\/evil.example')).toBe('/evil.example');
    expect(samePagePath('/')).toBe('/');
    expect(samePagePath('/join-us')).toBe('/join-us');
  });

  describe('the console at /admin', () => {
    it.each(['/admin', '/admin/login', '/admin/faqs'])(
      '%s carries the strict policy of the public site',
      async (target) => {
        const response = await raw(web, 'GET', target);
        expect(response.status).toBe(200);
        expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      },
    );

    it(
      'answers 404 for a file it does not hold, and its page for a route (issue 19)',
      skipWhen(adminNotBuilt),
      async () => {
        for (const target of ['/admin/nope.png', '/admin/faqs/export.csv', '/admin/assets/nothing.js']) {
          const response = await raw(web, 'GET', target);
          expect(response.status, target).toBe(404);
          expect(response.headers['content-type'] ?? '', target).not.toContain('text/html');
        }
        for (const target of ['/admin/users', '/admin/contact-messages/12']) {
          const response = await raw(web, 'GET', target);
          expect(response.status, target).toBe(200);
          expect(response.headers['content-type'], target).toContain('text/html');
        }
      },
    );

    it('its index.html has no inline script or style the policy would block', skipWhen(adminNotBuilt), async () => {
      const { body } = await raw(web, 'GET', '/admin');
      expect(body).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
      expect(body).not.toMatch(/<style\b|\sstyle="/);
    });
  });

  describe('Strict-Transport-Security', () => {
    const HSTS = 'max-age=31536000; includeSubDomains';

    it.each(['/', '/api/health', '/admin', '/robots.txt'])(
      '%s over HTTPS behind a trusted proxy carries it',
      async (target) => {
        const response = await raw(proxied, 'GET', target, { 'x-forwarded-proto': 'https' });
        expect(response.headers['strict-transport-security']).toBe(HSTS);
      },
    );

    it('plain http never carries it, with or without a trusted proxy', async () => {
      expect((await raw(proxied, 'GET', '/')).headers['strict-transport-security']).toBeUndefined();
      expect(
        (await raw(proxied, 'GET', '/', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
      ).toBeUndefined();
    });

    it('X-Forwarded-Proto is ignored unless TRUST_PROXY=true', async () => {
      const response = await raw(web, 'GET', '/api/health', { 'x-forwarded-proto': 'https' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('X-Content-Type-Options: nosniff', skipWhen(siteNotBuilt), () => {
    it('on a built asset, robots.txt, sitemap.xml and asset 404s', async () => {
      const home = await raw(web, 'GET', '/');
      const asset = /(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
      expect(asset).toBeDefined();
      for (const target of [
        asset!,
        '/robots.txt',
        '/sitemap.xml',
        '/assets/no-such-file.js',
        '/admin/assets/nothing.js',
      ]) {
        const response = await raw(web, 'GET', target);
        expect(response.headers['x-content-type-options'], target).toBe('nosniff');
      }
      expect((await raw(web, 'GET', asset!)).status).toBe(200);
      expect((await raw(web, 'GET', '/assets/no-such-file.js')).status).toBe(404);
    });
  });
});
