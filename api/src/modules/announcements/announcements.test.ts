/**
 * Announcements by e-mail (issue 22 item 2) through the real API, a real database (both engines) and a
 * real SMTP server on loopback: the audience, exactly one mail per subscribed active member, RFC 8058
 * headers and the one-click POST, the preview as sent, scheduled sending by the test clock, and the
 * rate limit, by the clock as well.
 */
import { organisationName } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import type { CapturedMail } from '../../test-support/smtp-capture.js';
import { PUBLIC_URL, startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

const MINUTE = 60_000;

/** `count` members written straight to the table (the API would cost minutes of password hashing). */
async function insertMembers(app: TestApp, prefix: string, count: number, extra: Record<string, unknown> = {}) {
  const at = app.clock.now();
  const rows = Array.from({ length: count }, (_, n) => ({
    name: `${prefix} ${n}`,
    email: `${prefix}-${n}@example.org`,
    password_hash: null,
    role: 'member' as const,
    permissions: '{}',
    is_active: true,
    token_version: 0,
    created_at: at,
    updated_at: at,
    ...extra,
  }));
  for (let start = 0; start < rows.length; start += 200) {
    await app.runtime.deps.db('users').insert(rows.slice(start, start + 200));
  }
  return rows.map((row) => row.email);
}

const tokenOf = (mail: CapturedMail) => {
  const match = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  return new URL(match![1]!).searchParams.get('token')!;
};

describeEngines('announcements on %s', (engine) => {
  let app: TestApp;
  let token: string;

  async function draft(body: Record<string, unknown>) {
    const response = await app.request('POST', '/api/admin/announcements', { token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: number; revision: number };
  }
  async function send(id: number, revision: number, scheduledAt: string | null = null) {
    return app.request('PATCH', `/api/admin/announcements/${id}/send`, {
      token,
      headers: { 'if-match': `"${revision}"` },
      body: { scheduledAt },
    });
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it(
    'mails every active subscribed member exactly once, with RFC 8058 headers, and nobody else',
    { timeout: 60_000 },
    async () => {
      const subscribed = await insertMembers(app, 'sub', 1000);
      const unsubscribed = await insertMembers(app, 'unsub', 30, { receive_announcements: false });
      const deactivated = await insertMembers(app, 'off', 30, { is_active: false });
      const erased = await insertMembers(app, 'gone', 5, { erased_at: app.clock.now() });
      await app.createUser({ role: 'admin', email: 'staff-reader@example.org' });

      const created = await draft({
        subject: 'Spring congress',
        body: 'Dear members,\n\n**Register** now.',
        audience: 'members',
      });
      // What "Send now" asks to confirm: the accounts the send then mails, neither more nor fewer.
      const audience = await app.request('GET', `/api/admin/announcements/${created.id}/audience`, { token });
      expect(audience.status).toBe(200);
      expect(audience.body.data).toEqual({ recipients: 1000 });
      const sent = await send(created.id, created.revision);
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({ state: 'sent', recipientCount: 1000, sentByEmail: SUPER_ADMIN.email });

      await app.runtime.deps.mailer.drain();
      const mails = app.smtp.mails.filter((mail) => mail.subject === 'Spring congress');
      const recipients = mails.map((mail) => mail.to[0]!);
      expect(recipients.length).toBe(1000);
      expect(new Set(recipients)).toEqual(new Set(subscribed));
      for (const excluded of [...unsubscribed, ...deactivated, ...erased, 'staff-reader@example.org']) {
        expect(recipients).not.toContain(excluded);
      }
      for (const mail of mails.slice(0, 20)) {
        expect(mail.headers['list-unsubscribe']).toMatch(
          new RegExp(`^<${PUBLIC_URL}/unsubscribe\\?token=\\d+\\.[\\w-]{43}>$`),
        );
        expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        expect(mail.html).toContain('<strong>Register</strong>');
        expect(mail.text).toContain('**Register** now.');
      }
      // Each member's link is their own.
      expect(new Set(mails.map(tokenOf)).size).toBe(1000);

      const progress = await app.request('GET', `/api/admin/announcements/${created.id}`, { token });
      expect(progress.body.data.counts).toEqual({ queued: 0, sent: 1000, failed: 0 });
      const page = await app.request('GET', `/api/admin/announcements/${created.id}/recipients?limit=10&state=sent`, {
        token,
      });
      expect(page.body.data.pagination.total).toBe(1000);
      expect(page.body.data.recipients[0]).toMatchObject({ state: 'sent', recipient: subscribed[0] });

      // The console's pager walks every recipient, a page at a time, each once, in queue order.
      const walked: string[] = [];
      for (let number = 1; number <= 10; number += 1) {
        const answer = await app.request(
          'GET',
          `/api/admin/announcements/${created.id}/recipients?page=${number}&limit=100`,
          {
            token,
          },
        );
        expect(answer.body.data.pagination).toMatchObject({ page: number, limit: 100, total: 1000, pages: 10 });
        walked.push(...answer.body.data.recipients.map((recipient: { recipient: string }) => recipient.recipient));
      }
      expect(walked).toEqual(subscribed);
      const beyond = await app.request('GET', `/api/admin/announcements/${created.id}/recipients?page=11&limit=100`, {
        token,
      });
      expect(beyond.body.data.recipients).toEqual([]);
    },
  );

  it('unsubscribes with the one-click POST, idempotently, and refuses a tampered token', async () => {
    const mail = app.smtp.mails.find((candidate) => candidate.to[0] === 'sub-7@example.org')!;
    const oneClick = tokenOf(mail);
    const post = (value: string) =>
      app.request('POST', `/api/unsubscribe?token=${encodeURIComponent(value)}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await post(oneClick);
    expect(first.status).toBe(200);
    expect(first.body.data.message).toBe('You will no longer receive announcements by e-mail.');
    const stored = () => app.runtime.deps.db('users').where({ email: 'sub-7@example.org' }).first();
    expect(Boolean((await stored())!.receive_announcements)).toBe(false);
    const entries = await app.runtime.deps.db('audit_log').where({ action: 'announcements_preference_changed' });
    expect((await post(oneClick)).status).toBe(200);
    expect(await app.runtime.deps.db('audit_log').where({ action: 'announcements_preference_changed' })).toHaveLength(
      entries.length,
    );

    const [id, mac] = oneClick.split('.') as [string, string];
    const other = await stored().then(() => app.runtime.deps.db('users').where({ email: 'sub-8@example.org' }).first());
    for (const tampered of [
      `${other!.id}.${mac}`,
      `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${id}.`,
      'nonsense',
    ]) {
      const refused = await post(tampered);
      expect(refused.status, tampered).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'token', message: 'This unsubscribe link is not valid.' }]);
    }
    expect(Boolean(other!.receive_announcements)).toBe(true);
    expect(Boolean((await app.runtime.deps.db('users').where({ id: other!.id }).first())!.receive_announcements)).toBe(
      true,
    );

    // Unsubscribed, the member is in no audience again.
    const next = await draft({ subject: 'Second news', body: 'More news.', audience: 'members' });
    expect((await send(next.id, next.revision)).body.data.recipientCount).toBe(999);
    await app.runtime.deps.mailer.drain();
    expect(app.smtp.mails.filter((m) => m.subject === 'Second news').map((m) => m.to[0])).not.toContain(
      'sub-7@example.org',
    );
  });

  it('previews the mail exactly as the test send delivers it, with Markdown made safe', async () => {
    const body =
      'Hello <script>alert(1)</script>\nSecond line\n\n[click](javascript:alert(1)) and [site](https://example.org)';
    const preview = await app.request('POST', '/api/admin/announcements/preview', {
      token,
      body: { subject: 'Safe?', body },
    });
    expect(preview.status).toBe(200);
    const { html, text } = preview.body.data as { html: string; text: string };
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<a href="https://example.org">site</a>');
    expect(text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
    // A single line break stays one; the page is every mail's: the organisation's band, a sans-serif font.
    expect(html).toContain('&lt;/script&gt;<br>\nSecond line</p>');
    expect(html).toMatch(/^<!doctype html><html><body[^>]*><div style="[^"]*font-family:Arial,Helvetica,sans-serif/);
    expect(html).toMatch(new RegExp(`<div style="background:#1f7a5c;[^"]*">${organisationName}</div>`));
    const unknown = await app.request('GET', '/api/admin/announcements/999999/audience', { token });
    expect(unknown.status).toBe(404);

    const created = await draft({ subject: 'Safe?', body, audience: 'staff' });
    const test = await app.request('POST', `/api/admin/announcements/${created.id}/test`, { token });
    expect(test.status).toBe(200);
    const mail = await app.smtp.waitForMail((candidate) => candidate.subject === '[Test] Safe?');
    expect(mail.to).toEqual([SUPER_ADMIN.email]);
    // The MIME encoding ends the part with a line break; the rest is byte for byte the preview.
    expect(mail.html.replace(/\n$/, '')).toBe(html);
    expect(mail.text.replace(/\n$/, '')).toBe(text);
    const row = await app.runtime.deps.db('mail_queue').where({ announcement_id: created.id }).first();
    expect(row!.kind).toBe('announcement_test');
    const after = await app.request('GET', `/api/admin/announcements/${created.id}`, { token });
    expect(after.body.data).toMatchObject({ state: 'draft', counts: { queued: 0, sent: 0, failed: 0 } });

    // Sent, the mails are queued without a body and composed at delivery (composer.ts): still the preview.
    expect((await send(created.id, after.body.data.revision)).status).toBe(200);
    const delivered = await app.smtp.waitForMail(
      (candidate) => candidate.subject === 'Safe?' && candidate.to[0] === SUPER_ADMIN.email,
    );
    expect(delivered.html.replace(/\n$/, '')).toBe(html);
    expect(delivered.text.replace(/\n$/, '')).toBe(text);
  });

  it('keeps a sent announcement immutable and refuses a bad audience', async () => {
    const created = await draft({ subject: 'Once', body: 'Only once.', audience: 'staff' });
    const sent = await send(created.id, created.revision);
    expect(sent.status).toBe(200);
    const revision = sent.body.data.revision as number;
    expect((await send(created.id, revision)).status).toBe(409);
    const edit = await app.request('PUT', `/api/admin/announcements/${created.id}`, {
      token,
      headers: { 'if-match': `"${revision}"` },
      body: { subject: 'Changed', body: 'x', audience: 'staff' },
    });
    expect(edit.status).toBe(409);
    const remove = await app.request('DELETE', `/api/admin/announcements/${created.id}`, {
      token,
      headers: { 'if-match': `"${revision}"` },
    });
    expect(remove.status).toBe(409);

    const noActivity = await app.request('POST', '/api/admin/announcements', {
      token,
      body: { subject: 'x', body: 'y', audience: 'activity' },
    });
    expect(noActivity.status).toBe(400);
    expect(noActivity.body.errors).toEqual([{ field: 'activityId', message: 'Choose an activity' }]);
    const unknown = await app.request('POST', '/api/admin/announcements', {
      token,
      body: { subject: 'x', body: 'y', audience: 'activity', activityId: 999_999 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'activityId', message: 'Choose an activity that exists' }]);
  });

  it('sends a scheduled announcement once its time comes by the clock, exactly once', async () => {
    const created = await draft({ subject: 'Scheduled news', body: 'Later.', audience: 'staff' });
    const past = await send(created.id, created.revision, new Date(app.clock.now().getTime() - MINUTE).toISOString());
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: 'scheduledAt', message: 'Choose a time in the future' }]);
    const at = new Date(app.clock.now().getTime() + 60 * MINUTE);
    const scheduled = await send(created.id, created.revision, at.toISOString());
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', scheduledAt: at.toISOString() });

    expect(await app.runtime.announcements.runDue()).toBe(0);
    app.clock.advance(61 * MINUTE);
    const [first, second] = await Promise.all([app.runtime.announcements.runDue(), app.runtime.announcements.runDue()]);
    expect(first + second).toBe(1);
    expect(await app.runtime.announcements.runDue()).toBe(0);
    const after = await app.request('GET', `/api/admin/announcements/${created.id}`, { token });
    expect(after.body.data).toMatchObject({ state: 'sent', sentByEmail: SUPER_ADMIN.email, recipientCount: 2 });
    expect(
      await app.runtime.deps.db('mail_queue').where({ announcement_id: created.id, kind: 'announcement' }),
    ).toHaveLength(2);
  });

  it('retries a failed recipient', async () => {
    const created = await draft({ subject: 'Retry me', body: 'Again.', audience: 'staff' });
    const sent = await send(created.id, created.revision);
    expect(sent.status).toBe(200);
    const mail = (await app.runtime.deps.db('mail_queue').where({ announcement_id: created.id }).first())!;
    await app.runtime.deps.mailer.drain();
    await app.runtime.deps.db('mail_queue').where({ id: mail.id }).update({ state: 'failed', last_error: '550 no' });
    const failed = await app.request('GET', `/api/admin/announcements/${created.id}`, { token });
    expect(failed.body.data.counts).toEqual({ queued: 0, sent: 1, failed: 1 });
    const retried = await app.request('POST', `/api/admin/announcements/${created.id}/recipients/${mail.id}/retry`, {
      token,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ mailId: mail.id, state: 'queued' });
    expect(
      (await app.request('POST', `/api/admin/announcements/${created.id}/recipients/${mail.id}/retry`, { token }))
        .status,
    ).toBe(409);
    await app.runtime.deps.mailer.drain();
    const done = await app.request('GET', `/api/admin/announcements/${created.id}`, { token });
    expect(done.body.data.counts).toEqual({ queued: 0, sent: 2, failed: 0 });
    // The retried mail is composed again from the announcement: its body is whole.
    const again = app.smtp.mails.filter(
      (candidate) => candidate.subject === 'Retry me' && candidate.to[0] === mail.recipient,
    );
    expect(again).toHaveLength(2);
    expect(again[1]!.text).toContain('Again.');
    expect(again[1]!.html).toContain('<p>Again.</p>');
  });

  it("reads and sets the member's own choice, and includes it in Download my data", async () => {
    const member = await app.createUser({});
    const read = () => app.request('GET', '/api/account/preferences', { token: member.token });
    expect((await read()).body.data).toEqual({ receiveAnnouncements: true });
    const set = await app.request('PUT', '/api/account/preferences', {
      token: member.token,
      body: { receiveAnnouncements: false },
    });
    expect(set.status).toBe(200);
    expect((await read()).body.data).toEqual({ receiveAnnouncements: false });
    const data = await app.request('GET', '/api/account/data', { token: member.token });
    expect(data.body.preferences).toEqual({ receiveAnnouncements: false });
    const bad = await app.request('PUT', '/api/account/preferences', {
      token: member.token,
      body: { receiveAnnouncements: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  // On SQLite the mail worker marks sent mails from a thread of its own, a second writer beside the
  // site's: a save that read before a mark committed and wrote after it would fail (SQLITE_BUSY) if
  // its transaction did not begin IMMEDIATE (db/connection.ts).
  it(
    'saves staff edits during a send, each one, while the sent mails are marked beside them',
    { timeout: 60_000 },
    async () => {
      // The audience is every active member, those of the tests before included.
      await insertMembers(app, 'busy', 300);
      const created = await draft({ subject: 'Busy send', body: 'Saved while sending.', audience: 'members' });
      const sent = await send(created.id, created.revision);
      expect(sent.status).toBe(200);
      const recipients = sent.body.data.recipientCount as number;
      const delivered = () => app.smtp.mails.filter((mail) => mail.subject === 'Busy send').length;
      const faq = {
        question: 'Is membership free of charge?',
        answer: 'Yes, joining the organisation is currently free for every health professional.',
        category: 'Membership',
        isActive: true,
      };
      const statuses: number[] = [];
      let savesDuringSend = 0;
      // Four editors at once, so a save is nearly always in a transaction when a mark commits.
      const editor = async () => {
        while (delivered() < recipients) {
          const made = await app.request('POST', '/api/admin/faqs', { token, body: faq });
          const edited = await app.request('PUT', `/api/admin/faqs/${made.body.data?.id}`, {
            token,
            body: { ...faq, answer: `${faq.answer} Edit ${statuses.length}.` },
          });
          statuses.push(made.status, edited.status);
          if (delivered() < recipients) savesDuringSend += 1;
        }
      };
      await Promise.all([editor(), editor(), editor(), editor()]);
      await app.runtime.deps.mailer.drain();
      expect(savesDuringSend).toBeGreaterThan(10);
      expect(statuses.filter((status) => status !== 201 && status !== 200)).toEqual([]);
      expect(delivered()).toBe(recipients);
      const progress = await app.request('GET', `/api/admin/announcements/${created.id}`, { token });
      expect(progress.body.data.counts).toEqual({ queued: 0, sent: recipients, failed: 0 });
    },
  );
});

describeEngines('the announcement rate limit on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { MAIL_RATE_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('with MAIL_RATE_PER_MINUTE=5', () => {
    it('sends at most 5 announcement mails a minute by the clock, and other mails at once', async () => {
      const token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
      await insertMembers(app, 'rate', 12);
      const created = await app.request('POST', '/api/admin/announcements', {
        token,
        body: { subject: 'Rated', body: 'Slowly.', audience: 'members' },
      });
      const sent = await app.request('PATCH', `/api/admin/announcements/${created.body.data.id}/send`, {
        token,
        body: { scheduledAt: null },
      });
      expect(sent.body.data.recipientCount).toBe(12);
      const delivered = () => app.smtp.mails.filter((mail) => mail.subject === 'Rated').length;
      await app.runtime.deps.mailer.drain();
      expect(delivered()).toBe(5);
      // Another kind of mail is not held back by the announcement's rate.
      await app.request('POST', '/api/auth/forgot-password', { body: { email: 'rate-0@example.org' } });
      await app.runtime.deps.mailer.drain();
      expect(app.smtp.mails.some((mail) => mail.to[0] === 'rate-0@example.org' && mail.subject !== 'Rated')).toBe(true);
      expect(delivered()).toBe(5);
      app.clock.advance(MINUTE);
      await app.runtime.deps.mailer.drain();
      expect(delivered()).toBe(10);
      app.clock.advance(MINUTE);
      await app.runtime.deps.mailer.drain();
      expect(delivered()).toBe(12);
    });
  });
});
