/** Issue 12 item 1: bcrypt runs on a bounded pool of worker threads; beyond it, 429 rather than a stall. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { createPasswordPool, PoolBusyError, type IdleTimer } from './password-pool.js';
import { configurePasswordPool, passwordWorkersStarted, SERVER_BUSY_MESSAGE } from './passwords.js';

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

/** Idle timers the test fires itself: `armed` lists every one armed, `fire()` runs those still armed. */
function manualIdleTimer() {
  const armed: { ms: number; retire: () => void; disarmed: boolean }[] = [];
  const idleTimer: IdleTimer = (retire, ms) => {
    const timer = { ms, retire, disarmed: false };
    armed.push(timer);
    return () => (timer.disarmed = true);
  };
  const live = () => armed.filter((timer) => !timer.disarmed);
  const fire = () => {
    for (const timer of live()) {
      timer.disarmed = true;
      timer.retire();
    }
  };
  return { idleTimer, armed, live, fire };
}

describe('idle password workers', () => {
  it('end after the idle period, and the next task starts a fresh one', async () => {
    const timers = manualIdleTimer();
    const pool = createPasswordPool({ size: 1, maxQueue: 1, maxWaitMs: 60_000, idleMs: 30_000, ...timers });
    const hash = await pool.hash('first-password', 4);
    expect(pool.workerCount()).toBe(1);
    expect(timers.live().map((timer) => timer.ms)).toEqual([30_000]);

    timers.fire();
    expect(pool.workerCount()).toBe(0);
    expect(await pool.compare('first-password', hash)).toBe(true);
    expect(pool.workerCount()).toBe(1);
    await pool.close();
  });

  it('stay while work keeps coming: no idle period starts until the queue is empty', async () => {
    const timers = manualIdleTimer();
    const pool = createPasswordPool({ size: 1, maxQueue: 4, maxWaitMs: 60_000, ...timers });
    await Promise.all(['a-password', 'b-password', 'c-password'].map((password) => pool.hash(password, 4)));
    // One worker ran the three tasks one after another and fell idle once, after the last.
    expect(timers.armed).toHaveLength(1);

    // A task within the idle period disarms it; the worker that answers it is the same one.
    const hash = await pool.hash('d-password', 4);
    expect(timers.armed[0]!.disarmed).toBe(true);
    expect(timers.live()).toHaveLength(1);
    expect(pool.workerCount()).toBe(1);
    expect(await pool.compare('d-password', hash)).toBe(true);
    await pool.close();
    expect(timers.live()).toHaveLength(0);
  });

  it('end at once on retireIdle, busy ones only after their task, and the pool still works', async () => {
    const timers = manualIdleTimer();
    const pool = createPasswordPool({ size: 2, maxQueue: 1, maxWaitMs: 60_000, ...timers });
    const hash = await pool.hash('first-password', 4);
    const running = pool.hash('second-password', 4);
    pool.retireIdle();
    expect(pool.workerCount()).toBe(1);
    await running;
    expect(pool.workerCount()).toBe(1);
    pool.retireIdle();
    expect(pool.workerCount()).toBe(0);
    expect(timers.live()).toHaveLength(0);
    expect(await pool.compare('first-password', hash)).toBe(true);
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

  it("keeps no worker for start-up's one hash, and ends the workers of sign-ins once idle", async () => {
    // startTestApp hashed the super admin's password on a fresh database.
    expect(passwordWorkersStarted()).toBe(false);
    const timers = manualIdleTimer();
    await configurePasswordPool({ idleTimer: timers.idleTimer });
    expect((await login()).status).toBe(401);
    expect(passwordWorkersStarted()).toBe(true);

    timers.fire();
    expect(passwordWorkersStarted()).toBe(false);
    expect((await login()).status).toBe(401);
    expect(passwordWorkersStarted()).toBe(true);
  });

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
