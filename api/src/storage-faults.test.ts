/**
 * Faults of the storage answered honestly, through real HTTP on the real databases: a full disk is a
 * 507, a database that cannot take writes now is a 503 with Retry-After, and nothing is saved.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { STORAGE_FULL, UNAVAILABLE_FOR_WRITE } from './errors.js';
import type { Clock } from './lib/clock.js';
import { WRITE_PROBE_INTERVAL_MS } from './modules/health/service.js';
import { createTestDatabase, describeEngines, type TestDatabase } from './test-support/databases.js';
import { failWrites, type FaultControl } from './test-support/faults.js';
import { serveRuntime, type ServedRuntime } from './test-support/runtime-harness.js';
import { sampleBodies } from './test-support/samples.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

const contactMessage = {
  name: 'Priya Nair',
  email: 'priya@example.org',
  phone: '+919876543210',
  message: 'A private question about membership fees.',
};

async function rows(app: { runtime: TestApp['runtime'] }, table: string): Promise<string> {
  return JSON.stringify(await app.runtime.deps.db(table).orderBy('id'));
}

describeEngines('storage faults on %s', (engine) => {
  let app: TestApp;
  let root: { token: string };
  const faults: FaultControl[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    root = await app.createUser({ role: 'super_admin' });
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    for (const fault of faults.splice(0)) await fault.clear();
  });

  async function fail(tables: string[], kind: 'storage_full' | 'unavailable'): Promise<void> {
    faults.push(await failWrites(app.runtime.deps.db, tables, kind));
  }

  it('a content create on a full disk answers 507, saves nothing, and works again once there is room', async () => {
    const before = await rows(app, 'faqs');
    await fail(['faqs'], 'storage_full');
    const refused = await app.request('POST', '/api/admin/faqs', { token: root.token, body: sampleBodies.faq });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ success: false, code: 'storage_full', message: STORAGE_FULL });
    expect(await rows(app, 'faqs')).toBe(before);

    await faults.pop()!.clear();
    const saved = await app.request('POST', '/api/admin/faqs', { token: root.token, body: sampleBodies.faq });
    expect(saved.status).toBe(201);
  });

  it('a contact message on a full disk answers 507 and keeps nothing', async () => {
    const before = await rows(app, 'contact_messages');
    await fail(['contact_messages'], 'storage_full');
    const refused = await app.request('POST', '/api/contact-messages', { body: contactMessage });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ success: false, code: 'storage_full', message: STORAGE_FULL });
    expect(await rows(app, 'contact_messages')).toBe(before);
  });

  it('an admin update while the database takes no writes answers 503 with Retry-After; reads still work', async () => {
    const created = await app.request('POST', '/api/admin/faqs', { token: root.token, body: sampleBodies.faq });
    expect(created.status).toBe(201);
    const before = await rows(app, 'faqs');
    await fail(['faqs'], 'unavailable');

    const update = { ...sampleBodies.faq, answer: 'Changed while the database was read-only.' };
    const refused = await app.request('PUT', `/api/admin/faqs/${created.body.data.id}`, {
      token: root.token,
      body: update,
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({ success: false, code: 'service_unavailable', message: UNAVAILABLE_FOR_WRITE });
    expect(await rows(app, 'faqs')).toBe(before);

    const list = await app.request('GET', '/api/admin/faqs', { token: root.token });
    expect(list.status).toBe(200);
  });
});

describeEngines('health and fault logs on %s', (engine) => {
  let database: TestDatabase;
  let served: ServedRuntime;
  /** Moved by hand: the write probe's rate limit follows this clock, not the wall clock. */
  let now = new Date('2026-11-23T12:00:00.000Z');
  const clock: Clock = { now: () => new Date(now) };
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    served = await serveRuntime(database, {}, clock);
  });
  afterAll(async () => {
    await served?.close();
    await database?.drop();
  });

  it('says ok, then degraded while writes fail (probing at most once per interval), then ok again', async () => {
    const health = () => served.request('GET', '/api/health');
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok' } });

    const fault = await failWrites(served.runtime.deps.db, ['health_probe'], 'storage_full');
    try {
      // Within the interval the last probe's result stands: a stream of checks costs no writes.
      expect((await health()).body).toEqual({ status: 'ok' });
      later(WRITE_PROBE_INTERVAL_MS);
      const degraded = await health();
      expect(degraded.status).toBe(200);
      expect(degraded.body).toEqual({ status: 'degraded', reads: 'ok', writes: 'failing', reason: 'storage_full' });
    } finally {
      await fault.clear();
    }
    later(WRITE_PROBE_INTERVAL_MS);
    expect((await health()).body).toEqual({ status: 'ok' });

    const readOnly = await failWrites(served.runtime.deps.db, ['health_probe'], 'unavailable');
    try {
      later(WRITE_PROBE_INTERVAL_MS);
      expect((await health()).body).toMatchObject({ status: 'degraded', reason: 'unavailable' });
    } finally {
      await readOnly.clear();
    }
  });

  it('logs a refused write once, with the request id and the database code, and answers neither', async () => {
    const fault = await failWrites(served.runtime.deps.db, ['contact_messages'], 'storage_full');
    const linesBefore = served.logs.lines.length;
    try {
      const response = await served.request('POST', '/api/contact-messages', { body: contactMessage });
      expect(response.status).toBe(507);
      const requestId = response.headers.get('x-request-id');
      const faultLogs = served.logs
        .entries()
        .slice(linesBefore)
        .filter((entry) => entry.msg === 'write refused: database storage is full');
      expect(faultLogs).toEqual([
        expect.objectContaining({
          level: 50,
          requestId,
          dbCode: engine === 'sqlite' ? 'SQLITE_FULL' : '53100',
          fault: 'storage_full',
        }),
      ]);
      // The submitted text travels in Knex's error message: neither the log nor the answer repeats it.
      expect(served.logs.text()).not.toContain(contactMessage.message);
      expect(JSON.stringify(response.body)).not.toMatch(/SQLITE|53100|insert|contact_messages/i);
    } finally {
      await fault.clear();
    }
  });
});
