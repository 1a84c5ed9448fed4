import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeEngines,
  postgresSkipReason,
  type TestDatabase,
} from '../test-support/databases.js';
import { skipWhen } from '../test-support/skips.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../test-support/test-app.js';
import { postgresContentChanges } from './content-changes.js';
import { createLogger } from './logger.js';

describeEngines('content changes on %s', (engine) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('moves on after a successful admin write and not after a refused one', async () => {
    const changes = app.runtime.deps.contentChanges;
    const before = changes.version();
    expect(before).not.toBeNull();
    const refused = await app.request('POST', '/api/admin/membership-cards', { token, body: {} });
    expect(refused.status).toBe(400);
    await app.request('GET', '/api/admin/membership-cards', { token });
    expect(changes.version()).toBe(before);
    const card = { type: 'Tag', title: 'Title', subtitle: 'A long enough subtitle', points: [{ value: 'One' }] };
    expect((await app.request('POST', '/api/admin/membership-cards', { token, body: card })).status).toBe(201);
    expect(changes.version()).not.toBe(before);
  });
});

describe('content changes across instances on postgres', skipWhen(postgresSkipReason), () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('tells every instance listening on the same database', async () => {
    const logger = createLogger('silent');
    const first = await postgresContentChanges(database.databaseUrl!, logger);
    const second = await postgresContentChanges(database.databaseUrl!, logger);
    try {
      const seen = second.version();
      expect(seen).not.toBeNull();
      await first.bump();
      await expect.poll(() => second.version(), { timeout: 2000 }).not.toBe(seen);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('announces writes that finish together one NOTIFY at a time, after the last of them', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const logger = createLogger('silent');
    const first = await postgresContentChanges(database.databaseUrl!, logger);
    const second = await postgresContentChanges(database.databaseUrl!, logger);
    try {
      const seen = second.version()!;
      await Promise.all(Array.from({ length: 20 }, () => first.bump()));
      await expect.poll(() => second.version(), { timeout: 2000 }).toBeGreaterThan(seen);
      // node-postgres warns (once per process) when a query is queued behind another on one client.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await first.close();
      await second.close();
    }
  });
});
