/**
 * CONTACT_RETENTION_DAYS on both engines, with a fixed clock: the purge deletes exactly the messages
 * older than the limit (one a minute past it goes, one a minute short of it stays), the daily job
 * runs it at start, and without the variable the server keeps every message.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { createLogger } from '../../lib/logger.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { DAY_MS } from '../audit/retention.js';
import { purgeOldContactMessages, startContactRetention } from './retention.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const fixedClock: Clock = { now: () => NOW };
const MINUTE_MS = 60_000;

describeEngines('contact message retention on %s', (engine) => {
  let app: TestApp;
  const db = () => app.runtime.deps.db;

  /** A message received `ageMs` before NOW; answers its id. */
  async function messageAged(ageMs: number, message: string): Promise<number> {
    const [row] = await db()('contact_messages')
      .insert({
        name: 'Sender',
        email: 'sender@example.org',
        phone: '+919876543210',
        message,
        state: 'new',
        created_at: new Date(NOW.getTime() - ageMs),
      })
      .returning('id');
    return (row as { id: number }).id;
  }
  const ids = async () => db()('contact_messages').orderBy('id').pluck<number[]>('id');

  beforeAll(async () => {
    app = await startTestApp(engine, { CONTACT_RETENTION_DAYS: '30' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reads CONTACT_RETENTION_DAYS; unset keeps messages forever', async () => {
    expect(app.runtime.deps.config.contactRetentionDays).toBe(30);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).contactRetentionDays).toBeUndefined();
  });

  it('deletes exactly the messages older than the limit', async () => {
    await db()('contact_messages').delete();
    const old = await messageAged(30 * DAY_MS + MINUTE_MS, 'Just past the limit.');
    const older = await messageAged(400 * DAY_MS, 'Long past the limit.');
    const young = await messageAged(30 * DAY_MS - MINUTE_MS, 'Just short of it.');
    const today = await messageAged(0, 'Received right now.');
    expect(await purgeOldContactMessages(db(), fixedClock, 30)).toBe(2);
    expect(await ids()).toEqual([young, today]);
    expect([old, older].some((id) => [young, today].includes(id))).toBe(false);
  });

  it('the daily job purges at start, then once a day', async () => {
    await db()('contact_messages').delete();
    await messageAged(31 * DAY_MS, 'Old enough to go.');
    const kept = await messageAged(DAY_MS, 'Recent enough to stay.');
    const job = startContactRetention(db(), fixedClock, 30, createLogger('silent'));
    await job.ready;
    job.stop();
    expect(await ids()).toEqual([kept]);
  });
});
