/**
 * SPEC 8's failure texts, checked the same way on the site and in the console (issue 24): the API's
 * answer is routed to a failure, and the screen must show SPEC's choice: data.data.message, then
 * data.message, then the screen's fallback.
 */
import { expect, type Page, type Route } from '@playwright/test';

export interface FailureCase {
  name: string;
  status: number;
  /** The raw body; undefined sends none. */
  body?: string;
  /** What the screen shows: a text, or null for the screen's fallback. */
  shows: string | null;
}

export const FAILURE_CASES: FailureCase[] = [
  { name: 'a 500 with a message', status: 500, body: '{"message":"Database down"}', shows: 'Database down' },
  { name: 'a 500 without a body', status: 500, shows: null },
  { name: 'a 400 without a body', status: 400, shows: null },
  { name: 'a nested data.data.message', status: 401, body: '{"data":{"message":"Nested msg"}}', shows: 'Nested msg' },
];

export function fulfilFailure(route: Route, failure: FailureCase): Promise<void> {
  return route.fulfill({
    status: failure.status,
    ...(failure.body !== undefined && { contentType: 'application/json', body: failure.body }),
  });
}

/** The keys a body holds beside SPEC 7's, sorted, after SPEC's own fields are checked value by value. */
export function expectSpecPayload(body: Record<string, unknown>, spec: Record<string, unknown>, extras: string[] = []) {
  const specPart = Object.fromEntries(Object.keys(spec).map((key) => [key, body[key]]));
  expect(specPart).toEqual(spec);
  expect(
    Object.keys(body)
      .filter((key) => !(key in spec))
      .sort(),
  ).toEqual([...extras].sort());
}

/** The JSON body of the next `method` request to an API path ending in `path`. */
export async function nextBody(page: Page, method: string, path: string | RegExp) {
  const request = await page.waitForRequest(
    (candidate) =>
      candidate.method() === method &&
      (typeof path === 'string'
        ? new URL(candidate.url()).pathname === `/api${path}`
        : path.test(new URL(candidate.url()).pathname)),
  );
  return request.postDataJSON() as Record<string, unknown>;
}
