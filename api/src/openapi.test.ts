import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-support/test-app.js';

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
});
