/** Issue 12, item 17: failed-login rows do not pile up; those older than the throttle window are pruned. */
import { LOGIN_THROTTLE } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

describeEngines('failed-login pruning on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
  });

  const failLogin = async (email: string) => {
    const response = await app.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Invalid email or password');
  };
  const stored = async () =>
    (await app.runtime.deps.db('login_failures').select('email').orderBy('id')).map(
      (row: { email: string }) => row.email,
    );

  it('rows of unknown addresses older than the window go on the next failure; newer ones stay', async () => {
    await failLogin('nobody-1@example.org');
    await failLogin('nobody-2@example.org');
    expect(await stored()).toEqual(['nobody-1@example.org', 'nobody-2@example.org']);

    app.clock.advance(LOGIN_THROTTLE.windowMs / 2);
    await failLogin('nobody-3@example.org');
    expect(await stored()).toEqual(['nobody-1@example.org', 'nobody-2@example.org', 'nobody-3@example.org']);

    app.clock.advance(LOGIN_THROTTLE.windowMs / 2 + 1000);
    await failLogin('nobody-4@example.org');
    expect(await stored()).toEqual(['nobody-3@example.org', 'nobody-4@example.org']);
  });
});
