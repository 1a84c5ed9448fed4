import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const validTestimonial = {
  name: 'Amara Okafor',
  role: 'Clinical dietitian',
  quote: 'The case discussions changed how I counsel my patients.',
};

type Listed = { id: number };
const ids = (list: Listed[]) => list.map((testimonial) => testimonial.id);

describeEngines('testimonials on %s', (engine) => {
  let app: TestApp;
  let token: string;

  const createTestimonial = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.request('POST', '/api/admin/testimonials', {
      token,
      body: { ...validTestimonial, ...overrides },
    });
    expect(response.status).toBe(201);
    return response.body.data as { id: number; isFeatured: boolean };
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (
      await app.createUser({ role: 'admin', permissions: { testimonials: { view: true, edit: true, delete: true } } })
    ).token;
  });
  beforeEach(async () => {
    // Lists are checked exactly, so every test starts without testimonials.
    await app.runtime.deps.db('testimonials').delete();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates, lists, updates and deletes a testimonial, and the public list follows', async () => {
    const create = await app.request('POST', '/api/admin/testimonials', { token, body: validTestimonial });
    expect(create.status).toBe(201);
    expect(create.body.data).toMatchObject({
      ...validTestimonial,
      isFeatured: false,
      isActive: true,
      id: expect.any(Number),
    });
    const id = create.body.data.id;

    const adminList = await app.request('GET', '/api/admin/testimonials', { token });
    expect(ids(adminList.body.data.testimonials)).toEqual([id]);
    expect(adminList.body.data.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });

    const update = await app.request('PUT', `/api/admin/testimonials/${id}`, {
      token,
      body: { ...validTestimonial, role: 'Public health nutritionist', isActive: false },
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ id, role: 'Public health nutritionist', isActive: false });

    const hidden = await app.request('GET', '/api/testimonials');
    expect(hidden.body.data.testimonials).toEqual([]);

    await app.request('PUT', `/api/admin/testimonials/${id}`, { token, body: { ...validTestimonial, isActive: true } });
    const visible = await app.request('GET', '/api/testimonials');
    expect(ids(visible.body.data.testimonials)).toEqual([id]);
    expect(visible.headers.get('cache-control')).toBe('no-cache');

    const removed = await app.request('DELETE', `/api/admin/testimonials/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(await app.count('testimonials')).toBe(0);
  });

  it('shows active testimonials publicly, featured first then newest', async () => {
    const featured = await createTestimonial({ isFeatured: true });
    app.clock.advance(1000);
    const older = await createTestimonial();
    app.clock.advance(1000);
    const newer = await createTestimonial();
    app.clock.advance(1000);
    const inactive = await createTestimonial({ isActive: false });

    const publicList = await app.request('GET', '/api/testimonials');
    expect(publicList.status).toBe(200);
    expect(ids(publicList.body.data.testimonials)).toEqual([featured.id, newer.id, older.id]);
    expect(publicList.body.data.pagination.total).toBe(3);

    const adminList = await app.request('GET', '/api/admin/testimonials', { token });
    expect(ids(adminList.body.data.testimonials)).toEqual([featured.id, inactive.id, newer.id, older.id]);
  });

  it('toggles the featured flag and answers the updated testimonial', async () => {
    const first = await createTestimonial();
    app.clock.advance(1000);
    const second = await createTestimonial();

    const feature = await app.request('PATCH', `/api/admin/testimonials/${first.id}/featured`, { token });
    expect(feature.status).toBe(200);
    expect(feature.body.data).toMatchObject({ id: first.id, isFeatured: true });
    expect(ids((await app.request('GET', '/api/testimonials')).body.data.testimonials)).toEqual([first.id, second.id]);

    const unfeature = await app.request('PATCH', `/api/admin/testimonials/${first.id}/featured`, { token });
    expect(unfeature.body.data).toMatchObject({ id: first.id, isFeatured: false });
    expect(ids((await app.request('GET', '/api/testimonials')).body.data.testimonials)).toEqual([second.id, first.id]);
  });

  it('keeps the featured and active flags when an edit sends only name, role and quote (SPEC payload)', async () => {
    const created = await app.request('POST', '/api/admin/testimonials', {
      token,
      body: { ...validTestimonial, isFeatured: true, isActive: false },
    });
    const id = created.body.data.id;
    const edited = await app.request('PUT', `/api/admin/testimonials/${id}`, {
      token,
      body: { name: 'Edited Name', role: validTestimonial.role, quote: validTestimonial.quote },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Edited Name', isFeatured: true, isActive: false });
    const plain = await app.request('POST', '/api/admin/testimonials', {
      token,
      body: { name: 'Plain Person', role: validTestimonial.role, quote: validTestimonial.quote },
    });
    expect(plain.body.data).toMatchObject({ isFeatured: false, isActive: true });
    await app.request('DELETE', `/api/admin/testimonials/${id}`, { token });
    await app.request('DELETE', `/api/admin/testimonials/${plain.body.data.id}`, { token });
  });

  it('refuses invalid bodies with field messages and changes nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'role', 'quote']],
      [{ ...validTestimonial, name: 'A' }, ['name']],
      [{ ...validTestimonial, name: '  A  ' }, ['name']],
      [{ ...validTestimonial, name: 'x'.repeat(101) }, ['name']],
      [{ ...validTestimonial, name: 7 }, ['name']],
      [{ ...validTestimonial, role: 'RD' }, ['role']],
      [{ ...validTestimonial, role: 'x'.repeat(151) }, ['role']],
      [{ ...validTestimonial, quote: 'Too short' }, ['quote']],
      [{ ...validTestimonial, quote: 'x'.repeat(501) }, ['quote']],
      [{ ...validTestimonial, quote: ['a quote in a list'] }, ['quote']],
      [{ ...validTestimonial, isActive: 'yes' }, ['isActive']],
      [{ ...validTestimonial, isFeatured: 1 }, ['isFeatured']],
    ];
    await expectInvalidBodies(
      app,
      { method: 'POST', path: '/api/admin/testimonials', token, table: 'testimonials' },
      cases,
    );
    const { id } = await createTestimonial();
    await expectInvalidBodies(
      app,
      { method: 'PUT', path: `/api/admin/testimonials/${id}`, token, table: 'testimonials' },
      [...cases, ...malformedIfMatchCases(validTestimonial)],
    );
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectUnknownIds(app, {
      method: 'PUT',
      path: (id) => `/api/admin/testimonials/${id}`,
      token,
      body: validTestimonial,
    });
    await expectUnknownIds(app, { method: 'PATCH', path: (id) => `/api/admin/testimonials/${id}/featured`, token });
    await expectUnknownIds(app, { method: 'DELETE', path: (id) => `/api/admin/testimonials/${id}`, token });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const { id } = await createTestimonial();
    expect((await app.request('GET', '/api/admin/testimonials')).status).toBe(401);
    expect((await app.request('PATCH', `/api/admin/testimonials/${id}/featured`)).status).toBe(401);

    const member = await app.createUser({ role: 'member' });
    expect((await app.request('GET', '/api/admin/testimonials', { token: member.token })).status).toBe(403);

    const viewer = await app.createUser({
      role: 'admin',
      permissions: { testimonials: { view: true, edit: false, delete: false } },
    });
    expect((await app.request('GET', '/api/admin/testimonials', { token: viewer.token })).status).toBe(200);
    const refused = await app.request('PATCH', `/api/admin/testimonials/${id}/featured`, { token: viewer.token });
    expect(refused.status).toBe(403);
    expect((await app.request('DELETE', `/api/admin/testimonials/${id}`, { token: viewer.token })).status).toBe(403);
    const unchanged = await app.request('GET', '/api/admin/testimonials', { token });
    expect(unchanged.body.data.testimonials).toMatchObject([{ id, isFeatured: false }]);
  });

  it('checks the SPEC messages', async () => {
    const response = await app.request('POST', '/api/admin/testimonials', {
      token,
      body: { name: 'A', role: 'RD', quote: 'x'.repeat(501) },
    });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name must be at least 2 characters' },
        { field: 'role', message: 'Role must be at least 3 characters' },
        { field: 'quote', message: 'Quote must not exceed 500 characters.' },
      ]),
    );
    const short = await app.request('POST', '/api/admin/testimonials', {
      token,
      body: { ...validTestimonial, quote: 'Short' },
    });
    expect(short.body.errors).toEqual([{ field: 'quote', message: 'Quote must be at least 10 characters' }]);
  });
});
