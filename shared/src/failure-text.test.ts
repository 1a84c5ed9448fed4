import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.js';
import { failureText } from './failure-text.js';

const FALLBACK = 'Login failed';

describe('failureText (SPEC 8: data.data.message, then data.message, then the fallback)', () => {
  it('takes data.data.message first', () => {
    expect(failureText({ data: { message: 'Nested msg' }, message: 'Outer msg' }, FALLBACK)).toBe('Nested msg');
  });

  it('then data.message', () => {
    expect(failureText({ message: 'Database down' }, FALLBACK)).toBe('Database down');
    expect(failureText({ success: false, message: 'Invalid email or password' }, FALLBACK)).toBe(
      'Invalid email or password',
    );
    expect(failureText({ data: { other: 1 }, message: 'Outer msg' }, FALLBACK)).toBe('Outer msg');
    expect(failureText({ data: 'text', message: 'Outer msg' }, FALLBACK)).toBe('Outer msg');
  });

  it('then the fallback, for no body, an empty one or one without a usable message', () => {
    for (const body of [null, undefined, '', 'Internal Server Error', 42, {}, [], { message: '' }, { message: '  ' }]) {
      expect(failureText(body, FALLBACK)).toBe(FALLBACK);
    }
    expect(failureText({ message: 7 }, FALLBACK)).toBe(FALLBACK);
    expect(failureText({ data: { message: null } }, FALLBACK)).toBe(FALLBACK);
    expect(failureText({ data: { message: '' }, message: 'Outer msg' }, FALLBACK)).toBe('Outer msg');
  });

  it("reads an ApiError's body, not the client's own wording", () => {
    const placeholder = (body: unknown) =>
      new ApiError(500, 'Request failed (500)', [], undefined, undefined, { body });
    expect(failureText(placeholder(null), FALLBACK)).toBe(FALLBACK);
    expect(failureText(placeholder({ message: 'Database down' }), FALLBACK)).toBe('Database down');
    expect(failureText(placeholder({ data: { message: 'Nested msg' } }), FALLBACK)).toBe('Nested msg');
    expect(failureText(new ApiError(400, 'Request failed (400)'), FALLBACK)).toBe(FALLBACK);
  });

  it('keeps the words of a call that got no answer, and the fallback for any other error', () => {
    const offline = new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    expect(failureText(offline, FALLBACK)).toBe(offline.message);
    expect(failureText(new Error('boom'), FALLBACK)).toBe(FALLBACK);
    expect(failureText(new TypeError('x is undefined'), FALLBACK)).toBe(FALLBACK);
  });

  describe('through the shared client', () => {
    async function failureOf(response: () => Response | Promise<Response>): Promise<string> {
      const api = createApiClient({ fetch: async () => response() });
      const error = await api.auth.login('a@example.org', 'secret-1').then(
        () => null,
        (caught: unknown) => caught,
      );
      return failureText(error, FALLBACK);
    }
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

    it('shows the message of a 500 that has one', async () => {
      expect(await failureOf(() => json(500, { message: 'Database down' }))).toBe('Database down');
    });

    it('shows the fallback for a 500 or a 400 without a body', async () => {
      expect(await failureOf(() => new Response(null, { status: 500 }))).toBe(FALLBACK);
      expect(await failureOf(() => new Response(null, { status: 400 }))).toBe(FALLBACK);
      expect(await failureOf(() => new Response('<html>Bad gateway</html>', { status: 502 }))).toBe(FALLBACK);
    });

    it('shows a nested data.data.message', async () => {
      expect(await failureOf(() => json(401, { data: { message: 'Nested msg' } }))).toBe('Nested msg');
    });

    it('shows the network wording when there is no answer', async () => {
      expect(
        await failureOf(() => {
          throw new TypeError('Failed to fetch');
        }),
      ).toBe('Could not reach the server. Check your connection and try again.');
    });
  });
});
