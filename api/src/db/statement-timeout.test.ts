/**
 * Issue 19, no staff query can stall the site: PostgreSQL stops any statement at the pool's
 * statement_timeout (connection.ts), and the request gets 503 with the envelope, not 500.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.js';
import { errorHandler } from '../middleware/error-handler.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../test-support/databases.js';
import { skipWhen } from '../test-support/skips.js';
import { createDb, type Db } from './connection.js';
import { migrateToLatest } from './migrate.js';

describe('statement timeout on PostgreSQL', skipWhen(postgresSkipReason), () => {
  let database: TestDatabase;
  let db: Db;
  let server: ReturnType<Koa['listen']>;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Low enough for pg_sleep to pass it, far above the migrations' and a page's statements.
    db = createDb({ databaseUrl: database.databaseUrl, statementTimeoutMs: 300 });
    const app = new Koa();
    app.use(errorHandler(createLogger('silent')));
    app.use(async (ctx) => {
      const seconds = ctx.path === '/slow' ? 3 : 0;
      const { rows } = await db.raw('select pg_sleep(?) as slept, current_setting(?) as timeout', [
        seconds,
        'statement_timeout',
      ]);
      ctx.body = { timeout: rows[0].timeout };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.destroy();
    await database?.drop();
  });

  it('every pooled connection carries the timeout', async () => {
    const response = await fetch(`${base}/quick`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ timeout: '300ms' });
  });

  it('a statement past it is stopped and answered 503 with the envelope; the pool keeps serving', async () => {
    const response = await fetch(`${base}/slow`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ success: false, code: 'service_unavailable' });
    expect((await fetch(`${base}/quick`)).status).toBe(200);
  });

  it('migrations lift it inside their transaction, and the pool keeps it after them', async () => {
    const sent: string[] = [];
    const record = (query: { sql: string }) => sent.push(query.sql);
    db.on('query', record);
    try {
      await migrateToLatest(db);
    } finally {
      db.off('query', record);
    }
    // Every migration run in a transaction starts by lifting it (two run outside one).
    const lifts = sent.filter((sql) => sql === 'set local statement_timeout = 0').length;
    expect(lifts).toBeGreaterThan(5);
    const { rows } = await db.raw("select current_setting('statement_timeout') as timeout");
    expect(rows[0].timeout).toBe('300ms');
  });
});
