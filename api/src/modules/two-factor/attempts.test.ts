/**
 * Issue 19 item 2: two-factor codes were guessable from many addresses (40 wrong codes on one
 * challenge from 40 addresses, all 401, the owner never told). Now wrong codes count per account.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { LOCK_MS } from './attempts.js';

const INVALID_CODE = 'Invalid authentication code.';
const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

describeEngines('two-factor attempts per account on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const codeAt = (secret: string, offset = 0) =>
    generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) + offset * 30 });
  const post = (path: string, ip: string, body: unknown) =>
    app.request('POST', path, { headers: { 'x-forwarded-for': ip }, body });

  async function staffWithTwoFactor(name: string) {
    const account = await app.createUser({ role: 'admin', name, password: 'staff-password-1' });
    const setup = await app.request('POST', '/api/account/two-factor/setup', { token: account.token });
    const secret: string = setup.body.data.secret;
    const confirm = await app.request('POST', '/api/account/two-factor/confirm', {
      token: account.token,
      body: { code: await codeAt(secret) },
    });
    expect(confirm.status).toBe(200);
    app.clock.advance(60_000);
    return { ...account, secret };
  }
  async function challengeFor(account: { email: string; password: string }, ip = freshIp(), deviceToken?: string) {
    const first = await post('/api/auth/login', ip, { email: account.email, password: account.password, deviceToken });
    expect(first.status).toBe(200);
    return first.body.data.challenge as string;
  }
  /** A six-digit code that is not the right one now (nor at the steps beside it). */
  const wrongCode = async (secret: string) => {
    const right = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
    for (let value = 0; ; value += 1) {
      const code = String(value).padStart(6, '0');
      if (!right.has(code)) return code;
    }
  };

  it('spends a challenge after 5 wrong codes, even with the right code after', async () => {
    const staff = await staffWithTwoFactor('Spent Challenge');
    const challenge = await challengeFor(staff);
    const wrong = await wrongCode(staff.secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await post('/api/auth/login/two-factor', freshIp(), { challenge, code: wrong });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.body.message).toBe(INVALID_CODE);
    }
    const spent = await post('/api/auth/login/two-factor', freshIp(), { challenge, code: await codeAt(staff.secret) });
    expect(spent.status).toBe(401);
    expect(spent.body.message).toBe(SIGN_IN_EXPIRED);
    // A new challenge (the password again) works with the right code.
    const again = await post('/api/auth/login/two-factor', freshIp(), {
      challenge: await challengeFor(staff),
      code: await codeAt(staff.secret),
    });
    expect(again.status).toBe(200);
  });

  it('spends a challenge when it succeeds: the same one with the next code gets no second session (issue 52)', async () => {
    const staff = await staffWithTwoFactor('Used Challenge');
    const challenge = await challengeFor(staff);
    const first = await post('/api/auth/login/two-factor', freshIp(), { challenge, code: await codeAt(staff.secret) });
    expect(first.status).toBe(200);
    // The next step's code, from another address, seconds later.
    app.clock.advance(30_000);
    const again = await post('/api/auth/login/two-factor', freshIp(), { challenge, code: await codeAt(staff.secret) });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(SIGN_IN_EXPIRED);
  });

  it("locks the account's challenges after 10 wrong codes from 10 addresses, and mails the owner", async () => {
    const staff = await staffWithTwoFactor('Guessed Owner');
    // A device the owner signed in with before the attack.
    const ownerFirst = await post('/api/auth/login/two-factor', freshIp(), {
      challenge: await challengeFor(staff),
      code: await codeAt(staff.secret),
    });
    expect(ownerFirst.status).toBe(200);
    const ownerDevice: string = ownerFirst.body.data.deviceToken;
    app.clock.advance(60_000);

    const wrong = await wrongCode(staff.secret);
    const challenges = [await challengeFor(staff), await challengeFor(staff)];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await post('/api/auth/login/two-factor', freshIp(), {
        challenge: challenges[Math.floor(attempt / 5)],
        code: wrong,
      });
      expect(answer.status, `attempt ${attempt + 1}`).toBe(401);
    }
    const mail = await app.smtp.waitForMail((sent) => sent.to.includes(staff.email) && /paused/.test(sent.subject));
    expect(mail.text).toContain('10 wrong two-factor codes were just entered');
    expect(mail.text).toContain('paused for 15 minutes');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);

    // Even the right code on a fresh challenge from a fresh address is refused now.
    const locked = await post('/api/auth/login/two-factor', freshIp(), {
      challenge: await challengeFor(staff),
      code: await codeAt(staff.secret),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(
      /^Too many wrong codes for this account\. Please try again in 1[45] minutes\.$/,
    );
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The owner's known device is not held by the lock.
    const owner = await post('/api/auth/login/two-factor', freshIp(), {
      challenge: await challengeFor(staff, freshIp(), ownerDevice),
      code: await codeAt(staff.secret, 1),
      deviceToken: ownerDevice,
    });
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).toBe(staff.user.id);

    // 15 minutes on, the lock has gone.
    app.clock.advance(LOCK_MS);
    const after = await post('/api/auth/login/two-factor', freshIp(), {
      challenge: await challengeFor(staff),
      code: await codeAt(staff.secret),
    });
    expect(after.status).toBe(200);
    expect(app.smtp.mails.filter((sent) => sent.to.includes(staff.email) && /paused/.test(sent.subject))).toHaveLength(
      1,
    );
  });
});
