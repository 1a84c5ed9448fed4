/**
 * Issue 19 item 1: the site-wide sign-in limit was a lever with which 1,300 bogus requests from 50
 * addresses refused everyone. A browser or app that signed in before carries a device token: its
 * sign-ins to that account skip the address and site limits and count only against the account.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceToken, verifyDeviceToken } from '../../lib/device-tokens.js';
import { RATE_LIMITS } from '../../lib/rate-limits.js';
import { KNOWN_DEVICE_LANE } from './device-lane.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type ApiResponse, type TestApp } from '../../test-support/test-app.js';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const FLOOD_ADDRESSES = 50;
const FLOOD_PER_ADDRESS = 26;

describe('device tokens', () => {
  const now = new Date('2026-06-17T10:00:00Z');
  it('name the account and device, and are refused when changed, of another key or a year old', () => {
    const account = { userId: 42, generation: 3 };
    const token = issueDeviceToken(SECRET, account, now);
    const known = verifyDeviceToken(SECRET, token, now);
    expect(known).toEqual({ userId: 42, generation: 3, deviceId: expect.stringMatching(/^[\w-]{16}$/) });
    expect(verifyDeviceToken(SECRET, issueDeviceToken(SECRET, account, now, known!.deviceId), now)).toEqual(known);
    expect(verifyDeviceToken(SECRET, token.replace('d2.42.', 'd2.43.'), now)).toBeNull();
    expect(verifyDeviceToken(SECRET, token.replace('d2.42.3.', 'd2.42.4.'), now)).toBeNull();
    expect(verifyDeviceToken(`${SECRET}x`, token, now)).toBeNull();
    expect(verifyDeviceToken(SECRET, token, new Date(now.getTime() + 364 * 86_400_000))).toEqual(known);
    expect(verifyDeviceToken(SECRET, token, new Date(now.getTime() + 365 * 86_400_000))).toBeNull();
    expect(verifyDeviceToken(SECRET, 'd2.1.0.x.1.y', now)).toBeNull();
    expect(verifyDeviceToken(SECRET, 12, now)).toBeNull();
  });
});

describeEngines('sign-in from known devices under a flood on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, ip: string, body: unknown) =>
    app.request('POST', path, { headers: { 'x-forwarded-for': ip }, body });
  const login = (ip: string, body: { email: string; password: string; deviceToken?: string }) =>
    post('/api/auth/login', ip, body);
  const codeAt = (secret: string, offset = 0) =>
    generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) + offset * 30 });

  it('keeps the super admin, a member and a two-factor admin with known devices signing in while 1,300 bogus requests run', async () => {
    // Each signs in once, as their browser or app did before the attack: the answer carries a device token.
    const first = await login('198.51.100.1', SUPER_ADMIN);
    expect(first.status).toBe(200);
    const rootDevice: string = first.body.data.deviceToken;
    expect(verifyDeviceToken(SECRET, rootDevice, app.clock.now())?.userId).toBe(first.body.data.user.id);

    const member = await app.createUser({ role: 'member', password: 'member-password-1' });
    const memberFirst = await login('198.51.100.2', { email: member.email, password: member.password });
    expect(memberFirst.status).toBe(200);
    const memberDevice: string = memberFirst.body.data.deviceToken;

    const staff = await app.createUser({ role: 'admin', password: 'staff-password-1' });
    const setup = await app.request('POST', '/api/account/two-factor/setup', { token: staff.token });
    const secret: string = setup.body.data.secret;
    const confirmed = await app.request('POST', '/api/account/two-factor/confirm', {
      token: staff.token,
      body: { code: await codeAt(secret) },
    });
    expect(confirmed.status).toBe(200);
    const staffChallenge = await login('198.51.100.3', { email: staff.email, password: staff.password });
    expect(staffChallenge.body.data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const staffFirst = await post('/api/auth/login/two-factor', '198.51.100.3', {
      challenge: staffChallenge.body.data.challenge,
      code: await codeAt(secret, 1),
    });
    expect(staffFirst.status).toBe(200);
    const staffDevice: string = staffFirst.body.data.deviceToken;
    expect(verifyDeviceToken(SECRET, staffDevice, app.clock.now())?.userId).toBe(staff.user.id);
    // Past the steps of the codes used so far: the next code is a fresh one.
    app.clock.advance(90_000);

    // The flood: bogus two-factor challenges (no password work) and unknown-address logins from 50
    // addresses, each under its own per-address limit, 1,300 in all.
    const floodStatuses: number[] = [];
    let sent = 0;
    let reachedHalf!: () => void;
    const half = new Promise<void>((resolve) => (reachedHalf = resolve));
    const floodFrom = async (address: number) => {
      const ip = `203.0.113.${address + 1}`;
      for (let index = 0; index < FLOOD_PER_ADDRESS; index += 1) {
        const answer =
          index % 13 === 0
            ? await login(ip, { email: `nobody-${address}-${index}@example.org`, password: 'wrong-password' })
            : await post('/api/auth/login/two-factor', ip, { challenge: `bogus.${address}.${index}`, code: '123456' });
        floodStatuses.push(answer.status);
        sent += 1;
        if (sent === (FLOOD_ADDRESSES * FLOOD_PER_ADDRESS) / 2) reachedHalf();
      }
    };
    const flood = Promise.all(Array.from({ length: FLOOD_ADDRESSES }, (_, address) => floodFrom(address)));

    await half;
    // From fresh addresses, and from an address of the flood: known devices get in at once.
    const started = performance.now();
    const floodSentAtStart = sent;
    const signedInWhileFlooding = async <T>(signIn: Promise<T>) => {
      const answer = await signIn;
      return { answer, floodSent: sent, ms: performance.now() - started };
    };
    const staffSignIn = async () => {
      const password = await login('192.0.2.11', {
        email: staff.email,
        password: staff.password,
        deviceToken: staffDevice,
      });
      expect(password.status, password.body.message).toBe(200);
      return post('/api/auth/login/two-factor', '192.0.2.11', {
        challenge: password.body.data.challenge,
        code: await codeAt(secret),
        deviceToken: staffDevice,
      });
    };
    const [root, memberIn, staffIn] = await Promise.all([
      signedInWhileFlooding(login('192.0.2.10', { ...SUPER_ADMIN, deviceToken: rootDevice })),
      signedInWhileFlooding(
        login('203.0.113.7', { email: member.email, password: member.password, deviceToken: memberDevice }),
      ),
      signedInWhileFlooding(staffSignIn()),
    ]);
    const rootAgain = root.answer;
    const memberAgain = memberIn.answer;
    const staffSecond = staffIn.answer;
    await flood;
    const floodMs = performance.now() - started;

    expect(rootAgain.status).toBe(200);
    expect(rootAgain.body.data.user.role).toBe('super_admin');
    // The same device keeps its id: its token is renewed, not multiplied.
    const rootKnown = verifyDeviceToken(SECRET, rootAgain.body.data.deviceToken, app.clock.now());
    expect(rootKnown?.deviceId).toBe(verifyDeviceToken(SECRET, rootDevice, app.clock.now())?.deviceId);
    expect(memberAgain.status).toBe(200);
    expect(memberAgain.body.data.user.id).toBe(member.user.id);
    expect(staffSecond.status).toBe(200);
    expect(staffSecond.body.data.user.id).toBe(staff.user.id);
    // They asked while the flood ran (password work yields to serving requests, so a sign-in may
    // finish just after the last bogus request was answered). How fast is the bench's to measure.
    expect(floodSentAtStart).toBeLessThan(FLOOD_ADDRESSES * FLOOD_PER_ADDRESS);
    if (process.env.REPORT_TIMINGS) console.info({ floodMs, root, memberIn, staffIn });

    expect(floodStatuses).toHaveLength(1_300);
    // Every bogus request failed, none was refused for the site: the pool sheds logins as "busy" (429).
    expect(floodStatuses.every((status) => status === 401 || status === 429)).toBe(true);
    const siteWide = await app.runtime.deps.db('rate_limits').where('rule', 'like', 'login.global%').count({ n: '*' });
    expect(Number(siteWide[0]?.n)).toBe(0);

    // Nor does anybody without a device token meet a site-wide refusal after the flood.
    const fresh = await login('192.0.2.12', { email: member.email, password: member.password });
    expect(fresh.status).toBe(200);
  }, 120_000);

  it('lets a known device in from an address over its limit, but not with a token of another account', async () => {
    const ip = '198.51.100.99';
    const member = await app.createUser({ role: 'member', password: 'member-password-2' });
    const device = (await login('198.51.100.98', { email: member.email, password: member.password })).body.data
      .deviceToken as string;
    let last: ApiResponse | undefined;
    for (let index = 0; index <= RATE_LIMITS.login.perIp.limit; index += 1) {
      last = await post('/api/auth/login/two-factor', ip, { challenge: `bogus-${index}`, code: '123456' });
    }
    expect(last?.status).toBe(429);
    expect(last?.body.message).toMatch(/^Too many sign-in attempts from your network/);

    const known = await login(ip, { email: member.email, password: member.password, deviceToken: device });
    expect(known.status, known.body.message).toBe(200);
    // The member's token does not exempt a sign-in to the super admin, nor does a forged one.
    expect((await login(ip, { ...SUPER_ADMIN, deviceToken: device })).status).toBe(429);
    const forged = issueDeviceToken(
      'another-secret-that-is-long-enough-012345',
      { userId: 1, generation: 0 },
      app.clock.now(),
    );
    expect((await login(ip, { ...SUPER_ADMIN, deviceToken: forged })).status).toBe(429);
  });

  it("counts a known device's wrong passwords against the account from that device, not its address", async () => {
    const member = await app.createUser({ role: 'member', password: 'member-password-3' });
    const device = (await login('198.51.100.97', { email: member.email, password: member.password })).body.data
      .deviceToken as string;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // The device's own lane allows a few sign-ins a minute (device-lane.ts): the next minute's.
      if (attempt > 0 && attempt % KNOWN_DEVICE_LANE.perDevice.limit === 0) app.clock.advance(60_000);
      expect(
        (await login('198.51.100.96', { email: member.email, password: 'wrong-pass', deviceToken: device })).status,
      ).toBe(401);
    }
    const locked = await login('198.51.100.96', {
      email: member.email,
      password: member.password,
      deviceToken: device,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed login attempts/);
    // The same address without the device (someone else behind it) is a different subject.
    expect((await login('198.51.100.96', { email: member.email, password: member.password })).status).toBe(200);
  }, 60_000);
});
