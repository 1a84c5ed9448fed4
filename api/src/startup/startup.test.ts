import path from 'node:path';
import {
  defaultAboutUs,
  defaultActivities,
  defaultFaqs,
  defaultMembershipCards,
  defaultTestimonials,
  NEW_PASSWORD_SAME,
} from '@npo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { toBool, toIso, toIsoOrNull, toJson } from '../db/rows.js';
import type { Clock } from '../lib/clock.js';
import { hashPassword } from '../lib/passwords.js';
import { PASSWORD_CHANGE_REQUIRED } from '../middleware/session.js';
import { createUsersRepository } from '../modules/users/repository.js';
import {
  createTestDatabase,
  describeEngines,
  testEngines,
  type Engine,
  type TestDatabase,
} from '../test-support/databases.js';
import { serveRuntime, type ServedRuntime } from '../test-support/runtime-harness.js';
import { CONTENT_TABLES } from '../db/tables.js';

const SPEC_OBJECTIVES = [
  'Case Study Discussions',
  'Cross-Border Patient Counselling',
  'Global Nutrition Education',
  'Job Opportunities',
  'Cross-Border Degrees',
];
const FIXED_NOW = new Date('2026-03-02T08:30:00.000Z');
const fixedClock: Clock = { now: () => new Date(FIXED_NOW) };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Databases and runtimes of one test, closed and dropped after it whatever happens. */
function resources() {
  const databases: TestDatabase[] = [];
  const runtimes: ServedRuntime[] = [];
  return {
    async database(engine: Engine) {
      const database = await createTestDatabase(engine);
      databases.push(database);
      return database;
    },
    async start(...args: Parameters<typeof serveRuntime>) {
      const served = await serveRuntime(...args);
      runtimes.push(served);
      return served;
    },
    async stop(served: ServedRuntime) {
      runtimes.splice(runtimes.indexOf(served), 1);
      await served.close();
    },
    async cleanUp() {
      for (const served of runtimes.splice(0)) await served.close();
      for (const database of databases.splice(0)) await database.drop();
    },
  };
}

async function counts(served: ServedRuntime): Promise<Record<string, number>> {
  const db = served.runtime.deps.db;
  const result: Record<string, number> = {};
  for (const table of CONTENT_TABLES) {
    result[table] = Number((await db(table).count({ count: '*' }).first())?.count ?? 0);
  }
  return result;
}

async function login(served: ServedRuntime, email: string, password: string) {
  return served.request('POST', '/api/auth/login', { body: { email, password } });
}

describeEngines('start-up on %s', (engine) => {
  const own = resources();
  afterEach(() => own.cleanUp());

  describe('demo content', () => {
    it('fills an empty database with SPEC fallback content when SEED_DEMO=true', async () => {
      const served = await own.start(await own.database(engine), { SEED_DEMO: 'true' }, fixedClock);
      const db = served.runtime.deps.db;

      expect(await counts(served)).toEqual({
        membership_cards: 6,
        about_us_versions: 1,
        contact_info_versions: 1,
        privacy_policy_versions: 1,
        terms_of_service_versions: 1,
        activities: defaultActivities.length,
        testimonials: 3,
        faqs: 8,
      });
      for (const table of [
        'about_us_versions',
        'contact_info_versions',
        'privacy_policy_versions',
        'terms_of_service_versions',
      ]) {
        const rows = await db(table).select('version', 'is_active');
        expect(
          rows.map((row) => ({ version: row.version, active: toBool(row.is_active) })),
          table,
        ).toEqual([{ version: 1, active: true }]);
      }

      const about = await served.request('GET', '/api/about-us');
      expect(about.status).toBe(200);
      expect(about.body.data.isActive).toBe(true);
      expect(about.body.data.objectives.map((objective: { title: string }) => objective.title)).toEqual(
        SPEC_OBJECTIVES,
      );

      const activities = await db('activities').select('status', 'date');
      const upcoming = activities.filter((row) => row.status === 'upcoming');
      const past = activities.filter((row) => row.status === 'past');
      expect(upcoming.length).toBeGreaterThan(0);
      expect(past.length).toBeGreaterThan(0);
      for (const row of upcoming) expect(new Date(toIso(row.date)).getTime()).toBeGreaterThan(FIXED_NOW.getTime());
      for (const row of past) expect(new Date(toIso(row.date)).getTime()).toBeLessThan(FIXED_NOW.getTime());

      expect(served.logs.entries().filter((entry) => entry.msg === 'demo content seeded')).toHaveLength(1);
    });

    it('does not seed again when a second runtime starts on the same database', async () => {
      const database = await own.database(engine);
      const first = await own.start(database, { SEED_DEMO: 'true' }, fixedClock);
      const seeded = await counts(first);
      // Content that staff delete must not come back at the next start.
      await first.runtime.deps.db('faqs').where('sort_order', '>', 0).delete();
      await own.stop(first);

      const second = await own.start(database, { SEED_DEMO: 'true' }, fixedClock);
      expect(await counts(second)).toEqual({ ...seeded, faqs: 1 });
      expect(second.logs.entries().filter((entry) => entry.msg === 'demo content seeded')).toHaveLength(0);
    });

    it('leaves the content empty with SEED_DEMO=false', async () => {
      const served = await own.start(await own.database(engine), { SEED_DEMO: 'false' });
      expect(Object.values(await counts(served))).toEqual(CONTENT_TABLES.map(() => 0));
      expect(served.logs.text()).not.toContain('demo content seeded');
    });
  });

  describe('super admin bootstrap', () => {
    it('creates the super admin of SUPER_ADMIN_*, who can log in, without logging the password', async () => {
      const served = await own.start(await own.database(engine), {
        SUPER_ADMIN_EMAIL: 'Chief@Example.org',
        SUPER_ADMIN_PASSWORD: 'chosen-password-1',
        SUPER_ADMIN_NAME: 'Chief Admin',
      });
      const response = await login(served, 'chief@example.org', 'chosen-password-1');
      expect(response.status).toBe(200);
      // A password the operator chose is theirs: nothing to change at first sign-in.
      expect(response.body.data.passwordChangeRequired).toBeUndefined();
      expect(response.body.data.user).toMatchObject({
        name: 'Chief Admin',
        email: 'chief@example.org',
        role: 'super_admin',
        isActive: true,
      });
      expect(served.logs.text()).toContain('chief@example.org');
      expect(served.logs.text()).not.toContain('chosen-password-1');
    });

    it('without SUPER_ADMIN_* creates admin@example.org with a one-time password logged exactly once', async () => {
      const database = await own.database(engine);
      const first = await own.start(database);
      const line = first.logs.entries().find((entry) => /one-time password/.test(String(entry.msg)));
      expect(line).toMatchObject({ email: 'admin@example.org' });
      const password = /one-time password: (\S+)/.exec(String(line?.msg))?.[1];
      expect(password).toMatch(/^[\w-]{16,}$/);
      expect(first.logs.text().split(password!)).toHaveLength(2);

      const response = await login(first, 'admin@example.org', password!);
      expect(response.status).toBe(200);
      expect(response.body.data.user.role).toBe('super_admin');
      // The printed password is for the first sign-in: the server asks for a new one before anything else.
      expect(response.body.data.passwordChangeRequired).toBe(true);
      expect(
        Object.values(response.body.data.user.permissions).every((slots) =>
          Object.values(slots as object).every(Boolean),
        ),
      ).toBe(true);
      const token = response.body.data.token as string;
      const dashboard = await first.request('GET', '/api/admin/dashboard', { token });
      expect(dashboard.status).toBe(403);
      expect(dashboard.body.message).toBe(PASSWORD_CHANGE_REQUIRED);
      expect((await first.request('GET', '/api/account/sessions', { token })).status).toBe(403);
      expect((await first.request('POST', '/api/account/two-factor/setup', { token })).status).toBe(403);
      expect((await first.request('GET', '/api/auth/me', { token })).status).toBe(200);
      const change = (newPassword: string) =>
        first.request('POST', '/api/account/password', {
          token,
          body: { currentPassword: password, newPassword, confirmPassword: newPassword },
        });
      const same = await change(password!);
      expect(same.status).toBe(400);
      expect(same.body.errors).toEqual([{ field: 'newPassword', message: NEW_PASSWORD_SAME }]);
      expect((await change('my-own-password-1')).status).toBe(200);
      expect((await first.request('GET', '/api/admin/dashboard', { token })).status).toBe(200);
      const again = await login(first, 'admin@example.org', 'my-own-password-1');
      expect(again.status).toBe(200);
      expect(again.body.data.passwordChangeRequired).toBeUndefined();
      expect((await login(first, 'admin@example.org', password!)).status).toBe(401);
      await own.stop(first);

      // A restart, even with SUPER_ADMIN_* now set, neither adds a super admin nor prints a password again.
      const second = await own.start(database, {
        SUPER_ADMIN_EMAIL: 'other@example.org',
        SUPER_ADMIN_PASSWORD: 'other-password-1',
      });
      const superAdmins = await second.runtime.deps.db('users').where({ role: 'super_admin' }).select('email');
      expect(superAdmins).toEqual([{ email: 'admin@example.org' }]);
      expect(await second.runtime.deps.db('users').where({ email: 'other@example.org' }).first()).toBeUndefined();
      expect(second.logs.text()).not.toMatch(/one-time password/);
      expect((await login(second, 'admin@example.org', 'my-own-password-1')).status).toBe(200);
    });

    it('promotes an existing account with SUPER_ADMIN_EMAIL instead of adding a second one', async () => {
      const database = await own.database(engine);
      const db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: path.join(database.dataDir, 'app.db') });
      try {
        await migrateToLatest(db);
        await createUsersRepository(db).insert(
          {
            name: 'Existing Member',
            email: 'member@example.org',
            passwordHash: await hashPassword('old-password'),
            role: 'member',
            permissions: {},
          },
          new Date(),
        );
      } finally {
        await db.destroy();
      }
      const served = await own.start(database, {
        SUPER_ADMIN_EMAIL: 'MEMBER@example.org',
        SUPER_ADMIN_PASSWORD: 'new-password-1',
      });
      expect(await served.runtime.deps.db('users').select('email', 'role')).toEqual([
        { email: 'member@example.org', role: 'super_admin' },
      ]);
      expect((await login(served, 'member@example.org', 'old-password')).status).toBe(401);
      expect((await login(served, 'member@example.org', 'new-password-1')).status).toBe(200);
    });
  });
});

/** Seeded content as it leaves the server: the public answers, and raw rows made engine-neutral. */
async function presentedContent(served: ServedRuntime): Promise<Record<string, unknown>> {
  const db = served.runtime.deps.db;
  const content: Record<string, unknown> = {};
  for (const path of [
    '/api/about-us',
    '/api/contact-info',
    '/api/privacy-policy',
    '/api/terms-of-service',
    '/api/membership-cards',
  ]) {
    const response = await served.request('GET', path);
    expect(response.status, path).toBe(200);
    content[path] = response.body.data;
  }
  content.activities = (await db('activities').orderBy('id')).map((row) => ({
    id: row.id,
    title: row.title,
    date: toIso(row.date),
    status: row.status,
    tags: toJson(row.tags, null),
    capacity: row.capacity,
    createdAt: toIso(row.created_at),
  }));
  content.testimonials = (await db('testimonials').orderBy('id')).map((row) => ({
    id: row.id,
    name: row.name,
    isFeatured: toBool(row.is_featured),
    isActive: toBool(row.is_active),
    updatedAt: toIso(row.updated_at),
  }));
  content.faqs = (await db('faqs').orderBy('id')).map((row) => ({
    id: row.id,
    question: row.question,
    category: row.category,
    isActive: toBool(row.is_active),
    order: row.sort_order,
  }));
  content.policyEffectiveDate = toIsoOrNull(
    (await db('privacy_policy_versions').first('effective_date'))?.effective_date,
  );
  return content;
}

describe('seeded content across engines', () => {
  const own = resources();
  afterEach(() => own.cleanUp());

  it('reads back booleans, JSON and dates with the same types and values on every engine', async () => {
    const byEngine = new Map<Engine, Record<string, unknown>>();
    for (const engine of testEngines()) {
      const served = await own.start(await own.database(engine), { SEED_DEMO: 'true' }, fixedClock);
      byEngine.set(engine, await presentedContent(served));
      await own.stop(served);
    }

    for (const [engine, content] of byEngine) {
      const about = content['/api/about-us'] as Record<string, unknown>;
      expect(about.isActive, engine).toBe(true);
      expect(about.objectives, engine).toEqual(defaultAboutUs.objectives);
      expect(about.createdAt, engine).toBe(FIXED_NOW.toISOString());

      const contact = content['/api/contact-info'] as Record<string, unknown>;
      expect(typeof contact.socialLinks, engine).toBe('object');
      expect(contact.isActive, engine).toBe(true);

      const cards = (content['/api/membership-cards'] as { cards: Record<string, unknown>[] }).cards;
      expect(cards, engine).toHaveLength(defaultMembershipCards.length);
      for (const card of cards) {
        expect(Array.isArray(card.points), engine).toBe(true);
        expect(card.isActive, engine).toBe(true);
        expect(card.createdAt, engine).toMatch(ISO);
      }

      const activities = content.activities as { tags: unknown; date: string; capacity: unknown }[];
      expect(
        activities.map((activity) => activity.tags),
        engine,
      ).toEqual(defaultActivities.map((a) => a.tags));
      expect(
        activities.map((activity) => activity.capacity),
        engine,
      ).toEqual(defaultActivities.map((a) => a.capacity));
      for (const activity of activities) expect(activity.date, engine).toMatch(/T\d{2}:00:00\.000Z$/);

      const testimonials = content.testimonials as { isFeatured: boolean }[];
      expect(
        testimonials.map((t) => t.isFeatured),
        engine,
      ).toEqual(defaultTestimonials.map((t) => t.isFeatured));
      const faqs = content.faqs as { order: number; isActive: boolean }[];
      expect(
        faqs.map((faq) => faq.order),
        engine,
      ).toEqual(defaultFaqs.map((_faq, index) => index));
      expect(content.policyEffectiveDate, engine).toMatch(ISO);
    }

    const [first, ...others] = [...byEngine.values()];
    for (const other of others) expect(other).toEqual(first);
  });
});
