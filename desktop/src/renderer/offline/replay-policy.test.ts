import { ApiError } from '@npo/shared';
import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, classifyFailure, parseRetryAfter } from './replay-policy';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const failure = (
  status: number,
  answer: { retryAfter?: string; enveloped?: boolean } = { enveloped: true },
  code?: string,
) => new ApiError(status, 'x', [], code, undefined, answer);

describe('what a failed send means', () => {
  it('no answer, and a proxy 502/503/504 without the envelope: unreachable', () => {
    expect(classifyFailure(failure(0, {}), NOW)).toEqual({ kind: 'unreachable' });
    for (const status of [502, 503, 504]) {
      expect(classifyFailure(failure(status, { enveloped: false }), NOW)).toEqual({ kind: 'unreachable' });
    }
  });

  it('408, 429, 5xx from the API and a duplicate in progress: retried', () => {
    for (const status of [408, 429, 500, 503]) expect(classifyFailure(failure(status), NOW).kind).toBe('retry');
    expect(classifyFailure(failure(409, { enveloped: true }, 'idempotency_in_progress'), NOW).kind).toBe('retry');
    expect(classifyFailure(failure(429, { retryAfter: '12', enveloped: true }), NOW)).toEqual({
      kind: 'retry',
      retryAfterMs: 12_000,
    });
  });

  it('401: sign in; 409 edit conflict: conflict; other 4xx: refused', () => {
    expect(classifyFailure(failure(401), NOW).kind).toBe('unauthorized');
    expect(classifyFailure(failure(409, { enveloped: true }, 'edit_conflict'), NOW).kind).toBe('conflict');
    for (const status of [400, 403, 404, 422]) expect(classifyFailure(failure(status), NOW).kind).toBe('refused');
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', NOW)).toBe(10_000);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
  });
});

describe('the pause between replays', () => {
  it('doubles, with jitter, up to a cap', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
  });

  it('honours a Retry-After longer than the pause it would have taken', () => {
    expect(backoffDelay(1, () => 0, 30_000)).toBe(30_000);
    expect(backoffDelay(5, () => 1, 100)).toBe(16_000);
  });
});
