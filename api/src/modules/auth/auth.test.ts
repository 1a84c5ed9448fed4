import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { PUBLIC_URL, startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

const FORGOT_MESSAGE = 'If an account exists with this email, you will receive a password reset link shortly.';

function tokenFromMail(text: string, path: string): string {
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

describeEngines('auth on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('register', () => {
    it('creates a member and answers with the user, never the hash', async () => {
      const response = await app.request('POST', '/api/auth/register', {
        body: { name: '  Asha Rao ', email: 'Asha@Example.org', password: 'secret-pass' },
      });
      expect(response.status).toBe(201);
      expect(response.body.success).toBe(true);
      expect(response.body.data.user).toMatchObject({ name: 'Asha Rao', email: 'asha@example.org', role: 'member' });
      expect(response.body.data.id).toBe(response.body.data.user.id);
      expect(JSON.stringify(response.body)).not.toMatch(/hash|\$2[aby]\$/);
    });

    it('refuses the same e-mail in another case with 409', async () => {
      const before = await app.count('users');
      const response = await app.request('POST', '/api/auth/register', {
        body: { name: 'Someone Else', email: 'ASHA@example.ORG', password: 'secret-pass' },
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ success: false, message: 'An account with this email already exists.' });
      expect(await app.count('users')).toBe(before);
    });

    it.each([
      [{}, ['name', 'email', 'password']],
      [{ name: 'A', email: 'a@example.org', password: 'secret-pass' }, ['name']],
      [{ name: 'Abe', email: 'not-an-email', password: 'secret-pass' }, ['email']],
      [{ name: 'Abe', email: 'abe@example.org', password: '12345' }, ['password']],
      [{ name: 'Abe', email: 'abe@example.org', password: 'é'.repeat(37) }, ['password']],
      [{ name: 42, email: ['x'], password: null }, ['name', 'email', 'password']],
    ])('refuses %j with field messages and writes nothing', async (body, fields) => {
      const before = await app.count('users');
      const response = await app.request('POST', '/api/auth/register', { body });
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([...fields].sort());
      expect(await app.count('users')).toBe(before);
    });

    it('uses SPEC messages', async () => {
      const response = await app.request('POST', '/api/auth/register', {
        body: { name: 'A', email: 'nope', password: '1' },
      });
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Name must be at least 2 characters.' },
          { field: 'email', message: 'Please enter a valid email address.' },
          { field: 'password', message: 'Password must be at least 6 characters long.' },
        ]),
      );
    });

    it('refuses a password longer than 72 bytes instead of cutting it', async () => {
      const response = await app.request('POST', '/api/auth/register', {
        body: { name: 'Long Pass', email: 'long@example.org', password: 'a'.repeat(73) },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toEqual({
        field: 'password',
        message: 'Password cannot be longer than 72 bytes.',
      });
    });
  });

  describe('login and me', () => {
    it('logs in, records the login, and /me answers the user', async () => {
      await app.request('POST', '/api/auth/register', {
        body: { name: 'Member One', email: 'member1@example.org', password: 'member-pass' },
      });
      const login = await app.request('POST', '/api/auth/login', {
        body: { email: 'MEMBER1@example.org', password: 'member-pass' },
      });
      expect(login.status).toBe(200);
      expect(login.body.data.user).toMatchObject({ email: 'member1@example.org', role: 'member', isActive: true });
      expect(login.body.data.user.lastLogin).toEqual(expect.any(String));
      const me = await app.request('GET', '/api/auth/me', { token: login.body.data.token });
      expect(me.status).toBe(200);
      expect(me.body.data.user.email).toBe('member1@example.org');
      expect(me.body.data.user.lastLogin).not.toBeNull();
    });

    it('gives an unknown e-mail and a wrong password the same answer', async () => {
      const unknown = await app.request('POST', '/api/auth/login', {
        body: { email: 'nobody@example.org', password: 'whatever-1' },
      });
      const wrong = await app.request('POST', '/api/auth/login', {
        body: { email: 'member1@example.org', password: 'wrong-pass' },
      });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body.message).toBe('Invalid email or password');
    });

    it('logs in the bootstrapped super admin', async () => {
      const login = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN });
      expect(login.status).toBe(200);
      expect(login.body.data.user.role).toBe('super_admin');
      expect(login.body.data.user.permissions.faqs).toEqual({ view: true, edit: true, delete: true });
    });

    it('refuses /me without a token, with a bad one, and with another algorithm or secret', async () => {
      const { user } = await app.createUser({});
      const secret = app.runtime.deps.config.jwtSecret;
      const candidates = [
        undefined,
        'garbage',
        jwt.sign({ tv: 0 }, secret, { algorithm: 'HS512', subject: String(user.id), expiresIn: '1h' }),
        jwt.sign({ tv: 0 }, 'another-secret-another-secret-another', { subject: String(user.id), expiresIn: '1h' }),
        jwt.sign({ tv: 0, iat: Math.floor(app.clock.now().getTime() / 1000) }, secret, {
          subject: String(user.id),
          expiresIn: -10,
        }),
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(`{"sub":"${user.id}","tv":0}`).toString('base64url')}.`,
      ];
      for (const token of candidates) {
        const me = await app.request('GET', '/api/auth/me', token ? { token } : {});
        expect(me.status, String(token)).toBe(401);
        expect(me.body.success).toBe(false);
      }
    });

    it('refuses the token of a deactivated or deleted account at once', async () => {
      const { user, token } = await app.createUser({});
      await app.runtime.deps.db('users').where({ id: user.id }).update({ is_active: false });
      expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(401);
      await app.runtime.deps.db('users').where({ id: user.id }).delete();
      expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(401);
    });
  });

  describe('throttling', () => {
    it('answers 429 with Retry-After on the 11th failure, even for the right password, until the window passes', async () => {
      const { email, password } = await app.createUser({});
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await app.request('POST', '/api/auth/login', { body: { email, password: 'wrong-pass' } });
        expect(response.status, `attempt ${attempt}`).toBe(401);
      }
      const eleventh = await app.request('POST', '/api/auth/login', { body: { email, password: 'wrong-pass' } });
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(eleventh.body.message).toMatch(/Too many failed login attempts/);
      const right = await app.request('POST', '/api/auth/login', { body: { email, password } });
      expect(right.status).toBe(429);

      const other = await app.createUser({});
      expect(other.token).toBeTruthy();

      app.clock.advance(15 * 60 * 1000 + 1000);
      const later = await app.request('POST', '/api/auth/login', { body: { email, password } });
      expect(later.status).toBe(200);
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for unknown and known e-mails, and mails only the known one', async () => {
      const { email } = await app.createUser({ name: 'Reset Person' });
      const unknown = await app.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.org' } });
      const known = await app.request('POST', '/api/auth/forgot-password', { body: { email } });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(known.body.message).toBe(FORGOT_MESSAGE);
      const mail = await app.smtp.waitForMail((m) => m.to.includes(email));
      expect(mail.html).toContain('/reset-password?token=');
      await app.runtime.deps.mailer.drain();
      expect(app.smtp.mails.some((m) => m.to.includes('ghost@example.org'))).toBe(false);
    });

    it('resets end to end: check, mismatch, success, old token refused, link single-use', async () => {
      const { email, token: oldToken } = await app.createUser({ name: 'Full Reset' });
      await app.request('POST', '/api/auth/forgot-password', { body: { email } });
      const mail = await app.smtp.waitForMail((m) => m.to.includes(email));
      expect(mail.subject).toMatch(/Reset your/);
      const resetToken = tokenFromMail(mail.text, '/reset-password');

      const check = await app.request('GET', `/api/auth/reset-password/${resetToken}`);
      expect(check.body.data).toEqual({ valid: true, email, purpose: 'reset' });

      const mismatch = await app.request('POST', `/api/auth/reset-password/${resetToken}`, {
        body: { password: 'brand-new-pass', confirmPassword: 'other-pass' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors).toEqual([{ field: 'confirmPassword', message: "Passwords don't match" }]);

      const reset = await app.request('POST', `/api/auth/reset-password/${resetToken}`, {
        body: { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe('Password has been reset successfully.');

      expect((await app.request('GET', '/api/auth/me', { token: oldToken })).status).toBe(401);
      const again = await app.request('POST', `/api/auth/reset-password/${resetToken}`, {
        body: { password: 'third-pass-1' },
      });
      expect(again.status).toBe(400);
      expect((await app.request('GET', `/api/auth/reset-password/${resetToken}`)).body.data).toEqual({
        valid: false,
        email: null,
      });
      const login = await app.request('POST', '/api/auth/login', { body: { email, password: 'brand-new-pass' } });
      expect(login.status).toBe(200);
    });

    it('links admins to the admin reset page', async () => {
      const { email } = await app.createUser({ role: 'admin' });
      await app.request('POST', '/api/auth/forgot-password', { body: { email } });
      const mail = await app.smtp.waitForMail((m) => m.to.includes(email));
      expect(tokenFromMail(mail.text, '/admin/reset-password')).toBeTruthy();
    });

    it('expires reset links after one hour', async () => {
      const { email } = await app.createUser({});
      await app.request('POST', '/api/auth/forgot-password', { body: { email } });
      const token = tokenFromMail((await app.smtp.waitForMail((m) => m.to.includes(email))).text, '/reset-password');
      app.clock.advance(61 * 60 * 1000);
      expect((await app.request('GET', `/api/auth/reset-password/${token}`)).body.data.valid).toBe(false);
      const reset = await app.request('POST', `/api/auth/reset-password/${token}`, {
        body: { password: 'new-pass-1' },
      });
      expect(reset.status).toBe(400);
    });

    it('answers invalid for unknown tokens', async () => {
      const check = await app.request('GET', '/api/auth/reset-password/not-a-real-token');
      expect(check.status).toBe(200);
      expect(check.body.data).toEqual({ valid: false, email: null });
      const reset = await app.request('POST', '/api/auth/reset-password/not-a-real-token', {
        body: { password: 'new-pass-1' },
      });
      expect(reset.status).toBe(400);
      expect(reset.body.message).toBe('This password reset link is invalid or has expired.');
    });
  });
});
