import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from './db/migrate.js';
import { describeEngines } from './test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type ApiResponse, type TestApp } from './test-support/test-app.js';

const ALLOWED_ORIGIN = 'app://console';

/** What an answer must never carry: a stack frame, a file path or SQL text. */
function expectNoLeak(response: ApiResponse): void {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|\.js\b|stack/i);
  expect(text).not.toMatch(
    /\b(select|insert|update|delete)\b.*\b(from|into|set)\b|sqlite|postgres|relation|no such table/i,
  );
}

function expectErrorEnvelope(response: ApiResponse, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
  expectNoLeak(response);
}

describeEngines('the API foundation on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('health', () => {
    it('answers 200 {status:"ok"} while the database answers, never cached', async () => {
      const response = await app.request('GET', '/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('is ready (200) once every migration has run; not ready (503) with one pending or the database gone', async () => {
      const ready = await app.request('GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready' });
      expect(ready.headers.get('cache-control')).toBe('no-store');

      const behind = await startTestApp(engine);
      try {
        await behind.runtime.deps.db.migrate.down({ migrationSource });
        const pending = await behind.request('GET', '/api/health/ready');
        expect(pending.status).toBe(503);
        expect(pending.body).toEqual({ status: 'not_ready', reason: 'migrations_pending' });
        // Liveness does not depend on the schema: the process and its database are up.
        expect((await behind.request('GET', '/api/health')).status).toBe(200);
        await behind.runtime.deps.db.destroy();
        const gone = await behind.request('GET', '/api/health/ready');
        expect(gone.status).toBe(503);
        expect(gone.body).toEqual({ status: 'not_ready', reason: 'database_unavailable' });
      } finally {
        await behind.close().catch(() => undefined);
      }
    });

    it('answers 503 once the database is gone, and errors elsewhere stay generic', async () => {
      const broken = await startTestApp(engine);
      try {
        await broken.runtime.deps.db.destroy();
        const health = await broken.request('GET', '/api/health');
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ status: 'unavailable' });

        // A limit that cannot count refuses (issue 19: limits fail closed)...
        const login = await broken.request('POST', '/api/auth/login', { body: SUPER_ADMIN });
        expectErrorEnvelope(login, 503);
        // ...and elsewhere an unclassified failure stays generic.
        const reset = await broken.request('POST', '/api/auth/reset-password/some-token', {
          body: { password: 'new-password-1', confirmPassword: 'new-password-1' },
        });
        expectErrorEnvelope(reset, 500);
        expect(reset.body.message).toBe('Something went wrong on our side. Please try again.');
      } finally {
        await broken.close();
      }
    });
  });

  describe('headers', () => {
    it.each([
      ['a 200', '/api/health'],
      ['a 404', '/api/no-such-thing'],
    ])('puts the security headers on %s', async (_label, path) => {
      const response = await app.request('GET', path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
    });

    it('gives every answer a request id, and echoes a valid incoming one', async () => {
      const fresh = await app.request('GET', '/api/health');
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const echoed = await app.request('GET', '/api/health', { headers: { 'X-Request-Id': 'trace-1234_abcd' } });
      expect(echoed.headers.get('x-request-id')).toBe('trace-1234_abcd');

      const notFound = await app.request('GET', '/api/nowhere', { headers: { 'X-Request-Id': 'trace-5678_efgh' } });
      expect(notFound.headers.get('x-request-id')).toBe('trace-5678_efgh');
    });

    it.each(['short', 'has spaces in it', 'x'.repeat(65), 'semi;colon<script>'])(
      'replaces an unsafe incoming request id %j with its own',
      async (incoming) => {
        const response = await app.request('GET', '/api/health', { headers: { 'X-Request-Id': incoming } });
        const id = response.headers.get('x-request-id');
        expect(id).not.toBe(incoming);
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
      },
    );
  });

  describe('bodies', () => {
    it('answers malformed JSON with a 400 envelope', async () => {
      const response = await app.request('POST', '/api/auth/login', { rawBody: '{"email": "a@b.org", ' });
      expectErrorEnvelope(response, 400);
      expect(response.body).toMatchObject({ success: false, message: 'Malformed JSON body' });
    });

    it('answers a 3 MB JSON body with a 413 envelope, never a 500', async () => {
      const before = await app.count('users');
      const response = await app.request('POST', '/api/auth/register', {
        body: { name: 'Big Body', email: 'big@example.org', password: 'x'.repeat(3 * 1024 * 1024) },
      });
      expectErrorEnvelope(response, 413);
      expect(response.body.message).toBe('Request body is too large');
      expect(await app.count('users')).toBe(before);
    });

    it('still answers normally after a refused body on the same server', async () => {
      expect((await app.request('GET', '/api/health')).status).toBe(200);
    });
  });

  describe('unknown paths', () => {
    it.each([
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['GET', '/api'],
      ['DELETE', '/api/health/extra'],
    ])('answers %s %s with a 404 envelope', async (method, path) => {
      const response = await app.request(method, path);
      expectErrorEnvelope(response, 404);
      expect(response.body.message).toBe('Endpoint not found');
    });
  });

  describe('CORS', () => {
    it('allows the configured origin', async () => {
      const response = await app.request('GET', '/api/health', { headers: { Origin: ALLOWED_ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      expect(response.headers.get('vary')).toMatch(/origin/i);
    });

    it('gives another origin no CORS headers at all', async () => {
      const response = await app.request('GET', '/api/health', { headers: { Origin: 'https://evil.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('answers a preflight of the allowed origin', async () => {
      const response = await app.request('OPTIONS', '/api/auth/login', {
        headers: {
          Origin: ALLOWED_ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/authorization/);
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/content-type/);
      expect(response.headers.get('access-control-max-age')).toBe('600');
    });

    it('lets the allowed origin send If-Match and read the ETag of an answer', async () => {
      const preflight = await app.request('OPTIONS', '/api/admin/faqs/1', {
        headers: {
          Origin: ALLOWED_ORIGIN,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization, content-type, if-match',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PUT/);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/\bif-match\b/);

      const token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
      const created = await app.request('POST', '/api/admin/faqs', {
        token,
        headers: { Origin: ALLOWED_ORIGIN },
        body: { question: 'Who can join the network?', answer: 'Any nutrition professional can join us.' },
      });
      expect(created.headers.get('etag')).toBe('"1"');
      expect(created.headers.get('access-control-expose-headers')?.toLowerCase()).toMatch(/\betag\b/);
    });

    it('lets the allowed origin send Idempotency-Key and read Retry-After (the desktop outbox)', async () => {
      const preflight = await app.request('OPTIONS', '/api/admin/faqs', {
        headers: {
          Origin: ALLOWED_ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/\bidempotency-key\b/);
      const answer = await app.request('GET', '/api/health', { headers: { Origin: ALLOWED_ORIGIN } });
      expect(answer.headers.get('access-control-expose-headers')?.toLowerCase()).toMatch(/\bretry-after\b/);
    });

    it('gives a preflight with If-Match from an unlisted origin no CORS headers at all', async () => {
      const response = await app.request('OPTIONS', '/api/admin/faqs/1', {
        headers: {
          Origin: 'app://other-console',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'if-match',
        },
      });
      for (const header of [
        'access-control-allow-origin',
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-expose-headers',
      ]) {
        expect(response.headers.get(header), header).toBeNull();
      }
    });

    it('does not answer a preflight of another origin as allowed', async () => {
      const response = await app.request('OPTIONS', '/api/auth/login', {
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  describe('errors', () => {
    it('never answers with SQL text when a query fails', async () => {
      const broken = await startTestApp(engine);
      try {
        await broken.runtime.deps.db.schema.dropTable('login_failures');
        const response = await broken.request('POST', '/api/auth/login', {
          body: { email: 'nobody@example.org', password: 'wrong-password' },
        });
        expectErrorEnvelope(response, 500);
        expect(response.body).toEqual({
          success: false,
          code: 'internal_error',
          message: 'Something went wrong on our side. Please try again.',
        });
      } finally {
        await broken.close();
      }
    });

    it('answers bad input with 4xx envelopes that name no internals', async () => {
      const cases: [string, string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }][] = [
        ['POST', '/api/auth/login', { rawBody: '[1, 2' }],
        ['POST', '/api/auth/login', { rawBody: 'not json at all' }],
        ['POST', '/api/auth/login', { body: { email: { $ne: null }, password: ['x'] } }],
        ['POST', '/api/auth/login', { body: "'; drop table users; --" }],
        ['GET', '/api/auth/me', { headers: { Authorization: 'Bearer a.b.c' } }],
        ['GET', `/api/auth/reset-password/${'x'.repeat(300)}`, {}],
        [
          'POST',
          '/api/auth/register',
          { rawBody: '{"name": "\\ud800"', headers: { 'content-type': 'application/json' } },
        ],
      ];
      for (const [method, path, options] of cases) {
        const response = await app.request(method, path, options);
        expect(response.status, `${method} ${path} ${JSON.stringify(options)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path} ${JSON.stringify(options)}`).toBeLessThan(500);
        expect(response.body.success).toBe(false);
        expectNoLeak(response);
      }
    });
  });
});
