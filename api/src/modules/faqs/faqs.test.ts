import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { INCOMPLETE_REORDER } from './service.js';

const validFaq = {
  question: 'Is membership free of charge?',
  answer: 'Yes, joining the organisation is currently free for every health professional.',
  category: 'Membership',
  isActive: true,
};

type Listed = { id: number; order: number };
const ids = (list: Listed[]) => list.map((faq) => faq.id);
const positions = (list: Listed[]) => list.map((faq) => [faq.id, faq.order]);

describeEngines('faqs on %s', (engine) => {
  let app: TestApp;
  let token: string;

  const createFaq = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.request('POST', '/api/admin/faqs', { token, body: { ...validFaq, ...overrides } });
    expect(response.status).toBe(201);
    return response.body.data as Listed & { category: string | null };
  };
  const createThree = async () => [await createFaq(), await createFaq(), await createFaq()] as const;
  const adminFaqs = async () => (await app.request('GET', '/api/admin/faqs', { token })).body.data.faqs as Listed[];

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.createUser({ role: 'admin', permissions: { faqs: { view: true, edit: true, delete: true } } }))
      .token;
  });
  beforeEach(async () => {
    // Orders start from the count of FAQs, so every test starts without any.
    await app.runtime.deps.db('faqs').delete();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates, lists, updates and deletes a FAQ, and the public list follows', async () => {
    const create = await app.request('POST', '/api/admin/faqs', {
      token,
      body: { ...validFaq, question: `  ${validFaq.question}  `, category: '  Membership ' },
    });
    expect(create.status).toBe(201);
    expect(create.body.data).toMatchObject({ ...validFaq, order: 0, id: expect.any(Number) });
    const id = create.body.data.id;

    const adminList = await app.request('GET', '/api/admin/faqs', { token });
    expect(ids(adminList.body.data.faqs)).toEqual([id]);
    expect(adminList.body.data.pagination).toEqual({ page: 1, limit: 100, total: 1, pages: 1 });

    const update = await app.request('PUT', `/api/admin/faqs/${id}`, {
      token,
      body: { ...validFaq, category: '', isActive: false },
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ id, category: null, isActive: false, order: 0 });

    expect((await app.request('GET', '/api/faqs')).body.data.faqs).toEqual([]);
    await app.request('PUT', `/api/admin/faqs/${id}`, { token, body: validFaq });
    const visible = await app.request('GET', '/api/faqs');
    expect(ids(visible.body.data.faqs)).toEqual([id]);
    expect(visible.headers.get('cache-control')).toBe('no-cache');

    const removed = await app.request('DELETE', `/api/admin/faqs/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(await app.count('faqs')).toBe(0);
  });

  it('stores no category when none is sent', async () => {
    const { category: _category, ...withoutCategory } = validFaq;
    const created = await app.request('POST', '/api/admin/faqs', { token, body: withoutCategory });
    expect(created.status).toBe(201);
    expect(created.body.data.category).toBeNull();
    expect((await createFaq({ category: null })).category).toBeNull();
    expect((await createFaq({ category: '   ' })).category).toBeNull();
  });

  it('puts a new FAQ last and keeps its place on edit unless an order is sent', async () => {
    const [first, second, third] = await createThree();
    expect([first.order, second.order, third.order]).toEqual([0, 1, 2]);
    // The order the form sends on create is not trusted: a new FAQ always goes to the end.
    expect((await createFaq({ order: 0 })).order).toBe(3);

    const kept = await app.request('PUT', `/api/admin/faqs/${second.id}`, {
      token,
      body: { ...validFaq, answer: `${validFaq.answer} Really.` },
    });
    expect(kept.body.data.order).toBe(1);
    const moved = await app.request('PUT', `/api/admin/faqs/${second.id}`, { token, body: { ...validFaq, order: 9 } });
    expect(moved.body.data.order).toBe(9);
  });

  it('shows active FAQs publicly by order', async () => {
    const [first, second, third] = await createThree();
    await app.request('PUT', `/api/admin/faqs/${second.id}`, { token, body: { ...validFaq, isActive: false } });
    const publicList = await app.request('GET', '/api/faqs');
    expect(publicList.status).toBe(200);
    expect(ids(publicList.body.data.faqs)).toEqual([first.id, third.id]);
    expect(ids(await adminFaqs())).toEqual([first.id, second.id, third.id]);
  });

  it('closes the gap a deleted FAQ leaves, so the next one still lands last', async () => {
    const [first, second, third] = await createThree();
    await app.request('DELETE', `/api/admin/faqs/${second.id}`, { token });
    const added = await createFaq();
    expect(positions(await adminFaqs())).toEqual([
      [first.id, 0],
      [third.id, 1],
      [added.id, 2],
    ]);
  });

  describe('reorder', () => {
    it('rewrites every position from the full list and the public order follows', async () => {
      const [first, second, third] = await createThree();
      const response = await app.request('PUT', '/api/admin/faqs/reorder', {
        token,
        body: { ids: [third.id, first.id, second.id] },
      });
      expect(response.status).toBe(200);
      expect(positions(response.body.data.faqs)).toEqual([
        [third.id, 0],
        [first.id, 1],
        [second.id, 2],
      ]);
      expect(ids(await adminFaqs())).toEqual([third.id, first.id, second.id]);
      expect(ids((await app.request('GET', '/api/faqs')).body.data.faqs)).toEqual([third.id, first.id, second.id]);
    });

    it('refuses partial, foreign, repeated and malformed lists and changes nothing', async () => {
      const [first, second, third] = await createThree();
      const removed = await createFaq();
      await app.request('DELETE', `/api/admin/faqs/${removed.id}`, { token });
      const cases: [unknown, string[]][] = [
        [{ ids: [third.id, first.id] }, ['ids']],
        [{ ids: [third.id, first.id, second.id, 999999] }, ['ids']],
        [{ ids: [third.id, first.id, removed.id] }, ['ids']],
        [{ ids: [third.id, first.id, second.id, first.id] }, ['ids']],
        [{ ids: [third.id, first.id, first.id] }, ['ids']],
        [{}, ['ids']],
        [{ ids: [] }, ['ids']],
        [{ ids: `${first.id},${second.id},${third.id}` }, ['ids']],
        [{ ids: [String(third.id), first.id, second.id] }, ['ids']],
        [{ ids: [third.id, first.id, 0] }, ['ids']],
      ];
      await expectInvalidBodies(app, { method: 'PUT', path: '/api/admin/faqs/reorder', token, table: 'faqs' }, cases);
    });

    it('names the problem in the field message', async () => {
      const [first, second] = await createThree();
      const reorder = (body: unknown) => app.request('PUT', '/api/admin/faqs/reorder', { token, body });
      expect((await reorder({ ids: [second.id, first.id] })).body.errors).toEqual([
        { field: 'ids', message: INCOMPLETE_REORDER },
      ]);
      expect((await reorder({ ids: [second.id, first.id, 999999] })).body.errors).toEqual([
        { field: 'ids', message: 'ids contains unknown FAQ ids: 999999' },
      ]);
      expect((await reorder({ ids: [second.id, first.id, first.id] })).body.errors).toEqual([
        { field: 'ids', message: 'ids must not repeat' },
      ]);
    });
  });

  it('refuses invalid bodies with field messages and changes nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['question', 'answer']],
      [{ ...validFaq, question: 'Is it?' }, ['question']],
      [{ ...validFaq, question: `   ${'x'.repeat(5)}    ` }, ['question']],
      [{ ...validFaq, question: 'x'.repeat(501) }, ['question']],
      [{ ...validFaq, question: 42 }, ['question']],
      [{ ...validFaq, answer: 'Yes, it is free.' }, ['answer']],
      [{ ...validFaq, answer: 'x'.repeat(2001) }, ['answer']],
      [{ ...validFaq, category: 'x'.repeat(101) }, ['category']],
      [{ ...validFaq, category: 5 }, ['category']],
      [{ ...validFaq, isActive: 'yes' }, ['isActive']],
      [{ ...validFaq, order: -1 }, ['order']],
      [{ ...validFaq, order: 1.5 }, ['order']],
      [{ ...validFaq, order: 'first' }, ['order']],
    ];
    await expectInvalidBodies(app, { method: 'POST', path: '/api/admin/faqs', token, table: 'faqs' }, cases);
    const { id } = await createFaq();
    await expectInvalidBodies(app, { method: 'PUT', path: `/api/admin/faqs/${id}`, token, table: 'faqs' }, [
      ...cases,
      ...malformedIfMatchCases(validFaq),
    ]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectUnknownIds(app, { method: 'PUT', path: (id) => `/api/admin/faqs/${id}`, token, body: validFaq });
    await expectUnknownIds(app, { method: 'DELETE', path: (id) => `/api/admin/faqs/${id}`, token });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const [first, second] = await createThree();
    const reversed = { ids: [second.id, first.id] };
    expect((await app.request('GET', '/api/admin/faqs')).status).toBe(401);
    expect((await app.request('PUT', '/api/admin/faqs/reorder', { body: reversed })).status).toBe(401);

    const member = await app.createUser({ role: 'member' });
    expect((await app.request('GET', '/api/admin/faqs', { token: member.token })).status).toBe(403);

    const otherModule = await app.createUser({
      role: 'admin',
      permissions: { activities: { view: true, edit: true, delete: true } },
    });
    expect((await app.request('GET', '/api/admin/faqs', { token: otherModule.token })).status).toBe(403);

    const viewer = await app.createUser({
      role: 'admin',
      permissions: { faqs: { view: true, edit: false, delete: false } },
    });
    expect((await app.request('GET', '/api/admin/faqs', { token: viewer.token })).status).toBe(200);
    const refused = await app.request('PUT', '/api/admin/faqs/reorder', { token: viewer.token, body: reversed });
    expect(refused.status).toBe(403);
    expect((await app.request('DELETE', `/api/admin/faqs/${first.id}`, { token: viewer.token })).status).toBe(403);
    expect(positions(await adminFaqs()).slice(0, 2)).toEqual([
      [first.id, 0],
      [second.id, 1],
    ]);
  });

  it('checks the SPEC messages', async () => {
    const short = await app.request('POST', '/api/admin/faqs', { token, body: { question: 'Is it?', answer: 'Yes.' } });
    expect(short.body.errors).toEqual([
      { field: 'question', message: 'Question must be at least 10 characters' },
      { field: 'answer', message: 'Answer must be at least 20 characters' },
    ]);
    const long = await app.request('POST', '/api/admin/faqs', {
      token,
      body: { question: 'x'.repeat(501), answer: 'x'.repeat(2001), category: 'x'.repeat(101) },
    });
    expect(long.body.errors).toEqual([
      { field: 'question', message: 'Question cannot exceed 500 characters' },
      { field: 'answer', message: 'Answer cannot exceed 2000 characters' },
      { field: 'category', message: 'Category cannot exceed 100 characters' },
    ]);
  });
});
