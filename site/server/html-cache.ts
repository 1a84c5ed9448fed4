/**
 * Rendered pages kept per URL path, each stamped with the content version read before it was
 * rendered. A page is served from here only while that version is still the current one, so an edit
 * made in the console (on this instance or, through PostgreSQL NOTIFY, on any other) makes every
 * stored page miss at once. With the version unknown (listener down) nothing is stored or served.
 * Pages also expire after a while, because a little of what they show (the footer's year) moves with
 * the clock rather than with the content.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  /** Decoded from `bytes` when asked (tests, never the serving path): the page is held once, as bytes. */
  readonly html: string;
  /** The HTML as bytes, and gzipped on first demand: a hit costs no encoding work. */
  bytes: Buffer;
  gzip(): Buffer;
  etag: string;
  contentVersion: number;
}

export interface HtmlCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export const HTML_CACHE_DEFAULTS = { maxEntries: 100, maxAgeMs: 10 * 60 * 1000 } as const;

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

export function createCachedPage(html: string, contentVersion: number): CachedPage {
  const bytes = Buffer.from(html);
  let gzipped: Buffer | undefined;
  return {
    get html() {
      return bytes.toString();
    },
    bytes,
    gzip: () => (gzipped ??= gzipSync(bytes)),
    etag: etagOf(bytes),
    contentVersion,
  };
}

export function createHtmlCache(options: HtmlCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? HTML_CACHE_DEFAULTS.maxEntries;
  const maxAgeMs = options.maxAgeMs ?? HTML_CACHE_DEFAULTS.maxAgeMs;
  const now = options.now ?? Date.now;
  // The least recently used page goes first; a page older than maxAgeMs (by `now`) is never served.
  const pages = new LRUCache<string, CachedPage>({ max: maxEntries, ttl: maxAgeMs, ttlResolution: 0, perf: { now } });
  // Read by the metrics endpoint.
  const stats = { hits: 0, misses: 0 };

  function lookUp(path: string, currentVersion: number | null): CachedPage | undefined {
    const page = pages.get(path);
    if (page && (currentVersion === null || page.contentVersion !== currentVersion)) {
      pages.delete(path);
      return undefined;
    }
    return page;
  }

  /** As get(), without counting a miss. */
  function hit(path: string, currentVersion: number | null): CachedPage | undefined {
    const page = lookUp(path, currentVersion);
    if (page) stats.hits += 1;
    return page;
  }

  return {
    /** The stored page for `path`, if it was rendered at `currentVersion` and is not too old. */
    get(path: string, currentVersion: number | null): CachedPage | undefined {
      const page = hit(path, currentVersion);
      if (!page) stats.misses += 1;
      return page;
    },

    /** A first look whose miss the full path looks up again, and counts (cached-page-path.ts). */
    hit,

    stats(): { hits: number; misses: number; entries: number } {
      return { ...stats, entries: pages.size };
    },

    /**
     * Stores the HTML rendered for `path`; `versionBeforeRender` must be read before rendering began,
     * so an edit that lands during the render leaves the page already out of date.
     */
    set(path: string, html: string, versionBeforeRender: number | null): CachedPage {
      const page = createCachedPage(html, versionBeforeRender ?? -1);
      if (versionBeforeRender !== null) pages.set(path, page);
      return page;
    },

    get size(): number {
      return pages.size;
    },

    clear(): void {
      pages.clear();
    },
  };
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;
