/**
 * Every public read of the route table answered twice: once by Koa (the store has nothing at this
 * content version) and once by the fast path ahead of Koa (cached-answer-path.ts). The two answers
 * must be the same in status, headers and body, for a plain GET, a revalidation with the ETag (304)
 * and a request from an allowed origin (CORS), so the fast path can never drift from what Koa sends.
 */
import { API_OPERATIONS, pathOf, type Operation } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './test-support/databases.js';
import { sampleBodies, versionedSamples } from './test-support/samples.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

const ORIGIN = 'app://console';

/** Differ by nature between two answers: when and for which request they were sent, and by which path. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'x-cache', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const PUBLIC_READS = API_OPERATIONS.filter((operation) => operation.publicCache !== undefined);

describe.each(testEngines())('public answers by Koa and by the fast path on %s', (engine) => {
  let app: TestApp;
  let activityId: number;
  let professionalSlug: string;

  async function fetchAnswer(path: string, headers: Record<string, string>): Promise<Answer & { cache: string }> {
    const response = await fetch(`${app.baseUrl}${path}`, { headers });
    const all = Object.fromEntries(response.headers.entries());
    const kept = Object.fromEntries(Object.entries(all).filter(([name]) => !PER_REQUEST.has(name)));
    return { status: response.status, headers: kept, body: await response.text(), cache: all['x-cache'] ?? '' };
  }

  function urlOf(operation: Operation): string {
    const path = pathOf(operation, { id: activityId, slug: professionalSlug });
    // A query the route reads and one it does not: the fast path must key both as Koa does.
    return operation.query ? `${path}?page=1&limit=5&x=1` : path;
  }

  beforeAll(async () => {
    app = await startTestApp(engine, { CORS_ORIGINS: ORIGIN });
    const { token } = await app.createUser({ role: 'super_admin' });
    const create = async (path: string, body: unknown) => {
      const response = await app.request('POST', path, { token, body });
      expect(response.status, path).toBe(201);
      return response.body.data.id as number;
    };
    activityId = await create('/api/admin/activities', sampleBodies.activity);
    await create('/api/admin/membership-cards', sampleBodies.card);
    await create('/api/admin/testimonials', sampleBodies.testimonial);
    await create('/api/admin/faqs', sampleBodies.faq);
    for (const [path, body] of versionedSamples) await create(`/api/admin/${path}`, body);
    // A professional of the directory (issue 57), listed and verified as its routes would leave it.
    const professional = await app.createUser({ role: 'member', name: 'Listed Professional' });
    professionalSlug = `listed-professional-${professional.user.id}`;
    await app.runtime.deps.db('member_profiles').insert({
      user_id: professional.user.id,
      revision: 2,
      updated_at: app.clock.now(),
      listed: true,
      verification: 'verified',
      directory_slug: professionalSlug,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has public reads to compare', () => {
    expect(PUBLIC_READS.map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/faqs', '/api/activities/:id', '/api/about-us', '/api/activities/calendar.ics']),
    );
  });

  const variants: [string, (etag: string) => Record<string, string>, number][] = [
    ['a plain GET', () => ({}), 200],
    // fetch() would add "Cache-Control: no-cache" to a conditional request; a revalidating browser sends max-age=0.
    ['a revalidation with the ETag', (etag) => ({ 'If-None-Match': etag, 'Cache-Control': 'max-age=0' }), 304],
    ['a GET from an allowed origin', () => ({ Origin: ORIGIN }), 200],
  ];

  for (const operation of PUBLIC_READS) {
    it.each(variants)(`answers GET ${operation.path} alike on both paths: %s`, async (_name, headersOf, status) => {
      const url = urlOf(operation);
      const etag = (await fetchAnswer(url, {})).headers.etag ?? '';
      expect(etag, url).not.toBe('');
      // A new content version: nothing stored is served, so the next request is Koa's.
      await app.runtime.deps.contentChanges.bump();
      const byKoa = await fetchAnswer(url, headersOf(etag));
      const fromMemory = await fetchAnswer(url, headersOf(etag));
      expect([byKoa.cache, fromMemory.cache], url).toEqual(['MISS', 'HIT']);
      expect(byKoa.status, url).toBe(status);
      const { cache: _koa, ...koaAnswer } = byKoa;
      const { cache: _memory, ...memoryAnswer } = fromMemory;
      expect(memoryAnswer, url).toEqual(koaAnswer);
    });
  }

  it('bumps the content version for the writes the table declares, and only those', async () => {
    const version = () => app.runtime.deps.contentChanges.version();
    const { token } = await app.createUser({ role: 'super_admin' });
    const staff = await app.createUser({ role: 'admin' });
    const member = await app.createUser({ role: 'member' });

    const before = version();
    const renamed = await app.request('PUT', `/api/admin/users/${staff.user.id}`, {
      token,
      body: { name: 'Renamed Staff', email: staff.email, role: 'admin' },
    });
    expect(renamed.status).toBe(200);
    await app.request('POST', '/api/contact-messages', {
      body: { name: 'Visitor', email: 'v@example.org', phone: '+911234567890', message: 'Hello there, a question.' },
    });
    expect(version(), 'an account edit and a contact message are not public content').toBe(before);

    const registered = await app.request('POST', `/api/activities/${activityId}/register`, { token: member.token });
    expect(registered.status).toBe(201);
    const afterRegistration = version();
    expect(afterRegistration, 'the participant count is public').not.toBe(before);

    const faq = await app.request('POST', '/api/admin/faqs', { token, body: sampleBodies.faq });
    expect(faq.status).toBe(201);
    expect(version()).not.toBe(afterRegistration);
  });
});
