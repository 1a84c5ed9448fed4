/** Assertions that recur in every module's tests. */
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

async function snapshot(app: TestApp, table: string): Promise<string> {
  return JSON.stringify(await app.runtime.deps.db(table).orderBy('id'));
}

/** One invalid request: [body, fields that must be named, request headers]. */
export type InvalidCase = [body: unknown, fields: string[], headers?: Record<string, string>];

/**
 * Sends each invalid request and expects a 400 naming exactly those fields, with the table unchanged.
 */
export async function expectInvalidBodies(
  app: TestApp,
  request: { method: string; path: string; token: string; table: string },
  cases: InvalidCase[],
): Promise<void> {
  const before = await snapshot(app, request.table);
  for (const [body, fields, headers] of cases) {
    const response = await app.request(request.method, request.path, {
      body,
      token: request.token,
      ...(headers && { headers }),
    });
    const label = `${request.method} ${request.path} ${JSON.stringify(body).slice(0, 120)} ${JSON.stringify(headers ?? {})}`;
    expect(response.status, label).toBe(400);
    expect(response.body.success, label).toBe(false);
    const named = new Set((response.body.errors ?? []).map((error: { field: string }) => error.field.split('.')[0]));
    expect([...named].sort(), label).toEqual([...new Set(fields)].sort());
  }
  expect(await snapshot(app, request.table)).toBe(before);
}

/** If-Match values that name no revision: never an item's ETag, so a 400 before anything is written. */
export const MALFORMED_IF_MATCH = [
  'abc',
  '"x"',
  '"-1"',
  '"0"',
  '"007"',
  '"1.5"',
  '3',
  'W/3',
  '"3',
  '"3", abc',
  '"3",',
  '**',
  '"99999999999"',
];

/** A valid body sent with each malformed If-Match: the header alone is named. */
export function malformedIfMatchCases(validBody: unknown): InvalidCase[] {
  return MALFORMED_IF_MATCH.map((value) => [validBody, ['If-Match'], { 'If-Match': value }]);
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
