/**
 * Every request of the typed client has a timeout (issue 54 item 5): a server that never answers, or
 * stops halfway through its body, gives an ApiError (status 0, code "timeout") once the time is up,
 * instead of a promise that never settles.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, isTimeout, REQUEST_TIMEOUTS_MS, TIMED_OUT_MESSAGE } from './client.js';

/** A fetch that answers nothing until its signal aborts (then it rejects as fetch does). */
function hangingFetch(calls: { signal: AbortSignal | undefined }[]): typeof fetch {
  return (_input, init) => {
    calls.push({ signal: init?.signal ?? undefined });
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
}

async function settledAfter(promise: Promise<unknown>, ms: number): Promise<unknown> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return Promise.race([outcome, Promise.resolve('pending')]);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request timeouts', () => {
  it('gives up on a write after 30 s with a timeout error, and not a moment before', async () => {
    const calls: { signal: AbortSignal | undefined }[] = [];
    const api = createApiClient({ fetch: hangingFetch(calls) });
    const write = api.request('POST', '/admin/faqs', { question: 'q' }, { idempotencyKey: 'k' });
    expect(REQUEST_TIMEOUTS_MS.write).toBe(30_000);
    expect(await settledAfter(write, REQUEST_TIMEOUTS_MS.write - 1)).toBe('pending');
    const outcome = (await settledAfter(write, 1)) as { error: unknown };
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(outcome.error).toMatchObject({ status: 0, code: 'timeout', message: TIMED_OUT_MESSAGE });
    expect(isTimeout(outcome.error)).toBe(true);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('gives up on a read after its own timeout', async () => {
    const api = createApiClient({ fetch: hangingFetch([]) });
    const read = api.admin.faqs.list();
    expect(await settledAfter(read, REQUEST_TIMEOUTS_MS.read - 1)).toBe('pending');
    expect(await settledAfter(read, 1)).toMatchObject({ error: { status: 0, code: 'timeout' } });
  });

  it('counts a body that stalls halfway as no answer', async () => {
    let body!: ReadableStreamDefaultController<Uint8Array>;
    const stalledBody = new ReadableStream<Uint8Array>({
      start: (controller) => {
        body = controller;
        controller.enqueue(new TextEncoder().encode('{"success":tr'));
      },
    });
    const api = createApiClient({
      fetch: async (_input, init) => {
        const response = new Response(stalledBody, { status: 200, headers: { 'Content-Type': 'application/json' } });
        // What fetch does: aborting the signal errors the body still being read.
        init?.signal?.addEventListener('abort', () => body.error(new DOMException('aborted', 'AbortError')));
        return response;
      },
    });
    const write = api.request('PUT', '/admin/faqs/1', {});
    const outcome = (await settledAfter(write, REQUEST_TIMEOUTS_MS.write)) as { error?: unknown };
    expect(outcome.error).toMatchObject({ status: 0 });
  });

  it('lets a member import run for minutes (its own timeout), still not forever', async () => {
    const api = createApiClient({ fetch: hangingFetch([]) });
    const importing = api.admin.members.import({ csv: 'email\na@example.org', sendWelcome: false } as never, 'key');
    expect(await settledAfter(importing, 5 * 60_000)).toBe('pending');
    expect(await settledAfter(importing, 5 * 60_000)).toMatchObject({ error: { code: 'timeout' } });
  });

  it('says "could not reach" when the request fails without an answer before its time', async () => {
    const api = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.request('DELETE', '/admin/faqs/1')).rejects.toMatchObject({ status: 0, code: undefined });
  });

  it('clears its timer once answered (no abort after the answer)', async () => {
    const calls: { signal: AbortSignal | undefined }[] = [];
    const api = createApiClient({
      fetch: async (_input, init) => {
        calls.push({ signal: init?.signal ?? undefined });
        return new Response('{"success":true,"data":1}', { headers: { 'Content-Type': 'application/json' } });
      },
    });
    await expect(api.request('GET', '/health')).resolves.toEqual({ data: 1 });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUTS_MS.read * 2);
    expect(calls[0]?.signal?.aborted).toBe(false);
  });
});
