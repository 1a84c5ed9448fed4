/**
 * "My account" (issue 11): listing and ending one's sessions, a super admin ending a staff account's
 * sessions, the changes that end sessions, and the password change while signed in. Every refusal is
 * checked for its status and message and for leaving nothing changed.
 */
import { fullPermissions, WRONG_CURRENT_PASSWORD, type AccountSession } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '../../middleware/session.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';
import { LAST_SEEN_EVERY_MS } from '../sessions/repository.js';
import { PASSWORD_CHANGED } from './service.js';

const DEACTIVATED = 'This account has been deactivated.';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CONSOLE = 'NpoConsole/1.0 Electron/33.0';

describeEngines('account sessions and password on %s', (engine) => {
  let app: TestApp;
  let rootToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    rootToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A real sign-in through the API, from a named browser. */
  async function signIn(email: string, password: string, userAgent = FIREFOX): Promise<string> {
    const response = await app.request('POST', '/api/auth/login', {
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.token as string;
  }
  const me = (token: string) => app.request('GET', '/api/auth/me', { token });
  const listSessions = async (token: string): Promise<AccountSession[]> => {
    const response = await app.request('GET', '/api/account/sessions', { token });
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const expectExpired = async (token: string) => {
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(SESSION_EXPIRED);
  };
  const liveSessionsOf = async (userId: number) =>
    Number(
      (
        await app.runtime.deps
          .db('sessions')
          .where({ user_id: userId })
          .whereNull('ended_at')
          .count({ count: '*' })
          .first()
      )?.count ?? 0,
    );
  const auditActions = async (userId: number) =>
    (
      await app.runtime.deps
        .db('audit_log')
        .where({ entity_id: String(userId) })
        .orderBy('id')
    ).map((entry: { action: string }) => entry.action);

  it('lists the live sessions with device, address, times and which one is this', async () => {
    const { email, password, user } = await app.createUser({ role: 'member' });
    const laptop = await signIn(email, password, FIREFOX);
    const desktop = await signIn(email, password, CONSOLE);

    const sessions = await listSessions(laptop);
    expect(sessions.map((session) => session.userAgent).sort()).toEqual([CONSOLE, FIREFOX, 'test'].sort());
    const fromLaptop = sessions.find((session) => session.userAgent === FIREFOX)!;
    expect(fromLaptop).toMatchObject({ ip: expect.stringContaining('127.0.0.1'), current: true });
    expect(Date.parse(fromLaptop.createdAt)).toBeLessThanOrEqual(Date.parse(fromLaptop.lastSeenAt));
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(await liveSessionsOf(user.id)).toBe(3);

    // "Last seen" moves on with use, at most once a minute (the write is not awaited by the answer).
    app.clock.advance(LAST_SEEN_EVERY_MS + 1000);
    expect((await me(desktop)).status).toBe(200);
    const desktopSeen = async () => {
      const session = (await listSessions(laptop)).find((candidate) => candidate.userAgent === CONSOLE)!;
      return Date.parse(session.lastSeenAt) - Date.parse(session.createdAt);
    };
    await expect.poll(desktopSeen).toBeGreaterThan(LAST_SEEN_EVERY_MS);
  });

  it('ends one session: its token is refused from then on, the others live', async () => {
    const { email, password, token: other } = await app.createUser({ role: 'member' });
    const mine = await signIn(email, password);
    const otherId = (await listSessions(mine)).find((session) => session.userAgent === 'test')!.id;

    const ended = await app.request('DELETE', `/api/account/sessions/${otherId}`, { token: mine });
    expect(ended.status).toBe(200);
    await expectExpired(other);
    expect((await me(mine)).status).toBe(200);
    expect((await listSessions(mine)).map((session) => session.id)).not.toContain(otherId);

    // Ending it again, or reusing its token to act, changes nothing.
    const again = await app.request('DELETE', `/api/account/sessions/${otherId}`, { token: mine });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Session not found');
    const reuse = await app.request('POST', '/api/account/sessions/end-others', { token: other });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe(SESSION_EXPIRED);
    expect((await me(mine)).status).toBe(200);
  });

  it("refuses to end someone else's session (404) and leaves it live", async () => {
    const victim = await app.createUser({ role: 'member' });
    const attacker = await app.createUser({ role: 'member' });
    const [victimSession] = await listSessions(victim.token);
    const answer = await app.request('DELETE', `/api/account/sessions/${victimSession!.id}`, {
      token: attacker.token,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Session not found');
    expect((await me(victim.token)).status).toBe(200);
  });

  it('ends every other session and keeps the caller; signing out ends the caller', async () => {
    const { email, password, token: first, user } = await app.createUser({ role: 'admin' });
    const second = await signIn(email, password);
    const mine = await signIn(email, password);

    const answer = await app.request('POST', '/api/account/sessions/end-others', { token: mine });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ended: 2 });
    await expectExpired(first);
    await expectExpired(second);
    expect((await listSessions(mine)).map((session) => session.current)).toEqual([true]);
    expect(await auditActions(user.id)).toContain('sessions_revoked');

    expect((await app.request('POST', '/api/auth/logout', { token: mine })).status).toBe(200);
    await expectExpired(mine);
    expect(await liveSessionsOf(user.id)).toBe(0);
  });

  it('lets a super admin end every session of a staff account; an admin is refused', async () => {
    const staff = await app.createUser({ role: 'admin', permissions: fullPermissions() });
    const other = await signIn(staff.email, staff.password);

    const refused = await app.request('POST', `/api/admin/users/${staff.user.id}/end-sessions`, {
      token: other,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permission to edit this module.");
    expect(await liveSessionsOf(staff.user.id)).toBe(2);

    const ended = await app.request('POST', `/api/admin/users/${staff.user.id}/end-sessions`, { token: rootToken });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ ended: 2 });
    await expectExpired(staff.token);
    await expectExpired(other);
    expect((await me(rootToken)).status).toBe(200);

    const missing = await app.request('POST', '/api/admin/users/999999/end-sessions', { token: rootToken });
    expect(missing.status).toBe(404);
  });

  it("refuses a deactivated account's live session, and it stays ended after reactivation", async () => {
    const staff = await app.createUser({ role: 'admin' });
    const toggle = () => app.request('PATCH', `/api/admin/users/${staff.user.id}/toggle-status`, { token: rootToken });
    expect((await toggle()).body.data.isActive).toBe(false);

    const refused = await app.request('GET', '/api/account/sessions', { token: staff.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(SESSION_EXPIRED);
    const password = await app.request('POST', '/api/account/password', {
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: 'taken-over-1', confirmPassword: 'taken-over-1' },
    });
    expect(password.status).toBe(401);
    expect(await liveSessionsOf(staff.user.id)).toBe(0);

    expect((await toggle()).body.data.isActive).toBe(true);
    await expectExpired(staff.token);
    const login = await app.request('POST', '/api/auth/login', {
      body: { email: staff.email, password: 'taken-over-1' },
    });
    expect(login.status).toBe(401);
  });

  it('refuses a deactivated account whose token is fresh (same session row) with the deactivation message', async () => {
    const member = await app.createUser({ role: 'member' });
    // Deactivated behind the API's back: the token version stays, so only is_active refuses it.
    await app.runtime.deps.db('users').where({ id: member.user.id }).update({ is_active: false });
    const answer = await app.request('GET', '/api/account/sessions', { token: member.token });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(DEACTIVATED);
  });

  it("ends the account's sessions when a super admin changes its role or permissions", async () => {
    const staff = await app.createUser({ role: 'admin', permissions: {} });
    const update = (permissions: Record<string, unknown>, role = 'admin') =>
      app.request('PUT', `/api/admin/users/${staff.user.id}`, {
        token: rootToken,
        body: { name: staff.user.name, email: staff.email, role, permissions },
      });

    expect((await update({})).status).toBe(200);
    expect((await me(staff.token)).status).toBe(200);

    expect((await update({ faqs: { view: true, edit: false, delete: false } })).status).toBe(200);
    await expectExpired(staff.token);

    const again = await signIn(staff.email, staff.password);
    expect((await update({ faqs: { view: true, edit: false, delete: false } }, 'super_admin')).status).toBe(200);
    await expectExpired(again);
    expect((await me(rootToken)).status).toBe(200);
  });

  it('refuses an admin changing their own role or permissions, and changes nothing', async () => {
    const admin = await app.createUser({ role: 'admin', permissions: fullPermissions() });
    const before = await app.runtime.deps.db('users').where({ id: admin.user.id }).first();
    for (const body of [
      { name: admin.user.name, email: admin.email, role: 'super_admin', permissions: fullPermissions() },
      { name: admin.user.name, email: admin.email, role: 'admin', permissions: {} },
    ]) {
      const answer = await app.request('PUT', `/api/admin/users/${admin.user.id}`, { token: admin.token, body });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("You don't have permission to edit this module.");
    }
    const after = await app.runtime.deps.db('users').where({ id: admin.user.id }).first();
    expect(after).toEqual(before);
    expect((await me(admin.token)).status).toBe(200);
  });

  describe('password change', () => {
    const change = (token: string, body: Record<string, unknown>) =>
      app.request('POST', '/api/account/password', { token, body });

    it('changes the password: the other sessions end, this one stays, a notice is mailed', async () => {
      for (const role of ['member', 'admin'] as const) {
        const account = await app.createUser({ role });
        const mine = await signIn(account.email, account.password);
        const answer = await change(mine, {
          currentPassword: account.password,
          newPassword: 'a-new-secret-9',
          confirmPassword: 'a-new-secret-9',
        });
        expect(answer.status, role).toBe(200);
        expect(answer.body.message).toBe(PASSWORD_CHANGED);
        await expectExpired(account.token);
        expect((await me(mine)).status).toBe(200);
        expect((await listSessions(mine)).map((session) => session.current)).toEqual([true]);

        const mail = await app.smtp.waitForMail((m) => m.to.includes(account.email));
        expect(mail.subject).toMatch(/password was changed/);
        expect(mail.text).toContain('Forgot password');
        expect(mail.text).not.toContain('a-new-secret-9');

        await signIn(account.email, 'a-new-secret-9');
        const old = await app.request('POST', '/api/auth/login', {
          body: { email: account.email, password: account.password },
        });
        expect(old.status).toBe(401);
        expect(await auditActions(account.user.id)).toContain('password_changed');
      }
    });

    it('refuses a wrong current password with a field error and changes nothing', async () => {
      const account = await app.createUser({ role: 'member' });
      const other = await signIn(account.email, account.password);
      const hashBefore = (await app.runtime.deps.db('users').where({ id: account.user.id }).first())!.password_hash;
      const answer = await change(account.token, {
        currentPassword: 'not-my-password',
        newPassword: 'a-new-secret-9',
        confirmPassword: 'a-new-secret-9',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(WRONG_CURRENT_PASSWORD);
      expect(answer.body.errors).toEqual([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
      const row = await app.runtime.deps.db('users').where({ id: account.user.id }).first();
      expect(row!.password_hash).toBe(hashBefore);
      expect((await me(other)).status).toBe(200);
      expect(await auditActions(account.user.id)).not.toContain('password_changed');
    });

    it("refuses a new password that breaks SPEC's rules, with the field messages", async () => {
      const account = await app.createUser({ role: 'member' });
      const cases: [Record<string, unknown>, { field: string; message: string }][] = [
        [
          { currentPassword: account.password, newPassword: 'short', confirmPassword: 'short' },
          { field: 'newPassword', message: 'Password must be at least 6 characters' },
        ],
        [
          { currentPassword: account.password, newPassword: 'long-enough-1', confirmPassword: 'long-enough-2' },
          { field: 'confirmPassword', message: "Passwords don't match" },
        ],
        [
          { currentPassword: account.password, newPassword: 'é'.repeat(40), confirmPassword: 'é'.repeat(40) },
          { field: 'newPassword', message: 'Password cannot be longer than 72 bytes.' },
        ],
        [
          { newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' },
          { field: 'currentPassword', message: 'Enter your current password' },
        ],
      ];
      for (const [body, error] of cases) {
        const answer = await change(account.token, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.errors).toContainEqual(error);
      }
      expect(app.smtp.mails.some((mail) => mail.to.includes(account.email))).toBe(false);
      await signIn(account.email, account.password);
    });

    it('is rate-limited like sign-in, so a stolen session cannot guess the password', async () => {
      const account = await app.createUser({ role: 'member' });
      const guess = (currentPassword: string) =>
        change(account.token, { currentPassword, newPassword: 'a-new-secret-9', confirmPassword: 'a-new-secret-9' });
      let answer = await guess('guess-0');
      for (let attempt = 1; attempt <= 12 && answer.status === 400; attempt += 1)
        answer = await guess(`guess-${attempt}`);
      expect(answer.status).toBe(429);
      expect(answer.body.message).toMatch(/^Too many password change attempts from your network\./);
      expect(answer.headers.get('retry-after')).toBeTruthy();
      // Even the right password waits now; nothing was changed.
      expect((await guess(account.password)).status).toBe(429);
      await signIn(account.email, account.password);
    });

    it('is refused without a sign-in', async () => {
      const answer = await app.request('POST', '/api/account/password', {
        body: { currentPassword: 'x', newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' },
      });
      expect(answer.status).toBe(401);
    });
  });
});
