/**
 * Issue 19 item 2 (build): with the disk full, sign-in throttling failed open (40 wrong passwords,
 * 40 × 507, never a 429) and a right password got 200 with a two-factor challenge. Now the limit
 * that cannot count refuses, with one answer for right and wrong passwords alike.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { failWrites } from '../../test-support/faults.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

const WRITTEN_BY_SIGN_IN = ['rate_limits', 'login_failures', 'sessions', 'audit_log', 'security_log', 'users'];

describeEngines('sign-in on a full disk on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (body: unknown, ip = '198.51.100.20') =>
    app.request('POST', '/api/auth/login', { headers: { 'x-forwarded-for': ip }, body });
  const shape = (answer: Awaited<ReturnType<typeof login>>) => ({
    status: answer.status,
    body: answer.body,
    retryAfter: answer.headers.get('retry-after'),
  });

  it('refuses every sign-in with one answer: right or wrong password, known account or not', async () => {
    const staff = await app.createUser({ role: 'admin', password: 'staff-password-1' });
    const fault = await failWrites(app.runtime.deps.db, WRITTEN_BY_SIGN_IN, 'storage_full');
    try {
      const wrong = [];
      for (let attempt = 0; attempt < 40; attempt += 1) {
        wrong.push(shape(await login({ email: SUPER_ADMIN.email, password: `wrong-${attempt}` })));
      }
      const right = shape(await login(SUPER_ADMIN));
      const staffRight = shape(await login({ email: staff.email, password: staff.password }, '198.51.100.21'));
      const unknown = shape(await login({ email: 'ghost@example.org', password: 'whatever-1' }, '198.51.100.22'));
      expect(right.status).toBe(503);
      expect(right.retryAfter).toBe('5');
      for (const answer of [...wrong, staffRight, unknown]) expect(answer).toEqual(right);
      const challenge = shape(
        await app.request('POST', '/api/auth/login/two-factor', {
          headers: { 'x-forwarded-for': '198.51.100.23' },
          body: { challenge: 'bogus', code: '123456' },
        }),
      );
      expect(challenge).toEqual(right);
    } finally {
      await fault.clear();
    }
    // Room again: sign-in works.
    expect((await login(SUPER_ADMIN, '198.51.100.24')).status).toBe(200);
  });
});
