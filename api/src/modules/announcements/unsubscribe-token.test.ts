/**
 * The one-click unsubscribe token: the derived key is kept for the process's secret (a send signs one
 * link per recipient), and a token signed under one secret is never accepted under another, whichever
 * secret the kept key was derived from.
 */
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const FIRST = 'first-secret-that-is-long-enough-0123456789';
const SECOND = 'second-secret-that-is-long-enough-0123456789';

describe('unsubscribe tokens', () => {
  it('verify for the account they were signed for, and for no other', () => {
    const token = signUnsubscribeToken(FIRST, 42);
    expect(verifyUnsubscribeToken(FIRST, token)).toBe(42);
    expect(verifyUnsubscribeToken(FIRST, token.replace(/^42\./, '43.'))).toBeNull();
  });

  it('are refused under another secret, before and after the kept key changes', () => {
    const first = signUnsubscribeToken(FIRST, 7);
    const second = signUnsubscribeToken(SECOND, 7);
    expect(second).not.toBe(first);
    expect(verifyUnsubscribeToken(SECOND, first)).toBeNull();
    expect(verifyUnsubscribeToken(FIRST, second)).toBeNull();
    expect(verifyUnsubscribeToken(FIRST, first)).toBe(7);
    expect(verifyUnsubscribeToken(SECOND, second)).toBe(7);
  });
});
