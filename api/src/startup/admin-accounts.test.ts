import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../test-support/test-app.js';
import {
  AccountError,
  createAdminAccount,
  createdAdminMessage,
  passwordResetMessage,
  resetAccountPassword,
} from './admin-accounts.js';

/** The password as the command line prints it. */
function printedPassword(message: string): string {
  const match = /(?:One-time password|New password): (\S+)$/.exec(message);
  if (!match) throw new Error(`no password in: ${message}`);
  return match[1]!;
}

describeEngines('admin accounts from the command line on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (email: string, password: string) =>
    app.request('POST', '/api/auth/login', { body: { email, password } });

  describe('create', () => {
    it('creates a super admin by default whose printed password logs in through the API', async () => {
      const created = await createAdminAccount(app.runtime.deps.db, {
        email: ' Ada@Example.org ',
        name: ' Ada Admin ',
      });
      const message = createdAdminMessage(created);
      expect(message).toMatch(/^Created super_admin ada@example\.org\. One-time password: \S{16,}$/);

      const response = await login('ada@example.org', printedPassword(message));
      expect(response.status).toBe(200);
      expect(response.body.data.user).toMatchObject({
        name: 'Ada Admin',
        email: 'ada@example.org',
        role: 'super_admin',
        isActive: true,
      });
    });

    it('creates an admin with every module permission when asked for role admin', async () => {
      const created = await createAdminAccount(app.runtime.deps.db, {
        email: 'grace@example.org',
        name: 'Grace Admin',
        role: 'admin',
      });
      const response = await login('grace@example.org', printedPassword(createdAdminMessage(created)));
      expect(response.status).toBe(200);
      expect(response.body.data.user.role).toBe('admin');
      for (const slots of Object.values(response.body.data.user.permissions)) {
        expect(slots).toEqual({ view: true, edit: true, delete: true });
      }
      const adminList = await app.request('GET', '/api/admin/membership-cards', { token: response.body.data.token });
      expect(adminList.status).toBe(200);
    });

    it('gives every account its own password', async () => {
      const one = await createAdminAccount(app.runtime.deps.db, { email: 'one@example.org', name: 'One Admin' });
      const two = await createAdminAccount(app.runtime.deps.db, { email: 'two@example.org', name: 'Two Admin' });
      expect(one.password).not.toBe(two.password);
    });

    it('refuses an e-mail that already has an account, in any case, and changes nothing', async () => {
      const before = await app.count('users');
      for (const email of ['ada@example.org', 'ADA@example.ORG', SUPER_ADMIN.email]) {
        await expect(createAdminAccount(app.runtime.deps.db, { email, name: 'Somebody Else' })).rejects.toThrow(
          new AccountError(`An account with ${email.toLowerCase()} already exists: use reset-password.`),
        );
      }
      expect(await app.count('users')).toBe(before);
    });

    it.each([
      [{ email: 'not-an-email', name: 'Valid Name' }, /valid email/],
      [{ email: 'ok@example.org', name: 'A' }, /Name must be at least 2 characters/],
      [{ email: 'ok@example.org', name: 'Valid Name', role: 'member' }, /Role must be admin or super_admin/],
    ])('refuses %j', async (input, message) => {
      const before = await app.count('users');
      const refused = createAdminAccount(app.runtime.deps.db, input);
      await expect(refused).rejects.toBeInstanceOf(AccountError);
      await expect(refused).rejects.toThrow(message);
      expect(await app.count('users')).toBe(before);
    });
  });

  describe('reset-password', () => {
    it('issues a password that works while old tokens and the old password are refused', async () => {
      const { email, password, token } = await app.createUser({ role: 'admin', password: 'old-password-1' });
      expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);

      const reset = await resetAccountPassword(app.runtime.deps.db, email.toUpperCase());
      const message = passwordResetMessage(reset);
      expect(message).toContain(`Password of ${email} reset`);

      expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await login(email, password)).status).toBe(401);
      const fresh = await login(email, printedPassword(message));
      expect(fresh.status).toBe(200);
      expect((await app.request('GET', '/api/auth/me', { token: fresh.body.data.token })).status).toBe(200);
    });

    it('lets a deactivated, throttled account in again and closes its open reset links', async () => {
      const { user, email } = await app.createUser({ role: 'super_admin' });
      await app.request('POST', '/api/auth/forgot-password', { body: { email } });
      await app.runtime.deps.mailer.drain();
      const openLinks = () => app.runtime.deps.db('auth_tokens').where({ user_id: user.id }).whereNull('used_at');
      expect(await openLinks()).toHaveLength(1);
      for (let attempt = 0; attempt < 10; attempt += 1) await login(email, 'wrong-password');
      expect((await login(email, 'wrong-password')).status).toBe(429);
      await app.runtime.deps.db('users').where({ id: user.id }).update({ is_active: false });

      const reset = await resetAccountPassword(app.runtime.deps.db, email);
      expect((await login(email, reset.password)).status).toBe(200);
      expect(await openLinks()).toEqual([]);
    });

    it('refuses an unknown e-mail and an invalid one', async () => {
      await expect(resetAccountPassword(app.runtime.deps.db, 'nobody@example.org')).rejects.toThrow(
        new AccountError('No account with nobody@example.org.'),
      );
      await expect(resetAccountPassword(app.runtime.deps.db, 'nope')).rejects.toBeInstanceOf(AccountError);
    });
  });
});
