import { describe, expect, it } from 'vitest';
import { characterLimitAnnouncement } from './format.js';

describe('characterLimitAnnouncement', () => {
  it('says nothing far from the limit', () => {
    expect(characterLimitAnnouncement(0, 500)).toBe('');
    expect(characterLimitAnnouncement(449, 500)).toBe('');
  });

  it('counts down in steps near the limit, so neighbouring keystrokes say the same', () => {
    expect(characterLimitAnnouncement(450, 500)).toBe('At most 50 characters left.');
    expect(characterLimitAnnouncement(455, 500)).toBe('At most 50 characters left.');
    expect(characterLimitAnnouncement(495, 500)).toBe('At most 10 characters left.');
    expect(characterLimitAnnouncement(4_550, 5_000)).toBe('At most 500 characters left.');
    expect(characterLimitAnnouncement(4_950, 5_000)).toBe('At most 100 characters left.');
  });

  it('says once that the limit is reached, and once that it is passed', () => {
    expect(characterLimitAnnouncement(500, 500)).toBe('Limit of 500 characters reached.');
    expect(characterLimitAnnouncement(501, 500)).toBe('Over the limit of 500 characters.');
    expect(characterLimitAnnouncement(520, 500)).toBe('Over the limit of 500 characters.');
  });
});
