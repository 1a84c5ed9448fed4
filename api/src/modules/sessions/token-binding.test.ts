/**
 * The access token is only as good as the session it names: a well-signed token without a session,
 * with another account's session, or with an ended or expired one is refused.
 */
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '../../middleware/session.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { SESSION_TTL_MS } from './repository.js';

describeEngines('session-bound tokens on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
  });

  const signed = (claims: object, subject: number) =>
    jwt.sign({ ...claims, iat: Math.floor(app.clock.now().getTime() / 1000) }, app.runtime.deps.config.jwtSecret, {
      algorithm: 'HS256',
      subject: String(subject),
      expiresIn: '1h',
    });

  async function sessionIdOf(userId: number): Promise<number> {
    const row = await app.runtime.deps.db('sessions').where({ user_id: userId }).orderBy('id', 'desc').first('id');
    return Number(row!.id);
  }

  it('refuses a well-signed token that names no session, or another account’s session', async () => {
    const mine = await app.createUser({});
    const theirs = await app.createUser({});
    const theirSession = await sessionIdOf(theirs.user.id);
    for (const token of [signed({ tv: 0 }, mine.user.id), signed({ tv: 0, sid: theirSession }, mine.user.id)]) {
      const me = await app.request('GET', '/api/auth/me', { token });
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(SESSION_EXPIRED);
    }
    expect((await app.request('GET', '/api/auth/me', { token: theirs.token })).status).toBe(200);
  });

  it('signs in to a new session that records the device, and signing out ends it for good', async () => {
    const { email, password } = await app.createUser({});
    const login = await app.request('POST', '/api/auth/login', {
      body: { email, password },
      headers: { 'user-agent': 'Console test agent/1.0' },
    });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const row = await app.runtime.deps
      .db('sessions')
      .where({ user_id: login.body.data.user.id })
      .orderBy('id', 'desc')
      .first();
    expect(row).toMatchObject({ user_agent: 'Console test agent/1.0', ended_at: null, pending: null });
    expect(row!.ip).toMatch(/127\.0\.0\.1/);

    const logout = await app.request('POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    const after = await app.request('GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(SESSION_EXPIRED);
    expect((await app.request('POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('refuses a session past its lifetime, and records "last seen" at most once a minute', async () => {
    const { user, token } = await app.createUser({});
    const sessionId = await sessionIdOf(user.id);
    const lastSeen = async () =>
      new Date(
        (await app.runtime.deps.db('sessions').where({ id: sessionId }).first('last_seen_at'))!.last_seen_at,
      ).getTime();
    const started = await lastSeen();

    app.clock.advance(30_000);
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
    // A second answer comes after the first one's (unawaited) write would have landed.
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect(await lastSeen()).toBe(started);

    app.clock.advance(45_000);
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
    await expect.poll(lastSeen).toBeGreaterThanOrEqual(started + 75_000);

    // The session row, not only the JWT, ends the sign-in: shorten it and the token is refused.
    await app.runtime.deps.db('sessions').where({ id: sessionId }).update({ expires_at: app.clock.now() });
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(SESSION_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
