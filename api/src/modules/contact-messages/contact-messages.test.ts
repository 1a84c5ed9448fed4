import type { ContactMessage } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds } from '../../test-support/expectations.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

const SENT = 'Thanks! Your message has been sent.';
const PHONE_REQUIRED = 'Phone number is required.';
const PHONE_FORMAT = 'Phone number must start with + followed by country code and 6-14 digits (e.g., +1234567890).';

const validMessage = {
  name: 'Priya Nair',
  email: 'priya@example.org',
  phone: '+919876543210',
  message: 'I would like to know more about joining the network.',
};

describeEngines('contact messages on %s', (engine) => {
  let app: TestApp;
  let rootToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    rootToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (body: unknown) => app.request('POST', '/api/contact-messages', { body });
  const contactMails = () => app.smtp.mails.filter((mail) => mail.subject.startsWith('Contact form:'));
  const listMessages = async (query = '') => {
    const response = await app.request('GET', `/api/admin/contact-messages${query}`, { token: rootToken });
    expect(response.status).toBe(200);
    return response.body.data as { messages: ContactMessage[]; pagination: Record<string, number>; unread: number };
  };

  it('keeps a message even when no contact e-mail is active, and mails nobody', async () => {
    const response = await send({ ...validMessage, email: 'first@example.org' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, message: SENT, data: { id: expect.any(Number) } });
    expect(await app.count('contact_messages')).toBe(1);
    await app.runtime.deps.mailer.drain();
    expect(contactMails()).toEqual([]);
  });

  it('stores the message and notifies the active contact e-mail only', async () => {
    const contactInfo = (email: string) => ({ email, phone: '+44 20 7946 0000', instagram: '@nutrition.network' });
    const first = await app.request('POST', '/api/admin/contact-info', {
      token: rootToken,
      body: contactInfo('old-desk@example.org'),
    });
    const second = await app.request('POST', '/api/admin/contact-info', {
      token: rootToken,
      body: contactInfo('desk@example.org'),
    });
    expect([first.body.data.isActive, second.body.data.isActive]).toEqual([true, false]);
    const activation = await app.request('PATCH', `/api/admin/contact-info/${second.body.data.id}/activate`, {
      token: rootToken,
    });
    expect(activation.status).toBe(200);

    const response = await send({ ...validMessage, email: ' Amara.Obi@Example.org ', name: 'Amara Obi' });
    expect(response.status).toBe(201);
    const row = await app.runtime.deps.db('contact_messages').where({ id: response.body.data.id }).first();
    expect(row).toMatchObject({
      name: 'Amara Obi',
      email: 'amara.obi@example.org',
      phone: validMessage.phone,
      message: validMessage.message,
    });

    const mail = await app.smtp.waitForMail((m) => m.subject === 'Contact form: Amara Obi');
    expect(mail.to).toEqual(['desk@example.org']);
    expect(mail.text).toContain(validMessage.message);
    expect(mail.text).toContain('amara.obi@example.org');
    expect(mail.text).toContain(validMessage.phone);
    await app.runtime.deps.mailer.drain();
    expect(contactMails().some((m) => m.to.includes('old-desk@example.org'))).toBe(false);
  });

  it('refuses invalid messages with the messages of SPEC 5 and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'email', 'phone', 'message']],
      [{ ...validMessage, name: 'A' }, ['name']],
      [{ ...validMessage, email: 'not-an-email' }, ['email']],
      [{ ...validMessage, phone: undefined }, ['phone']],
      [{ ...validMessage, phone: '' }, ['phone']],
      [{ ...validMessage, phone: '9876543210' }, ['phone']],
      [{ ...validMessage, phone: '+12345' }, ['phone']],
      [{ ...validMessage, phone: '+1234567890123456789' }, ['phone']],
      [{ ...validMessage, phone: '+91 98765 43210' }, ['phone']],
      [{ ...validMessage, phone: 919876543210 }, ['phone']],
      [{ ...validMessage, message: 'Too short' }, ['message']],
      [{ ...validMessage, message: 'x'.repeat(5001) }, ['message']],
    ];
    await expectInvalidBodies(
      app,
      { method: 'POST', path: '/api/contact-messages', token: '', table: 'contact_messages' },
      cases,
    );

    const everything = await send({ name: 'A', email: 'nope', message: 'short' });
    expect(everything.body.errors).toEqual([
      { field: 'name', message: 'Name must be at least 2 characters.' },
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'phone', message: PHONE_REQUIRED },
      { field: 'message', message: 'Message must be at least 10 characters.' },
    ]);
    expect((await send({ ...validMessage, phone: '  ' })).body.errors).toContainEqual({
      field: 'phone',
      message: PHONE_REQUIRED,
    });
    expect((await send({ ...validMessage, phone: '12345' })).body.errors).toEqual([
      { field: 'phone', message: PHONE_FORMAT },
    ]);
  });

  it('throttles one address to 5 messages an hour with 429 and Retry-After', async () => {
    const from = (email: string) => send({ ...validMessage, email });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await from('busy@example.org')).status, `message ${attempt}`).toBe(201);
    }
    const before = await app.count('contact_messages');
    const sixth = await from('busy@example.org');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many messages from this email address/);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await from('BUSY@Example.org')).status).toBe(429);
    expect(await app.count('contact_messages')).toBe(before);

    expect((await from('someone-else@example.org')).status).toBe(201);
    app.clock.advance(60 * 60 * 1000 + 1000);
    expect((await from('busy@example.org')).status).toBe(201);
  });

  it('lists messages newest first with the unread count, marks them read and deletes them', async () => {
    const all = await listMessages();
    const total = await app.count('contact_messages');
    expect(all.pagination).toEqual({ page: 1, limit: 50, total, pages: 1 });
    expect(all.unread).toBe(total);
    const times = all.messages.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.messages[0]).toEqual({
      id: expect.any(Number),
      revision: 1,
      name: validMessage.name,
      email: 'busy@example.org',
      phone: validMessage.phone,
      message: validMessage.message,
      isRead: false,
      state: 'new',
      createdAt: expect.any(String),
    });

    const target = all.messages[1]!;
    const read = await app.request('PATCH', `/api/admin/contact-messages/${target.id}/read`, { token: rootToken });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...target, isRead: true, state: 'read', revision: target.revision + 1 });
    expect((await listMessages()).unread).toBe(total - 1);
    const again = await app.request('PATCH', `/api/admin/contact-messages/${target.id}/read`, { token: rootToken });
    expect(again.status).toBe(200);
    expect(again.body.data.isRead).toBe(true);
    expect((await listMessages()).unread).toBe(total - 1);

    const removed = await app.request('DELETE', `/api/admin/contact-messages/${target.id}`, { token: rootToken });
    expect(removed.status).toBe(200);
    expect(await app.count('contact_messages')).toBe(total - 1);
    expect((await app.request('DELETE', `/api/admin/contact-messages/${target.id}`, { token: rootToken })).status).toBe(
      404,
    );
    expect((await listMessages()).unread).toBe(total - 1);

    const paged = await listMessages('?limit=2&page=2');
    expect(paged.messages.map((message) => message.id)).toEqual(
      (await listMessages()).messages.slice(2, 4).map((message) => message.id),
    );
    expect(paged.pagination).toEqual({ page: 2, limit: 2, total: total - 1, pages: Math.ceil((total - 1) / 2) });
  });

  it('belongs to the connect module: view lists, edit marks read, delete deletes', async () => {
    const routes = app.runtime.api.adminRoutes.filter((route) => route.path.startsWith('/api/admin/contact-messages'));
    expect(routes.map((route) => `${route.module} ${route.method} ${route.path}`).sort()).toEqual([
      'connect delete /api/admin/contact-messages/:id',
      'connect get /api/admin/contact-messages',
      'connect get /api/admin/contact-messages/:id/replies',
      'connect get /api/admin/contact-messages/export.csv',
      'connect patch /api/admin/contact-messages/:id/read',
      'connect patch /api/admin/contact-messages/:id/state',
      'connect post /api/admin/contact-messages/:id/replies',
      'connect post /api/admin/contact-messages/bulk',
    ]);
    const id = (await send({ ...validMessage, email: 'perm@example.org' })).body.data.id as number;
    const call = (route: 'list' | 'read' | 'delete', token?: string) => {
      const options = token ? { token } : {};
      if (route === 'list') return app.request('GET', '/api/admin/contact-messages', options);
      if (route === 'read') return app.request('PATCH', `/api/admin/contact-messages/${id}/read`, options);
      return app.request('DELETE', `/api/admin/contact-messages/${id}`, options);
    };
    const member = await app.createUser({ role: 'member' });
    const otherModules = await app.createUser({
      role: 'admin',
      permissions: { faqs: { view: true, edit: true, delete: true } },
    });
    const viewer = await app.createUser({
      role: 'admin',
      permissions: { connect: { view: true, edit: false, delete: false } },
    });
    const editor = await app.createUser({
      role: 'admin',
      permissions: { connect: { view: true, edit: true, delete: false } },
    });
    const deleter = await app.createUser({
      role: 'admin',
      permissions: { connect: { view: false, edit: false, delete: true } },
    });

    for (const route of ['list', 'read', 'delete'] as const) {
      expect((await call(route)).status, route).toBe(401);
      expect((await call(route, member.token)).status, route).toBe(403);
      expect((await call(route, otherModules.token)).status, route).toBe(403);
    }
    expect((await call('list', viewer.token)).status).toBe(200);
    expect((await call('read', viewer.token)).status).toBe(403);
    expect((await call('delete', viewer.token)).status).toBe(403);
    expect((await call('list', deleter.token)).status).toBe(403);
    expect((await call('read', editor.token)).status).toBe(200);
    expect((await call('delete', editor.token)).status).toBe(403);
    expect((await call('delete', deleter.token)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectUnknownIds(app, {
      method: 'PATCH',
      path: (id) => `/api/admin/contact-messages/${id}/read`,
      token: rootToken,
    });
    await expectUnknownIds(app, {
      method: 'DELETE',
      path: (id) => `/api/admin/contact-messages/${id}`,
      token: rootToken,
    });
  });
});
