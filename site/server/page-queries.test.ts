import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './page-queries.js';

describe('the HTML cache key of a page', () => {
  it('keys a page on its path, and leaves out the certificate checks (one page per code, issue 58)', () => {
    expect(pageCacheKey('/connect')).toBe('/connect');
    expect(pageCacheKey('/certificates/ABCDEFGHIJKLMNOP')).toBeNull();
    expect(pageCacheKey('/certificates/ABCDEFGHIJKLMNOP?x=1')).toBeNull();
  });
});
