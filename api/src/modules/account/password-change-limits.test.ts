/**
 * Issue 52 item 5: one member's 310 wrong password changes from 31 addresses tripped a site-wide
 * limit, and for 15 minutes every other member's password change and account closing answered 429.
 * They count per address and per account now: the flood stops only its own account.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_BUSY_MESSAGE } from '../../lib/passwords.js';
import { RATE_LIMITS } from '../../lib/rate-limits.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const ADDRESSES = 31;
const TRIES_PER_ADDRESS = 10;

describeEngines('password change and closing limits on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (path: string, token: string, ip: string, body: unknown) =>
    app.request('POST', path, { token, headers: { 'x-forwarded-for': ip }, body });
  /**
   * As a client does: "the server is busy" (the password pool full on a loaded machine) is tried
   * again; that refusal is the pool's, counted nowhere, and is not what this test is about.
   */
  async function post(path: string, token: string, ip: string, body: unknown) {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await send(path, token, ip, body);
      if (answer.body?.message !== SERVER_BUSY_MESSAGE || attempt === 10) return answer;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const change = (currentPassword: string, newPassword: string) => ({
    currentPassword,
    newPassword,
    confirmPassword: newPassword,
  });

  it("310 wrong changes from 31 addresses stop only the flooder's account", async () => {
    const flooder = await app.createUser({ role: 'member', password: 'flooder-password-1' });
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: ADDRESSES }, async (_, address) => {
        for (let index = 0; index < TRIES_PER_ADDRESS; index += 1) {
          const answer = await send('/api/account/password', flooder.token, `203.0.113.${address + 1}`, {
            ...change(`wrong-password-${index}`, 'another-password-1'),
          });
          statuses.push(answer.status);
        }
      }),
    );
    expect(statuses).toHaveLength(ADDRESSES * TRIES_PER_ADDRESS);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    // At most the account's own limit of them were checked; the rest refused for the account.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(
      RATE_LIMITS.changePassword.perAccount.limit,
    );
    const refused = await post('/api/account/password', flooder.token, '192.0.2.9', change('x', 'another-password-1'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many password change attempts on your account/);

    // Another member changes the password and a third closes the account (from addresses of their own).
    const other = await app.createUser({ role: 'member', password: 'other-password-1' });
    const changed = await post('/api/account/password', other.token, '192.0.2.11', {
      ...change(other.password, 'other-password-2'),
    });
    expect(changed.status, changed.body.message).toBe(200);
    const third = await app.createUser({ role: 'member', password: 'third-password-1' });
    const closed = await post('/api/account/close', third.token, '192.0.2.10', { password: third.password });
    expect(closed.status, closed.body.message).toBe(200);
    const siteWide = await app.runtime.deps.db('rate_limits').where('rule', 'like', '%.global').count({ n: '*' });
    expect(Number(siteWide[0]?.n)).toBe(0);
    expect(RATE_LIMITS.register).not.toHaveProperty('global');
  }, 60_000);
});
