/**
 * Issue 19 item 1: 210 messages from 21 addresses used to refuse every visitor for 54 minutes (the
 * site-wide limit). Past the site-wide rate, messages are now accepted and held as possible spam,
 * with one digest mail instead of one notification each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limits.js';
import { testEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(testEngines())('contact form under a flood on %s', (engine) => {
  let app: TestApp;
  let rootToken: string;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
    rootToken = (await app.createUser({ role: 'super_admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (ip: string, email: string) =>
    app.request('POST', '/api/contact-messages', {
      headers: { 'x-forwarded-for': ip },
      body: { name: 'Flood Sender', email, phone: '+441234567890', message: 'Hello there, this is a message.' },
    });
  const notifications = () => app.smtp.mails.filter((mail) => mail.subject.startsWith('Contact form:'));
  const digests = () => app.smtp.mails.filter((mail) => mail.subject === 'Website messages held as possible spam');

  it('accepts every visitor past the site-wide rate, holds the flood as possible spam and sends one digest', async () => {
    const contactInfo = { email: 'desk@example.org', phone: '+44 20 7946 0000', instagram: '@nutrition.network' };
    const info = await app.request('POST', '/api/admin/contact-info', { token: rootToken, body: contactInfo });
    expect(info.status).toBe(201);
    expect((await send('198.51.100.1', 'first@example.org')).status).toBe(201);
    await app.runtime.deps.mailer.drain();
    expect(notifications()).toHaveLength(1);
    // The site-wide counter at its limit, as a flood from many addresses would have left it.
    const raised = await app.runtime.deps
      .db('rate_limits')
      .where({ rule: 'contact.global', subject: '*' })
      .update({ hits: RATE_LIMITS.contact.global.limit });
    expect(raised).toBe(1);

    const { limit } = RATE_LIMITS.contact.perIp;
    const answers = await Promise.all(
      Array.from({ length: 10 * limit }, (_, index) =>
        send(`203.0.113.${Math.floor(index / limit) + 1}`, `flood${index}@example.org`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10 * limit).fill(201));
    // A visitor from elsewhere is still accepted.
    const visitor = await send('192.0.2.44', 'visitor@example.org');
    expect(visitor.status).toBe(201);
    expect(visitor.body.message).toBe('Thanks! Your message has been sent.');
    // Per address the limit still holds.
    expect((await send('203.0.113.1', 'again@example.org')).status).toBe(429);

    const states = await app.runtime.deps.db('contact_messages').select('state').count({ n: '*' }).groupBy('state');
    expect(Object.fromEntries(states.map((row) => [row.state, Number(row.n)]))).toEqual({
      new: 1,
      spam: 10 * limit + 1,
    });
    await app.runtime.deps.mailer.drain();
    expect(notifications()).toHaveLength(1);
    expect(digests()).toHaveLength(1);
    expect(digests()[0]!.to).toEqual(['desk@example.org']);

    // Staff see them under their own filter, not in the inbox.
    const held = await app.request('GET', '/api/admin/contact-messages?state=spam&limit=10', { token: rootToken });
    expect(held.status).toBe(200);
    expect(held.body.data.pagination.total).toBe(10 * limit + 1);
    const inbox = await app.request('GET', '/api/admin/contact-messages', { token: rootToken });
    expect(inbox.body.data.messages.map((message: { email: string }) => message.email)).toEqual(['first@example.org']);
    // A held message can be moved to the inbox.
    const moved = await app.request('PATCH', `/api/admin/contact-messages/${visitor.body.data.id}/state`, {
      token: rootToken,
      body: { state: 'read' },
    });
    expect(moved.status).toBe(200);
  });
});
