/**
 * Item E of issue 18 on the connectivity side: an answer from the API means online; no answer, or a
 * reverse proxy's 502/503/504 page, means the server cannot be reached.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from './test-support';

async function loadWith(answer: () => Response | Promise<Response>) {
  vi.resetModules();
  vi.doMock('../platform', () => ({ platform: memoryPlatform() }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  return import('./connectivity');
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectivity counts only the API’s answers as online', () => {
  it.each([
    ['502 plain text', () => new Response('Bad Gateway', { status: 502 })],
    ['503 HTML page', () => new Response('<h1>503</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } })],
    ['504 JSON without the envelope', () => json(504, { error: 'upstream timed out' })],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s: offline', async (_name, answer) => {
    const connectivity = await loadWith(answer);
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(false);
  });

  it.each([
    ['200', () => json(200, { success: true, data: { status: 'ok' } })],
    ['503 with the API envelope', () => json(503, { success: false, message: 'Down for maintenance' })],
    ['500 from the API', () => json(500, { success: false, message: 'Internal error' })],
    ['429 from the API', () => json(429, { success: false, message: 'Too many requests' })],
  ])('%s: online', async (_name, answer) => {
    const connectivity = await loadWith(answer);
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(true);
  });

  it('comes back online once the proxy lets the API answer again', async () => {
    let down = true;
    const connectivity = await loadWith(() =>
      down ? new Response('Service Unavailable', { status: 503 }) : json(200, { success: true, data: {} }),
    );
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(false);
    down = false;
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(true);
  });

  it('the health probe reads or cancels its answer body', async () => {
    const response = json(200, { success: true, data: {} });
    const connectivity = await loadWith(() => response);
    await connectivity.checkServer();
    expect(response.bodyUsed || response.body?.locked).toBe(true);
  });
});
