import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkServer } from './connectivity';

vi.mock('../platform', () => ({
  platform: {
    apiBaseUrl: 'https://nutrition.example.org',
    server: null,
    storage: { get: () => null, set: () => undefined, remove: () => undefined },
  },
}));

afterEach(() => vi.unstubAllGlobals());

describe('the /api/health probe', () => {
  it('cancels the answer body it does not read (Chromium would count it in flight forever)', async () => {
    let cancelled = false;
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      requested.push(input);
      const body = new ReadableStream({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"status":"ok"}')),
        cancel: () => void (cancelled = true),
      });
      return new Response(body, { status: 200 });
    });
    await checkServer();
    expect(requested).toEqual(['https://nutrition.example.org/api/health']);
    expect(cancelled).toBe(true);
  });
});
