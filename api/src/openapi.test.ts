import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS, TAGS } from '@npo/shared';
import { answerProblems } from './test-support/answer-check.js';
import { allowedStatuses, placeRequest, undocumentedAnswers } from './test-support/status-recorder.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

interface OpenApiOperation {
  operationId: string;
  summary?: string;
  tags?: string[];
  parameters: { name: string; in: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is read as untyped JSON
  responses: Record<string, any>;
  security?: Record<string, string[]>[];
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is read as untyped JSON
function operationsOf(document: any): { method: string; path: string; operation: OpenApiOperation }[] {
  return Object.entries(document.paths as Record<string, Record<string, OpenApiOperation>>).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

const statusesOf = (operation: OpenApiOperation) => Object.keys(operation.responses).map(Number);
const needsSession = (operation: OpenApiOperation) =>
  (operation.security ?? []).some((requirement) => 'bearer' in requirement);

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('describes every route of the router, with shared schemas and the policy', async () => {
    const response = await app.request('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    for (const route of app.runtime.api.adminRoutes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(operation.description).toContain(route.module);
    }
    const login = document.paths['/api/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const faq = document.paths['/api/admin/faqs'].post.requestBody.content['application/json'].schema;
    expect(faq.properties.question).toMatchObject({ type: 'string', minLength: 10, maxLength: 500 });
    const list = document.paths['/api/admin/membership-cards'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'page',
      'limit',
      'q',
      'sort',
      'order',
    ]);
    // A list's sort names its allow-listed columns (issue 21 item 6).
    const sort = list.parameters.find((parameter: { name: string }) => parameter.name === 'sort');
    expect(sort.schema.enum).toEqual(['position', 'title', 'type', 'updatedAt']);
  });

  it('documents If-Match and the 409 edit conflict on every item write, and only there', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    const operations = operationsOf(document);
    const conditional = operations.filter(({ operation }) =>
      operation.parameters.some((parameter) => parameter.name === 'If-Match'),
    );
    // Staff edits of revisioned items, and the member's own profile and its photo (staff edit them
    // too); a member cancelling their own registration edits no revision.
    const itemWrites = operations.filter(
      ({ method, path }) =>
        (['put', 'patch', 'delete'].includes(method) && path.includes('{id}') && path.startsWith('/api/admin/')) ||
        (method === 'put' && path.startsWith('/api/account/profile')) ||
        (method === 'delete' && path === '/api/account/profile/photo'),
    );
    expect(conditional.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      itemWrites.map(({ method, path }) => `${method} ${path}`).sort(),
    );
    for (const { method, path, operation } of conditional) {
      const label = `${method} ${path}`;
      expect(
        operation.parameters.find((parameter) => parameter.name === 'If-Match'),
        label,
      ).toMatchObject({
        in: 'header',
        required: false,
      });
      expect(operation.responses['409'], label).toMatchObject({ headers: { ETag: expect.any(Object) } });
      expect(JSON.stringify(operation.responses['409']), label).toContain('edit_conflict');
      expect(operation.responses['400'], label).toBeDefined();
    }
    // Reordering edits no one item's revision: its 409 is only the Idempotency-Key still in use.
    expect(JSON.stringify(document.paths['/api/admin/faqs/reorder'].put.responses['409'])).not.toContain(
      'edit_conflict',
    );
  });

  it('documents Idempotency-Key with its 400, 409 and 422 on every write but sign-in, the two-factor secrets and the import dry run', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    const writes = operationsOf(document).filter(({ method }) => method !== 'get');
    const withKey = writes.filter(({ operation }) =>
      operation.parameters.some((parameter) => parameter.name === 'Idempotency-Key'),
    );
    const without = writes.filter((write) => !withKey.includes(write)).map(({ method, path }) => `${method} ${path}`);
    expect(without.sort()).toEqual(
      [
        'post /api/auth/login',
        'post /api/auth/login/two-factor',
        'post /api/account/two-factor/setup',
        'post /api/account/two-factor/confirm',
        'post /api/account/two-factor/recovery-codes',
        // Writes nothing; its answer can be megabytes, not for keeping in a table.
        'post /api/admin/members/import/dry-run',
        // Renders a mail, writes nothing.
        'post /api/admin/announcements/preview',
        // Counts an audience's recipients, writes nothing.
        'post /api/admin/announcements/reach',
      ].sort(),
    );
    for (const { method, path, operation } of withKey) {
      const label = `${method} ${path}`;
      expect(
        operation.parameters.find((parameter) => parameter.name === 'Idempotency-Key'),
        label,
      ).toMatchObject({ in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } });
      expect(statusesOf(operation), label).toEqual(expect.arrayContaining([400, 409, 422]));
      expect(JSON.stringify(operation.responses['409']), label).toContain('idempotency_key_in_use');
      expect(operation.responses['409'].headers, label).toHaveProperty('Retry-After');
      expect(operation.responses['422'], label).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))![1];
      expect(success.headers, label).toHaveProperty('Idempotent-Replayed');
    }
    const reads = operationsOf(document).filter(({ method }) => method === 'get');
    for (const { path, operation } of reads) {
      expect(
        operation.parameters.map((parameter) => parameter.name),
        path,
      ).not.toContain('Idempotency-Key');
    }
    expect(document.components.responses.IdempotencyKeyReused.description).toContain('idempotency_key_reused');
  });

  it('gives every operation a clean, unique operationId', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/admin/faqs/{id}'].put.operationId).toBe('putAdminFaqsById');
    expect(document.paths['/api/admin/users/{id}/toggle-status'].patch.operationId).toBe(
      'patchAdminUsersByIdToggleStatus',
    );
  });

  it('documents one success per operation with its schema: 201 for creates, the envelope with typed data', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    for (const { method, path, operation } of operationsOf(document)) {
      const label = `${method} ${path}`;
      const successes = statusesOf(operation).filter((status) => status >= 200 && status < 300);
      expect(successes, label).toHaveLength(1);
      expect(operation.responses[successes[0]!].description, label).toMatch(/\S/);
      const content = operation.responses[successes[0]!].content;
      expect(Object.values(content)[0], label).toHaveProperty('schema');
      const createsItem = method === 'post' && /^\/api\/admin\/[a-z-]+$/.test(path);
      if (createsItem) expect(successes, label).toEqual([201]);
    }
    const created = document.paths['/api/admin/faqs'].post.responses['201'].content['application/json'].schema;
    expect(created.properties.data).toEqual({ $ref: '#/components/schemas/Faq' });
    const list = document.paths['/api/admin/faqs'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.data.properties).toEqual({
      faqs: { type: 'array', items: { $ref: '#/components/schemas/Faq' } },
      pagination: { $ref: '#/components/schemas/Pagination' },
    });
    expect(document.paths['/api/auth/register'].post.responses['201']).toBeDefined();
    expect(document.paths['/api/contact-messages'].post.responses['201']).toBeDefined();
    expect(document.paths['/api/activities/{id}/register'].post.responses['201']).toBeDefined();
    expect(document.components.schemas.User.properties).toHaveProperty('permissions');
  });

  it('lists the error statuses each operation can answer, all in the one error envelope', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    for (const { method, path, operation } of operationsOf(document)) {
      const label = `${method} ${path}`;
      const statuses = statusesOf(operation);
      const expected = [
        ...(needsSession(operation) ? [401] : []),
        ...(path.includes('{') ? [400, 404] : []),
        ...(['post', 'put', 'patch'].includes(method) ? [400, 413, 415, 503, 507] : []),
        ...(method === 'delete' ? [503, 507] : []),
      ];
      expect(statuses, label).toEqual(expect.arrayContaining(expected));
      if (path.startsWith('/api/admin/')) expect(statuses, label).toContain(403);
      for (const status of statuses.filter((code) => code >= 400 && code !== 409)) {
        const answer = operation.responses[status];
        const schema = answer.$ref ? answer.$ref : JSON.stringify(answer.content);
        // Health and readiness answer their own small body when the database is down.
        const ownBody = path.startsWith('/api/health') && status === 503;
        if (!ownBody) expect(schema, `${label} ${status}`).toMatch(/ErrorEnvelope|components\/responses/);
      }
    }
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/forgot-password',
      '/api/contact-messages',
    ]) {
      expect(statusesOf(document.paths[path].post), path).toContain(429);
    }
    expect(statusesOf(document.paths['/api/auth/login'].post)).toContain(401);
    // The invitation mail is queued with the account (issue 25): a mail server that is down is no 502.
    expect(statusesOf(document.paths['/api/admin/users'].post)).toContain(409);
    expect(statusesOf(document.paths['/api/admin/users'].post)).not.toContain(502);
    expect(statusesOf(document.paths['/api/admin/users/{id}/resend-invitation'].post)).toContain(409);
    expect(statusesOf(document.paths['/api/health'].get).sort()).toEqual([200, 431, 500, 503]);
    expect(statusesOf(document.paths['/api/faqs'].get)).toContain(304);
    expect(document.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
  });

  it('gives every operation a summary and one tag from the table, each tag listed with a description', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    const tagNames: string[] = document.tags.map((tag: { name: string }) => tag.name);
    expect(tagNames).toEqual(Object.values(TAGS).map((tag) => tag.name));
    for (const tag of document.tags) expect(tag.description, tag.name).toMatch(/\S/);
    const operations = operationsOf(document);
    expect(operations).toHaveLength(API_OPERATIONS.length);
    for (const { method, path, operation } of operations) {
      const label = `${method} ${path}`;
      // A short sentence starting with a capital, without a final full stop.
      expect(operation.summary, label).toMatch(/^[A-Z].{4,60}[^.\s]$/);
      expect(operation.tags, label).toHaveLength(1);
      expect(tagNames, label).toContain(operation.tags![0]);
    }
    const used = new Set(operations.map(({ operation }) => operation.tags![0]));
    expect(tagNames.filter((name) => !used.has(name))).toEqual([]);
    expect(document.paths['/api/admin/faqs'].post).toMatchObject({ summary: 'Create an FAQ', tags: ['FAQs'] });
  });

  it('declares the security of every operation (an empty list when public), a 4xx answer, and the license', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    for (const { method, path, operation } of operationsOf(document)) {
      const label = `${method} ${path}`;
      expect(operation.security, label).toBeInstanceOf(Array);
      if (path.startsWith('/api/admin/') || path.startsWith('/api/account/')) {
        expect(operation.security, label).toEqual([{ bearer: [] }]);
      }
      expect(
        statusesOf(operation).some((status) => status >= 400 && status < 500),
        label,
      ).toBe(true);
      expect(operation.responses['431'], label).toEqual({ $ref: '#/components/responses/HeadersTooLarge' });
    }
    expect(document.paths['/api/faqs'].get.security).toEqual([]);
    expect(document.paths['/api/metrics'].get.security).toEqual([{}, { metricsToken: [] }]);
    expect(document.info.license).toEqual({ name: 'Proprietary', url: '/terms-of-service' });
    expect(document.info.contact).toMatchObject({ url: '/connect' });
    // Every component is used: the security schemes by name, the rest by $ref.
    const requirements = operationsOf(document).flatMap(({ operation }) => operation.security ?? []);
    for (const name of Object.keys(document.components.securitySchemes)) {
      expect(
        requirements.some((requirement) => name in requirement),
        name,
      ).toBe(true);
    }
    const referenced = JSON.stringify(document).match(/#\/components\/(responses|schemas)\/\w+/g) ?? [];
    for (const kind of ['responses', 'schemas']) {
      for (const name of Object.keys(document.components[kind])) {
        expect(referenced, `components.${kind}.${name}`).toContain(`#/components/${kind}/${name}`);
      }
    }
  });

  it('places a request on its operation as the router does, and tells undocumented answers apart', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    expect(placeRequest(document, 'PUT', '/api/admin/faqs/reorder')?.template).toBe('/api/admin/faqs/reorder');
    expect(placeRequest(document, 'DELETE', '/api/admin/faqs/reorder')?.template).toBe('/api/admin/faqs/{id}');
    expect(placeRequest(document, 'GET', '/api/admin/users/stats?x=1')?.template).toBe('/api/admin/users/stats');
    expect(allowedStatuses(document, 'GET', '/api/nothing')).toContain(404);
    expect(allowedStatuses(document, 'DELETE', '/api/faqs')).toContain(405);
    expect(allowedStatuses(document, 'OPTIONS', '/api/faqs')).toBeUndefined();
    expect(
      undocumentedAnswers(document, [
        { method: 'GET', url: '/api/faqs', status: 200 },
        { method: 'PUT', url: '/api/admin/faqs/7', status: 409 },
        { method: 'GET', url: '/api/faqs', status: 418 },
      ]),
    ).toEqual([expect.stringContaining('GET /api/faqs → 418')]);
  });

  it("checks what the API really answers against its route's schemas: a list, an error, a planted field", async () => {
    const list = await app.request<{ data: { faqs: Record<string, unknown>[] } }>('GET', '/api/faqs');
    expect(answerProblems('GET', '/api/faqs', 200, list.body)).toEqual([]);
    expect(answerProblems('GET', '/api/faqs', 200, { success: true, data: { faqs: [{ id: 'x' }] } })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\$\.data\.faqs\[0\]\.id: /),
        expect.stringMatching(/^\$\.data\.pagination: /),
      ]),
    );
    // A field the entity does not declare, as a presenter that sends one more would.
    const faq = await app.request<{ data: Record<string, unknown> }>('POST', '/api/admin/faqs', {
      token: (await app.createUser({ role: 'super_admin' })).token,
      body: { question: 'What does the check refuse?', answer: 'A field its route does not declare, in any answer.' },
    });
    expect(faq.status).toBe(201);
    const planted = { ...faq.body, data: { ...faq.body.data, internalNote: 'kept out of answers' } };
    expect(answerProblems('POST', '/api/admin/faqs', 201, planted)).toEqual([expect.stringContaining('internalNote')]);
    const missing = await app.request('GET', '/api/activities/999');
    expect(missing.status).toBe(404);
    expect(answerProblems('GET', '/api/activities/999', 404, missing.body)).toEqual([]);
    expect(answerProblems('GET', '/api/activities/999', 404, { success: false })).toEqual([
      expect.stringMatching(/^\$\.message: /),
    ]);
  });
});
