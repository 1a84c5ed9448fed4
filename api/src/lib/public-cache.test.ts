import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  describeEngines,
  postgresSkipReason,
  type TestDatabase,
} from '../test-support/databases.js';
import { skipWhen } from '../test-support/skips.js';
import { serveRuntime, type ServedRuntime } from '../test-support/runtime-harness.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { createAnswerStore, PAGING_READS, publicAnswerStore, queryKey } from './public-cache.js';

const faq = (question: string) => ({
  question,
  answer: 'An answer long enough to pass the validation of every FAQ.',
  category: 'Membership',
  isActive: true,
});

const activity = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  description: 'A workshop on planning meals for a whole week.',
  date: '2027-05-01T09:00:00.000Z',
  location: 'Online',
  status: 'upcoming',
  tags: ['Workshop'],
  ...overrides,
});

const about = (description: string) => ({
  description,
  aims: 'To connect every dietitian with the evidence and with each other.',
  objectives: [{ title: 'Evidence', description: 'Share evidence-based practice with every member.' }],
});

describe('the answer store', () => {
  const answer = (contentVersion: number) => ({ body: Buffer.from('{}'), etag: 'W/"x"', contentVersion, route: '/x' });

  it('serves an answer only at the version it was stamped with, and forgets it otherwise', () => {
    const store = createAnswerStore(10);
    store.set('/api/faqs', answer(3));
    expect(store.get('/api/faqs', 3)).toBeDefined();
    expect(store.get('/api/faqs', 4)).toBeUndefined();
    expect(store.get('/api/faqs', 3)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const store = createAnswerStore(2);
    store.set('/a', answer(1));
    store.set('/b', answer(1));
    store.get('/a', 1);
    store.set('/c', answer(1));
    expect(store.size).toBe(2);
    expect(store.get('/b', 1)).toBeUndefined();
    expect(store.get('/a', 1)).toBeDefined();
    expect(store.get('/c', 1)).toBeDefined();
  });

  it('keeps the bodies under its byte budget, dropping the least recently used', () => {
    const store = createAnswerStore(10, 25);
    const sized = (bytes: number) => ({ ...answer(1), body: Buffer.alloc(bytes) });
    store.set('/a', sized(10));
    store.set('/b', sized(10));
    store.get('/a', 1);
    store.set('/c', sized(10));
    expect(store.bytes).toBe(20);
    expect(store.get('/b', 1)).toBeUndefined();
    expect(store.get('/a', 1)).toBeDefined();
  });
});

describeEngines('public answers from memory on %s', (engine) => {
  let app: TestApp;
  let token: string;
  let member: string;

  const get = (path: string, headers: Record<string, string> = {}) => app.request('GET', path, { headers });
  const raw = async (path: string) => {
    const response = await fetch(`${app.baseUrl}${path}`);
    return { cache: response.headers.get('x-cache'), etag: response.headers.get('etag'), text: await response.text() };
  };
  /** Two reads: the second must come from memory. */
  const warm = async (path: string) => {
    await get(path);
    expect((await get(path)).headers.get('x-cache'), path).toBe('HIT');
  };
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(method, `/api/admin${path}`, { token, body });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response.body.data;
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.createUser({ role: 'super_admin' })).token;
    member = (await app.createUser({ role: 'member' })).token;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a repeated GET from memory with the very bytes and ETag of a fresh answer', async () => {
    await admin('POST', '/faqs', faq('Who may join the network?'));
    const fresh = await raw('/api/faqs');
    expect(fresh.cache).toBe('MISS');
    const cached = await raw('/api/faqs');
    expect(cached).toEqual({ ...fresh, cache: 'HIT' });
    expect(JSON.parse(cached.text).data.faqs.map((item: { question: string }) => item.question)).toContain(
      'Who may join the network?',
    );
  });

  it('shows an edit made through the admin API on the very next request, for every public answer', async () => {
    const created = await admin('POST', '/activities', activity('Sports nutrition clinic'));
    await admin('POST', '/about-us', about('The first description of the organisation.'));
    const paths = [
      '/api/faqs',
      '/api/activities',
      '/api/activities?status=upcoming',
      '/api/activities?status=upcoming&page=1&limit=5',
      `/api/activities/${created.id}`,
      '/api/about-us',
      '/api/testimonials',
      '/api/membership-cards',
    ];
    for (const path of paths) await warm(path);

    await admin('PUT', `/activities/${created.id}`, activity('Renamed sports nutrition clinic'));
    for (const path of paths) expect((await get(path)).headers.get('x-cache'), path).toBe('MISS');
    expect((await get(`/api/activities/${created.id}`)).body.data.title).toBe('Renamed sports nutrition clinic');
    const upcoming = await get('/api/activities?status=upcoming');
    expect(upcoming.body.data.activities.map((item: { title: string }) => item.title)).toContain(
      'Renamed sports nutrition clinic',
    );

    const second = await admin('POST', '/about-us', about('The second description of the organisation.'));
    await warm('/api/about-us');
    await admin('PATCH', `/about-us/${second.id}/activate`);
    expect((await get('/api/about-us')).body.data.description).toBe('The second description of the organisation.');
  });

  it('keeps each path and query apart', async () => {
    await admin('POST', '/activities', activity('An upcoming talk'));
    await admin('POST', '/activities', activity('A past talk', { status: 'past', date: '2025-01-01T09:00:00.000Z' }));
    await warm('/api/activities?status=upcoming');
    await warm('/api/activities?status=past');
    const upcoming = await get('/api/activities?status=upcoming');
    const past = await get('/api/activities?status=past');
    const titles = (response: typeof past) =>
      response.body.data.activities.map((item: { title: string }) => item.title);
    expect(titles(upcoming)).toContain('An upcoming talk');
    expect(titles(upcoming)).not.toContain('A past talk');
    expect(titles(past)).toContain('A past talk');
    expect((await get('/api/activities?status=past&limit=1')).body.data.activities).toHaveLength(1);
  });

  it("finds the bare path's answer for a query parameter the route does not read (issue 19)", async () => {
    const store = publicAnswerStore(app.runtime.deps.contentChanges);
    for (const path of ['/api/faqs', '/api/activities', '/api/activities/calendar.ics', '/api/about-us']) {
      // The first request carries a random parameter: Koa's path stores the answer under the bare path.
      const first = await raw(`${path}?x=${Math.random().toString(36).slice(2)}`);
      expect(first.cache, path).toBe('MISS');
      const hitsBefore = store.hits;
      const random = await raw(`${path}?utm_source=${Math.random().toString(36).slice(2)}&_=${Date.now()}`);
      const bare = await raw(path);
      expect([random.cache, bare.cache], path).toEqual(['HIT', 'HIT']);
      expect(store.hits - hitsBefore, path).toBe(2);
      expect(random.etag).toBe(first.etag);
      expect(random.text).toBe(bare.text);
    }
    // A parameter the route reads still keys its own answer, in any order and with others around it.
    await warm('/api/activities?status=past&limit=1');
    expect((await raw('/api/activities?limit=1&zz=1&status=past')).cache).toBe('HIT');
    expect((await raw('/api/activities?status=upcoming&limit=1')).cache).toBe('MISS');
  });

  it('keys an answer on the parameters its route reads, in the store and on the fast path alike', () => {
    const store = createAnswerStore(10);
    expect(queryKey('/api/faqs?x=1&page=2&limit=5', PAGING_READS)).toBe('/api/faqs?page=2&limit=5');
    expect(queryKey('/api/faqs?x=1', PAGING_READS)).toBe('/api/faqs');
    expect(queryKey('/api/about-us?x=1', [])).toBe('/api/about-us');
    // The fast path knows a path's parameters once its route has stored an answer; before, Koa answers.
    expect(store.keyOf('/api/faqs?x=1')).toBeNull();
    expect(store.keyOf('/api/faqs')).toBe('/api/faqs');
    store.noteReads('/api/faqs', PAGING_READS);
    for (const url of ['/api/faqs?x=1&limit=5&page=2', '/api/faqs?page=2&limit=5', '/api/faqs?limit=5&page=2&y'])
      expect(store.keyOf(url), url).toBe(queryKey(url, PAGING_READS));
  });

  it('shows a registration in the participant count at once', async () => {
    const created = await admin('POST', '/activities', activity('A registration clinic', { capacity: 10 }));
    await warm(`/api/activities/${created.id}`);
    const registered = await app.request('POST', `/api/activities/${created.id}/register`, { token: member });
    expect(registered.status).toBe(201);
    expect((await get(`/api/activities/${created.id}`)).body.data.participants).toBe(1);
  });

  it('sends no-cache with the ETag and answers 304 to a matching If-None-Match', async () => {
    await warm('/api/faqs');
    const first = await get('/api/faqs');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    // fetch() would add "Cache-Control: no-cache" to a conditional request; a revalidating browser sends max-age=0.
    const revalidated = await get('/api/faqs', { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeUndefined();

    await admin('POST', '/faqs', faq('Does an edit change the ETag?'));
    const changed = await get('/api/faqs', { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('stores and serves nothing while the content version is unknown', async () => {
    const store = publicAnswerStore(app.runtime.deps.contentChanges);
    await warm('/api/faqs');
    const cached = await raw('/api/faqs');
    vi.spyOn(app.runtime.deps.contentChanges, 'version').mockReturnValue(null);
    const sizeBefore = store.size;
    for (const path of ['/api/faqs', '/api/faqs', '/api/testimonials', '/api/testimonials']) {
      expect((await get(path)).headers.get('x-cache'), path).toBe('MISS');
    }
    expect(store.size).toBeLessThanOrEqual(sizeBefore);
    const fresh = await raw('/api/faqs');
    expect(fresh.text).toBe(cached.text);
    expect(fresh.etag).toBe(cached.etag);
  });

  it('never answers a private GET from memory', async () => {
    for (const path of ['/api/admin/faqs', '/api/admin/faqs', '/api/auth/me', '/api/auth/me']) {
      const response = await app.request('GET', path, { token });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-cache'), path).toBeNull();
    }
  });

  it('caches no error answer', async () => {
    for (const path of ['/api/activities/999999', '/api/activities/999999', '/api/faqs?limit=0', '/api/faqs?limit=0']) {
      const response = await get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-cache'), path).toBeNull();
    }
  });
});

describeEngines('a public answer served from memory on %s', (engine) => {
  let database: TestDatabase;
  let served: ServedRuntime;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    served = await serveRuntime(database);
  });
  afterAll(async () => {
    await served?.close();
    await database?.drop();
  });

  it('keeps its route template, request id and security headers', async () => {
    await served.request('GET', '/api/activities/1');
    await served.request('GET', '/api/faqs?page=1');
    const hit = await served.request('GET', '/api/faqs?page=1');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('x-request-id')).toBeTruthy();
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
    const logged = served.logs
      .entries()
      .filter((entry) => entry.msg === 'request')
      .map((entry) => [entry.route, entry.status]);
    expect(logged.slice(-2)).toEqual([
      ['/api/faqs', 200],
      ['/api/faqs', 200],
    ]);
  });
});

describe('public answers on two instances of one PostgreSQL database', skipWhen(postgresSkipReason), () => {
  let database: TestDatabase;
  let first: ServedRuntime;
  let second: ServedRuntime;
  const env = { SUPER_ADMIN_EMAIL: 'cache@example.org', SUPER_ADMIN_PASSWORD: 'cache-password-1' };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    first = await serveRuntime(database, env);
    second = await serveRuntime(database, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('shows an edit made through one instance on the next request to the other', async () => {
    const login = await first.request('POST', '/api/auth/login', {
      body: { email: env.SUPER_ADMIN_EMAIL, password: env.SUPER_ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    await second.request('GET', '/api/faqs');
    expect((await second.request('GET', '/api/faqs')).headers.get('x-cache')).toBe('HIT');

    const versionBefore = second.runtime.deps.contentChanges.version() ?? 0;
    const created = await first.request('POST', '/api/admin/faqs', { token, body: faq('Seen on every instance?') });
    expect(created.status).toBe(201);
    // The change reaches the other instance by NOTIFY, sent before the write is answered; its delivery
    // to the other process is asynchronous (usually within a millisecond), so wait for it rather than
    // race it. The point: once announced, the very next request there is answered fresh.
    await expect
      .poll(() => second.runtime.deps.contentChanges.version(), { timeout: 5_000, interval: 5 })
      .toBeGreaterThanOrEqual(versionBefore + 1);
    const next = await second.request('GET', '/api/faqs');
    expect(next.headers.get('x-cache')).toBe('MISS');
    expect(next.body.data.faqs.map((item: { question: string }) => item.question)).toContain('Seen on every instance?');
  });
});
