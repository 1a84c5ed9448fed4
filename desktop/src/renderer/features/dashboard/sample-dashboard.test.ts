import { describe, expect, it } from 'vitest';
import { SAMPLE_DASHBOARD, withSamples } from './sample-dashboard';

describe('dashboard samples', () => {
  it('stand in for a missing answer', () => {
    expect(withSamples(undefined)).toEqual(SAMPLE_DASHBOARD);
  });

  it('fill only the missing parts, down to single numbers', () => {
    const data = withSamples({
      stats: { totalUsers: 42 } as never,
      recentUsers: [],
      contentStats: { featuredTestimonials: 9 } as never,
    });
    expect(data.stats.totalUsers).toBe(42);
    expect(data.stats.activeAdmins).toBe(SAMPLE_DASHBOARD.stats.activeAdmins);
    expect(data.recentUsers).toEqual([]);
    expect(data.userGrowth).toEqual(SAMPLE_DASHBOARD.userGrowth);
    expect(data.contentStats.featuredTestimonials).toBe(9);
    expect(data.contentStats.membershipCards).toEqual(SAMPLE_DASHBOARD.contentStats.membershipCards);
  });
});
