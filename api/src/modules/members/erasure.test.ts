/**
 * Members' data rights (issue 22 item 3) over real HTTP on both engines: "Download my data" answers
 * what is stored; closing one's account (password-confirmed) and staff erasure (members:delete,
 * If-Match) leave no trace of the member's name or e-mail in any text column of any table, but for
 * the audited fact "member #id erased"; the notice reaches the old address through the mail queue;
 * registrations stay, so participant counts do not change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MemberDataExport } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, type Db } from '../../db/connection.js';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';
import { ERASED_NAME } from './erasure.js';
import { WRONG_PASSWORD } from './own-data.js';

/** Every text-like column of every table (FTS shadow tables too on SQLite), as [table, column]. */
async function textColumns(db: Db): Promise<[string, string][]> {
  if (isPostgres(db)) {
    const rows = await db('information_schema.columns')
      .where('table_schema', db.raw('current_schema()'))
      .whereIn('data_type', ['text', 'character varying', 'character', 'json', 'jsonb'])
      .select<{ table_name: string; column_name: string }[]>('table_name', 'column_name');
    return rows.map((row) => [row.table_name, row.column_name]);
  }
  const tables = (await db('sqlite_master').where({ type: 'table' }).pluck('name')) as string[];
  const columns: [string, string][] = [];
  for (const table of tables) {
    const info = await db.raw<{ name: string; type: string }[]>(`pragma table_info("${table}")`);
    // FTS tables declare no types: every column is read as text.
    for (const column of info)
      if (!/INT|REAL|NUM|BOOL|DATE|TIME/i.test(column.type)) columns.push([table, column.name]);
  }
  return columns;
}

/** Where `needle` (any case) still appears: "table.column" for each column holding it. */
async function tracesOf(db: Db, needle: string): Promise<string[]> {
  const found: string[] = [];
  const cast = isPostgres(db)
    ? (column: string) => `lower("${column}"::text)`
    : (column: string) => `lower(cast("${column}" as text))`;
  for (const [table, column] of await textColumns(db)) {
    const row = (await db(table)
      .whereRaw(`${cast(column)} like ?`, [`%${needle.toLowerCase()}%`])
      .count({ count: '*' })
      .first()) as { count: number | string } | undefined;
    if (Number(row?.count ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describeEngines('members data rights on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let activityId: number;
  const db = () => app.runtime.deps.db;

  const participants = async () => (await app.request('GET', `/api/activities/${activityId}`)).body.data.participants;

  /** Completes the reset link mailed to `email` (keeping `password`): the account proves its mailbox. */
  async function proveAddress(email: string, password: string) {
    await app.request('POST', '/api/auth/forgot-password', { body: { email } });
    const mail = await app.smtp.waitForMail((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text));
    const resetToken = /reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    const reset = await app.request('POST', `/api/auth/reset-password/${resetToken}`, {
      body: { password, confirmPassword: password },
    });
    expect(reset.status).toBe(200);
  }

  /**
   * A member with a trail: signed in through the API (audit, session), one failed sign-in, a reset
   * link completed (which proves their address), registered to the activity, two contact messages from
   * their address, and a deactivation and reactivation by staff (audit entries about them).
   */
  async function memberWithHistory(name: string, email: string) {
    const password = 'member-password-1';
    await app.request('POST', '/api/auth/register', { body: { name, email, password } });
    await app.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
    await proveAddress(email, password);
    const login = await app.request('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const token: string = login.body.data.token;
    const id: number = login.body.data.user.id;
    expect((await app.request('POST', `/api/activities/${activityId}/register`, { token })).status).toBe(201);
    for (const message of ['First message from me, about nutrition.', 'Second message: when is the next camp?']) {
      const body = { name, email, phone: '+919876543210', message };
      expect((await app.request('POST', '/api/contact-messages', { body })).status).toBe(201);
    }
    for (const step of ['deactivate', 'reactivate']) {
      const response = await app.request('PATCH', `/api/admin/members/${id}/${step}`, { token: superToken });
      expect(response.status).toBe(200);
    }
    await app.runtime.deps.mailer.drain();
    // The search below finds what there is to erase (so that its empty answer after erasure means something).
    expect(await tracesOf(db(), email)).toEqual(
      expect.arrayContaining(['users.email', 'audit_log.actor_email', 'audit_log.changes', 'contact_messages.email']),
    );
    expect(await tracesOf(db(), name)).toEqual(expect.arrayContaining(['users.name', 'contact_messages.name']));
    return {
      id,
      token: (await app.request('POST', '/api/auth/login', { body: { email, password } })).body.data.token as string,
      password,
    };
  }

  async function expectErased(id: number, name: string, email: string) {
    await app.smtp.waitForMail((mail) => mail.to.includes(email) && /was closed/.test(mail.subject));
    await app.runtime.deps.mailer.drain();
    expect(await tracesOf(db(), email)).toEqual([]);
    expect(await tracesOf(db(), name)).toEqual([]);
    const row = await db()('users').where({ id }).first();
    expect(row).toMatchObject({ name: ERASED_NAME, password_hash: null, last_login_at: null });
    expect(row!.erased_at).not.toBeNull();
    expect(await db()('sessions').where({ user_id: id })).toEqual([]);
    expect((await app.request('GET', `/api/admin/members/${id}`, { token: superToken })).status).toBe(404);
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    const body = {
      ...sampleBodies.activity,
      status: 'upcoming',
      title: 'Erasure camp',
      date: '2026-09-01T10:00:00.000Z',
    };
    activityId = (await app.request('POST', '/api/admin/activities', { token: superToken, body })).body.data.id;
    // Someone else's message stays whatever happens to the members.
    const other = {
      name: 'Other Person',
      email: 'other@example.org',
      phone: '+919876543210',
      message: 'Unrelated question here.',
    };
    await app.request('POST', '/api/contact-messages', { body: other });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('downloads my data as an uncached JSON attachment that matches what is stored', async () => {
    const { id, token } = await memberWithHistory('Quentin Data', 'quentin.data@example.org');
    const response = await fetch(`${app.baseUrl}/api/account/data`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('content-type')).toContain('application/json');
    const data = (await response.json()) as MemberDataExport;
    const row = await db()('users').where({ id }).first();
    expect(data.profile).toMatchObject({ id, name: row!.name, email: row!.email, emailVerified: true, role: 'member' });
    expect(data.registrations.map((registration) => registration.activityId)).toEqual([activityId]);
    const stored = await db()('contact_messages').where({ email: row!.email }).orderBy('id');
    expect(data.contactMessages.map((message) => [message.id, message.message])).toEqual(
      stored.map((message) => [message.id, message.message]),
    );
    expect(JSON.stringify(data)).not.toMatch(/password|token_version|hash/i);
    expect((await app.request('GET', '/api/account/data')).status).toBe(401);
  });

  describe('an address the member has not proved (sign-up takes any address)', () => {
    const victim = { name: 'Vera Victim', email: 'vera.victim@example.org', phone: '+919876543210' };
    const password = 'squatter-password';
    let squatter: { id: number; token: string };
    const victimMessages = () => db()('contact_messages').where({ email: victim.email }).orderBy('id');

    beforeAll(async () => {
      // The address's owner wrote to the organisation; someone else then signs up with that address.
      for (const message of ['Private: my diagnosis and my diet.', 'Private: a follow-up question.']) {
        expect((await app.request('POST', '/api/contact-messages', { body: { ...victim, message } })).status).toBe(201);
      }
      await app.request('POST', '/api/auth/register', {
        body: { name: 'Sam Squatter', email: victim.email, password },
      });
      const login = await app.request('POST', '/api/auth/login', { body: { email: victim.email, password } });
      squatter = { id: login.body.data.user.id, token: login.body.data.token };
    });

    const download = async (token: string) =>
      (await (
        await fetch(`${app.baseUrl}/api/account/data`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as MemberDataExport;

    it("leaves the address's contact messages out of the download and of the member detail", async () => {
      const data = await download(squatter.token);
      expect(data.profile).toMatchObject({ id: squatter.id, email: victim.email, emailVerified: false });
      expect(data.contactMessages).toEqual([]);
      expect(JSON.stringify(data)).not.toContain('Private:');
      const detail = await app.request('GET', `/api/admin/members/${squatter.id}`, { token: superToken });
      expect(detail.body.data).toMatchObject({ emailVerified: false, contactMessages: [], contactMessageCount: 0 });
    });

    it('includes them once a link mailed to the address is completed', async () => {
      await proveAddress(victim.email, password);
      const token = (await app.request('POST', '/api/auth/login', { body: { email: victim.email, password } })).body
        .data.token as string;
      const data = await download(token);
      expect(data.profile.emailVerified).toBe(true);
      expect(data.contactMessages.map((message) => message.id)).toEqual((await victimMessages()).map((row) => row.id));
      const detail = await app.request('GET', `/api/admin/members/${squatter.id}`, { token: superToken });
      expect(detail.body.data).toMatchObject({ emailVerified: true, contactMessageCount: 2 });
    });

    it("erasing an account of an unproved address leaves that address's messages", async () => {
      const other = { name: 'Olga Other', email: 'olga.other@example.org', phone: '+919876543210' };
      await app.request('POST', '/api/contact-messages', { body: { ...other, message: 'Olga asks a question.' } });
      await app.request('POST', '/api/auth/register', { body: { name: 'Ned Notolga', email: other.email, password } });
      const login = await app.request('POST', '/api/auth/login', { body: { email: other.email, password } });
      const closed = await app.request('POST', '/api/account/close', {
        token: login.body.data.token,
        body: { password },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(await db()('users').where({ email: other.email })).toEqual([]);
      expect(await db()('contact_messages').where({ email: other.email })).toHaveLength(1);
    });
  });

  describe('closing my account', () => {
    const name = 'Zebulon Quickfeather';
    const email = 'zebulon.q_feather@example.org';
    let member: { id: number; token: string; password: string };

    beforeAll(async () => {
      member = await memberWithHistory(name, email);
    });

    it('refuses a wrong password with a field message, changing nothing', async () => {
      const before = await db()('users').where({ id: member.id }).first();
      const messages = await app.count('contact_messages');
      const response = await app.request('POST', '/api/account/close', {
        token: member.token,
        body: { password: 'not-my-password' },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'password', message: WRONG_PASSWORD }]);
      expect(await db()('users').where({ id: member.id }).first()).toEqual(before);
      expect(await app.count('contact_messages')).toBe(messages);
      expect((await app.request('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    });

    it('is for members: a staff account is refused (403)', async () => {
      const response = await app.request('POST', '/api/account/close', {
        token: superToken,
        body: { password: SUPER_ADMIN.password },
      });
      expect(response.status).toBe(403);
      expect(await db()('users').where({ email: SUPER_ADMIN.email }).first()).toBeTruthy();
    });

    it('erases everything personal, signs out, mails the old address, and keeps the counts', async () => {
      const count = await participants();
      const response = await app.request('POST', '/api/account/close', {
        token: member.token,
        body: { password: member.password },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect((await app.request('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
      await expectErased(member.id, name, email);
      expect(await participants()).toBe(count);
      const entry = await db()(AUDIT_TABLE)
        .where({ action: 'account_erased', entity_id: String(member.id) })
        .first();
      expect(entry).toMatchObject({ module: 'auth', actor_id: member.id, actor_email: null });
      expect(JSON.parse(entry!.changes!)).toEqual({ erasedBy: 'member' });
      // Older entries about the member stay, without their address.
      expect(await db()(AUDIT_TABLE).where({ entity_id: String(member.id), action: 'sign_in' })).not.toEqual([]);
      expect(await db()('contact_messages').where({ email: 'other@example.org' })).toHaveLength(1);
      // The address is free again.
      const again = await app.request('POST', '/api/auth/register', {
        body: { name: 'New Owner', email, password: 'another-password' },
      });
      expect(again.status).toBe(201);
    });
  });

  describe('staff erasure', () => {
    const name = 'Wilhelmina Staffgone';
    const email = 'wilhelmina.staffgone@example.org';
    let id: number;

    beforeAll(async () => {
      ({ id } = await memberWithHistory(name, email));
    });

    it('needs members:delete, and If-Match like other member writes', async () => {
      const members = (edit: boolean, remove: boolean) => ({ members: { view: true, edit, delete: remove } });
      const editor = (await app.createUser({ role: 'admin', permissions: members(true, false) })).token;
      expect((await app.request('DELETE', `/api/admin/members/${id}`, { token: editor })).status).toBe(403);
      const deleter = (await app.createUser({ role: 'admin', permissions: members(false, true) })).token;
      const stale = await app.request('DELETE', `/api/admin/members/${id}`, {
        token: deleter,
        headers: { 'if-match': '"999"' },
      });
      expect(stale.status).toBe(409);
      expect((await db()('users').where({ id }).first())!.name).toBe(name);
      const detail = await app.request('GET', `/api/admin/members/${id}`, { token: superToken });
      const count = await participants();
      const erased = await app.request('DELETE', `/api/admin/members/${id}`, {
        token: deleter,
        headers: { 'if-match': detail.headers.get('etag')! },
      });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      await expectErased(id, name, email);
      expect(await participants()).toBe(count);
      const entry = await db()(AUDIT_TABLE)
        .where({ action: 'account_erased', entity_id: String(id) })
        .first();
      expect(entry).toMatchObject({ module: 'members' });
      expect(JSON.parse(entry!.changes!)).toEqual({ erasedBy: 'staff' });
      expect(entry!.actor_id).not.toBe(id);
      expect((await app.request('DELETE', `/api/admin/members/${id}`, { token: deleter })).status).toBe(404);
    });
  });

  describe('the placeholder of an erased account (issue 52 item 4)', () => {
    it('cannot be registered, imported or taken in advance: closing always succeeds', async () => {
      const member = await app.createUser({ role: 'member', password: 'placeholder-password-1' });
      // The placeholder of the id it had before: refused by sign-up, import and a staff edit alike.
      const guessed = `erased-${member.user.id}@erased.invalid`;
      const signUp = await app.request('POST', '/api/auth/register', {
        body: { name: 'Squatter', email: guessed, password: 'squatter-password' },
      });
      expect(signUp.status).toBe(400);
      expect(signUp.body.errors).toEqual([expect.objectContaining({ field: 'email' })]);
      const dryRun = await app.request('POST', '/api/admin/members/import/dry-run', {
        token: superToken,
        body: { csv: `name,email\nSquatter,${guessed}\n` },
      });
      expect(dryRun.body.data.rows[0]).toMatchObject({ outcome: 'invalid' });
      // A row that took such an address before this rule (or any .invalid one) does not stop it either.
      await db()('users').insert({
        name: 'Old Squatter',
        email: guessed,
        role: 'member',
        permissions: '{}',
        is_active: true,
        token_version: 0,
        created_at: new Date(),
        updated_at: new Date(),
      });
      const closed = await app.request('POST', '/api/account/close', {
        token: member.token,
        body: { password: member.password },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const row = await db()('users').where({ id: member.user.id }).first();
      expect(row!.email).toMatch(/^erased-[0-9a-f]{32}@erased\.invalid$/);
      // Staff erasure of another member likewise.
      const other = await app.createUser({ role: 'member' });
      await db()('users').insert({
        name: 'Another Squatter',
        email: `erased-${other.user.id}@erased.invalid`,
        role: 'member',
        permissions: '{}',
        is_active: true,
        token_version: 0,
        created_at: new Date(),
        updated_at: new Date(),
      });
      const detail = await app.request('GET', `/api/admin/members/${other.user.id}`, { token: superToken });
      const erased = await app.request('DELETE', `/api/admin/members/${other.user.id}`, {
        token: superToken,
        headers: { 'if-match': detail.headers.get('etag')! },
      });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    });
  });
});

describe('the SQLite files after a closing (issue 52 item 9)', () => {
  it('hold the closed account’s e-mail nowhere, the -wal and -shm included', async () => {
    const app = await startTestApp('sqlite');
    try {
      const email = 'secure.delete.member@example.org';
      const member = await app.createUser({ role: 'member', email, password: 'secure-delete-1' });
      // Rows that name the address: a failed and a good sign-in (audit trail, sessions). The contact
      // messages of an address the account never proved stay (see above): none is sent here.
      await app.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
      await app.request('POST', '/api/auth/login', { body: { email, password: member.password } });
      const closed = await app.request('POST', '/api/account/close', {
        token: member.token,
        body: { password: member.password },
      });
      expect(closed.status).toBe(200);
      await app.smtp.waitForMail((mail) => mail.to.includes(email) && /was closed/.test(mail.subject));
      await app.runtime.deps.mailer.drain();
      const dataDir = app.runtime.deps.config.dataDir;
      const files = readdirSync(dataDir).filter((name) => name.startsWith('app.db'));
      expect(files).toContain('app.db');
      const holding = files.filter((name) =>
        readFileSync(path.join(dataDir, name)).toString('latin1').toLowerCase().includes(email),
      );
      expect(holding).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
