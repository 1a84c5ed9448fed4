/**
 * Issue 12 item 2 and issue 9 item 6: per-IP and global limits of sign-in, sign-up, forgot-password
 * and the contact form, kept in the database. Counters another instance would have raised are set
 * straight in the shared table, which also spares the tests hundreds of bcrypt rounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { clientSubject, NETWORK_FACTOR, networkSubject, RATE_LIMITS, type LimitedAction } from './rate-limits.js';

const message = (email: string) => ({
  name: 'Priya Nair',
  email,
  phone: '+919876543210',
  message: 'I would like to know more about joining the network.',
});

describe('clientSubject', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
  ])('counts %j as %j', (ip, subject) => {
    expect(clientSubject(ip)).toBe(subject);
  });
});

describe('networkSubject', () => {
  it.each([
    ['2001:db8:1:2::/64', '2001:db8:1:0::/56'],
    ['2001:db8:1:2ff::/64', '2001:db8:1:200::/56'],
    ['2001:db8:1:abcd::/64', '2001:db8:1:ab00::/56'],
    ['203.0.113.7', null],
    ['unknown', null],
  ])('counts %j in %j', (subject, network) => {
    expect(networkSubject(subject)).toBe(network);
  });
});

describeEngines('rate limits on %s', (engine) => {
  let app: TestApp;
  let rootToken: string;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
    rootToken = (await app.createUser({ role: 'super_admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const post = (path: string, ip: string, body: unknown) => app.request('POST', path, { ...from(ip), body });
  /** Raises a counter to its limit, as the other instances on the database would have. */
  const exhaust = async (action: LimitedAction, scope: 'perIp', subject: string) => {
    const updated = await app.runtime.deps
      .db('rate_limits')
      .where({ rule: `${action}.${scope}`, subject })
      .where('expires_at', '>', app.clock.now().getTime())
      .update({ hits: RATE_LIMITS[action][scope].limit });
    expect(updated).toBe(1);
  };
  const expectRefused = (answer: Awaited<ReturnType<typeof post>>, text: RegExp, windowMs: number) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ success: false, code: 'too_many_requests', message: expect.stringMatching(text) });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  };

  it('limits sign-in per address: the flooding address gets 429, its neighbour signs in as usual', async () => {
    const member = await app.createUser({});
    const credentials = { email: member.email, password: member.password };
    expect((await post('/api/auth/login', '198.51.100.10', credentials)).status).toBe(200);
    await exhaust('login', 'perIp', '198.51.100.10');

    const refused = await post('/api/auth/login', '198.51.100.10', credentials);
    expectRefused(
      refused,
      /^Too many sign-in attempts from your network\. Please try again in \d+ seconds?\.$/,
      60_000,
    );
    expect((await post('/api/auth/login', '198.51.100.11', credentials)).status).toBe(200);
    // What the client itself puts in X-Forwarded-For, before the proxy's entry, is not taken on trust.
    expect((await post('/api/auth/login', '192.0.2.1, 198.51.100.10', credentials)).status).toBe(429);

    app.clock.advance(RATE_LIMITS.login.perIp.windowMs);
    expect((await post('/api/auth/login', '198.51.100.10', credentials)).status).toBe(200);
  });

  it('limits forgot-password per address, counting every request', async () => {
    const { limit, windowMs } = RATE_LIMITS.forgotPassword.perIp;
    for (let request = 1; request <= limit; request += 1) {
      const answer = await post('/api/auth/forgot-password', '198.51.100.20', { email: `ghost${request}@example.org` });
      expect(answer.status, `request ${request}`).toBe(200);
    }
    const refused = await post('/api/auth/forgot-password', '198.51.100.20', { email: 'ghost@example.org' });
    expectRefused(refused, /^Too many password reset requests from your network/, windowMs);
    expect((await post('/api/auth/forgot-password', '198.51.100.21', { email: 'ghost@example.org' })).status).toBe(200);
  });

  it('limits sign-up per address and stores nothing beyond the limit', async () => {
    const signup = (ip: string, name: string) =>
      post('/api/auth/register', ip, { name, email: `${name}@example.org`, password: 'secret-pass' });
    expect((await signup('198.51.100.30', 'first-signup')).status).toBe(201);
    await exhaust('register', 'perIp', '198.51.100.30');
    const users = await app.count('users');

    expectRefused(await signup('198.51.100.30', 'second-signup'), /^Too many sign-ups from your network/, 3_600_000);
    expect(await app.count('users')).toBe(users);
    expect((await signup('198.51.100.31', 'third-signup')).status).toBe(201);
  });

  it('has no site-wide limit on sign-in or forgot-password: a flood from many addresses refuses nobody else', async () => {
    const credentials = { email: 'nobody@example.org', password: 'wrong-password' };
    for (let address = 0; address < 5; address += 1) {
      expect((await post('/api/auth/login', `198.51.100.${40 + address}`, credentials)).status).toBe(401);
      expect((await post('/api/auth/forgot-password', `198.51.100.${40 + address}`, credentials)).status).toBe(200);
    }
    const rules = await app.runtime.deps.db('rate_limits').distinct('rule').orderBy('rule');
    expect(rules.map((row: { rule: string }) => row.rule)).not.toContain('login.global');
    expect(rules.map((row: { rule: string }) => row.rule)).not.toContain('forgotPassword.global');
    expect(RATE_LIMITS.login).not.toHaveProperty('global');
    expect(RATE_LIMITS.forgotPassword).not.toHaveProperty('global');
  });

  it('stops one address sending 20 messages with 20 addresses at once: no message or mail beyond the limit', async () => {
    const contactInfo = { email: 'desk@example.org', phone: '+44 20 7946 0000', instagram: '@nutrition.network' };
    expect((await app.request('POST', '/api/admin/contact-info', { token: rootToken, body: contactInfo })).status).toBe(
      201,
    );
    const before = await app.count('contact_messages');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post('/api/contact-messages', '198.51.100.50', message(`sender${index}@example.org`)),
      ),
    );
    const { limit, windowMs } = RATE_LIMITS.contact.perIp;
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(limit);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expectRefused(refused, /^Too many messages from your network/, windowMs);
    }
    expect(await app.count('contact_messages')).toBe(before + limit);
    await app.runtime.deps.mailer.drain();
    expect(app.smtp.mails.filter((mail) => mail.subject.startsWith('Contact form:'))).toHaveLength(limit);

    expect((await post('/api/contact-messages', '198.51.100.51', message('neighbour@example.org'))).status).toBe(201);
  });

  it('counts a malformed X-Forwarded-For by the address that connected, not in a shared bucket', async () => {
    for (const forwarded of ['unknown', '1.2.3', 'proxy.example.org', '203.0.113.300']) {
      const answer = await post('/api/auth/forgot-password', forwarded, { email: 'ghost@example.org' });
      expect(answer.status).toBe(200);
    }
    const subjects = await app.runtime.deps.db('rate_limits').where({ rule: 'forgotPassword.perIp' }).pluck('subject');
    expect(subjects).not.toContain('unknown');
    const row = await app.runtime.deps
      .db('rate_limits')
      .where({ rule: 'forgotPassword.perIp', subject: '127.0.0.1' })
      .first('hits');
    expect(Number(row?.hits)).toBe(4);
  });

  it('counts an IPv6 /56 as well: its 256 /64s do not get 256 times the limit', async () => {
    const limit = RATE_LIMITS.forgotPassword.perIp.limit;
    let last;
    // Each /64 stays under its own limit; together they pass the /56's.
    for (let index = 0; index < limit * NETWORK_FACTOR + 1; index += 1) {
      const address = `2001:db8:5:${(index % 64).toString(16)}::${Math.floor(index / 64) + 1}`;
      last = await post('/api/auth/forgot-password', address, { email: 'ghost@example.org' });
      if (index < limit * NETWORK_FACTOR) expect(last.status, address).toBe(200);
    }
    expect(last?.status).toBe(429);
    expect(last?.body.message).toMatch(/^Too many password reset requests from your network/);
    // Another /56 is not held.
    expect((await post('/api/auth/forgot-password', '2001:db8:6::1', { email: 'ghost@example.org' })).status).toBe(200);
  });

  it('drops counters whose window has passed', async () => {
    const rows = () => app.runtime.deps.db('rate_limits').count({ count: '*' }).first();
    expect(Number((await rows())?.count)).toBeGreaterThan(1);
    app.clock.advance(24 * 60 * 60 * 1000);
    await post('/api/auth/forgot-password', '198.51.100.60', { email: 'ghost@example.org' });
    // Only the counter of that one request remains (forgot-password counts per address only).
    expect(Number((await rows())?.count)).toBe(1);
  });
});
