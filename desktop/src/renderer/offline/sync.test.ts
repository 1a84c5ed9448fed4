/**
 * The outbox against an API stand-in that honours Idempotency-Key: items A (exactly once), E (replay
 * policy) and F (sign-in, FAQ reorder) of issue 18. Each test loads fresh modules, so no state leaks.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Change } from './outbox';
import { fakeApi, signedInPlatform, STAFF, until, type MemoryPlatform } from './test-support';

const create = (name: string): Change => ({
  method: 'POST',
  path: '/admin/testimonials',
  body: { name },
  label: `New testimonial “${name}”`,
  invalidates: [['testimonials']],
});

async function load(platform: MemoryPlatform = signedInPlatform()) {
  vi.resetModules();
  vi.doMock('../platform', () => ({ platform }));
  const sync = await import('./sync');
  const outbox = await import('./outbox');
  const connectivity = await import('./connectivity');
  const session = await import('../session/session-store');
  sync.configureReplay({ random: () => 0, now: () => Date.parse('2026-01-01T00:00:00Z') });
  sync.startSync(new QueryClient());
  const waiting = () => outbox.entriesOf(STAFF.id);
  return { sync, outbox, connectivity, session, platform, waiting };
}

let server: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  server = fakeApi();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posts = () => server.received.filter((request) => request.method === 'POST');

describe('A: a write is made once, however often it is sent', () => {
  it('replays a create whose answer was lost after the server committed it with the same key: one row', async () => {
    const { sync, connectivity, waiting } = await load();
    server.next = (request) => (request.method === 'POST' && posts().length === 1 ? 'drop-after-commit' : null);

    await expect(sync.submitChange(create('Amal'))).resolves.toBe(sync.QUEUED);
    expect(connectivity.isOnline()).toBe(false);
    expect(server.rows).toHaveLength(1);

    await connectivity.checkServer();
    await until(() => expect(waiting()).toHaveLength(0));
    expect(posts()).toHaveLength(2);
    expect(posts()[0]?.key).toBeTruthy();
    expect(posts()[1]?.key).toBe(posts()[0]?.key);
    expect(server.rows).toHaveLength(1);
  });

  it('sends the same key when the staff member tries the same save again after a 5xx', async () => {
    const { sync } = await load();
    server.next = (request) =>
      posts().length === 1 && request.method === 'POST'
        ? new Response(JSON.stringify({ success: false, message: 'Something went wrong' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : null;

    await expect(sync.submitChange(create('Bilal'))).rejects.toMatchObject({ status: 500 });
    await expect(sync.submitChange(create('Bilal'))).resolves.toMatchObject({ name: 'Bilal' });
    expect(posts()[1]?.key).toBe(posts()[0]?.key);
    // Another change is another request: its own key.
    await sync.submitChange(create('Chen'));
    expect(new Set(posts().map((request) => request.key)).size).toBe(2);
    expect(server.rows.map((row) => row.name)).toEqual(['Bilal', 'Chen']);
  });

  it('gives a queued change its entry id as key, from the first send to the last', async () => {
    const { sync, connectivity, waiting } = await load();
    server.next = () => 'network';
    await sync.submitChange(create('Dina'));
    const [entry] = waiting();
    server.next = null;
    await connectivity.checkServer();
    await until(() => expect(waiting()).toHaveLength(0));
    expect(posts().map((request) => request.key)).toEqual([entry?.id, entry?.id]);
  });
});

describe('E: the replay policy', () => {
  async function queued(name: string) {
    const loaded = await load();
    server.next = () => 'network';
    await loaded.sync.submitChange(create(name));
    server.next = null;
    return loaded;
  }

  it('a proxy 503 without the envelope means unreachable: offline, and the change keeps waiting', async () => {
    const { connectivity, waiting, sync } = await queued('Eli');
    server.next = () => new Response('<html>503 Service Unavailable</html>', { status: 503 });
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(false);
    await sync.flushOutbox();
    expect(waiting()).toMatchObject([{ state: 'waiting' }]);
    expect(server.rows).toHaveLength(0);
  });

  it('a 503 from the API itself (with its envelope) is the server answering: online', async () => {
    const { connectivity } = await load();
    server.next = () =>
      new Response(JSON.stringify({ success: false, message: 'Maintenance' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      });
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(true);
  });

  it('retries a 429 after its Retry-After, not before, and keeps the change waiting meanwhile', async () => {
    const { connectivity, waiting } = await queued('Farah');
    let refusals = 1;
    server.next = (request) =>
      request.method === 'POST' && refusals-- > 0
        ? new Response(JSON.stringify({ success: false, message: 'Too many requests' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
          })
        : null;
    await connectivity.checkServer();
    await until(() => expect(waiting()[0]?.waitReason).toMatch(/busy/));
    expect(waiting()).toMatchObject([{ state: 'waiting' }]);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.rows).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => expect(waiting()).toHaveLength(0));
    expect(server.rows).toHaveLength(1);
  });

  it('retries a 500 with a growing pause, and sends once the server recovers', async () => {
    const { connectivity, waiting } = await queued('Gal');
    let failures = 2;
    server.next = (request) =>
      request.method === 'POST' && failures-- > 0
        ? new Response(JSON.stringify({ success: false, message: 'Internal error' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : null;
    await connectivity.checkServer();
    await until(() => expect(posts()).toHaveLength(2));
    // random() = 0: the first pause is half of 1 s, the second half of 2 s.
    await vi.advanceTimersByTimeAsync(499);
    expect(posts()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => expect(posts()).toHaveLength(3));
    await vi.advanceTimersByTimeAsync(999);
    expect(posts()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => expect(waiting()).toHaveLength(0));
    expect(server.rows).toHaveLength(1);
  });

  it('stops at a 4xx refusal and marks the change refused', async () => {
    const { connectivity, waiting } = await queued('Hana');
    server.next = (request) =>
      request.method === 'POST'
        ? new Response(JSON.stringify({ success: false, message: 'Name is too long' }), {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          })
        : null;
    await connectivity.checkServer();
    await until(() => expect(waiting()).toMatchObject([{ state: 'rejected', problem: 'Name is too long' }]));
  });
});

describe('F: sign-in and FAQ order', () => {
  it('a 401 during replay asks for a new sign-in, after which the waiting changes are sent', async () => {
    const { sync, connectivity, session, waiting } = await load();
    server.next = () => 'network';
    await sync.submitChange(create('Ines'));
    server.next = (request) =>
      request.method === 'POST'
        ? new Response(JSON.stringify({ success: false, message: 'Sign in' }), { status: 401 })
        : null;
    await connectivity.checkServer();
    await until(() => expect(session.getSession()).toBeNull());
    expect(server.rows).toHaveLength(0);

    server.next = null;
    session.setCredentials(STAFF as never, 'token-new');
    await until(() => expect(waiting()).toHaveLength(0));
    expect(server.rows.map((row) => row.name)).toEqual(['Ines']);
  });
});

describe('F: FAQ reorder goes through the outbox', () => {
  it('offline, a reorder waits like any other change and is sent once, with its key', async () => {
    const { sync, connectivity, waiting } = await load();
    const { faqOrderChange } = await import('../features/faqs/useFaqReorder');
    server.next = () => 'network';
    await connectivity.checkServer();
    const faqs = [3, 1, 2].map((id) => ({ id }) as never);
    await expect(sync.submitChange(faqOrderChange(faqs))).resolves.toBe(sync.QUEUED);
    expect(waiting()).toMatchObject([{ path: '/admin/faqs/reorder', body: { ids: [3, 1, 2] } }]);
    const entryId = waiting()[0]?.id;
    server.next = null;
    await connectivity.checkServer();
    await until(() => expect(waiting()).toHaveLength(0));
    expect(server.reorders).toEqual([[3, 1, 2]]);
    const sent = server.received.filter((request) => request.path.endsWith('/reorder'));
    expect(sent.map((request) => request.key)).toEqual([entryId]);
  });
});

describe('A: writes outside the outbox', () => {
  it('every other console write carries a fresh key; reads carry none', async () => {
    vi.resetModules();
    vi.doMock('../platform', () => ({ platform: signedInPlatform() }));
    const { api } = await import('../api/client');
    server.next = () =>
      new Response(JSON.stringify({ success: true, data: null }), { headers: { 'Content-Type': 'application/json' } });
    await api.request('POST', '/account/sessions/end-others');
    await api.request('POST', '/account/sessions/end-others');
    await api.request('GET', '/admin/testimonials');
    const [first, second, read] = server.received;
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).not.toBe(first?.key);
    expect(read?.key).toBeNull();
  });
});
