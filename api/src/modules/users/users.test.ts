import { fullPermissions, normalisePermissions, type User } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { PUBLIC_URL, startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';
import { createSessionService } from '../sessions/service.js';
import {
  CANNOT_DEACTIVATE_SELF,
  CANNOT_DELETE_SELF,
  CANNOT_DELETE_SUPER_ADMIN,
  EMAIL_TAKEN,
  LAST_SUPER_ADMIN,
  NOT_PENDING,
  RESEND_TO_INACTIVE,
} from './service.js';
import { INVITATION_ACCEPTED_MESSAGE } from '../auth/service.js';
import { INVITATION_QUEUED } from './routes.js';

const membershipViewer = { membership: { view: true, edit: false, delete: false } };

let emailCounter = 0;
function newAdminBody(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    name: 'Nadia Okafor',
    email: `nadia${emailCounter}@example.org`,
    role: 'admin',
    permissions: membershipViewer,
    ...overrides,
  };
}

function tokenFromMail(text: string): string {
  const match = new RegExp(`${PUBLIC_URL}/admin/reset-password\\?token=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
}

describeEngines('admin users on %s', (engine) => {
  let app: TestApp;
  let root: { token: string; user: User };

  beforeAll(async () => {
    app = await startTestApp(engine);
    const login = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN });
    root = login.body.data;
  });
  afterAll(async () => {
    await app?.close();
  });

  const rowOf = (id: number) => app.runtime.deps.db('users').where({ id }).first();
  const listUsers = async (query: string) => {
    const response = await app.request('GET', `/api/admin/users${query}`, { token: root.token });
    expect(response.status, query).toBe(200);
    return response.body.data as {
      users: User[];
      pagination: { page: number; limit: number; total: number; pages: number };
    };
  };

  it('lets only super admins in: 401 anonymous, 403 member, 403 admin with every module permission', async () => {
    const member = await app.createUser({ role: 'member' });
    const fullAdmin = await app.createUser({ role: 'admin', permissions: fullPermissions() });
    const routes = app.runtime.api.adminRoutes.filter((route) => route.module === 'admins');
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'delete /api/admin/users/:id',
      // The super admin's "require two-factor for all staff" belongs to the same module.
      'get /api/admin/settings/security',
      'get /api/admin/users',
      'get /api/admin/users/:id',
      'get /api/admin/users/stats',
      'patch /api/admin/users/:id/toggle-status',
      'post /api/admin/users',
      'post /api/admin/users/:id/end-sessions',
      'post /api/admin/users/:id/resend-invitation',
      'post /api/admin/users/:id/two-factor/reset',
      'put /api/admin/settings/security',
      'put /api/admin/users/:id',
    ]);
    const before = JSON.stringify(await app.runtime.deps.db('users').orderBy('id'));
    for (const route of routes) {
      const path = route.path.replace(':id', String(member.user.id));
      const body = route.method === 'post' || route.method === 'put' ? newAdminBody() : undefined;
      const label = `${route.method} ${path}`;
      const send = (token?: string) =>
        app.request(route.method.toUpperCase(), path, { ...(token && { token }), ...(body && { body }) });
      expect((await send()).status, label).toBe(401);
      expect((await send(member.token)).status, label).toBe(403);
      const admin = await send(fullAdmin.token);
      expect(admin.status, label).toBe(403);
      expect(admin.body.message).toBe(`You don't have permission to ${route.action} this module.`);
    }
    expect(JSON.stringify(await app.runtime.deps.db('users').orderBy('id'))).toBe(before);
  });

  it('invites a new admin, who has no password until the mailed link sets one, then logs in', async () => {
    const body = newAdminBody({
      name: '  Ines Duarte ',
      email: 'Ines.Duarte@Example.org',
      permissions: { ...membershipViewer, bogus: { view: true } },
    });
    const response = await app.request('POST', '/api/admin/users', { token: root.token, body });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(INVITATION_QUEUED);
    const created = response.body.data as User;
    expect(created).toEqual({
      id: expect.any(Number),
      revision: 1,
      name: 'Ines Duarte',
      email: 'ines.duarte@example.org',
      role: 'admin',
      permissions: normalisePermissions(membershipViewer),
      isActive: true,
      twoFactorEnabled: false,
      invitationPending: true,
      lastLogin: null,
      createdAt: expect.any(String),
    });
    const row = await rowOf(created.id);
    expect(row!.password_hash).toBeNull();
    expect(JSON.parse(row!.permissions)).toEqual(normalisePermissions(membershipViewer));
    const noPasswordYet = await app.request('POST', '/api/auth/login', {
      body: { email: 'ines.duarte@example.org', password: 'anything-goes' },
    });
    expect(noPasswordYet.status).toBe(401);

    const mail = await app.smtp.waitForMail((m) => m.to.includes('ines.duarte@example.org'));
    expect(mail.subject).toMatch(/admin account/);
    const invitation = tokenFromMail(mail.text);
    const check = await app.request('GET', `/api/auth/reset-password/${invitation}`);
    expect(check.body.data).toEqual({ valid: true, email: 'ines.duarte@example.org', purpose: 'invitation' });
    const setPassword = await app.request('POST', `/api/auth/reset-password/${invitation}`, {
      body: { password: 'ines-own-pass', confirmPassword: 'ines-own-pass' },
    });
    expect(setPassword.status).toBe(200);
    expect(setPassword.body.message).toBe(INVITATION_ACCEPTED_MESSAGE);
    expect((await app.request('GET', `/api/admin/users/${created.id}`, { token: root.token })).body.data).toMatchObject(
      {
        invitationPending: false,
      },
    );

    const login = await app.request('POST', '/api/auth/login', {
      body: { email: 'ines.duarte@example.org', password: 'ines-own-pass' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ id: created.id, role: 'admin' });
    const cards = await app.request('GET', '/api/admin/membership-cards', { token: login.body.data.token });
    expect(cards.status).toBe(200);
  });

  it('resends an invitation: a new link works, the old one is refused, the mail is delivered and audited', async () => {
    const email = `resend${(emailCounter += 1)}@example.org`;
    const created = await app.request('POST', '/api/admin/users', { token: root.token, body: newAdminBody({ email }) });
    expect(created.status).toBe(201);
    const id = (created.body.data as User).id;
    const mailsTo = () => app.smtp.mails.filter((mail) => mail.to.includes(email));
    const first = tokenFromMail((await app.smtp.waitForMail((mail) => mail.to.includes(email))).text);

    // An admin with every module permission is still no super admin.
    const fullAdmin = await app.createUser({ role: 'admin', permissions: fullPermissions() });
    const path = `/api/admin/users/${id}/resend-invitation`;
    expect((await app.request('POST', path)).status).toBe(401);
    expect((await app.request('POST', path, { token: fullAdmin.token })).status).toBe(403);
    expect((await app.request('POST', '/api/admin/users/999999/resend-invitation', { token: root.token })).status).toBe(
      404,
    );

    const headers = { 'idempotency-key': `resend-${id}` };
    const resent = await app.request('POST', path, { token: root.token, headers });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`A new invitation to ${email} is queued. The earlier link no longer works.`);
    expect(resent.body.data).toMatchObject({ id, email, invitationPending: true });
    // The same key again: the first answer, no second token, mail or audit entry.
    const replayed = await app.request('POST', path, { token: root.token, headers });
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(resent.body);

    await app.runtime.deps.mailer.drain();
    const second = await app.smtp.waitForMail((mail) => mail.to.includes(email) && !mail.text.includes(first));
    expect(mailsTo()).toHaveLength(2);
    expect(second.subject).toMatch(/admin account/);
    const fresh = tokenFromMail(second.text);
    const queued = await app.runtime.deps.db('mail_queue').where({ recipient: email }).orderBy('id');
    expect(queued.map((row: { kind: string; state: string }) => [row.kind, row.state])).toEqual([
      ['invitation', 'sent'],
      ['invitation', 'sent'],
    ]);

    expect((await app.request('GET', `/api/auth/reset-password/${first}`)).body.data).toEqual({
      valid: false,
      email: null,
    });
    const refused = await app.request('POST', `/api/auth/reset-password/${first}`, {
      body: { password: 'old-link-pass', confirmPassword: 'old-link-pass' },
    });
    expect(refused.status).toBe(400);
    expect((await app.request('GET', `/api/auth/reset-password/${fresh}`)).body.data).toEqual({
      valid: true,
      email,
      purpose: 'invitation',
    });
    const accepted = await app.request('POST', `/api/auth/reset-password/${fresh}`, {
      body: { password: 'new-link-pass', confirmPassword: 'new-link-pass' },
    });
    expect(accepted.status).toBe(200);
    expect((await app.request('POST', '/api/auth/login', { body: { email, password: 'new-link-pass' } })).status).toBe(
      200,
    );

    const entries = await app.runtime.deps
      .db('audit_log')
      .where({ action: 'invitation_resent', entity_id: String(id) });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ module: 'admins', actor_id: root.user.id });
    expect(JSON.stringify(entries)).not.toContain(fresh);

    // Accepted now: no invitation to resend.
    const again = await app.request('POST', path, { token: root.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NOT_PENDING);
  });

  it('refuses to resend an invitation to an active account with a password, or to a deactivated one (409)', async () => {
    const active = await app.createUser({ role: 'admin', permissions: membershipViewer });
    const before = app.smtp.mails.length;
    const refused = await app.request('POST', `/api/admin/users/${active.user.id}/resend-invitation`, {
      token: root.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: NOT_PENDING });
    expect(
      (await app.request('POST', `/api/admin/users/${root.user.id}/resend-invitation`, { token: root.token })).status,
    ).toBe(409);

    const invited = await app.request('POST', '/api/admin/users', { token: root.token, body: newAdminBody() });
    const invitedId = (invited.body.data as User).id;
    const user = await app.request('GET', `/api/admin/users/${invitedId}`, { token: root.token });
    const off = await app.request('PATCH', `/api/admin/users/${invitedId}/toggle-status`, {
      token: root.token,
      headers: { 'if-match': user.headers.get('etag')! },
    });
    expect(off.status).toBe(200);
    const inactive = await app.request('POST', `/api/admin/users/${invitedId}/resend-invitation`, {
      token: root.token,
    });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(RESEND_TO_INACTIVE);
    await app.runtime.deps.mailer.drain();
    expect(app.smtp.mails.length).toBe(before + 1); // only the first invitation of the deactivated account
    expect(
      await app.runtime.deps
        .db('audit_log')
        .where({ action: 'invitation_resent' })
        .whereIn('entity_id', [String(active.user.id), String(invitedId)]),
    ).toEqual([]);
  });

  it('refuses an e-mail that already exists, in any case, with 409 and no mail', async () => {
    const existing = await app.createUser({ role: 'member' });
    const before = await app.count('users');
    const response = await app.request('POST', '/api/admin/users', {
      token: root.token,
      body: newAdminBody({ email: existing.email.toUpperCase() }),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ success: false, message: EMAIL_TAKEN });
    expect(await app.count('users')).toBe(before);
    await app.runtime.deps.mailer.drain();
    expect(app.smtp.mails.some((mail) => mail.to.includes(existing.email))).toBe(false);
  });

  it('never lets a password hash or token version leave the server', async () => {
    const responses = [
      await app.request('GET', '/api/admin/users', { token: root.token }),
      await app.request('GET', `/api/admin/users/${root.user.id}`, { token: root.token }),
      await app.request('POST', '/api/admin/users', { token: root.token, body: newAdminBody() }),
    ];
    for (const response of responses) {
      expect(response.status).toBeLessThan(300);
      expect(JSON.stringify(response.body)).not.toMatch(/hash|token_?version|\$2[aby]\$/i);
    }
  });

  it('shows one account by id', async () => {
    const response = await app.request('GET', `/api/admin/users/${root.user.id}`, { token: root.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: root.user.id,
      email: SUPER_ADMIN.email,
      role: 'super_admin',
      isActive: true,
    });
  });

  it('lists staff by default and members on request, searching names and e-mails case-insensitively', async () => {
    const zara = await app.createUser({ role: 'admin', name: 'Zara Quintero', email: 'zq-staff@example.org' });
    const mia = await app.createUser({ role: 'member', name: 'Mia Whitfield', email: 'mia.w@example.org' });

    const staff = await listUsers('');
    expect(staff.users.every((user) => user.role === 'admin' || user.role === 'super_admin')).toBe(true);
    expect(staff.users.map((user) => user.id)).toEqual(expect.arrayContaining([root.user.id, zara.user.id]));
    expect(staff.users.map((user) => user.id)).not.toContain(mia.user.id);
    expect(staff.pagination).toMatchObject({ page: 1, limit: 50, total: staff.users.length });

    const members = await listUsers('?role=member');
    expect(members.users.every((user) => user.role === 'member')).toBe(true);
    expect(members.users.map((user) => user.id)).toContain(mia.user.id);
    expect((await listUsers('?role=super_admin')).users.map((user) => user.id)).toEqual([root.user.id]);

    expect((await listUsers('?search=zARA%20q')).users.map((user) => user.id)).toEqual([zara.user.id]);
    expect((await listUsers('?search=ZQ-STAFF%40EXAMPLE')).users.map((user) => user.id)).toEqual([zara.user.id]);
    expect((await listUsers('?search=whitfield')).users).toEqual([]);
    expect((await listUsers('?search=WHITFIELD&role=member')).users.map((user) => user.id)).toEqual([mia.user.id]);
    // LIKE wildcards typed in the box are searched for literally.
    expect((await listUsers('?search=%25')).users).toEqual([]);
    expect((await listUsers('?search=_')).users).toEqual([]);

    const second = await listUsers('?limit=1&page=2');
    expect(second.users).toHaveLength(1);
    expect(second.pagination).toEqual({
      page: 2,
      limit: 1,
      total: staff.pagination.total,
      pages: staff.pagination.total,
    });

    const badRole = await app.request('GET', '/api/admin/users?role=owner', { token: root.token });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors).toEqual([{ field: 'role', message: 'Role must be member, admin or super_admin' }]);
  });

  it('counts accounts by role and by status', async () => {
    const stats = async () => (await app.request('GET', '/api/admin/users/stats', { token: root.token })).body.data;
    const before = await stats();
    expect(before.total).toBe(await app.count('users'));
    await app.createUser({ role: 'member' });
    const admin = await app.createUser({ role: 'admin' });
    await app.request('PATCH', `/api/admin/users/${admin.user.id}/toggle-status`, { token: root.token });
    const after = await stats();
    expect(after).toEqual({
      total: before.total + 2,
      admins: before.admins + 1,
      superAdmins: before.superAdmins,
      members: before.members + 1,
      active: before.active + 1,
      inactive: before.inactive + 1,
    });
    expect(after.admins + after.superAdmins + after.members).toBe(after.total);
    expect(after.active + after.inactive).toBe(after.total);
  });

  it('updates name, e-mail, role and permissions, which end the sessions and apply on the next sign-in', async () => {
    const admin = await app.createUser({ role: 'admin', permissions: membershipViewer });
    let adminToken = admin.token;
    const cards = () => app.request('GET', '/api/admin/membership-cards', { token: adminToken });
    expect((await cards()).status).toBe(200);
    /** A new role or new permissions end the account's sessions (issue 11): the old token is refused. */
    const signInAgain = async () => {
      expect((await cards()).status).toBe(401);
      const login = await app.request('POST', '/api/auth/login', {
        body: { email: 'renamed.admin@example.org', password: admin.password },
      });
      adminToken = login.body.data.token;
    };

    const update = (body: Record<string, unknown>) =>
      app.request('PUT', `/api/admin/users/${admin.user.id}`, { token: root.token, body });
    const renamed = await update({
      name: 'Renamed Admin',
      email: 'Renamed.Admin@example.org',
      role: 'admin',
      permissions: {},
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Renamed Admin',
      email: 'renamed.admin@example.org',
      role: 'admin',
      permissions: normalisePermissions({}),
    });
    await signInAgain();
    expect((await cards()).status).toBe(403);

    const restored = await update({
      name: 'Renamed Admin',
      email: 'renamed.admin@example.org',
      role: 'admin',
      permissions: membershipViewer,
    });
    expect(restored.status).toBe(200);
    await signInAgain();
    expect((await cards()).status).toBe(200);

    const promoted = await update({ name: 'Renamed Admin', email: 'renamed.admin@example.org', role: 'super_admin' });
    expect(promoted.body.data.role).toBe('super_admin');
    await signInAgain();
    expect((await app.request('GET', '/api/admin/users', { token: adminToken })).status).toBe(200);
    await update({ name: 'Renamed Admin', email: 'renamed.admin@example.org', role: 'admin' });
    expect((await app.request('GET', '/api/admin/users', { token: adminToken })).status).toBe(401);
    await signInAgain();
    expect((await app.request('GET', '/api/admin/users', { token: adminToken })).status).toBe(403);

    const taken = await update({ name: 'Renamed Admin', email: SUPER_ADMIN.email.toUpperCase(), role: 'admin' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(EMAIL_TAKEN);
    expect((await rowOf(admin.user.id))!.email).toBe('renamed.admin@example.org');
  });

  it('keeps the last active super admin an active super admin', async () => {
    const demoteRoot = (token: string) =>
      app.request('PUT', `/api/admin/users/${root.user.id}`, {
        token,
        body: { name: root.user.name, email: SUPER_ADMIN.email, role: 'admin' },
      });
    const alone = await demoteRoot(root.token);
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(LAST_SUPER_ADMIN);
    expect((await rowOf(root.user.id))!.role).toBe('super_admin');

    const second = await app.createUser({ role: 'super_admin', name: 'Second Root' });
    const toggleSecond = () =>
      app.request('PATCH', `/api/admin/users/${second.user.id}/toggle-status`, { token: root.token });
    expect((await toggleSecond()).body.data.isActive).toBe(false);
    expect((await demoteRoot(root.token)).status).toBe(409);

    expect((await toggleSecond()).body.data.isActive).toBe(true);
    const secondLogin = await app.request('POST', '/api/auth/login', {
      body: { email: second.email, password: second.password },
    });
    const secondToken = secondLogin.body.data.token as string;
    expect((await demoteRoot(root.token)).status).toBe(200);
    expect((await app.request('GET', '/api/admin/users', { token: root.token })).status).toBe(403);
    const promoteRoot = await app.request('PUT', `/api/admin/users/${root.user.id}`, {
      token: secondToken,
      body: { name: root.user.name, email: SUPER_ADMIN.email, role: 'super_admin' },
    });
    expect(promoteRoot.status).toBe(200);
    // The new role ended root's sessions: signed in again, root is a super admin.
    expect((await app.request('GET', '/api/admin/users', { token: root.token })).status).toBe(401);
    root = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data;
    expect((await app.request('GET', '/api/admin/users', { token: root.token })).status).toBe(200);

    const selfDeactivation = await app.request('PATCH', `/api/admin/users/${root.user.id}/toggle-status`, {
      token: root.token,
    });
    expect(selfDeactivation.status).toBe(409);
    expect(selfDeactivation.body.message).toBe(CANNOT_DEACTIVATE_SELF);
    expect((await rowOf(root.user.id))!.is_active).toBeTruthy();
  });

  it('lets only one of the last two super admins demote themselves when both try at once', async () => {
    const race = await startTestApp(engine);
    try {
      const first = (await race.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data;
      const second = await race.createUser({ role: 'super_admin', name: 'Second Root' });
      const setRole = (user: User, token: string, role: string) =>
        race.request('PUT', `/api/admin/users/${user.id}`, {
          token,
          body: { name: user.name, email: user.email, role },
        });
      for (let round = 1; round <= 10; round += 1) {
        const answers = await Promise.all([
          setRole(first.user, first.token, 'admin'),
          setRole(second.user, second.token, 'admin'),
        ]);
        expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 409]);
        const [demoted, kept] = answers[0].status === 200 ? [first, second] : [second, first];
        expect((await setRole(demoted.user, kept.token, 'super_admin')).status).toBe(200);
        // The new role ended the demoted account's sessions: it signs in again for the next round.
        const row = await race.runtime.deps.db('users').where({ id: demoted.user.id }).first();
        demoted.token = await createSessionService(race.runtime.deps).start(row!, { ip: undefined, userAgent: 'test' });
      }
    } finally {
      await race.close();
    }
  });

  it('deletes other accounts, refusing super admins and oneself', async () => {
    const self = await app.request('DELETE', `/api/admin/users/${root.user.id}`, { token: root.token });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(CANNOT_DELETE_SELF);

    const otherRoot = await app.createUser({ role: 'super_admin' });
    const superAdmin = await app.request('DELETE', `/api/admin/users/${otherRoot.user.id}`, { token: root.token });
    expect(superAdmin.status).toBe(409);
    expect(superAdmin.body.message).toBe(CANNOT_DELETE_SUPER_ADMIN);
    expect(await rowOf(otherRoot.user.id)).toBeTruthy();

    const admin = await app.createUser({ role: 'admin' });
    const before = await app.count('users');
    const removed = await app.request('DELETE', `/api/admin/users/${admin.user.id}`, { token: root.token });
    expect(removed.status).toBe(200);
    expect(await app.count('users')).toBe(before - 1);
    expect((await app.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(401);
    expect((await app.request('GET', `/api/admin/users/${admin.user.id}`, { token: root.token })).status).toBe(404);
  });

  it('deactivation refuses the existing token at once, and reactivation needs a new login', async () => {
    const admin = await app.createUser({ role: 'admin', permissions: membershipViewer });
    const toggle = () => app.request('PATCH', `/api/admin/users/${admin.user.id}/toggle-status`, { token: root.token });
    const off = await toggle();
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: 'User deactivated', data: { id: admin.user.id, isActive: false } });
    expect((await app.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(401);
    const login = () =>
      app.request('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
    expect((await login()).status).toBe(401);

    const on = await toggle();
    expect(on.body).toMatchObject({ message: 'User activated', data: { isActive: true } });
    expect((await app.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(401);
    const fresh = await login();
    expect(fresh.status).toBe(200);
    expect((await app.request('GET', '/api/auth/me', { token: fresh.body.data.token })).status).toBe(200);
  });

  it('refuses invalid bodies with field messages and changes nothing', async () => {
    const valid = newAdminBody();
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'email', 'role']],
      [{ ...valid, name: 'A' }, ['name']],
      [{ ...valid, name: 'x'.repeat(101) }, ['name']],
      [{ ...valid, email: 'not-an-email' }, ['email']],
      [{ ...valid, role: 'member' }, ['role']],
      [{ ...valid, role: 'owner' }, ['role']],
      [{ ...valid, permissions: 'all' }, ['permissions']],
      [{ ...valid, permissions: { membership: { view: 'yes' } } }, ['permissions']],
      [{ ...valid, name: 42, email: null }, ['name', 'email']],
      [[valid], ['body']],
    ];
    await expectInvalidBodies(
      app,
      { method: 'POST', path: '/api/admin/users', token: root.token, table: 'users' },
      cases,
    );
    const { user } = await app.createUser({ role: 'admin' });
    await expectInvalidBodies(
      app,
      { method: 'PUT', path: `/api/admin/users/${user.id}`, token: root.token, table: 'users' },
      [...cases, ...malformedIfMatchCases(valid)],
    );

    const messages = await app.request('POST', '/api/admin/users', {
      token: root.token,
      body: { name: 'A', email: 'nope', role: 'owner' },
    });
    expect(messages.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name must be at least 2 characters' },
        { field: 'email', message: 'Enter a valid email' },
        { field: 'role', message: 'Role must be admin or super_admin' },
      ]),
    );
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const token = root.token;
    await expectUnknownIds(app, { method: 'GET', path: (id) => `/api/admin/users/${id}`, token });
    await expectUnknownIds(app, { method: 'PUT', path: (id) => `/api/admin/users/${id}`, token, body: newAdminBody() });
    // An unknown id is a 404 even when the e-mail belongs to someone else.
    const takenEmail = newAdminBody({ email: SUPER_ADMIN.email });
    await expectUnknownIds(app, { method: 'PUT', path: (id) => `/api/admin/users/${id}`, token, body: takenEmail });
    await expectUnknownIds(app, { method: 'PATCH', path: (id) => `/api/admin/users/${id}/toggle-status`, token });
    await expectUnknownIds(app, { method: 'DELETE', path: (id) => `/api/admin/users/${id}`, token });
  });
});
