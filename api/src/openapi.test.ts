import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-support/test-app.js';

interface OpenApiOperation {
  parameters: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

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
    expect(login.security).toBeUndefined();
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const faq = document.paths['/api/admin/faqs'].post.requestBody.content['application/json'].schema;
    expect(faq.properties.question).toMatchObject({ type: 'string', minLength: 10, maxLength: 500 });
    const list = document.paths['/api/admin/membership-cards'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['page', 'limit']);
  });

  it('documents If-Match and the 409 edit conflict on every item write, and only there', async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, OpenApiOperation>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
    const conditional = operations.filter(({ operation }) =>
      operation.parameters.some((parameter) => parameter.name === 'If-Match'),
    );
    const itemWrites = operations.filter(
      ({ method, path }) => ['put', 'patch', 'delete'].includes(method) && path.includes('{id}'),
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
    expect(document.paths['/api/admin/faqs/reorder'].put.responses['409']).toBeUndefined();
  });
});
