/**
 * The mail queue through the real API (issue 25 item 1): actions succeed while the SMTP server is down
 * and their mails go out once it is up; an action and its mail commit together or not at all.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failWrites } from '../test-support/faults.js';
import { describeEngines } from '../test-support/databases.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** A loopback port nobody listens on (yet). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describeEngines('mail queue through the API on %s', (engine) => {
  let app: TestApp;
  let port: number;
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    port = await closedPort();
    app = await startTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('creates a staff account while SMTP is down, answers forgot-password the same, and delivers both once it is up', async () => {
    const root = await app.createUser({ role: 'super_admin' });
    const member = await app.createUser({ name: 'Reset Person' });
    const created = await app.request('POST', '/api/admin/users', {
      token: root.token,
      body: { name: 'Nadia Okafor', email: 'nadia@example.org', role: 'admin', permissions: {} },
    });
    expect(created.status).toBe(201);
    const down = await app.request('POST', '/api/auth/forgot-password', { body: { email: member.email } });
    await app.runtime.deps.mailer.drain();
    const queued = await app.runtime.deps.db('mail_queue').orderBy('id');
    expect(queued).toEqual([
      expect.objectContaining({ kind: 'invitation', recipient: 'nadia@example.org', state: 'queued', attempts: 1 }),
      expect.objectContaining({ kind: 'password_reset', recipient: member.email, state: 'queued', attempts: 1 }),
    ]);
    expect(queued[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpCapture(port);
    const up = await app.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.org' } });
    expect({ status: down.status, body: down.body }).toEqual({ status: up.status, body: up.body });
    expect(down.status).toBe(200);

    app.clock.advance(60 * 60 * 1000);
    await app.runtime.deps.mailer.drain();
    expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual([member.email, 'nadia@example.org'].sort());
    const sent = await app.runtime.deps.db('mail_queue').orderBy('id');
    expect(sent.map((row) => row.state)).toEqual(['sent', 'sent']);
    expect(smtp.mails.map((mail) => mail.messageId).sort()).toEqual(sent.map((row) => row.message_id).sort());
    expect(smtp.mails.find((mail) => mail.to.includes('nadia@example.org'))!.text).toContain(
      '/admin/reset-password?token=',
    );
  });

  it('keeps no account and no invitation token when the invitation mail cannot be written', async () => {
    const root = await app.createUser({ role: 'super_admin' });
    const before = {
      users: await app.count('users'),
      tokens: await app.count('auth_tokens'),
      mails: await app.count('mail_queue'),
    };
    const fault = await failWrites(app.runtime.deps.db, ['mail_queue'], 'storage_full');
    try {
      const refused = await app.request('POST', '/api/admin/users', {
        token: root.token,
        body: { name: 'Omar Haddad', email: 'omar@example.org', role: 'admin', permissions: {} },
      });
      expect(refused.status).toBe(507);
    } finally {
      await fault.clear();
    }
    expect(await app.count('users')).toBe(before.users);
    expect(await app.count('auth_tokens')).toBe(before.tokens);
    expect(await app.count('mail_queue')).toBe(before.mails);
  });
});
