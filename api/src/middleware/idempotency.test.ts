/**
 * Issue 18 item 2: exactly-once writes with Idempotency-Key, through the real HTTP app on both
 * engines, and with two instances on one database. A claim another instance holds, or left behind by
 * one that stopped, is set straight in the shared table.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_IN_USE } from '../errors.js';
import { IDEMPOTENCY_TABLE, type IdempotencyRow } from '../modules/idempotency/repository.js';
import { describeEngines } from '../test-support/databases.js';
import { serveRuntime, type ServedRuntime } from '../test-support/runtime-harness.js';
import { startTestApp, SUPER_ADMIN, type ApiResponse, type TestApp } from '../test-support/test-app.js';
import {
  ANONYMOUS_KEYS_PER_HOUR,
  CLAIM_LEASE_MS,
  CONCURRENT_WAIT_MS,
  canonicalJson,
  IDEMPOTENCY_RETENTION_MS,
  REPLAYED_HEADER,
} from './idempotency.js';

const faq = (question = 'Is membership free of charge?') => ({
  question,
  answer: 'Yes, joining the organisation is currently free for every health professional.',
  category: 'Membership',
  isActive: true,
});

const keyed = (key: string) => ({ 'idempotency-key': key });

describe('canonicalJson', () => {
  it('gives one text for one body, whatever the order of its keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson(undefined)).toBe('');
  });
});

describeEngines('idempotency keys on %s', (engine) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let memberToken: string;

  const db = () => app.runtime.deps.db;
  const rowOf = (key: string) => db()<IdempotencyRow>(IDEMPOTENCY_TABLE).where({ key }).first();
  const createFaq = (key: string, body: unknown = faq(), as = token) =>
    app.request('POST', '/api/admin/faqs', { token: as, body, headers: keyed(key) });
  const auditCount = () => app.count('audit_log');

  beforeAll(async () => {
    app = await startTestApp(engine);
    const faqs = { faqs: { view: true, edit: true, delete: true } };
    token = (await app.createUser({ role: 'admin', permissions: faqs })).token;
    otherToken = (await app.createUser({ role: 'admin', permissions: faqs })).token;
    memberToken = (await app.createUser({})).token;
  });
  beforeEach(async () => {
    await db()('faqs').delete();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a repeated key with the first answer, and the write happens once', async () => {
    const key = randomUUID();
    const audited = await auditCount();
    const first = await createFaq(key);
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();

    const second = await createFaq(key);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);

    expect(await app.count('faqs')).toBe(1);
    expect(await auditCount()).toBe(audited + 1);
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: 201, request_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('takes the same body written in another order or spacing as the same request', async () => {
    const key = randomUUID();
    const first = await createFaq(key);
    const { question, answer, category, isActive } = faq();
    const reordered = await app.request('POST', '/api/admin/faqs', {
      token,
      headers: keyed(key),
      rawBody: `{ "isActive": ${isActive}, "category": "${category}",\n "answer": "${answer}", "question": "${question}" }`,
    });
    expect(reordered.status).toBe(201);
    expect(reordered.body.data.id).toBe(first.body.data.id);
    expect(await app.count('faqs')).toBe(1);
  });

  it('refuses the key with another body, path or method (422), and changes nothing', async () => {
    const key = randomUUID();
    const first = await createFaq(key);
    const id = first.body.data.id as number;
    const audited = await auditCount();

    const otherBody = await createFaq(key, faq('Is membership free for students too?'));
    expectEnvelope(otherBody, 422, /already used for a different request/);
    expect(otherBody.body.code).toBe('idempotency_key_reused');
    const otherPath = await app.request('PUT', `/api/admin/faqs/${id}`, { token, body: faq(), headers: keyed(key) });
    expectEnvelope(otherPath, 422, /different request/);
    const otherMethod = await app.request('DELETE', `/api/admin/faqs/${id}`, { token, headers: keyed(key) });
    expectEnvelope(otherMethod, 422, /different request/);

    expect(await app.count('faqs')).toBe(1);
    expect(await auditCount()).toBe(audited);
    expect((await app.request('GET', `/api/admin/faqs`, { token })).body.data.faqs).toMatchObject([faq()]);
  });

  it('refuses a key that is empty, too long or not printable ASCII (400)', async () => {
    for (const key of ['', 'k'.repeat(256), 'clé']) {
      const answer = await createFaq(key);
      expectEnvelope(answer, 400, /Idempotency-Key must be 1 to 255 printable/);
      expect(answer.body.errors).toEqual([{ field: 'Idempotency-Key', message: expect.any(String) }]);
    }
    expect((await createFaq('k'.repeat(255))).status).toBe(201);
    expect((await createFaq('a key with spaces ~!')).status).toBe(201);
    expect(await app.count('faqs')).toBe(2);
  });

  it('keeps the keys of one account apart from another account', async () => {
    const key = randomUUID();
    const mine = await createFaq(key, faq(), token);
    const theirs = await createFaq(key, faq(), otherToken);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    // Each account's repeat is answered from its own first request.
    const theirsAgain = await createFaq(key, faq(), otherToken);
    expect(theirsAgain.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(theirsAgain.body).toEqual(theirs.body);
    expect(await app.count('faqs')).toBe(2);
    expect(await db()(IDEMPOTENCY_TABLE).where({ key }).count({ count: '*' }).first()).toEqual({
      count: engine === 'postgres' ? '2' : 2,
    });
  });

  it('replays a delete: the repeat is told what the first was, not 404', async () => {
    const id = (await createFaq(randomUUID())).body.data.id as number;
    const key = randomUUID();
    const first = await app.request('DELETE', `/api/admin/faqs/${id}`, { token, headers: keyed(key) });
    expect(first.status).toBe(200);
    const second = await app.request('DELETE', `/api/admin/faqs/${id}`, { token, headers: keyed(key) });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect((await app.request('DELETE', `/api/admin/faqs/${id}`, { token })).status).toBe(404);
  });

  it('stores no refusal: a 400 or a 403 releases its key, and a retry runs again (issue 52 item 6)', async () => {
    const invalid = randomUUID();
    expect((await createFaq(invalid, { question: 'short' })).status).toBe(400);
    expect(await rowOf(invalid)).toBeUndefined();
    const again = await createFaq(invalid, { question: 'short' });
    expect(again.status).toBe(400);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    // The same key then succeeds with a valid body: nothing was kept of the refusal.
    expect((await createFaq(invalid)).status).toBe(201);

    const forbidden = randomUUID();
    expect((await createFaq(forbidden, faq(), memberToken)).status).toBe(403);
    expect(await rowOf(forbidden)).toBeUndefined();
  });

  it('2,000 invalid keyed messages store nothing; anonymous keys are bounded per address', async () => {
    const before = { keys: await app.count(IDEMPOTENCY_TABLE), limits: await app.count('rate_limits') };
    const usedBytes = async () => {
      if (engine !== 'sqlite') return 0;
      const pragma = async (name: string) =>
        Number(Object.values((await db().raw(`pragma ${name}`))[0] as Record<string, unknown>)[0]);
      return ((await pragma('page_count')) - (await pragma('freelist_count'))) * (await pragma('page_size'));
    };
    const bytesBefore = await usedBytes();
    const statuses: number[] = [];
    const send = async (worker: number) => {
      for (let index = 0; index < 100; index += 1) {
        const answer = await app.request('POST', '/api/contact-messages', {
          body: { name: 'x', email: 'not-an-address', phone: '1', message: 'short' },
          headers: keyed(`${'k'.repeat(240)}-${worker}-${index}`),
        });
        statuses.push(answer.status);
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, worker) => send(worker)));
    expect(statuses).toHaveLength(2_000);
    // Invalid ones refused (not kept); past the per-address bound, refused before any claim.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(ANONYMOUS_KEYS_PER_HOUR);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(await app.count(IDEMPOTENCY_TABLE)).toBe(before.keys);
    expect(await app.count('rate_limits')).toBeLessThanOrEqual(before.limits + 2);
    expect((await usedBytes()) - bytesBefore).toBeLessThan(300_000);
    const refused = await app.request('POST', '/api/contact-messages', {
      body: { name: 'x', email: 'not-an-address', phone: '1', message: 'short' },
      headers: keyed(randomUUID()),
    });
    expect(refused.body.message).toMatch(/^Too many requests with an Idempotency-Key from your network/);
    // The next hour's window: the other tests' anonymous keys count afresh.
    app.clock.advance(60 * 60 * 1000);
  }, 60_000);

  it('refuses deeply nested JSON with a key as without one: 400, not 500 (issue 52 item 7)', async () => {
    const deep = `{"question":${'['.repeat(100_000)}${']'.repeat(100_000)},"answer":"a"}`;
    for (const headers of [keyed(randomUUID()), undefined]) {
      const answer = await app.request('POST', '/api/admin/faqs', { token, rawBody: deep, headers });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The request body is nested too deeply (at most 32 levels)');
    }
  });

  it('keeps the public forms exactly-once too, for callers without a session: one message, one mail', async () => {
    const key = randomUUID();
    const message = {
      name: 'Priya Nair',
      email: 'priya@example.org',
      phone: '+919876543210',
      message: 'I would like to know more about joining the network.',
    };
    const first = await app.request('POST', '/api/contact-messages', { body: message, headers: keyed(key) });
    const second = await app.request('POST', '/api/contact-messages', { body: message, headers: keyed(key) });
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await app.count('contact_messages')).toBe(1);
    expect(await rowOf(key)).toMatchObject({ user_id: 0 });

    const { email } = await app.createUser({});
    const resetMails = () => app.smtp.mails.filter((mail) => mail.to.includes(email)).length;
    const resetKey = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const answer = await app.request('POST', '/api/auth/forgot-password', {
        body: { email },
        headers: keyed(resetKey),
      });
      expect(answer.status).toBe(200);
    }
    // Every queued mail has been accepted by the SMTP server once drain() resolves.
    await app.runtime.deps.mailer.drain();
    expect(resetMails()).toBe(1);
  });

  it('ignores the header on sign-in, whose answer is a token that must not be kept', async () => {
    const key = randomUUID();
    const signedIn = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN, headers: keyed('') });
    expect(signedIn.status).toBe(200);
    const again = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN, headers: keyed(key) });
    expect(again.status).toBe(200);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(again.body.data.token).not.toBe(signedIn.body.data.token);
    expect(await rowOf(key)).toBeUndefined();
  });

  it('lets the desktop app (an allowed origin) send the key and read that an answer is replayed', async () => {
    const preflight = await app.request('OPTIONS', '/api/admin/faqs', {
      headers: {
        Origin: 'app://console',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/\bidempotency-key\b/);
    const created = await app.request('POST', '/api/admin/faqs', {
      token,
      body: faq(),
      headers: { ...keyed(randomUUID()), Origin: 'app://console' },
    });
    const exposed = created.headers.get('access-control-expose-headers')?.toLowerCase();
    expect(exposed).toMatch(/\bidempotent-replayed\b/);
    expect(exposed).toMatch(/\bretry-after\b/);
  });

  it('stores nothing for a write without the header', async () => {
    const before = await app.count(IDEMPOTENCY_TABLE);
    expect((await app.request('POST', '/api/admin/faqs', { token, body: faq() })).status).toBe(201);
    expect(await app.count(IDEMPOTENCY_TABLE)).toBe(before);
  });

  it('lets a first attempt that failed with a 5xx be retried with the same key', async () => {
    const failing = await failFaqInserts();
    const key = randomUUID();
    const failed = await createFaq(key);
    expect(failed.status).toBe(500);
    expect(await rowOf(key)).toBeUndefined();
    await failing.clear();

    const retried = await createFaq(key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await app.count('faqs')).toBe(1);
    expect((await createFaq(key)).body).toEqual(retried.body);
  });

  describe('while the first request still runs', () => {
    /** The claim as another instance holds it while its request runs: no answer yet. */
    const markRunning = (key: string, values: Partial<IdempotencyRow> = {}) =>
      db()(IDEMPOTENCY_TABLE)
        .where({ key })
        .update({ status: null, body: null, headers: null, ...values });
    /** Counts the reads of the key's row from here on: a repeat reads it again while it waits. */
    const readsOf = (key: string) => {
      let reads = 0;
      const onQuery = (query: { sql: string; bindings?: unknown[] }) => {
        if (/^select/i.test(query.sql) && query.bindings?.includes(key)) reads += 1;
      };
      db().on('query', onQuery);
      return { count: () => reads, stop: () => void db().off('query', onQuery) };
    };

    it('a repeat waits for the answer, then gets it', async () => {
      const key = randomUUID();
      const first = await createFaq(key);
      const { status, body, headers } = (await rowOf(key))!;
      await markRunning(key);

      const reads = readsOf(key);
      let answered = false;
      const repeat = createFaq(key).finally(() => (answered = true));
      // It found the first request still running and looked again: it is waiting, unanswered.
      await vi.waitFor(() => expect(reads.count()).toBeGreaterThanOrEqual(2));
      reads.stop();
      expect(answered).toBe(false);
      await db()(IDEMPOTENCY_TABLE).where({ key }).update({ status, body, headers });
      const answer = await repeat;
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(first.body);
      expect(answer.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(await app.count('faqs')).toBe(1);
    });

    it(`a repeat that waited ${CONCURRENT_WAIT_MS} ms gets 409, and nothing is written`, async () => {
      const key = randomUUID();
      await createFaq(key);
      await markRunning(key);
      const reads = readsOf(key);
      const repeat = createFaq(key);
      // Its wait starts at its first look at the row; the clock moves on from there.
      await vi.waitFor(() => expect(reads.count()).toBeGreaterThanOrEqual(1));
      reads.stop();
      app.clock.advance(CONCURRENT_WAIT_MS);
      const answer = await repeat;
      expectEnvelope(answer, 409, IDEMPOTENCY_KEY_IN_USE);
      expect(answer.body.code).toBe('idempotency_key_in_use');
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await app.count('faqs')).toBe(1);
      expect(await rowOf(key)).toMatchObject({ status: null });
    });

    it('a claim left unanswered past its lease (its instance stopped) is taken over by the repeat', async () => {
      const key = randomUUID();
      await createFaq(key);
      // The instance claimed the key, then stopped before its write.
      await db()('faqs').delete();
      await markRunning(key, { created_at: app.clock.now().getTime() - CLAIM_LEASE_MS - 1000 });
      const answer = await createFaq(key);
      expect(answer.status).toBe(201);
      expect(answer.headers.get(REPLAYED_HEADER)).toBeNull();
      expect(await app.count('faqs')).toBe(1);
      expect(await rowOf(key)).toMatchObject({ status: 201 });
    });
  });

  it('makes one row when two instances on the database get the same key at the same moment', async () => {
    const second: ServedRuntime = await serveRuntime(
      {
        engine,
        dataDir: app.runtime.deps.config.dataDir,
        databaseUrl: app.runtime.deps.config.databaseUrl,
        drop: async () => {},
      },
      {},
      app.clock,
    );
    try {
      const keys = Array.from({ length: 8 }, () => randomUUID());
      const pairs = await Promise.all(
        keys.map((key, index) => {
          const options = { token, body: faq(`Question number ${index} of the race?`), headers: keyed(key) };
          return Promise.all([
            app.request('POST', '/api/admin/faqs', options),
            second.request('POST', '/api/admin/faqs', options),
          ]);
        }),
      );
      for (const answers of pairs) {
        const created = answers.filter((answer) => answer.status === 201);
        expect(created.length, JSON.stringify(answers.map((answer) => answer.body))).toBeGreaterThanOrEqual(1);
        // Both answered the one FAQ (the repeat replayed it), or the repeat was told to try again.
        expect(new Set(created.map((answer) => answer.body.data.id)).size).toBe(1);
        for (const answer of answers.filter((answer) => answer.status !== 201)) {
          expectEnvelope(answer, 409, IDEMPOTENCY_KEY_IN_USE);
        }
        const ranTheWrite = created.filter((answer) => answer.headers.get(REPLAYED_HEADER) === null);
        expect(ranTheWrite).toHaveLength(1);
      }
      expect(await app.count('faqs')).toBe(keys.length);
      const rows = await db()<IdempotencyRow>(IDEMPOTENCY_TABLE).whereIn('key', keys);
      expect(rows.map((row) => row.status)).toEqual(keys.map(() => 201));
    } finally {
      await second.close();
    }
  });

  it('forgets a key after 24 hours (measured by the injected clock): old rows are pruned', async () => {
    const [kept, pruned] = [randomUUID(), randomUUID()];
    const first = await createFaq(kept);
    await createFaq(pruned, faq('Who can join the network?'));
    app.clock.advance(IDEMPOTENCY_RETENTION_MS - 60_000);
    // Still remembered just before the 24 hours are up.
    expect((await createFaq(kept)).headers.get(REPLAYED_HEADER)).toBe('true');

    app.clock.advance(120_000);
    const fresh = await createFaq(kept);
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(fresh.body.data.id).not.toBe(first.body.data.id);
    expect(await rowOf(pruned)).toBeUndefined();
    const old = app.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS;
    expect(await db()(IDEMPOTENCY_TABLE).where('created_at', '<', old).count({ count: '*' }).first()).toEqual({
      count: engine === 'postgres' ? '0' : 0,
    });
  });

  it('forgets an expired key the prune has not reached yet', async () => {
    const key = randomUUID();
    await createFaq(key);
    // Pruned a moment ago (another key), so the next prune is a minute away.
    app.clock.advance(IDEMPOTENCY_RETENTION_MS - 30_000);
    await createFaq(randomUUID(), faq('Who can join the network?'));
    app.clock.advance(40_000);
    const again = await createFaq(key);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await app.count('faqs')).toBe(3);
  });

  /** Inserting a FAQ fails with an error the API has no answer for: a 500. */
  async function failFaqInserts(): Promise<{ clear(): Promise<void> }> {
    if (engine === 'postgres') {
      await db().raw(`create or replace function test_fail_faq() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure'; end $$`);
      await db().raw(
        'create trigger test_fail_faq before insert on faqs for each row execute function test_fail_faq()',
      );
      return {
        async clear() {
          await db().raw('drop trigger test_fail_faq on faqs');
          await db().raw('drop function test_fail_faq()');
        },
      };
    }
    await db().raw(
      `create trigger test_fail_faq before insert on faqs begin select raise(abort, 'simulated failure'); end`,
    );
    return { clear: async () => void (await db().raw('drop trigger test_fail_faq')) };
  }
});

function expectEnvelope(response: ApiResponse, status: number, message: string | RegExp): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
}
