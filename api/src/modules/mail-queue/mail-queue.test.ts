/**
 * Issue 25 item 2, the mail screen's API: super admins list the queue by state and kind, retry a
 * failed mail (which the worker then delivers) and discard one; nobody else reads it. The list shows
 * subjects and is searched by recipient, one mail shows its body with its link tokens hidden (issue 55
 * item 10); no audit entry carries a subject or body (resets and invitations hold sign-in tokens).
 */
import { fullPermissions, type MailQueueItem } from '@npo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { insertFailedMail } from '../../test-support/failed-mail.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';
import type { AuditLogRow } from '../../db/tables.js';

/** An audit entry's recorded changes, parsed (null when it recorded none). */
const changesOf = (entry: AuditLogRow | undefined) => JSON.parse(entry?.changes ?? 'null');

const SHOWN_FIELDS = [
  'attempts',
  'createdAt',
  'id',
  'kind',
  'lastError',
  'nextAttemptAt',
  'recipient',
  'revision',
  'sentAt',
  'state',
  'subject',
];

describeEngines('mail screen API on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let adminToken: string;
  let memberToken: string;

  const db = () => app.runtime.deps.db;
  const list = async (query = '') => app.request('GET', `/api/admin/mail${query}`, { token: superToken });
  const mailsOf = async (query = ''): Promise<MailQueueItem[]> => (await list(query)).body.data.mails;
  const lastAuditId = async () => Number((await db()(AUDIT_TABLE).max({ id: 'id' }).first())?.id ?? 0);
  const auditAfter = async (since: number) => db()(AUDIT_TABLE).where('id', '>', since).orderBy('id');

  /** A password reset for a new member, refused by the SMTP server with a 550: its mail fails at once. */
  async function failedResetMail(): Promise<{ id: number; email: string }> {
    const member = await app.createUser({ role: 'member', name: 'Reset Person' });
    app.smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    try {
      const asked = await app.request('POST', '/api/auth/forgot-password', { body: { email: member.email } });
      expect(asked.status).toBe(200);
      await app.runtime.deps.mailer.drain();
    } finally {
      app.smtp.refuseWith(undefined);
    }
    const row = await db()('mail_queue').where({ recipient: member.email }).first();
    expect(row).toMatchObject({ state: 'failed', kind: 'password_reset' });
    return { id: row!.id, email: member.email };
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.createUser({ role: 'super_admin' })).token;
    adminToken = (await app.createUser({ role: 'admin', permissions: fullPermissions() })).token;
    memberToken = (await app.createUser({ role: 'member' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    app.smtp.refuseWith(undefined);
  });

  describe('who may use it', () => {
    it('answers super admins, refuses other staff (even with every permission) and members with 403, anonymous with 401', async () => {
      const id = await insertFailedMail(db(), app.clock.now());
      expect((await list()).status).toBe(200);
      for (const [token, status] of [
        [adminToken, 403],
        [memberToken, 403],
        [undefined, 401],
      ] as const) {
        const who = token === undefined ? {} : { token };
        expect((await app.request('GET', '/api/admin/mail', who)).status).toBe(status);
        expect((await app.request('POST', `/api/admin/mail/${id}/retry`, who)).status).toBe(status);
        expect((await app.request('GET', `/api/admin/mail/${id}`, who)).status).toBe(status);
        expect((await app.request('DELETE', `/api/admin/mail/${id}`, who)).status).toBe(status);
      }
      expect(await db()('mail_queue').where({ id }).first('state')).toEqual({ state: 'failed' });
    });
  });

  describe('the list', () => {
    it('shows the listed fields only: the subject, but no body, Message-ID or reset token', async () => {
      const { id } = await failedResetMail();
      const stored = await db()('mail_queue').where({ id }).first();
      expect(stored!.text).toContain('reset-password?token=');

      const response = await list();
      expect(response.status).toBe(200);
      const mail = (response.body.data.mails as MailQueueItem[]).find((item) => item.id === id)!;
      expect(Object.keys(mail).sort()).toEqual(SHOWN_FIELDS);
      expect(mail).toMatchObject({ kind: 'password_reset', state: 'failed', attempts: 1, sentAt: null });
      expect(mail.subject).toBe(stored!.subject);
      expect(mail.lastError).toMatch(/550.*Mailbox unavailable/);
      const answered = JSON.stringify(response.body);
      expect(answered).not.toContain('token=');
      expect(answered).not.toContain(stored!.message_id);
    });

    it('searches by part of the recipient in any case, with the other filters, and refuses a too long search', async () => {
      const tag = `find-${Date.now().toString(36)}`;
      const wanted = await insertFailedMail(db(), app.clock.now(), { recipient: `${tag}-one@example.org` });
      const other = await insertFailedMail(db(), app.clock.now(), {
        recipient: `${tag}-two@example.org`,
        kind: 'invitation',
      });
      await insertFailedMail(db(), app.clock.now(), { recipient: 'someone-else@example.org' });

      const found = await list(`?recipient=${encodeURIComponent(tag.toUpperCase())}`);
      expect(found.status).toBe(200);
      expect((found.body.data.mails as MailQueueItem[]).map((mail) => mail.id)).toEqual([other, wanted]);
      expect(found.body.data.pagination.total).toBe(2);
      expect((await mailsOf(`?recipient=${tag}-one&kind=password_reset`)).map((mail) => mail.id)).toEqual([wanted]);
      expect(await mailsOf(`?recipient=${tag}&state=sent`)).toEqual([]);
      // A wildcard is a character like another, not a pattern.
      expect(await mailsOf(`?recipient=${encodeURIComponent(`${tag}%`)}`)).toEqual([]);

      const long = await list(`?recipient=${'a'.repeat(255)}`);
      expect(long.status).toBe(400);
      expect(long.body.errors).toEqual([{ field: 'recipient', message: 'Recipient cannot exceed 254 characters' }]);
    });

    it('pages newest first and filters by state and by kind', async () => {
      const failed = await insertFailedMail(db(), app.clock.now(), { kind: 'contact_digest' });
      const all = await list('?limit=2');
      expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 2 });
      expect(all.body.data.pagination.total).toBe(await app.count('mail_queue'));
      const ids = (all.body.data.mails as MailQueueItem[]).map((mail) => mail.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      const failedOnly = await mailsOf('?state=failed&limit=100');
      expect(failedOnly.map((mail) => mail.id)).toContain(failed);
      expect(new Set(failedOnly.map((mail) => mail.state))).toEqual(new Set(['failed']));

      const digests = await mailsOf('?kind=contact_digest&state=failed');
      expect(digests.map((mail) => mail.id)).toEqual([failed]);
      expect(await mailsOf('?kind=contact_digest&state=sent')).toEqual([]);
    });

    it('sorts by an allow-listed column either way, the id breaking ties, and keeps filters and paging', async () => {
      await insertFailedMail(db(), app.clock.now(), { kind: 'contact_digest' });
      await insertFailedMail(db(), app.clock.now(), { kind: 'contact_digest' });
      const byKey = (mails: MailQueueItem[], key: 'recipient' | 'attempts' | 'kind') =>
        mails.map((mail) => [mail[key], mail.id] as const);
      const ascending = (a: readonly [string | number, number], b: readonly [string | number, number]) =>
        a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1];
      for (const key of ['recipient', 'attempts', 'kind'] as const) {
        const up = byKey(await mailsOf(`?sort=${key}&order=asc&limit=100`), key);
        expect(up.length).toBeGreaterThan(2);
        expect(up).toEqual([...up].sort(ascending));
        const down = byKey(await mailsOf(`?sort=${key}&order=desc&limit=100`), key);
        expect(down).toEqual([...up].reverse());
      }
      // Order alone defaults to ascending; the filter and the page size still apply.
      const digests = await list('?sort=createdAt&state=failed&kind=contact_digest&limit=1');
      expect(digests.status).toBe(200);
      expect(digests.body.data.pagination).toMatchObject({ page: 1, limit: 1 });
      expect(digests.body.data.mails).toHaveLength(1);
      const ids = (await mailsOf('?sort=createdAt&state=failed&kind=contact_digest')).map((mail) => mail.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      // Without sort the list is newest first, as before.
      const plain = (await mailsOf('?limit=100')).map((mail) => mail.id);
      expect(plain).toEqual([...plain].sort((a, b) => b - a));
    });

    it('refuses a column outside the allow-list, or another order, with 400 and a field message', async () => {
      const before = await app.count('mail_queue');
      for (const sort of ['subject', 'text', 'id;drop table mail_queue', 'created_at']) {
        const answer = await list(`?sort=${encodeURIComponent(sort)}`);
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual([
          { field: 'sort', message: 'Sort must be recipient, kind, state, attempts or createdAt' },
        ]);
      }
      const order = await list('?sort=recipient&order=up');
      expect(order.status).toBe(400);
      expect(order.body.errors).toEqual([{ field: 'order', message: 'Order must be asc or desc' }]);
      expect(await app.count('mail_queue')).toBe(before);
    });

    it('refuses an unknown state or kind with 400', async () => {
      const state = await list('?state=lost');
      expect(state.status).toBe(400);
      expect(state.body.errors).toEqual([
        { field: 'state', message: 'State must be queued, sending, sent or failed.' },
      ]);
      expect((await list('?kind=newsletter')).status).toBe(400);
    });
  });

  describe('one mail', () => {
    it('answers its fields and plain-text body with every link token hidden, and its ETag', async () => {
      const { id, email } = await failedResetMail();
      const stored = await db()('mail_queue').where({ id }).first();
      const token = /token=([^\s&]+)/.exec(stored!.text)![1]!;
      const answer = await app.request('GET', `/api/admin/mail/${id}`, { token: superToken });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBe('"1"');
      expect(Object.keys(answer.body.data).sort()).toEqual([...SHOWN_FIELDS, 'text'].sort());
      expect(answer.body.data).toMatchObject({ id, recipient: email, subject: stored!.subject, state: 'failed' });
      expect(answer.body.data.text).toContain('reset-password?token=(hidden)');
      expect(answer.body.data.text).toContain('We received a request to reset the password');
      expect(JSON.stringify(answer.body)).not.toContain(token);
      expect(JSON.stringify(answer.body)).not.toContain(stored!.message_id);
    });
    it('hides a token wherever it stands in the query, and answers 404 for an unknown mail', async () => {
      const id = await insertFailedMail(db(), app.clock.now(), {
        kind: 'announcement',
        text: 'News\n\nUnsubscribe: https://site.test/unsubscribe?lang=en&token=abc.def-123 now',
      });
      const answer = await app.request('GET', `/api/admin/mail/${id}`, { token: superToken });
      expect(answer.body.data.text).toBe(
        'News\n\nUnsubscribe: https://site.test/unsubscribe?lang=en&token=(hidden) now',
      );
      expect((await app.request('GET', '/api/admin/mail/999999', { token: superToken })).status).toBe(404);
    });
  });
  describe('retry', () => {
    it('queues a failed mail again, and the worker delivers it to the SMTP server', async () => {
      const { id, email } = await failedResetMail();
      const since = await lastAuditId();

      const retried = await app.request('POST', `/api/admin/mail/${id}/retry`, { token: superToken });
      expect(retried.status).toBe(200);
      expect(retried.body.message).toBe('Mail queued to be sent again');
      expect(retried.body.data).toMatchObject({ id, state: 'queued', attempts: 1, revision: 2 });
      // Due now: by the server's clock at the retry, between the failure and this line.
      const due = Date.parse(retried.body.data.nextAttemptAt);
      expect(due).toBeGreaterThanOrEqual(Date.parse(retried.body.data.createdAt));
      expect(due).toBeLessThanOrEqual(app.clock.now().getTime());
      expect(retried.headers.get('etag')).toBe('"2"');
      expect(Object.keys(retried.body.data).sort()).toEqual(SHOWN_FIELDS);

      const delivered = await app.smtp.waitForMail((mail) => mail.to.includes(email));
      expect(delivered.text).toContain('reset-password?token=');
      await app.runtime.deps.mailer.drain();
      const [sent] = (await mailsOf(`?state=sent&kind=password_reset&limit=100`)).filter((mail) => mail.id === id);
      expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
      expect(sent!.sentAt).not.toBeNull();
      // Its body is blanked once sent: the detail says there is none rather than an empty text.
      const detail = await app.request('GET', `/api/admin/mail/${id}`, { token: superToken });
      expect(detail.body.data).toMatchObject({ id, state: 'sent', text: null });

      const [entry, ...others] = await auditAfter(since);
      expect(others).toEqual([]);
      expect(entry).toMatchObject({ action: 'update', module: 'mail', entity_id: String(id) });
      const changes = changesOf(entry);
      expect(changes).toMatchObject({ state: { before: 'failed', after: 'queued' } });
      expect(entry!.changes).not.toContain('token=');
    });

    it('refuses a mail that is not failed with 409, and an unknown one with 404', async () => {
      const { id } = await failedResetMail();
      expect((await app.request('POST', `/api/admin/mail/${id}/retry`, { token: superToken })).status).toBe(200);
      await app.runtime.deps.mailer.drain();
      const again = await app.request('POST', `/api/admin/mail/${id}/retry`, { token: superToken });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Only a failed mail can be retried; this one is sent.');
      expect((await app.request('POST', '/api/admin/mail/999999/retry', { token: superToken })).status).toBe(404);
      expect((await app.request('POST', '/api/admin/mail/abc/retry', { token: superToken })).status).toBe(404);
    });

    it('sends once for a repeated Idempotency-Key: the repeat gets the first answer and leaves no second entry', async () => {
      const id = await insertFailedMail(db(), app.clock.now());
      const headers = { 'Idempotency-Key': `retry-${id}` };
      const first = await app.request('POST', `/api/admin/mail/${id}/retry`, { token: superToken, headers });
      const since = await lastAuditId();
      const repeat = await app.request('POST', `/api/admin/mail/${id}/retry`, { token: superToken, headers });
      expect(first.status).toBe(200);
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(repeat.body).toEqual(first.body);
      expect(await lastAuditId()).toBe(since);
    });
  });

  describe('discard', () => {
    it('deletes a failed mail and records what it was, without its body', async () => {
      const id = await insertFailedMail(db(), app.clock.now(), { recipient: 'gone@example.org' });
      const since = await lastAuditId();
      const discarded = await app.request('DELETE', `/api/admin/mail/${id}`, {
        token: superToken,
        headers: { 'If-Match': '"1"' },
      });
      expect(discarded.status).toBe(200);
      expect(discarded.body).toEqual({ success: true, data: null, message: 'Mail discarded' });
      expect(await db()('mail_queue').where({ id }).first()).toBeUndefined();

      const [entry, ...others] = await auditAfter(since);
      expect(others).toEqual([]);
      expect(entry).toMatchObject({ action: 'delete', module: 'mail', entity_id: String(id) });
      expect(changesOf(entry)).toMatchObject({
        recipient: { before: 'gone@example.org' },
        kind: { before: 'password_reset' },
        state: { before: 'failed' },
      });
      expect(entry!.changes).not.toContain('token');
      expect(entry!.changes).not.toContain('Reset your password');
    });

    it('refuses a mail that is not failed with 409 and keeps it; an unknown one is 404', async () => {
      const id = await insertFailedMail(db(), app.clock.now());
      await db()('mail_queue')
        .where({ id })
        .update({ state: 'queued', next_attempt_at: new Date(Date.UTC(2030, 0, 1)) });
      const refused = await app.request('DELETE', `/api/admin/mail/${id}`, { token: superToken });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Only a failed mail can be discarded; this one is queued.');
      expect(await db()('mail_queue').where({ id }).first('state')).toEqual({ state: 'queued' });
      expect((await app.request('DELETE', '/api/admin/mail/999999', { token: superToken })).status).toBe(404);
    });

    it('refuses a stale screen (a retry raised the revision) with 409 and the mail as it is now', async () => {
      const { id } = await failedResetMail();
      // Refused again: the retried mail fails a second time, still discardable but at revision 2.
      app.smtp.refuseWith({ code: 550, message: 'Still unavailable' });
      expect((await app.request('POST', `/api/admin/mail/${id}/retry`, { token: superToken })).status).toBe(200);
      await app.runtime.deps.mailer.drain();
      const stale = await app.request('DELETE', `/api/admin/mail/${id}`, {
        token: superToken,
        headers: { 'If-Match': '"1"' },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        code: 'edit_conflict',
        current: { id, revision: 2, state: 'failed', attempts: 2 },
      });
      expect(stale.headers.get('etag')).toBe('"2"');
    });
  });
});
