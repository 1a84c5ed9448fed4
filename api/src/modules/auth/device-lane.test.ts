/**
 * Issue 52 item 1: a member looping sign-ins with her own device token filled the password pool, and
 * every other sign-in (the super admin's known device too) got "The server is busy". The lane of a
 * known device is bounded per device and per account; a revoked token counts as unknown.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limits.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type ApiResponse, type TestApp } from '../../test-support/test-app.js';

const FLOOD_LOOPS = 10;
const SIGN_INS_EACH = 5;
const PACE_MS = 2000;

describeEngines('the known-device lane on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (ip: string, body: { email: string; password: string; deviceToken?: string }) =>
    app.request('POST', '/api/auth/login', { headers: { 'x-forwarded-for': ip }, body });
  const deviceOf = async (email: string, password: string, ip: string): Promise<string> => {
    const answer = await login(ip, { email, password });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data.deviceToken as string;
  };
  const paced = () => new Promise((resolve) => setTimeout(resolve, PACE_MS));

  it("keeps others' known devices signing in while a member floods with her own", async () => {
    const flooder = await app.createUser({ role: 'member', password: 'flooder-password-1' });
    const other = await app.createUser({ role: 'member', password: 'other-password-1' });
    const flooderDevice = await deviceOf(flooder.email, flooder.password, '198.51.100.20');
    const otherDevice = await deviceOf(other.email, other.password, '198.51.100.21');
    const rootDevice = await deviceOf(SUPER_ADMIN.email, SUPER_ADMIN.password, '198.51.100.22');

    let probing = true;
    const floodStatuses: number[] = [];
    const floodMessages = new Set<string>();
    const loop = async (index: number) => {
      while (probing) {
        const answer = await login(`203.0.113.${index + 1}`, {
          email: flooder.email,
          password: flooder.password,
          deviceToken: flooderDevice,
        });
        floodStatuses.push(answer.status);
        if (answer.status === 429) floodMessages.add(answer.body.message as string);
      }
    };
    const flood = Promise.all(Array.from({ length: FLOOD_LOOPS }, (_, index) => loop(index)));

    // Each signs in every two seconds from their known device while the flood runs.
    const signIns: { who: string; answer: ApiResponse; floodBefore: number }[] = [];
    const signInsOf = async (who: string, body: { email: string; password: string; deviceToken: string }) => {
      for (let round = 0; round < SIGN_INS_EACH; round += 1) {
        await paced();
        const floodBefore = floodStatuses.length;
        signIns.push({ who, answer: await login(`192.0.2.${signIns.length + 1}`, body), floodBefore });
      }
    };
    try {
      await Promise.all([
        signInsOf('super admin', { ...SUPER_ADMIN, deviceToken: rootDevice }),
        signInsOf('other member', { email: other.email, password: other.password, deviceToken: otherDevice }),
      ]);
    } finally {
      probing = false;
      await flood;
    }

    expect(signIns).toHaveLength(2 * SIGN_INS_EACH);
    for (const { who, answer } of signIns) expect(answer.status, `${who}: ${answer.body.message}`).toBe(200);
    // The flood ran all along: it was answered while the last sign-ins were asked for.
    expect(floodStatuses.length).toBeGreaterThan(Math.max(...signIns.map((signIn) => signIn.floodBefore)));
    // The flooder gets in now and then and is refused for her own device, never as "busy".
    expect(floodStatuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(floodStatuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect([...floodMessages].every((message) => message.startsWith('Too many sign-ins from this device'))).toBe(true);
  }, 120_000);

  /** An address over its sign-in limit: only a known device gets in from there. */
  async function exhaustAddress(ip: string): Promise<void> {
    let last: ApiResponse | undefined;
    for (let index = 0; index <= RATE_LIMITS.login.perIp.limit; index += 1) {
      last = await app.request('POST', '/api/auth/login/two-factor', {
        headers: { 'x-forwarded-for': ip },
        body: { challenge: `bogus-${index}`, code: '123456' },
      });
    }
    expect(last?.status).toBe(429);
  }
  const refusedAsUnknown = (answer: ApiResponse) => {
    expect(answer.status).toBe(429);
    expect(answer.body.message).toMatch(/^Too many sign-in attempts from your network/);
  };

  it('revokes device tokens by a password change and by "end other sessions"', async () => {
    const ip = '198.51.100.30';
    await exhaustAddress(ip);
    const member = await app.createUser({ role: 'member', password: 'member-password-30' });
    const first = await login('198.51.100.31', { email: member.email, password: member.password });
    const device = first.body.data.deviceToken as string;
    const session = first.body.data.token as string;
    const withDevice = (password: string, deviceToken: string) =>
      login(ip, { email: member.email, password, deviceToken });
    expect((await withDevice(member.password, device)).status).toBe(200);

    const changed = await app.request('POST', '/api/account/password', {
      token: session,
      headers: { 'x-forwarded-for': '198.51.100.32' },
      body: {
        currentPassword: member.password,
        newPassword: 'member-password-31',
        confirmPassword: 'member-password-31',
      },
    });
    expect(changed.status, changed.body.message).toBe(200);
    refusedAsUnknown(await withDevice('member-password-31', device));

    // A sign-in after the change gets a token of the new generation, which "end other sessions" revokes.
    const again = await login('198.51.100.33', { email: member.email, password: 'member-password-31' });
    const renewed = again.body.data.deviceToken as string;
    expect((await withDevice('member-password-31', renewed)).status).toBe(200);
    const ended = await app.request('POST', '/api/account/sessions/end-others', { token: again.body.data.token });
    expect(ended.status).toBe(200);
    refusedAsUnknown(await withDevice('member-password-31', renewed));
  });

  it('revokes device tokens by the closing of the account', async () => {
    const member = await app.createUser({ role: 'member', password: 'member-password-40' });
    const first = await login('198.51.100.41', { email: member.email, password: member.password });
    const before = await app.runtime.deps.db('users').where({ id: member.user.id }).first('device_generation');
    const closed = await app.request('POST', '/api/account/close', {
      token: first.body.data.token,
      headers: { 'x-forwarded-for': '198.51.100.41' },
      body: { password: member.password },
    });
    expect(closed.status, closed.body.message).toBe(200);
    const after = await app.runtime.deps.db('users').where({ id: member.user.id }).first('device_generation');
    expect(Number(after?.device_generation)).toBe(Number(before?.device_generation) + 1);
  });
});
