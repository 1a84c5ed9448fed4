import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

interface Card {
  id: number;
  revision: number;
  title: string;
  order: number;
  isActive: boolean;
}

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

  describe('order and active state', () => {
    const cardNamed = (title: string, isActive = true) => ({ ...validCard, title, isActive });
    const create = async (body: object) =>
      (await app.request('POST', '/api/admin/membership-cards', { token, body })).body.data as Card;
    const adminCards = async () =>
      (await app.request('GET', '/api/admin/membership-cards', { token })).body.data.cards as Card[];
    const publicTitles = async () =>
      ((await app.request('GET', '/api/membership-cards')).body.data.cards as Card[]).map((card) => card.title);
    const reorder = (body: unknown, as = token) =>
      app.request('PUT', '/api/admin/membership-cards/reorder', { token: as, body });

    beforeEach(async () => {
      await app.runtime.deps.db('membership_cards').delete();
    });

    it('puts new cards last and the public list follows the order, leaving inactive cards out', async () => {
      const first = await create(cardNamed('First card'));
      const hidden = await create(cardNamed('Hidden card', false));
      const third = await create(cardNamed('Third card'));
      expect([first.order, hidden.order, third.order]).toEqual([0, 1, 2]);
      expect(await publicTitles()).toEqual(['First card', 'Third card']);

      const moved = await reorder({ ids: [third.id, hidden.id, first.id] });
      expect(moved.status).toBe(200);
      expect(moved.body.data.cards.map((card: Card) => [card.id, card.order])).toEqual([
        [third.id, 0],
        [hidden.id, 1],
        [first.id, 2],
      ]);
      expect((await adminCards()).map((card) => card.id)).toEqual([third.id, hidden.id, first.id]);
      expect(await publicTitles()).toEqual(['Third card', 'First card']);

      // A moved card got a new revision (an edit form holding the old one is stale); one left in place did not.
      const after = await adminCards();
      expect(after.find((card) => card.id === first.id)!.revision).toBeGreaterThan(first.revision);
      const current = after.find((card) => card.id === hidden.id)!;
      expect(current.revision).toBe(hidden.revision);
      // Activating the hidden card shows it in its place.
      const shown = await app.request('PUT', `/api/admin/membership-cards/${hidden.id}`, {
        token,
        body: cardNamed('Hidden card', true),
        headers: { 'if-match': `"${current.revision}"` },
      });
      expect(shown.status).toBe(200);
      expect(shown.body.data).toMatchObject({ isActive: true, order: 1 });
      expect(await publicTitles()).toEqual(['Third card', 'Hidden card', 'First card']);
    });

    it('closes the gap of a deleted card, so the next one still goes last', async () => {
      const [a, b, c] = [
        await create(cardNamed('Card A')),
        await create(cardNamed('Card B')),
        await create(cardNamed('Card C')),
      ];
      expect((await app.request('DELETE', `/api/admin/membership-cards/${b.id}`, { token })).status).toBe(200);
      const d = await create(cardNamed('Card D'));
      expect((await adminCards()).map((card) => [card.id, card.order])).toEqual([
        [a.id, 0],
        [c.id, 1],
        [d.id, 2],
      ]);
    });

    it('refuses partial, foreign, repeated and malformed lists and changes nothing', async () => {
      const [a, b] = [await create(cardNamed('Card A')), await create(cardNamed('Card B'))];
      const cases: [unknown, string[]][] = [
        [{ ids: [b.id] }, ['ids']],
        [{ ids: [b.id, a.id, 999999] }, ['ids']],
        [{ ids: [b.id, a.id, a.id] }, ['ids']],
        [{}, ['ids']],
        [{ ids: [] }, ['ids']],
        [{ ids: `${a.id},${b.id}` }, ['ids']],
        [{ ids: [String(b.id), a.id] }, ['ids']],
      ];
      await expectInvalidBodies(
        app,
        { method: 'PUT', path: '/api/admin/membership-cards/reorder', token, table: 'membership_cards' },
        cases,
      );
      expect((await reorder({ ids: [b.id] })).body.errors).toEqual([
        { field: 'ids', message: 'ids must list every card id' },
      ]);
      expect((await reorder({ ids: [b.id, a.id, 999999] })).body.errors).toEqual([
        { field: 'ids', message: 'ids contains unknown card ids: 999999' },
      ]);
      expect((await adminCards()).map((card) => card.id)).toEqual([a.id, b.id]);
    });

    it('needs the edit permission, and writes one audit entry with the old and new order', async () => {
      const [a, b] = [await create(cardNamed('Card A')), await create(cardNamed('Card B'))];
      const viewer = await app.createUser({
        role: 'admin',
        permissions: { membership: { view: true, edit: false, delete: false } },
      });
      expect(
        (await app.request('PUT', '/api/admin/membership-cards/reorder', { body: { ids: [b.id, a.id] } })).status,
      ).toBe(401);
      expect((await reorder({ ids: [b.id, a.id] }, viewer.token)).status).toBe(403);
      expect((await adminCards()).map((card) => card.id)).toEqual([a.id, b.id]);

      expect((await reorder({ ids: [b.id, a.id] })).status).toBe(200);
      const entry = await app.runtime.deps
        .db('audit_log')
        .where({ module: 'membership', action: 'update' })
        .orderBy('id', 'desc')
        .first();
      expect(JSON.parse(entry?.changes ?? '{}')).toEqual({ order: { before: [a.id, b.id], after: [b.id, a.id] } });
    });
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
