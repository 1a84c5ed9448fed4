/** Issue 12 item 1: bcrypt runs on a bounded pool of worker threads; beyond it, 429 rather than a stall. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { createPasswordPool, PoolBusyError } from './password-pool.js';
import { configurePasswordPool, SERVER_BUSY_MESSAGE } from './passwords.js';

let attempt = 0;
/** A new address each time, so the failed-login lockout never answers instead of the pool. */
const failedLogin = () => ({ email: `nobody-${(attempt += 1)}@example.org`, password: 'wrong-password' });

describe('password pool', () => {
  it('hashes and verifies on workers, refuses beyond its queue, and works again after close', async () => {
    const pool = createPasswordPool({ size: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const running = pool.hash('first-password', 4);
    const waiting = pool.hash('second-password', 4);
    await expect(pool.hash('third-password', 4)).rejects.toBeInstanceOf(PoolBusyError);
    const [first] = await Promise.all([running, waiting]);
    expect(await pool.compare('first-password', first)).toBe(true);
    expect(await pool.compare('other-password', first)).toBe(false);
    await pool.close();
    expect(await pool.compare('first-password', first)).toBe(true);
    await pool.close();
  });
});

describeEngines('password work off the event loop on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
    await configurePasswordPool({});
  });

  const login = () => app.request('POST', '/api/auth/login', { body: failedLogin() });

  it('answers a request sent while sign-ins are still being verified before they finish', async () => {
    await configurePasswordPool({ size: 1, maxQueue: 10, maxWaitMs: 60_000 });
    const finished: string[] = [];
    const logins = Array.from({ length: 4 }, () => login().then(() => finished.push('login')));
    // One login answered: the other three are waiting for the one worker, one bcrypt after another.
    await Promise.race(logins);
    const health = await app.request('GET', '/api/health');
    finished.push('health');
    await Promise.all(logins);
    expect(health.status).toBe(200);
    expect(finished.indexOf('health')).toBeLessThan(finished.lastIndexOf('login'));
  });

  it('answers 429 with Retry-After when the workers and the queue are full', async () => {
    await configurePasswordPool({ size: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => login()));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.body).toEqual({ success: false, code: 'too_many_requests', message: SERVER_BUSY_MESSAGE });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('answers 429 when a sign-in waited too long for a worker', async () => {
    await configurePasswordPool({ size: 1, maxQueue: 10, maxWaitMs: 1 });
    const answers = await Promise.all(Array.from({ length: 3 }, () => login()));
    expect(answers.map((answer) => answer.status)).toContain(429);
  });

  it('refuses nothing once the load is gone', async () => {
    await configurePasswordPool({ size: 1, maxQueue: 0, maxWaitMs: 60_000 });
    expect((await login()).status).toBe(401);
  });
});
