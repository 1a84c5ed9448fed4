import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const validCard = {
  type: 'Community',
  title: 'Peer network',
  subtitle: 'Meet colleagues from every continent.',
  points: [{ value: 'Monthly calls' }, { value: 'Case circles' }],
};

describeEngines('membership cards on %s', (engine) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (
      await app.createUser({ role: 'admin', permissions: { membership: { view: true, edit: true, delete: true } } })
    ).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates, lists, updates and deletes a card, and the public list follows', async () => {
    const create = await app.request('POST', '/api/admin/membership-cards', { token, body: validCard });
    expect(create.status).toBe(201);
    expect(create.body.data).toMatchObject({ ...validCard, isActive: true, id: expect.any(Number) });
    const id = create.body.data.id;

    const adminList = await app.request('GET', '/api/admin/membership-cards', { token });
    expect(adminList.body.data.cards.map((card: { id: number }) => card.id)).toContain(id);
    expect(adminList.body.data.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });

    const update = await app.request('PUT', `/api/admin/membership-cards/${id}`, {
      token,
      body: { ...validCard, title: 'Global peer network', isActive: false },
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ title: 'Global peer network', isActive: false });

    const publicList = await app.request('GET', '/api/membership-cards');
    expect(publicList.body.data.cards).toEqual([]);

    await app.request('PUT', `/api/admin/membership-cards/${id}`, { token, body: { ...validCard, isActive: true } });
    const visible = await app.request('GET', '/api/membership-cards');
    expect(visible.body.data.cards).toHaveLength(1);
    expect(visible.headers.get('cache-control')).toBe('no-cache');

    const removed = await app.request('DELETE', `/api/admin/membership-cards/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(await app.count('membership_cards')).toBe(0);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('GET', '/api/membership-cards');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await app.request('GET', '/api/membership-cards', {
      // fetch() would add "Cache-Control: no-cache" to a conditional request; a revalidating browser sends max-age=0.
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(second.status).toBe(304);
  });

  it('refuses invalid bodies with field messages and changes nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['type', 'title', 'subtitle', 'points']],
      [{ ...validCard, type: '' }, ['type']],
      [{ ...validCard, title: 'ab' }, ['title']],
      [{ ...validCard, title: 'x'.repeat(201) }, ['title']],
      [{ ...validCard, subtitle: 'too short' }, ['subtitle']],
      [{ ...validCard, points: [] }, ['points']],
      [{ ...validCard, points: [{ value: 'ab' }] }, ['points']],
      [{ ...validCard, points: 'Monthly calls' }, ['points']],
      [{ ...validCard, title: 42 }, ['title']],
      [{ ...validCard, isActive: 'yes' }, ['isActive']],
    ];
    await expectInvalidBodies(
      app,
      { method: 'POST', path: '/api/admin/membership-cards', token, table: 'membership_cards' },
      cases,
    );
    const id = (await app.request('POST', '/api/admin/membership-cards', { token, body: validCard })).body.data.id;
    await expectInvalidBodies(
      app,
      { method: 'PUT', path: `/api/admin/membership-cards/${id}`, token, table: 'membership_cards' },
      [...cases, ...malformedIfMatchCases(validCard)],
    );
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectUnknownIds(app, {
      method: 'PUT',
      path: (id) => `/api/admin/membership-cards/${id}`,
      token,
      body: validCard,
    });
    await expectUnknownIds(app, { method: 'DELETE', path: (id) => `/api/admin/membership-cards/${id}`, token });
  });

  it('checks the SPEC messages', async () => {
    const response = await app.request('POST', '/api/admin/membership-cards', {
      token,
      body: { type: '', title: 'ab', subtitle: 'short', points: [] },
    });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'type', message: 'Type is required' },
        { field: 'title', message: 'Title must be at least 3 characters' },
        { field: 'subtitle', message: 'Subtitle must be at least 10 characters' },
        { field: 'points', message: 'At least one point is required' },
      ]),
    );
  });
});
