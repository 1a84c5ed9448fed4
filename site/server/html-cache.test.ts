import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createHtmlCache } from './html-cache.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('HTML cache', () => {
  it('serves a page while the content version it was rendered at is still current', () => {
    const cache = createHtmlCache();
    cache.set('/', '<p>v1</p>', 3);
    expect(cache.get('/', 3)?.html).toBe('<p>v1</p>');
  });

  it('misses, and forgets the page, once the content version has moved', () => {
    const cache = createHtmlCache();
    cache.set('/', '<p>v1</p>', 3);
    expect(cache.get('/', 4)).toBeUndefined();
    expect(cache.size).toBe(0);
    // Even going back to the old number does not resurrect it.
    expect(cache.get('/', 3)).toBeUndefined();
  });

  it('neither stores nor serves anything while the version is unknown', () => {
    const cache = createHtmlCache();
    cache.set('/', '<p>unknown</p>', null);
    expect(cache.size).toBe(0);
    cache.set('/', '<p>v1</p>', 1);
    expect(cache.get('/', null)).toBeUndefined();
  });

  it('expires pages after the maximum age, whatever the version', () => {
    const time = clock();
    const cache = createHtmlCache({ maxAgeMs: 10 * 60 * 1000, now: time.now });
    cache.set('/', '<footer>© 2026</footer>', 1);
    time.advance(10 * 60 * 1000);
    expect(cache.get('/', 1)).toBeDefined();
    time.advance(1);
    expect(cache.get('/', 1)).toBeUndefined();
  });

  it('keeps at most maxEntries pages, dropping the least recently used', () => {
    const cache = createHtmlCache({ maxEntries: 2 });
    cache.set('/a', 'a', 1);
    cache.set('/b', 'b', 1);
    cache.get('/a', 1);
    cache.set('/c', 'c', 1);
    expect(cache.size).toBe(2);
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(cache.get('/a', 1)?.html).toBe('a');
    expect(cache.get('/c', 1)?.html).toBe('c');
  });

  it('gives each page a strong ETag of its bytes and a gzip body made once', () => {
    const cache = createHtmlCache();
    const page = cache.set('/', '<h1>Grüße</h1>', 1);
    expect(page.etag).toMatch(/^"[\w-]+"$/);
    expect(cache.set('/other', '<h1>Grüße</h1>', 1).etag).toBe(page.etag);
    expect(gunzipSync(page.gzip()).toString()).toBe('<h1>Grüße</h1>');
    expect(page.gzip()).toBe(page.gzip());
  });
});
