import type { DashboardData, Role } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../db/rows.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { createUsersRepository } from '../users/repository.js';
import { percentChange, startOfIsoWeek } from './service.js';

const DAY = 24 * 60 * 60 * 1000;
const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

describe('dashboard arithmetic', () => {
  it('rounds percentage changes to one decimal, with 100 from nothing and 0 for nothing at all', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(4, 4)).toBe(0);
    expect(percentChange(3, 1)).toBe(200);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(7, 6)).toBe(16.7);
  });

  it('starts the week on Monday 00:00 UTC', () => {
    const monday = new Date('2026-11-16T00:00:00.000Z');
    expect(startOfIsoWeek(new Date('2026-11-16T00:00:00.000Z'))).toEqual(monday);
    expect(startOfIsoWeek(new Date('2026-11-18T13:45:00.000Z'))).toEqual(monday);
    expect(startOfIsoWeek(new Date('2026-11-22T23:59:59.999Z'))).toEqual(monday);
    expect(startOfIsoWeek(new Date('2026-11-23T00:00:00.000Z'))).toEqual(new Date('2026-11-23T00:00:00.000Z'));
    expect(startOfIsoWeek(new Date('2027-01-01T08:00:00.000Z'))).toEqual(new Date('2026-12-28T00:00:00.000Z'));
  });
});

describeEngines('dashboard on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;
  let member: Awaited<ReturnType<TestApp['createUser']>>;
  /** The seeded super admin's session: the whole dashboard. */
  let rootToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    const root = await app.runtime.deps.db('users').where({ role: 'super_admin' }).first('id');
    rootToken = await app.newSession(root!.id);
    admin = await app.createUser({ role: 'admin', name: 'Plain Admin' });
    member = await app.createUser({ role: 'member', name: 'Plain Member' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.runtime.deps.db;
  const loadDashboard = async () => {
    const response = await app.request('GET', '/api/admin/dashboard', { token: rootToken });
    expect(response.status).toBe(200);
    return response.body.data as DashboardData;
  };
  /** Index of today in Mon..Sun and that Monday's midnight, worked out here independently of the service. */
  const currentWeek = (now: Date) => {
    const todayIndex = (now.getUTCDay() + 6) % 7;
    return { todayIndex, monday: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - todayIndex) };
  };

  it('is open to every admin, without any module permission, and to nobody else', async () => {
    expect(app.runtime.api.adminRoutes.filter((route) => route.module === 'dashboard')).toEqual([
      { method: 'get', path: '/api/admin/dashboard', module: 'dashboard', action: 'view' },
      { method: 'get', path: '/api/admin/settings/organisation', module: 'dashboard', action: 'view' },
      { method: 'get', path: '/api/admin/default-content', module: 'dashboard', action: 'view' },
    ]);
    expect((await app.request('GET', '/api/admin/dashboard')).status).toBe(401);
    expect((await app.request('GET', '/api/admin/dashboard', { token: member.token })).status).toBe(403);
    const response = await app.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('sends each part only to staff who may view its module, and names the parts it left out (issue 55 item 3)', async () => {
    const viewer = await app.createUser({
      role: 'admin',
      name: 'Members Viewer',
      permissions: { members: { view: true, edit: false, delete: false } },
    });
    const answerOf = async (token: string) => {
      const response = await app.request('GET', '/api/admin/dashboard', { token });
      expect(response.status).toBe(200);
      return { text: JSON.stringify(response.body), data: response.body.data as DashboardData };
    };

    // No permission at all: no figure, name or e-mail, only which parts were withheld and why.
    const none = await answerOf(admin.token);
    expect(none.text).not.toContain(member.email);
    expect(none.text).not.toContain(member.user.name);
    expect(none.data).toEqual({
      stats: {},
      statPeriods: {},
      contentStats: {},
      defaultContent: expect.any(Array),
      withheld: [
        'totalUsers',
        'userGrowth',
        'recentUsers',
        'activeAdmins',
        'totalActivities',
        'upcomingActivities',
        'totalTestimonials',
        'featuredTestimonials',
        'membershipCards',
        'aboutUsVersions',
        'contactInfoVersions',
      ],
    });

    // Members view: the users' figures, growth and recent users with their e-mails, and nothing else.
    const members = await answerOf(viewer.token);
    expect(Object.keys(members.data.stats)).toEqual(['totalUsers', 'totalUsersChange']);
    expect(Object.keys(members.data.statPeriods!)).toEqual(['totalUsers']);
    expect(members.data.userGrowth).toHaveLength(7);
    expect(members.data.recentUsers!.map((user) => user.email)).toContain(member.email);
    expect(members.data.contentStats).toEqual({});
    expect(members.data).not.toHaveProperty('upcomingActivities');
    expect(members.data).not.toHaveProperty('backup');
    expect(members.data.withheld).toEqual([
      'activeAdmins',
      'totalActivities',
      'upcomingActivities',
      'totalTestimonials',
      'featuredTestimonials',
      'membershipCards',
      'aboutUsVersions',
      'contactInfoVersions',
    ]);

    // A super admin: every part, nothing withheld.
    const all = await answerOf(rootToken);
    expect(all.data.withheld).toEqual([]);
    expect(Object.keys(all.data.stats)).toHaveLength(8);
    expect(Object.keys(all.data.contentStats)).toHaveLength(4);
    expect(all.data.recentUsers!.map((user) => user.email)).toContain(member.email);
    expect(all.data.upcomingActivities).toEqual([]);
    expect(all.data).toHaveProperty('backup');
    await db()('users').where('id', viewer.user.id).delete();
  });

  it('answers the shape of SPEC 3 for a database holding only three fresh accounts', async () => {
    const { todayIndex } = currentWeek(app.clock.now());
    const accounts = await db()('users').orderBy('id', 'desc');
    expect(accounts.map((row) => row.role)).toEqual(['member', 'admin', 'super_admin']);
    expect(await loadDashboard()).toEqual({
      stats: {
        totalUsers: 3,
        totalUsersChange: 100,
        activeAdmins: 2,
        activeAdminsChange: 100,
        totalActivities: 0,
        totalActivitiesChange: 0,
        totalTestimonials: 0,
        totalTestimonialsChange: 0,
      },
      userGrowth: WEEK.map((day, index) => ({ day, users: index === todayIndex ? 3 : 0 })),
      recentUsers: accounts.map((row) => ({
        name: row.name,
        email: row.email,
        role: row.role,
        createdAt: toIso(row.created_at),
      })),
      upcomingActivities: [],
      contentStats: {
        membershipCards: { total: 0, active: 0 },
        aboutUsVersions: { total: 0, active: 0 },
        contactInfoVersions: { total: 0, active: 0 },
        featuredTestimonials: 0,
      },
      // A fresh install: nothing to compare with, so no change is a trend.
      statPeriods: {
        totalUsers: { current: 3, previous: 0, comparable: false },
        activeAdmins: { current: 2, previous: 0, comparable: false },
        totalActivities: { current: 0, previous: 0, comparable: false },
        totalTestimonials: { current: 0, previous: 0, comparable: false },
      },
      // Nothing public yet: every section shows SPEC's built-in content.
      defaultContent: [
        'about',
        'membershipCards',
        'testimonials',
        'contactInfo',
        'faqs',
        'privacyPolicy',
        'termsOfService',
      ],
      withheld: [],
      backup: expect.any(Object),
    });
  });

  it('computes every number from the stored data', async () => {
    const now = app.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ahead = (ms: number) => new Date(now.getTime() + ms);
    const { todayIndex, monday } = currentWeek(now);

    // Users: three accounts exist already, created just now (today, active, two of them staff).
    const users = createUsersRepository(db());
    let counter = 0;
    const addUser = async (role: Role, createdAt: Date, isActive = true) => {
      counter += 1;
      const email = `dash${counter}@example.org`;
      return users.insert(
        { name: `Dash ${counter}`, email, passwordHash: null, role, permissions: {}, isActive },
        createdAt,
      );
    };
    // Kept for registrations: this week holds a single account on a Monday, these exist every day.
    const earlierAccounts = [
      await addUser('member', ago(45 * DAY)),
      await addUser('member', ago(45 * DAY)),
      await addUser('admin', ago(40 * DAY)),
    ];
    await addUser('admin', ago(10 * DAY), false);
    await addUser('member', ago(61 * DAY));
    await addUser('member', new Date(monday - 1)); // last Sunday, just before this week began
    const weekUsers = [];
    for (let day = 0; day <= todayIndex; day += 1) {
      for (let n = 0; n <= day; n += 1) weekUsers.push(await addUser('member', new Date(monday + day * DAY)));
    }
    const previousUsers = 3; // the two members 45 days ago and the admin 40 days ago
    const currentUsers = 3 + 1 + 1 + weekUsers.length; // fresh accounts, inactive admin, last Sunday, this week

    // Activities: created three in the last 30 days, two in the 30 before, two earlier.
    const addActivity = async (
      title: string,
      status: 'upcoming' | 'past',
      date: Date,
      createdAt: Date,
      capacity: number | null = null,
    ) => {
      const [row] = await db()('activities')
        .insert({
          title,
          description: 'A gathering of nutrition professionals.',
          date,
          location: 'Online',
          status,
          tags: '["community"]',
          capacity,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id');
      return (row as { id: number }).id;
    };
    const workshop = await addActivity('Workshop A', 'upcoming', ahead(20 * DAY), ago(5 * DAY), 30);
    await addActivity('Webinar B', 'upcoming', ahead(2 * DAY), ago(5 * DAY));
    const clinic = await addActivity('Clinic C', 'upcoming', ahead(10 * DAY), ago(1 * DAY), 10);
    await addActivity('Summit D', 'upcoming', ahead(40 * DAY), ago(35 * DAY));
    await addActivity('Meetup E', 'upcoming', ahead(60 * DAY), ago(50 * DAY), 100);
    await addActivity('Retreat F', 'upcoming', ahead(90 * DAY), ago(70 * DAY));
    await addActivity('Past G', 'past', ago(3 * DAY), ago(80 * DAY));
    const register = (activityId: number, userId: number) =>
      db()('activity_registrations').insert({ activity_id: activityId, user_id: userId, created_at: now });
    for (const user of earlierAccounts) await register(clinic, user.id);
    await register(workshop, admin.user.id);

    // Testimonials: one in the last 30 days against three before: -66.7 %; two featured, one of them inactive.
    const addTestimonial = (createdAt: Date, isFeatured: boolean, isActive = true) =>
      db()('testimonials').insert({
        name: 'Member',
        role: 'Dietitian',
        quote: 'A network that changed my practice.',
        is_featured: isFeatured,
        is_active: isActive,
        created_at: createdAt,
        updated_at: createdAt,
      });
    await addTestimonial(ago(2 * DAY), true);
    await addTestimonial(ago(31 * DAY), false);
    await addTestimonial(ago(40 * DAY), true, false);
    await addTestimonial(ago(59 * DAY), false);

    const stamps = { created_at: now, updated_at: now };
    await db()('membership_cards').insert(
      [true, true, false].map((isActive) => ({
        type: 'Community',
        title: 'Card',
        subtitle: 'A benefit of joining.',
        points: '[]',
        is_active: isActive,
        ...stamps,
      })),
    );
    await db()('about_us_versions').insert(
      [1, 2].map((version) => ({
        version,
        is_active: version === 2,
        description: 'About us text',
        aims: 'Aims text',
        objectives: '[]',
        ...stamps,
      })),
    );
    await db()('contact_info_versions').insert({
      version: 1,
      is_active: true,
      email: 'desk@example.org',
      phone: '+44 20 7946 0000',
      instagram: '@network',
      social_links: '{}',
      ...stamps,
    });

    const data = await loadDashboard();
    expect(data.stats).toEqual({
      totalUsers: 3 + counter,
      totalUsersChange: percentChange(currentUsers, previousUsers),
      activeAdmins: 3,
      activeAdminsChange: 100,
      totalActivities: 7,
      totalActivitiesChange: 50,
      totalTestimonials: 4,
      totalTestimonialsChange: -66.7,
    });
    expect(data.stats.totalUsersChange!).toBeGreaterThan(0);
    expect(data.userGrowth).toEqual(
      WEEK.map((day, index) => ({
        day,
        users: index < todayIndex ? index + 1 : index === todayIndex ? index + 1 + 3 : 0,
      })),
    );
    expect(data.upcomingActivities).toEqual([
      { title: 'Webinar B', date: ahead(2 * DAY).toISOString(), participants: 0, capacity: null },
      { title: 'Clinic C', date: ahead(10 * DAY).toISOString(), participants: 3, capacity: 10 },
      { title: 'Workshop A', date: ahead(20 * DAY).toISOString(), participants: 1, capacity: 30 },
      { title: 'Summit D', date: ahead(40 * DAY).toISOString(), participants: 0, capacity: null },
      { title: 'Meetup E', date: ahead(60 * DAY).toISOString(), participants: 0, capacity: 100 },
    ]);
    expect(data.contentStats).toEqual({
      membershipCards: { total: 3, active: 2 },
      aboutUsVersions: { total: 2, active: 1 },
      contactInfoVersions: { total: 1, active: 1 },
      featuredTestimonials: 2,
    });
    // History reaches back past both periods for users and activities, but no base holds 10 yet.
    expect(data.statPeriods).toEqual({
      totalUsers: { current: currentUsers, previous: previousUsers, comparable: false },
      activeAdmins: { current: 2, previous: 1, comparable: false },
      totalActivities: { current: 3, previous: 2, comparable: false },
      totalTestimonials: { current: 1, previous: 3, comparable: false },
    });
    // Active cards, an active About and contact version and active testimonials: the FAQs and both
    // policies (no active version) are on defaults.
    expect(data.defaultContent).toEqual(['faqs', 'privacyPolicy', 'termsOfService']);

    // A base of 10 in the 30 days before, but no record from before both periods: still no trend.
    for (let n = 0; n < 7; n += 1) await addTestimonial(ago(45 * DAY), false);
    const based = (await loadDashboard()).statPeriods!.totalTestimonials;
    expect(based).toEqual({ current: 1, previous: 10, comparable: false });
    // One from before both periods: the comparison means something now.
    await addTestimonial(ago(70 * DAY), false);
    expect((await loadDashboard()).statPeriods!.totalTestimonials).toEqual({
      current: 1,
      previous: 10,
      comparable: true,
    });
    // Admins are a head count, never compared with admins created, whatever the history.
    expect((await loadDashboard()).statPeriods!.activeAdmins!.comparable).toBe(false);

    const newestFirst = (await db()('users').select('id', 'name', 'email', 'role', 'created_at'))
      .map((row) => ({ ...row, createdAt: toIso(row.created_at) }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(data.recentUsers).toEqual(
      newestFirst.slice(0, 5).map(({ name, email, role, createdAt }) => ({ name, email, role, createdAt })),
    );
    expect(data.recentUsers!.slice(0, 3).map((user) => user.role)).toEqual(['member', 'admin', 'super_admin']);
  });
});

describeEngines('dashboard backup card on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => {
    await app?.close();
  });

  const dashboardOf = async (token: string) => {
    const response = await app.request('GET', '/api/admin/dashboard', { token });
    expect(response.status).toBe(200);
    return response.body.data as DashboardData;
  };

  it("is in a super admin's answer only: the newest backup's time and size, stale when none or two days old", async () => {
    const admin = await app.createUser({ role: 'admin' });
    const root = await app.createUser({ role: 'super_admin' });
    expect(await dashboardOf(admin.token)).not.toHaveProperty('backup');

    if (engine === 'postgres') {
      // Backed up with pg_dump elsewhere: the server has nothing to show and nothing to warn about.
      expect((await dashboardOf(root.token)).backup).toEqual({
        builtIn: false,
        lastAt: null,
        sizeBytes: null,
        stale: false,
      });
      return;
    }
    expect((await dashboardOf(root.token)).backup).toEqual({
      builtIn: true,
      lastAt: null,
      sizeBytes: null,
      stale: true,
    });

    const backup = (await app.runtime.backups!.runIfDue())!;
    expect(backup.sizeBytes).toBeGreaterThan(0);
    const fresh = { builtIn: true, lastAt: backup.takenAt.toISOString(), sizeBytes: backup.sizeBytes, stale: false };
    expect((await dashboardOf(root.token)).backup).toEqual(fresh);
    expect(await dashboardOf(admin.token)).not.toHaveProperty('backup');

    app.clock.advance(DAY);
    expect((await dashboardOf(root.token)).backup).toEqual(fresh);
    app.clock.advance(DAY + 60_000);
    expect((await dashboardOf(root.token)).backup).toEqual({ ...fresh, stale: true });
  });
});
