/** The four kinds of versioned content share one service: each is checked through its own routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

const policyText = 'These terms describe how the organisation works with members and visitors. '.repeat(3);

const kinds = [
  {
    path: 'about-us',
    table: 'about_us_versions',
    collection: 'aboutUsVersions',
    valid: (n: number) => ({
      description: `Version ${n}: a community of nutrition professionals.`,
      aims: 'To connect and educate dietitians worldwide.',
      objectives: [{ title: 'Case Study Discussions', description: 'Monthly clinical case circles.' }],
    }),
    invalid: [
      [{}, ['description', 'aims', 'objectives']],
      [
        {
          description: 'too short',
          aims: 'To connect and educate dietitians worldwide.',
          objectives: [{ title: 'Abc', description: 'Long enough text' }],
        },
        ['description'],
      ],
      [
        {
          description: 'A community of nutrition professionals.',
          aims: 'short',
          objectives: [{ title: 'Abc', description: 'Long enough text' }],
        },
        ['aims'],
      ],
      [
        {
          description: 'A community of nutrition professionals.',
          aims: 'To connect and educate dietitians worldwide.',
          objectives: [],
        },
        ['objectives'],
      ],
      [
        {
          description: 'A community of nutrition professionals.',
          aims: 'To connect and educate dietitians worldwide.',
          objectives: [{ title: 'Ab', description: 'short' }],
        },
        ['objectives'],
      ],
      [
        {
          description: 'x'.repeat(5001),
          aims: 'To connect and educate dietitians worldwide.',
          objectives: [{ title: 'Abc', description: 'Long enough text' }],
        },
        ['description'],
      ],
      [{ description: 42, aims: null, objectives: 'none' }, ['description', 'aims', 'objectives']],
    ] as [unknown, string[]][],
  },
  {
    path: 'contact-info',
    table: 'contact_info_versions',
    collection: 'contactInfoVersions',
    valid: (n: number) => ({
      email: `hello${n}@example.org`,
      phone: '+91 98765 43210',
      instagram: '@nutrition',
      socialLinks: {
        instagram: 'https://instagram.com/x',
        facebook: '',
        twitter: '',
        linkedin: 'https://linkedin.com/company/x',
      },
    }),
    invalid: [
      [{}, ['email', 'phone', 'instagram']],
      [{ email: 'nope', phone: '+91 98765 43210', instagram: '@n1' }, ['email']],
      [{ email: 'a@example.org', phone: '12345', instagram: '@n1' }, ['phone']],
      [{ email: 'a@example.org', phone: '+91 98765 43210', instagram: 'x' }, ['instagram']],
      [
        {
          email: 'a@example.org',
          phone: '+91 98765 43210',
          instagram: '@n1',
          socialLinks: { facebook: 'javascript:alert(1)' },
        },
        ['socialLinks'],
      ],
      [
        { email: 'a@example.org', phone: '+91 98765 43210', instagram: '@n1', socialLinks: { twitter: 'not a url' } },
        ['socialLinks'],
      ],
      [{ email: 'a@example.org', phone: '9'.repeat(31), instagram: '@n1' }, ['phone']],
    ] as [unknown, string[]][],
  },
  {
    path: 'privacy-policy',
    table: 'privacy_policy_versions',
    collection: 'privacyPolicies',
    valid: (n: number) => ({
      title: `Privacy Policy v${n}`,
      content: policyText,
      effectiveDate: '2026-12-01T00:00:00.000Z',
    }),
    invalid: [
      [{}, ['content']],
      [{ content: 'too short' }, ['content']],
      [{ title: 'x'.repeat(201), content: policyText }, ['title']],
      [{ content: policyText, effectiveDate: 'next week' }, ['effectiveDate']],
      [{ content: 12345 }, ['content']],
    ] as [unknown, string[]][],
  },
  {
    path: 'terms-of-service',
    table: 'terms_of_service_versions',
    collection: 'termsOfService',
    valid: (n: number) => ({ title: `Terms v${n}`, content: policyText }),
    invalid: [
      [{}, ['content']],
      [{ content: `   ${'short '.repeat(5)}   ` }, ['content']],
      [{ title: 'x'.repeat(201), content: policyText }, ['title']],
    ] as [unknown, string[]][],
  },
];

describeEngines('versioned content on %s', (engine) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe.each(kinds)('$path', (kind) => {
    const admin = `/api/admin/${kind.path}`;
    const create = async (n: number) => {
      const response = await app.request('POST', admin, { token, body: kind.valid(n) });
      expect(response.status).toBe(201);
      return response.body.data;
    };

    it('has no public version before the first one', async () => {
      const response = await app.request('GET', `/api/${kind.path}`);
      expect(response.status).toBe(404);
    });

    it('numbers versions, makes the first active, and serves the active one publicly', async () => {
      const first = await create(1);
      const second = await create(2);
      expect(first).toMatchObject({ version: 1, isActive: true });
      expect(second).toMatchObject({ version: 2, isActive: false });
      const published = await app.request('GET', `/api/${kind.path}`);
      expect(published.status).toBe(200);
      expect(published.body.data.id).toBe(first.id);
      expect(published.headers.get('cache-control')).toBe('no-cache');

      const activated = await app.request('PATCH', `${admin}/${second.id}/activate`, { token });
      expect(activated.status).toBe(200);
      expect(activated.body.data.isActive).toBe(true);
      expect((await app.request('GET', `/api/${kind.path}`)).body.data.id).toBe(second.id);

      const list = await app.request('GET', admin, { token });
      const versions = list.body.data[kind.collection];
      expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect(versions.filter((v: { isActive: boolean }) => v.isActive)).toHaveLength(1);
      expect(list.body.data.pagination).toMatchObject({ page: 1, limit: 20, total: 2 });
    });

    it('updates a version in place', async () => {
      const target = await create(3);
      const update = await app.request('PUT', `${admin}/${target.id}`, { token, body: kind.valid(33) });
      expect(update.status).toBe(200);
      expect(update.body.data).toMatchObject({ id: target.id, version: 3 });
      expect((await app.request('GET', `${admin}/${target.id}`, { token })).body.data).toEqual(update.body.data);
    });

    it('refuses to delete the active version (409) and deletes an inactive one', async () => {
      const active = (await app.request('GET', `/api/${kind.path}`)).body.data;
      const refused = await app.request('DELETE', `${admin}/${active.id}`, { token });
      expect(refused.status).toBe(409);
      expect(await app.runtime.deps.db(kind.table).where({ id: active.id }).first()).toBeTruthy();
      const inactive = await create(4);
      expect((await app.request('DELETE', `${admin}/${inactive.id}`, { token })).status).toBe(200);
      expect(await app.runtime.deps.db(kind.table).where({ id: inactive.id }).first()).toBeUndefined();
    });

    it('leaves exactly one active version after concurrent activations', async () => {
      const created = [];
      for (let n = 10; n < 16; n += 1) created.push(await create(n));
      const answers = await Promise.all(
        created.map((version) => app.request('PATCH', `${admin}/${version.id}/activate`, { token })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(created.map(() => 200));
      const active = await app.runtime.deps.db(kind.table).where({ is_active: true });
      expect(active).toHaveLength(1);
    });

    it('refuses invalid bodies with field messages and changes nothing', async () => {
      await expectInvalidBodies(app, { method: 'POST', path: admin, token, table: kind.table }, kind.invalid);
      const target = (await app.request('GET', `/api/${kind.path}`)).body.data;
      await expectInvalidBodies(app, { method: 'PUT', path: `${admin}/${target.id}`, token, table: kind.table }, [
        ...kind.invalid,
        ...malformedIfMatchCases(kind.valid(1)),
      ]);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      await expectUnknownIds(app, { method: 'GET', path: (id) => `${admin}/${id}`, token });
      await expectUnknownIds(app, { method: 'PUT', path: (id) => `${admin}/${id}`, token, body: kind.valid(99) });
      await expectUnknownIds(app, { method: 'PATCH', path: (id) => `${admin}/${id}/activate`, token });
      await expectUnknownIds(app, { method: 'DELETE', path: (id) => `${admin}/${id}`, token });
    });
  });

  it('gives policies their default title and keeps content trimmed', async () => {
    const response = await app.request('POST', '/api/admin/terms-of-service', {
      token,
      body: { title: '   ', content: `  ${policyText}  `, effectiveDate: '' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      title: 'Terms of Service',
      content: policyText.trim(),
      effectiveDate: null,
    });
    const privacy = await app.request('POST', '/api/admin/privacy-policy', { token, body: { content: policyText } });
    expect(privacy.body.data.title).toBe('Privacy Policy');
    expect(privacy.body.data.lastUpdated).toBe(privacy.body.data.updatedAt);
  });

  it('uses SPEC messages for policies', async () => {
    const response = await app.request('POST', '/api/admin/privacy-policy', {
      token,
      body: { title: 'x'.repeat(201), content: 'short' },
    });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title cannot exceed 200 characters' },
        { field: 'content', message: 'Content must be at least 100 characters long' },
      ]),
    );
  });
});
