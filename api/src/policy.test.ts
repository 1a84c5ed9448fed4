/**
 * The permission matrix, generated from the policy table: every admin route x {anonymous, member,
 * admin without the permission, admin with exactly that permission, super admin}. A route without
 * a sample request below fails the suite, so a new route cannot be left out.
 */
import {
  EMPTY_PROFILE_INPUT,
  ASSIGNABLE_MODULES,
  emptyPermissions,
  fullPermissions,
  isAssignableModule,
  type Permissions,
} from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminRoute } from './policy.js';
import { describeEngines } from './test-support/databases.js';
import { insertFailedMail } from './test-support/failed-mail.js';
import { sampleBodies as bodies, samplePhoto, versionedSamples } from './test-support/samples.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from './test-support/test-app.js';

interface Sample {
  id?: number;
  userId?: number;
  mailId?: number;
  body?: unknown;
}

let counter = 0;
const unique = () => `${Date.now()}-${(counter += 1)}`;

describeEngines('permission matrix on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let superId: number;
  let memberToken: string;
  let memberId: number;
  let bareAdminToken: string;
  const adminTokens = new Map<string, string>();

  /** Creates through the API as super admin and answers the new id. */
  async function make(path: string, body: unknown): Promise<number> {
    const response = await app.request('POST', path, { token: superToken, body });
    if (response.status !== 201)
      throw new Error(`fixture ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data.id;
  }
  /** A second, inactive version, which may be activated or deleted. */
  async function inactiveVersion(path: string, body: unknown): Promise<number> {
    await make(path, body);
    return make(path, body);
  }
  async function contactMessage(): Promise<number> {
    await app.request('POST', '/api/contact-messages', {
      body: {
        name: 'Visitor',
        email: `v${unique()}@example.org`,
        phone: '+911234567890',
        message: 'Hello there, a question.',
      },
    });
    const row = await app.runtime.deps.db('contact_messages').orderBy('id', 'desc').first('id');
    return row!.id;
  }
  const staff = () =>
    make('/api/admin/users', { name: 'Staff Person', email: `staff${unique()}@example.org`, role: 'admin' });

  /** Two-factor on, as its confirmation would leave it (the reset only needs it to be on). */
  const staffWithTwoFactor = async () => {
    const id = await staff();
    await app.runtime.deps
      .db('users')
      .where({ id })
      .update({ totp_secret: 'sealed', totp_enabled_at: app.clock.now() });
    return id;
  };

  const announcement = () => make('/api/admin/announcements', bodies.announcement);
  const tag = () => make('/api/admin/tags', { name: `Sample tag ${unique()}` });
  const scheduledAnnouncement = async () => {
    const id = await announcement();
    const at = new Date(app.clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString();
    const response = await app.request('PATCH', `/api/admin/announcements/${id}/send`, {
      token: superToken,
      body: { scheduledAt: at },
    });
    if (response.status !== 200) throw new Error(`fixture schedule: ${response.status}`);
    return id;
  };
  /** A sent announcement to staff with one recipient's mail failed. */
  const failedRecipient = async () => {
    const id = await announcement();
    await app.request('PATCH', `/api/admin/announcements/${id}/send`, {
      token: superToken,
      body: { scheduledAt: null },
    });
    const mail = await app.runtime.deps.db('mail_queue').where({ announcement_id: id }).orderBy('id').first('id');
    await app.runtime.deps.db('mail_queue').where({ id: mail!.id }).update({ state: 'failed' });
    return { id, mailId: mail!.id };
  };

  const samples: Record<string, () => Promise<Sample>> = {
    'get /api/admin/announcements': async () => ({}),
    'post /api/admin/announcements': async () => ({ body: bodies.announcement }),
    'post /api/admin/announcements/preview': async () => ({ body: { subject: 'Hello', body: 'A *preview*.' } }),
    'post /api/admin/announcements/reach': async () => ({ body: { audience: 'members', segment: { country: 'IN' } } }),
    'get /api/admin/announcements/:id': async () => ({ id: await announcement() }),
    'put /api/admin/announcements/:id': async () => ({ id: await announcement(), body: bodies.announcement }),
    'delete /api/admin/announcements/:id': async () => ({ id: await announcement() }),
    'post /api/admin/announcements/:id/test': async () => ({ id: await announcement() }),
    'get /api/admin/announcements/:id/audience': async () => ({ id: await announcement() }),
    'patch /api/admin/announcements/:id/send': async () => ({ id: await announcement(), body: { scheduledAt: null } }),
    'patch /api/admin/announcements/:id/unschedule': async () => ({ id: await scheduledAnnouncement() }),
    'get /api/admin/announcements/:id/recipients': async () => ({ id: await announcement() }),
    'post /api/admin/announcements/:id/recipients/:mailId/retry': failedRecipient,

    'get /api/admin/membership-cards': async () => ({}),
    'post /api/admin/membership-cards': async () => ({ body: bodies.card }),
    'put /api/admin/membership-cards/reorder': async () => {
      await make('/api/admin/membership-cards', bodies.card);
      const rows = await app.runtime.deps.db('membership_cards').orderBy('id', 'desc').select('id');
      return { body: { ids: rows.map((row: { id: number }) => row.id) } };
    },
    'put /api/admin/membership-cards/:id': async () => ({
      id: await make('/api/admin/membership-cards', bodies.card),
      body: bodies.card,
    }),
    'delete /api/admin/membership-cards/:id': async () => ({
      id: await make('/api/admin/membership-cards', bodies.card),
    }),

    'get /api/admin/activities': async () => ({}),
    'post /api/admin/activities': async () => ({ body: bodies.activity }),
    'put /api/admin/activities/:id': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
      body: bodies.activity,
    }),
    'delete /api/admin/activities/:id': async () => ({ id: await make('/api/admin/activities', bodies.activity) }),
    'get /api/admin/activities/:id/registrations': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
    }),
    'get /api/admin/activities/:id/registrations.csv': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
    }),
    'get /api/admin/activities/:id/waitlist': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
    }),
    'get /api/admin/activities/:id/mail/recipients': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
    }),
    'post /api/admin/activities/:id/mail': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
      body: { audience: 'registered', subject: 'Room change', message: 'We meet in room 4.' },
    }),
    'post /api/admin/activities/:id/registrations/:userId/remove': async () => {
      const id = await make('/api/admin/activities', bodies.activity);
      await app.request('POST', `/api/activities/${id}/register`, { token: memberToken });
      return { id, userId: memberId };
    },
    'post /api/admin/activities/:id/attendance': async () => {
      const id = await make('/api/admin/activities', bodies.activity);
      await app.request('POST', `/api/activities/${id}/register`, { token: memberToken });
      return { id, body: { userIds: [memberId], attended: true } };
    },
    'post /api/admin/activities/:id/attendance/all': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
    }),
    'post /api/admin/activities/:id/check-in': async () => {
      const id = await make('/api/admin/activities', bodies.activity);
      await app.request('POST', `/api/activities/${id}/register`, { token: memberToken });
      const row = await app.runtime.deps.db('activity_registrations').where({ activity_id: id }).first('check_in_code');
      return { id, body: { code: row!.check_in_code } };
    },
    'post /api/admin/activities/:id/walk-ins': async () => ({
      id: await make('/api/admin/activities', bodies.activity),
      body: { name: 'Walk In', email: `walkin${unique()}@example.org` },
    }),

    'get /api/admin/testimonials': async () => ({}),
    'post /api/admin/testimonials': async () => ({ body: bodies.testimonial }),
    'put /api/admin/testimonials/:id': async () => ({
      id: await make('/api/admin/testimonials', bodies.testimonial),
      body: bodies.testimonial,
    }),
    'patch /api/admin/testimonials/:id/featured': async () => ({
      id: await make('/api/admin/testimonials', bodies.testimonial),
    }),
    'delete /api/admin/testimonials/:id': async () => ({
      id: await make('/api/admin/testimonials', bodies.testimonial),
    }),

    'get /api/admin/faqs': async () => ({}),
    'post /api/admin/faqs': async () => ({ body: bodies.faq }),
    'put /api/admin/faqs/reorder': async () => {
      await make('/api/admin/faqs', bodies.faq);
      const rows = await app.runtime.deps.db('faqs').orderBy('id', 'desc').select('id');
      return { body: { ids: rows.map((row: { id: number }) => row.id) } };
    },
    'put /api/admin/faqs/:id': async () => ({ id: await make('/api/admin/faqs', bodies.faq), body: bodies.faq }),
    'delete /api/admin/faqs/:id': async () => ({ id: await make('/api/admin/faqs', bodies.faq) }),

    'get /api/admin/contact-messages': async () => ({}),
    'patch /api/admin/contact-messages/:id/read': async () => ({ id: await contactMessage() }),
    'patch /api/admin/contact-messages/:id/state': async () => ({
      id: await contactMessage(),
      body: { state: 'archived' },
    }),
    'get /api/admin/contact-messages/export.csv': async () => ({}),
    'post /api/admin/contact-messages/bulk': async () => ({ body: { action: 'read', ids: [await contactMessage()] } }),
    'get /api/admin/contact-messages/:id/replies': async () => ({ id: await contactMessage() }),
    'post /api/admin/contact-messages/:id/replies': async () => ({
      id: await contactMessage(),
      body: { body: 'Thank you for writing.' },
    }),
    'delete /api/admin/contact-messages/:id': async () => ({ id: await contactMessage() }),

    'get /api/admin/users/stats': async () => ({}),
    'get /api/admin/users': async () => ({}),
    'get /api/admin/users/:id': async () => ({ id: await staff() }),
    'post /api/admin/users': async () => ({
      body: { name: 'New Admin', email: `new${unique()}@example.org`, role: 'admin', permissions: {} },
    }),
    'put /api/admin/users/:id': async () => ({
      id: await staff(),
      body: { name: 'Renamed Admin', email: `renamed${unique()}@example.org`, role: 'admin', permissions: {} },
    }),
    'patch /api/admin/users/:id/toggle-status': async () => ({ id: await staff() }),
    'delete /api/admin/users/:id': async () => ({ id: await staff() }),
    'post /api/admin/users/:id/end-sessions': async () => ({ id: await staff() }),
    'post /api/admin/users/:id/two-factor/reset': async () => ({ id: await staffWithTwoFactor() }),
    // An invited account that has not set its password yet.
    'post /api/admin/users/:id/resend-invitation': async () => ({
      id: await make('/api/admin/users', {
        name: 'Invited Admin',
        email: `invited${unique()}@example.org`,
        role: 'admin',
        permissions: {},
      }),
    }),

    'get /api/admin/members': async () => ({}),
    'get /api/admin/members/export.csv': async () => ({}),
    'get /api/admin/members/:id': async () => ({ id: (await app.createUser({ role: 'member' })).user.id }),
    'patch /api/admin/members/:id/deactivate': async () => ({ id: (await app.createUser({ role: 'member' })).user.id }),
    'patch /api/admin/members/:id/reactivate': async () => {
      const { id } = (await app.createUser({ role: 'member' })).user;
      await app.runtime.deps.db('users').where({ id }).update({ is_active: false });
      return { id };
    },
    'delete /api/admin/members/:id': async () => ({ id: (await app.createUser({ role: 'member' })).user.id }),
    'get /api/admin/members/:id/profile': async () => ({ id: (await app.createUser({ role: 'member' })).user.id }),
    'put /api/admin/members/:id/profile': async () => ({
      id: (await app.createUser({ role: 'member' })).user.id,
      body: { ...EMPTY_PROFILE_INPUT, city: 'Pune', languages: ['en'] },
    }),
    'put /api/admin/members/:id/profile/photo': async () => ({
      id: (await app.createUser({ role: 'member' })).user.id,
      body: { image: samplePhoto },
    }),
    // A member with a photo: removing none writes nothing, so it would record no entry.
    'delete /api/admin/members/:id/profile/photo': async () => {
      const { id } = (await app.createUser({ role: 'member' })).user;
      const path = `/api/admin/members/${id}/profile/photo`;
      const saved = await app.request('PUT', path, { token: superToken, body: { image: samplePhoto } });
      if (saved.status !== 200) throw new Error(`fixture photo: ${saved.status} ${JSON.stringify(saved.body)}`);
      return { id };
    },
    'get /api/admin/specialties': async () => ({}),
    'post /api/admin/specialties': async () => ({ body: { name: `Policy specialty ${unique()}` } }),
    'put /api/admin/specialties/:id': async () => ({
      id: await make('/api/admin/specialties', { name: `Policy specialty ${unique()}` }),
      body: { name: `Renamed specialty ${unique()}` },
    }),
    'delete /api/admin/specialties/:id': async () => ({
      id: await make('/api/admin/specialties', { name: `Policy specialty ${unique()}` }),
    }),
    'put /api/admin/members/:id/verification': async () => ({
      id: (await app.createUser({ role: 'member' })).user.id,
      body: { status: 'declined', reason: 'Not on the register.' },
    }),
    'put /api/admin/members/:id/membership': async () => ({
      id: (await app.createUser({ role: 'member' })).user.id,
      body: { renewalDate: '2027-03-31' },
    }),

    'patch /api/admin/members/:id/tags': async () => ({
      id: (await app.createUser({ role: 'member' })).user.id,
      body: { add: [await tag()] },
    }),
    'get /api/admin/tags': async () => ({}),
    'post /api/admin/tags': async () => ({ body: { name: `Policy tag ${unique()}` } }),
    'put /api/admin/tags/:id': async () => ({ id: await tag(), body: { name: `Renamed tag ${unique()}` } }),
    'delete /api/admin/tags/:id': async () => ({ id: await tag() }),

    'post /api/admin/members/import/dry-run': async () => ({
      body: { csv: `name,email\r\nPolicy Sample,policy${unique()}@example.org\r\n` },
    }),
    'post /api/admin/members/import': async () => ({
      body: { csv: `name,email\r\nPolicy Sample,policy${unique()}@example.org\r\n`, sendWelcomeMail: false },
    }),

    'get /api/admin/dashboard': async () => ({}),
    'get /api/admin/settings/organisation': async () => ({}),
    'get /api/admin/default-content': async () => ({}),

    'get /api/admin/settings/security': async () => ({}),
    // Off: the matrix signs its callers in without two-factor.
    'put /api/admin/settings/security': async () => ({ body: { requireTwoFactor: false } }),

    'get /api/admin/mail': async () => ({}),
    'post /api/admin/mail/:id/retry': async () => ({
      id: await insertFailedMail(app.runtime.deps.db, app.clock.now()),
    }),
    'delete /api/admin/mail/:id': async () => ({ id: await insertFailedMail(app.runtime.deps.db, app.clock.now()) }),
    'get /api/admin/mail/:id': async () => ({ id: await insertFailedMail(app.runtime.deps.db, app.clock.now()) }),

    'get /api/admin/audit': async () => ({}),
    'get /api/admin/audit/export.csv': async () => ({}),
    'get /api/admin/audit/:id': async () => ({
      id: (await app.runtime.deps.db('audit_log').orderBy('id', 'desc').first('id'))!.id,
    }),
  };
  for (const [path, body] of versionedSamples) {
    const base = `/api/admin/${path}`;
    samples[`get ${base}`] = async () => ({});
    samples[`get ${base}/:id`] = async () => ({ id: await make(base, body) });
    samples[`post ${base}`] = async () => ({ body });
    samples[`put ${base}/:id`] = async () => ({ id: await make(base, body), body });
    samples[`patch ${base}/:id/activate`] = async () => ({ id: await inactiveVersion(base, body) });
    samples[`put ${base}/:id/schedule`] = async () => ({
      id: await inactiveVersion(base, body),
      body: { activateAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString() },
    });
    samples[`patch ${base}/:id/unschedule`] = async () => ({ id: await inactiveVersion(base, body) });
    samples[`delete ${base}/:id`] = async () => ({ id: await inactiveVersion(base, body) });
  }

  const key = (route: AdminRoute) => `${route.method} ${route.path}`;

  async function send(route: AdminRoute, token: string | undefined): Promise<number> {
    const sample = await samples[key(route)]!();
    const path = route.path
      .replace(':id', String(sample.id ?? 1))
      .replace(':userId', String(sample.userId ?? 1))
      .replace(':mailId', String(sample.mailId ?? 1));
    const response = await app.request(route.method.toUpperCase(), path, {
      ...(token && { token }),
      ...(sample.body !== undefined && { body: sample.body }),
    });
    return response.status;
  }

  /**
   * `with`: an admin holding only this module's action; `without`: an admin holding every slot but
   * that one. For the super-admin-only areas both hold all 21 slots, which must still not be enough.
   */
  async function adminToken(route: AdminRoute, variant: 'with' | 'without'): Promise<string> {
    const name = `${variant} ${route.module}.${route.action}`;
    if (!adminTokens.has(name)) {
      let permissions: Permissions = variant === 'with' ? emptyPermissions() : fullPermissions();
      if (!isAssignableModule(route.module)) permissions = fullPermissions();
      else permissions[route.module][route.action] = variant === 'with';
      adminTokens.set(name, (await app.createUser({ role: 'admin', permissions })).token);
    }
    return adminTokens.get(name)!;
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    const superLogin = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN });
    superToken = superLogin.body.data.token;
    superId = superLogin.body.data.user.id;
    const member = await app.createUser({ role: 'member' });
    memberToken = member.token;
    memberId = member.user.id;
    bareAdminToken = (await app.createUser({ role: 'admin', permissions: emptyPermissions() })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has a sample request for every admin route, and no sample for a route that does not exist', () => {
    const routes = app.runtime.api.adminRoutes.map(key).sort();
    expect(routes.length).toBeGreaterThan(40);
    expect(Object.keys(samples).sort()).toEqual(routes);
  });

  it('covers the assignable modules plus the super-admin-only areas and the dashboard', () => {
    const modules = new Set(app.runtime.api.adminRoutes.map((route) => route.module));
    for (const module of [
      ...ASSIGNABLE_MODULES,
      'privacy_policy',
      'terms_of_service',
      'admins',
      'audit',
      'mail',
      'dashboard',
    ]) {
      expect(modules, module).toContain(module);
    }
  });

  // Six calls for each of 60-odd routes, one after another: past the default 30 s on a loaded machine.
  it('answers every route as the policy says for each kind of caller', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const route of app.runtime.api.adminRoutes) {
      const open = route.module === 'dashboard';
      const superOnly = !open && !isAssignableModule(route.module);
      const expectations: [string, string | undefined, (status: number) => boolean][] = [
        ['anonymous', undefined, (s) => s === 401],
        ['member', memberToken, (s) => s === 403],
        ['admin with no permission at all', bareAdminToken, open ? (s) => s < 300 : (s) => s === 403],
        [
          'admin with every permission but this one',
          await adminToken(route, 'without'),
          open ? (s) => s < 300 : (s) => s === 403,
        ],
        [
          'admin with exactly this permission',
          await adminToken(route, 'with'),
          superOnly ? (s) => s === 403 : (s) => s < 300,
        ],
        ['super admin', superToken, (s) => s >= 200 && s < 300],
      ];
      for (const [caller, token, expected] of expectations) {
        const status = await send(route, token);
        if (!expected(status)) failures.push(`${key(route)} as ${caller}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  /**
   * The audit trail (issue 11): each successful write through the policy table leaves exactly one entry
   * of the route's module, with the actor, the entity, what changed and the request id; a refused
   * write (400 here: an empty body) leaves none.
   */
  /** A POST that only reads: the members import's dry run. */
  const WRITES_NOTHING = new Set([
    'post /api/admin/members/import/dry-run',
    'post /api/admin/announcements/preview',
    'post /api/admin/announcements/reach',
  ]);
  /** Writes of many rows, audited by one entry that names none of them. */
  const WITHOUT_ENTITY = new Set(['post /api/admin/members/import', 'post /api/admin/contact-messages/bulk']);

  it('records every successful admin write exactly once, in its request, and no refused one', async () => {
    const failures: string[] = [];
    const lastId = async () => Number((await app.runtime.deps.db('audit_log').max({ id: 'id' }).first())?.id ?? 0);
    for (const route of app.runtime.api.adminRoutes.filter((candidate) => candidate.method !== 'get')) {
      const sample = await samples[key(route)]!();
      if (WRITES_NOTHING.has(key(route))) {
        const since = await lastId();
        const response = await app.request('POST', route.path, { token: superToken, body: sample.body });
        if (response.status !== 200 || (await lastId()) !== since) failures.push(`${key(route)}: wrote an entry`);
        continue;
      }
      const path = route.path
        .replace(':id', String(sample.id ?? 1))
        .replace(':userId', String(sample.userId ?? 1))
        .replace(':mailId', String(sample.mailId ?? 1));
      const requestId = `audit-walk-${unique()}`.slice(0, 60);
      const since = await lastId();
      const response = await app.request(route.method.toUpperCase(), path, {
        token: superToken,
        headers: { 'x-request-id': requestId },
        ...(sample.body !== undefined && { body: sample.body }),
      });
      const entries = await app.runtime.deps.db('audit_log').where('id', '>', since);
      // Filed under the route's module, or the one it names for its audit entries (announcements).
      const own = entries.filter((entry) => entry.module === (route.auditModule ?? route.module));
      const entry = own[0];
      if (response.status >= 300 || own.length !== 1 || !entry) {
        failures.push(`${key(route)}: ${response.status}, ${own.length} entries`);
        continue;
      }
      const complete =
        entry.actor_id === superId &&
        entry.actor_email === SUPER_ADMIN.email &&
        entry.request_id === requestId &&
        (entry.entity_id !== null || key(route).endsWith('/reorder') || WITHOUT_ENTITY.has(key(route))) &&
        // An edit that sends the stored values again changes nothing: its entry has no fields.
        (entry.action === 'update' || Object.keys(JSON.parse(entry.changes ?? '{}')).length > 0);
      if (!complete) failures.push(`${key(route)}: incomplete entry ${JSON.stringify(entry)}`);
      // Other entries of the request are security events (an invitation sent), never a second write.
      if (entries.some((other) => other !== entry && other.module !== 'auth')) failures.push(`${key(route)}: extra`);

      if (sample.body === undefined) continue;
      const refusedSince = await lastId();
      const refused = await app.request(route.method.toUpperCase(), path, { token: superToken, body: {} });
      if (refused.status !== 400 || (await lastId()) !== refusedSince) {
        failures.push(`${key(route)} refused: ${refused.status}, entries ${(await lastId()) - refusedSince}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
