/**
 * Issue 55 item 4, an inbox for a busy day, through the real HTTP server on both engines and a real
 * SMTP server on loopback: bulk actions on selected messages or on all matching a filter (validated,
 * permission-checked, idempotent), and replies from the console that go out through the mail queue
 * and make the message "replied" only once the mail went out.
 */
import { randomUUID } from 'node:crypto';
import type { ContactMessage, ContactMessageReply } from '@npo/shared';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../middleware/idempotency.js';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

let counter = 0;

describeEngines('contact messages in bulk and replies on %s', (engine) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(engine, { RATE_LIMIT_FACTOR: '100' });
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    // The active contact e-mail: where notifications go and where a visitor's answer to a reply goes.
    expect((await app.request('POST', '/api/admin/contact-info', { token, body: sampleBodies.contact })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    // Every test starts with an empty inbox and no mail left to deliver.
    await app.runtime.deps.mailer.drain();
    await app.runtime.deps.db('contact_messages').delete();
    app.smtp.mails.length = 0;
    app.smtp.refuseWith(undefined);
  });

  async function send(fields: { name?: string; message?: string } = {}): Promise<number> {
    counter += 1;
    const response = await app.request('POST', '/api/contact-messages', {
      body: {
        name: fields.name ?? `Visitor ${counter}`,
        email: `visitor${counter}@example.org`,
        phone: '+919876543210',
        message: fields.message ?? 'A question about membership, please.',
      },
    });
    expect(response.status).toBe(201);
    return response.body.data.id;
  }
  const bulk = (body: unknown, as = token, headers: Record<string, string> = {}) =>
    app.request('POST', '/api/admin/contact-messages/bulk', { token: as, body, headers });
  async function messagesById(): Promise<Map<number, ContactMessage>> {
    const response = await app.request('GET', '/api/admin/contact-messages?state=active&limit=100', { token });
    const held = await app.request('GET', '/api/admin/contact-messages?state=spam&limit=100', { token });
    const archived = await app.request('GET', '/api/admin/contact-messages?state=archived&limit=100', { token });
    const all: ContactMessage[] = [
      ...response.body.data.messages,
      ...held.body.data.messages,
      ...archived.body.data.messages,
    ];
    return new Map(all.map((message) => [message.id, message]));
  }
  const unread = async () => (await app.request('GET', '/api/admin/contact-messages', { token })).body.data.unread;

  it('marks selected messages read, unread, spam and archived, each change once, with the unread count following', async () => {
    const [a, b, c] = [await send(), await send(), await send()];
    expect(await unread()).toBe(3);

    const read = await bulk({ action: 'read', ids: [a, b] });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ changed: 2 });
    expect(await unread()).toBe(1);
    let shown = await messagesById();
    expect([a, b, c].map((id) => [shown.get(id)!.state, shown.get(id)!.revision])).toEqual([
      ['read', 2],
      ['read', 2],
      ['new', 1],
    ]);

    // A repeat changes nothing: no new revision.
    expect((await bulk({ action: 'read', ids: [a, b] })).body.data).toEqual({ changed: 0 });
    expect((await messagesById()).get(a)!.revision).toBe(2);

    expect((await bulk({ action: 'unread', ids: [a] })).body.data).toEqual({ changed: 1 });
    expect(await unread()).toBe(2);
    expect((await bulk({ action: 'spam', ids: [b] })).body.data).toEqual({ changed: 1 });
    expect((await bulk({ action: 'archived', ids: [a, c] })).body.data).toEqual({ changed: 2 });
    shown = await messagesById();
    expect([a, b, c].map((id) => shown.get(id)!.state)).toEqual(['archived', 'spam', 'archived']);
    expect(await unread()).toBe(0);

    // "Read" brings archived and held messages back to the inbox.
    expect((await bulk({ action: 'read', ids: [a, b, c] })).body.data).toEqual({ changed: 3 });
    shown = await messagesById();
    expect([a, b, c].map((id) => shown.get(id)!.state)).toEqual(['read', 'read', 'read']);
  });

  it('acts on every message matching a filter and search, and on no other', async () => {
    const matching = [
      await send({ message: 'Asking about the nutrition webinar.' }),
      await send({ message: 'The nutrition webinar link, please.' }),
    ];
    const other = await send({ message: 'Membership fees for students?' });
    const archivedMatch = await send({ message: 'Old nutrition webinar question.' });
    await bulk({ action: 'archived', ids: [archivedMatch] });

    const response = await bulk({ action: 'spam', matching: { state: 'active', q: 'WEBINAR' } });
    expect(response.body.data).toEqual({ changed: 2 });
    const shown = await messagesById();
    expect(matching.map((id) => shown.get(id)!.state)).toEqual(['spam', 'spam']);
    expect(shown.get(other)!.state).toBe('new');
    expect(shown.get(archivedMatch)!.state).toBe('archived');

    // All held as spam, then all of them deleted.
    expect((await bulk({ action: 'delete', matching: { state: 'spam' } })).body.data).toEqual({ changed: 2 });
    expect([...(await messagesById()).keys()].sort()).toEqual([other, archivedMatch].sort());
    expect((await bulk({ action: 'delete', matching: { state: 'spam' } })).body.data).toEqual({ changed: 0 });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const id = await send();
    const cases: [unknown, string, string][] = [
      [{ action: 'read' }, 'ids', 'Give either ids or matching, not both.'],
      [{ action: 'read', ids: [id], matching: { state: 'new' } }, 'ids', 'Give either ids or matching, not both.'],
      [{ action: 'replied', ids: [id] }, 'action', 'Action must be read, unread, spam, archived or delete.'],
      [{ action: 'read', ids: [] }, 'ids', 'Select at least one message.'],
      [{ action: 'read', ids: ['x'] }, 'ids.0', 'Each id must be a number.'],
      [
        { action: 'read', ids: Array.from({ length: 501 }, (_, index) => index + 1) },
        'ids',
        'At most 500 ids at once; use "all matching".',
      ],
      [
        { action: 'read', matching: { state: 'everything' } },
        'matching.state',
        'State must be active, new, read, replied or archived.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await bulk(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors).toContainEqual({ field, message });
    }
    expect((await messagesById()).get(id)!).toMatchObject({ state: 'new', revision: 1 });
  });

  it('asks for the connect edit permission, and for delete to delete', async () => {
    const id = await send();
    const editor = await app.createUser({
      role: 'admin',
      permissions: { connect: { view: true, edit: true, delete: false } },
    });
    const viewer = await app.createUser({
      role: 'admin',
      permissions: { connect: { view: true, edit: false, delete: false } },
    });
    const other = await app.createUser({
      role: 'admin',
      permissions: { faqs: { view: true, edit: true, delete: true } },
    });

    expect((await bulk({ action: 'read', ids: [id] }, viewer.token)).status).toBe(403);
    expect((await bulk({ action: 'read', ids: [id] }, other.token)).status).toBe(403);
    expect((await bulk({ action: 'read', ids: [id] }, '')).status).toBe(401);
    const refused = await bulk({ action: 'delete', ids: [id] }, editor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permission to delete this module.");
    expect((await messagesById()).get(id)!.state).toBe('new');
    expect((await bulk({ action: 'read', ids: [id] }, editor.token)).body.data).toEqual({ changed: 1 });
    expect(
      (
        await app.request('POST', `/api/admin/contact-messages/${id}/replies`, {
          token: viewer.token,
          body: { body: 'Hi' },
        })
      ).status,
    ).toBe(403);
  });

  it('answers a repeat with the same Idempotency-Key as the first time, without acting again', async () => {
    const id = await send();
    const key = randomUUID();
    const first = await bulk({ action: 'read', ids: [id] }, token, { [IDEMPOTENCY_HEADER]: key });
    await bulk({ action: 'unread', ids: [id] });
    const repeat = await bulk({ action: 'read', ids: [id] }, token, { [IDEMPOTENCY_HEADER]: key });
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
    expect((await messagesById()).get(id)!.state).toBe('new');
  });

  const replies = async (id: number): Promise<ContactMessageReply[]> =>
    (await app.request('GET', `/api/admin/contact-messages/${id}/replies`, { token })).body.data;

  it('sends a reply through the mail queue, keeps it with the message, and marks it replied once sent', async () => {
    const id = await send({ name: 'Asha Rao', message: 'Do you run workshops\nin Pune?' });
    const before = (await messagesById()).get(id)!;
    const clientId = randomUUID();
    const body = { body: 'Yes, the next one is in March.\nDetails follow.', clientId };

    // Hold the SMTP server's acceptance: the mail is in flight, not yet delivered.
    app.smtp.holdReplies();
    const posted = await app.request('POST', `/api/admin/contact-messages/${id}/replies`, { token, body });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({
      messageId: id,
      body: body.body,
      status: 'sending',
      sentAt: null,
      authorName: expect.any(String),
    });
    await expect.poll(() => app.smtp.heldReplies()).toBe(1);
    expect((await messagesById()).get(id)!.state).toBe(before.state);
    expect((await replies(id)).map((reply) => reply.status)).toEqual(['sending']);

    app.smtp.releaseReplies();
    await expect.poll(async () => (await replies(id))[0]!.status).toBe('sent');
    const after = (await messagesById()).get(id)!;
    expect(after.state).toBe('replied');
    expect(after.revision).toBe(before.revision + 1);

    const mail = app.smtp.mails.find((sent) => sent.to.includes(after.email))!;
    expect(mail.subject).toBe('Re: Your message to us');
    expect(mail.headers['reply-to']).toContain(sampleBodies.contact.email);
    expect(mail.text).toContain('Yes, the next one is in March.\nDetails follow.');
    expect(mail.text).toContain('Asha Rao wrote:\n> Do you run workshops\n> in Pune?');

    // A late replay of the same creation answers the reply it made, and sends nothing more.
    const replay = await app.request('POST', `/api/admin/contact-messages/${id}/replies`, { token, body });
    expect(replay.body.data.id).toBe(posted.body.data.id);
    await app.runtime.deps.mailer.drain();
    expect(app.smtp.mails.filter((sent) => sent.to.includes(after.email))).toHaveLength(1);
    expect(await replies(id)).toHaveLength(1);
  });

  it('leaves the message unreplied when its reply could not be sent', async () => {
    const id = await send();
    app.smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    await app.request('POST', `/api/admin/contact-messages/${id}/replies`, {
      token,
      body: { body: 'Thanks for writing.' },
    });
    await expect.poll(async () => (await replies(id))[0]!.status).toBe('failed');
    expect((await messagesById()).get(id)!.state).toBe('new');
  });

  it('refuses an empty reply and a reply to a message that is not there', async () => {
    const id = await send();
    const replyMails = () =>
      app.runtime.deps.db('mail_queue').where({ kind: 'contact_reply' }).count({ n: '*' }).first();
    const mailsBefore = await replyMails();
    const empty = await app.request('POST', `/api/admin/contact-messages/${id}/replies`, {
      token,
      body: { body: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContainEqual({ field: 'body', message: 'Reply cannot be empty.' });
    const missing = await app.request('POST', '/api/admin/contact-messages/999999/replies', {
      token,
      body: { body: 'Hello' },
    });
    expect(missing.status).toBe(404);
    expect(await replyMails()).toEqual(mailsBefore);
  });
});
