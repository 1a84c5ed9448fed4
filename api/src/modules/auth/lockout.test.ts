/**
 * Issue 12 item 3: failed logins lock an account from the address they came from only, so a stranger
 * cannot lock its owner out; across addresses, an account under attack backs off instead.
 */
import { LOGIN_THROTTLE } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

const STRANGER = '203.0.113.66';
const OWNER = '198.51.100.7';
const ANOTHER_STRANGER = '192.0.2.99';

describeEngines('login lockout on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (ip: string, password: string) =>
    app.request('POST', '/api/auth/login', {
      headers: { 'x-forwarded-for': ip },
      body: { email: SUPER_ADMIN.email, password },
    });

  it("locks the super admin from the stranger's address only; the owner signs in from elsewhere", async () => {
    for (let attempt = 1; attempt <= LOGIN_THROTTLE.maxFailures; attempt += 1) {
      expect((await login(STRANGER, `guess-${attempt}`)).status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await login(STRANGER, SUPER_ADMIN.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    const owner = await login(OWNER, SUPER_ADMIN.password);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.role).toBe('super_admin');
    // The owner's success does not hand the stranger fresh tries.
    expect((await login(STRANGER, SUPER_ADMIN.password)).status).toBe(429);
  });

  it('makes an address that has failed wait once the account has failed often, doubling the wait', async () => {
    // The account has 10 recent failures; another address may still try once at once.
    expect((await login(ANOTHER_STRANGER, 'guess-11')).status).toBe(401);
    const backedOff = await login(ANOTHER_STRANGER, 'guess-12');
    expect(backedOff.status).toBe(429);
    expect(backedOff.body.message).toBe('Too many failed login attempts. Please try again in 1 second.');
    expect(backedOff.headers.get('retry-after')).toBe('1');
    expect((await login(OWNER, SUPER_ADMIN.password)).status).toBe(200);

    app.clock.advance(LOGIN_THROTTLE.backoff.baseDelayMs);
    expect((await login(ANOTHER_STRANGER, 'guess-12')).status).toBe(401);
    const longer = await login(ANOTHER_STRANGER, 'guess-13');
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');
  });

  it('lifts the lock when the window has passed', async () => {
    app.clock.advance(LOGIN_THROTTLE.windowMs);
    expect((await login(STRANGER, SUPER_ADMIN.password)).status).toBe(200);
  });
});
