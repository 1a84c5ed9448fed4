/** Assertions that recur in every module's tests. */
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

async function snapshot(app: TestApp, table: string): Promise<string> {
  return JSON.stringify(await app.runtime.deps.db(table).orderBy('id'));
}

/**
 * Sends each invalid body and expects a 400 naming exactly those fields, with the table unchanged.
 * `cases` is a list of [body, fields that must be named].
 */
export async function expectInvalidBodies(
  app: TestApp,
  request: { method: string; path: string; token: string; table: string },
  cases: [unknown, string[]][],
): Promise<void> {
  const before = await snapshot(app, request.table);
  for (const [body, fields] of cases) {
    const response = await app.request(request.method, request.path, { body, token: request.token });
    const label = `${request.method} ${request.path} ${JSON.stringify(body).slice(0, 120)}`;
    expect(response.status, label).toBe(400);
    expect(response.body.success, label).toBe(false);
    const named = new Set((response.body.errors ?? []).map((error: { field: string }) => error.field.split('.')[0]));
    expect([...named].sort(), label).toEqual([...new Set(fields)].sort());
  }
  expect(await snapshot(app, request.table)).toBe(before);
}

/** Unknown and malformed ids name nothing: 404, never 500. */
export async function expectUnknownIds(
  app: TestApp,
  request: { method: string; path: (id: string) => string; token: string; body?: unknown },
): Promise<void> {
  for (const id of ['999999', 'abc', '-1', '1.5', '0x10', '99999999999999999999']) {
    const response = await app.request(request.method, request.path(id), {
      token: request.token,
      ...(request.body !== undefined && { body: request.body }),
    });
    expect(response.status, `${request.method} ${request.path(id)}`).toBe(404);
    expect(response.body.success).toBe(false);
  }
}
