/**
 * Issue 19 item 5: anonymous failures filled the staff audit trail (up to ~1.7 M entries a day) and
 * sign-out was not recorded. They now go to the bounded security log, one row per address and minute.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { SECURITY_LOG_RETENTION_DAYS } from './security-log.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEngines('security log and audit trail on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, ip: string, body: unknown, token?: string) =>
    app.request('POST', path, { headers: { 'x-forwarded-for': ip }, body, ...(token && { token }) });
  const audit = () => app.runtime.deps.db('audit_log').orderBy('id');
  const securityLog = () => app.runtime.deps.db('security_log').orderBy(['kind', 'subject']);

  it('keeps unknown-address sign-ins and bogus challenges out of the audit trail, counted per address and minute', async () => {
    const before = (await audit()).length;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await post('/api/auth/login', '203.0.113.5', { email: 'ghost@example.org', password: 'wrong-1' });
      expect(answer.status).toBe(401);
    }
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await post('/api/auth/login/two-factor', '203.0.113.6', { challenge: 'bogus', code: '123456' });
      expect(answer.status).toBe(401);
    }
    const entries = await audit();
    expect(entries).toHaveLength(before);
    expect(JSON.stringify(entries)).not.toContain('ghost@example.org');
    const rows = await securityLog();
    expect(rows.map((row) => ({ kind: row.kind, subject: row.subject, count: Number(row.count) }))).toEqual([
      { kind: 'bogus_challenge', subject: '203.0.113.6', count: 4 },
      { kind: 'sign_in_failed_unknown_account', subject: '203.0.113.5', count: 3 },
    ]);
    // Only the address and a count: no e-mail address tried, no code.
    expect(JSON.stringify(rows)).not.toMatch(/ghost|123456/);
  });

  it('still records failures on a real account in the audit trail', async () => {
    const member = await app.createUser({ role: 'member' });
    expect((await post('/api/auth/login', '203.0.113.7', { email: member.email, password: 'wrong-pw' })).status).toBe(
      401,
    );
    const failed = await app.runtime.deps
      .db('audit_log')
      .where({ action: 'sign_in_failed', entity_id: String(member.user.id) });
    expect(failed).toHaveLength(1);
  });

  it('records sign-out in the audit trail', async () => {
    const member = await app.createUser({ role: 'member' });
    const answer = await post('/api/auth/logout', '203.0.113.8', undefined, member.token);
    expect(answer.status).toBe(200);
    const [entry] = await app.runtime.deps.db('audit_log').where({ action: 'sign_out' });
    expect(entry).toMatchObject({ actor_id: member.user.id, entity_id: String(member.user.id), module: 'auth' });
  });

  it(`drops rows older than ${SECURITY_LOG_RETENTION_DAYS} days as new ones come`, async () => {
    expect((await securityLog()).length).toBeGreaterThan(0);
    app.clock.advance((SECURITY_LOG_RETENTION_DAYS + 1) * DAY_MS);
    expect(
      (await post('/api/auth/login/two-factor', '203.0.113.9', { challenge: 'bogus', code: '123456' })).status,
    ).toBe(401);
    const rows = await securityLog();
    expect(rows.map((row) => row.subject)).toEqual(['203.0.113.9']);
  });
});
