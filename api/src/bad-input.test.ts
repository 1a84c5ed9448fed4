/**
 * One rule for bad input (issue 12): control characters, ids beyond the database's range, undecodable
 * paths and bodies, and wrong methods answer 400, 404, 405 or 415 in the envelope, never a 500, and
 * change nothing. On both engines: PostgreSQL is the one that used to answer 500.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from './test-support/databases.js';
import { sampleBodies } from './test-support/samples.js';
import { startTestApp, SUPER_ADMIN, type ApiResponse, type TestApp } from './test-support/test-app.js';
import { CONTENT_TABLES } from './db/tables.js';

/** What bad input must leave as it was: the content and the accounts with what hangs off them. */
const TABLES = [...CONTENT_TABLES, 'users', 'activity_registrations', 'contact_messages', 'login_failures'] as const;

function expectEnvelope(response: ApiResponse, status: number, message: string | RegExp): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toMatchObject({ success: false });
  expect(response.body.message).toMatch(message);
}

describeEngines('bad input on %s', (engine) => {
  let app: TestApp;
  let admin: string;
  let member: string;
  let counts: () => Promise<Record<string, number>>;
  let activityId: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = (await app.createUser({ role: 'super_admin' })).token;
    member = (await app.createUser({})).token;
    const activity = await app.request('POST', '/api/admin/activities', { token: admin, body: sampleBodies.activity });
    activityId = activity.body.data.id;
    counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await app.count(t)])));
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('control characters in text fields', () => {
    const NUL = 'a\u0000b';
    const cases: [string, string, string, unknown, string, string][] = [
      [
        'sign-up',
        'POST',
        '/api/auth/register',
        { name: NUL, email: 'new@example.org', password: 'secret-123' },
        'name',
        'Name',
      ],
      ['login', 'POST', '/api/auth/login', { email: `x${NUL}@example.org`, password: 'secret-123' }, 'email', 'Email'],
      ['forgot password', 'POST', '/api/auth/forgot-password', { email: `${NUL}@example.org` }, 'email', 'Email'],
      [
        'contact form',
        'POST',
        '/api/contact-messages',
        { name: 'Visitor', email: 'v@example.org', phone: '+911234567890', message: `Hello there ${NUL}` },
        'message',
        'Message',
      ],
      ['FAQ', 'POST', '/api/admin/faqs', { ...sampleBodies.faq, category: `Cat\u001bgory` }, 'category', 'Category'],
      [
        'FAQ question',
        'POST',
        '/api/admin/faqs',
        { ...sampleBodies.faq, question: `Who ${NUL} can join?` },
        'question',
        'Question',
      ],
      [
        'activity tag',
        'POST',
        '/api/admin/activities',
        { ...sampleBodies.activity, tags: ['web\u0007inar'] },
        'tags',
        'Tag',
      ],
      [
        'testimonial',
        'POST',
        '/api/admin/testimonials',
        { ...sampleBodies.testimonial, quote: `Great ${NUL} peers here` },
        'quote',
        'Quote',
      ],
      [
        'card point',
        'POST',
        '/api/admin/membership-cards',
        { ...sampleBodies.card, points: [{ value: `Cal\u007fls` }] },
        'points',
        'Point',
      ],
      [
        'about objective',
        'POST',
        '/api/admin/about-us',
        { ...sampleBodies.about, objectives: [{ title: 'Case', description: `Monthly ${NUL} circles.` }] },
        'objectives',
        'Objective description',
      ],
      [
        'contact info link',
        'POST',
        '/api/admin/contact-info',
        { ...sampleBodies.contact, socialLinks: { facebook: `https://x.org/${NUL}` } },
        'socialLinks',
        'Link',
      ],
      [
        'policy title',
        'POST',
        '/api/admin/privacy-policy',
        { ...sampleBodies.policy, title: `Pol${NUL}icy` },
        'title',
        'Title',
      ],
      [
        'admin user',
        'POST',
        '/api/admin/users',
        { name: `Ada${NUL}`, email: 'ada@example.org', role: 'admin' },
        'name',
        'Name',
      ],
    ];

    it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, method, path, body, field, label) => {
      const before = await counts();
      const response = await app.request(method, path, {
        body,
        token: path.startsWith('/api/admin') ? admin : undefined,
      });
      expectEnvelope(response, 400, `${label} contains characters that are not allowed`);
      expect(response.body.errors.map((error: { field: string }) => error.field.split('.')[0])).toContain(field);
      expect(await counts()).toEqual(before);
    });

    it('tab, newline and carriage return stay allowed', async () => {
      const response = await app.request('POST', '/api/admin/faqs', {
        token: admin,
        body: { ...sampleBodies.faq, answer: 'Line one\r\nline two\tand more text here.' },
      });
      expect(response.status).toBe(201);
      expect(response.body.data.answer).toBe('Line one\r\nline two\tand more text here.');
    });

    it.each(['/api/admin/users?search=%00', '/api/admin/users?role=admin&search=a%01b'])(
      'a query parameter: %s answers 400',
      async (path) => {
        const response = await app.request('GET', path, { token: admin });
        expectEnvelope(response, 400, 'Search contains characters that are not allowed');
        expect(response.body.errors).toEqual([
          { field: 'search', message: 'Search contains characters that are not allowed' },
        ]);
      },
    );
  });

  describe('ids beyond the database integer range', () => {
    it.each([
      ['GET', '/api/activities/2147483648', undefined],
      ['GET', '/api/activities/99999999999', undefined],
      ['POST', '/api/activities/99999999999/register', 'member'],
      ['POST', '/api/activities/2147483648/register', 'member'],
      ['GET', '/api/admin/users/2147483648', 'admin'],
      ['PUT', '/api/admin/faqs/2147483648', 'admin'],
      ['DELETE', '/api/admin/testimonials/99999999999', 'admin'],
      ['PATCH', '/api/admin/about-us/2147483648/activate', 'admin'],
      ['DELETE', '/api/admin/users/2147483648', 'admin'],
    ])('%s %s answers 404', async (method, path, who) => {
      const before = await counts();
      const token = who === 'admin' ? admin : who === 'member' ? member : undefined;
      const response = await app.request(method, path, {
        token,
        ...(method === 'PUT' && { body: sampleBodies.faq }),
      });
      expectEnvelope(response, 404, /not found/);
      expect(await counts()).toEqual(before);
    });

    it('the largest id still reaches the database (and names nothing)', async () => {
      const response = await app.request('GET', '/api/activities/2147483647');
      expectEnvelope(response, 404, 'Activity not found');
      expect((await app.request('GET', `/api/activities/${activityId}`)).status).toBe(200);
    });
  });

  describe('malformed percent-encoding in an API path', () => {
    it.each(['/api/activities/%', '/api/faqs/%E0%A4%A', '/api/%zz'])('%s answers 400', async (path) => {
      const response = await app.request('GET', path);
      expectEnvelope(response, 400, 'Malformed URL');
    });
  });

  describe('a Content-Encoding the server cannot decode', () => {
    async function send(encoding: string, body: Buffer): Promise<ApiResponse> {
      const response = await fetch(`${app.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    }
    const signup = { name: 'Gzip Person', email: 'gzip@example.org', password: 'secret-123' };

    it('an unknown encoding answers 415', async () => {
      const before = await counts();
      expectEnvelope(await send('zstd-x', Buffer.from(JSON.stringify(signup))), 415, /Unsupported Content-Encoding/);
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['br', Buffer.from('certainly not brotli at all')],
      ['gzip', gzipSync(JSON.stringify(signup)).subarray(0, 20)],
      ['gzip', Buffer.from('not gzip')],
      ['deflate', Buffer.from('not deflate')],
    ])('a broken %s body answers 400', async (encoding, body) => {
      const before = await counts();
      expectEnvelope(
        await send(encoding, body),
        400,
        'The request body could not be decoded with its Content-Encoding',
      );
      expect(await counts()).toEqual(before);
    });

    it('a good gzip body is still read', async () => {
      const response = await send('gzip', gzipSync(JSON.stringify(signup)));
      expect(response.status).toBe(201);
    });
  });

  describe('a wrong method on an existing path', () => {
    it.each([
      ['DELETE', '/api/faqs', 'HEAD, GET'],
      ['PUT', '/api/auth/login', 'POST'],
      ['POST', '/api/health', 'HEAD, GET'],
      ['PATCH', '/api/activities/1', 'HEAD, GET'],
      ['GET', '/api/admin/faqs/1', 'PUT, DELETE'],
    ])('%s %s answers 405 with Allow', async (method, path, allow) => {
      const before = await counts();
      const response = await app.request(method, path, method === 'GET' ? {} : { body: {} });
      expectEnvelope(response, 405, 'Method not allowed');
      expect(response.headers.get('allow')).toBe(allow);
      expect(await counts()).toEqual(before);
    });

    it('an unknown path stays 404', async () => {
      expectEnvelope(await app.request('DELETE', '/api/no-such-thing'), 404, 'Endpoint not found');
      expectEnvelope(await app.request('GET', '/api/no-such-thing'), 404, 'Endpoint not found');
    });
  });

  describe('answers for one person are never cached', () => {
    it('the login answer with its token carries Cache-Control: no-store', async () => {
      const response = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN });
      expect(response.status).toBe(200);
      expect(response.body.data.token).toEqual(expect.any(String));
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it.each(['/api/admin/faqs', '/api/admin/users', `/api/admin/dashboard`, '/api/admin/contact-messages'])(
      'GET %s carries no-store',
      async (path) => {
        const response = await app.request('GET', path, { token: admin });
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toMatch(/(^|\s)no-store$/);
      },
    );

    it('an admin item GET carries no-store', async () => {
      const { user } = await app.createUser({});
      const response = await app.request('GET', `/api/admin/users/${user.id}`, { token: admin });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });
});
