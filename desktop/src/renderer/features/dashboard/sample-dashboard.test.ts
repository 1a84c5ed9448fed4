import { describe, expect, it } from 'vitest';
import { SAMPLE_DASHBOARD, sampleLists, withSamples } from './sample-dashboard';

const NOW = new Date('2026-11-24T12:00:00.000Z');

describe('dashboard samples', () => {
  it('stand in for a missing answer', () => {
    expect(withSamples(undefined, NOW)).toEqual({ ...SAMPLE_DASHBOARD, ...sampleLists(NOW), withheld: [] });
  });

  it('include recent users and upcoming activities, dated around now', () => {
    const { recentUsers, upcomingActivities } = withSamples({}, NOW);
    expect(recentUsers.length).toBeGreaterThan(0);
    expect(upcomingActivities.length).toBeGreaterThan(0);
    expect(recentUsers.every((user) => Date.parse(user.createdAt) < NOW.getTime())).toBe(true);
    expect(upcomingActivities.every((activity) => Date.parse(activity.date) > NOW.getTime())).toBe(true);
  });

  it('fill only the missing parts, down to single numbers', () => {
    const data = withSamples(
      {
        stats: { totalUsers: 42 },
        recentUsers: [],
        contentStats: { featuredTestimonials: 9 },
      },
      NOW,
    );
    expect(data.stats.totalUsers).toBe(42);
    expect(data.stats.activeAdmins).toBe(SAMPLE_DASHBOARD.stats.activeAdmins);
    // An empty list is the server's answer (nobody yet), not a missing part.
    expect(data.recentUsers).toEqual([]);
    expect(data.upcomingActivities).toEqual(sampleLists(NOW).upcomingActivities);
    expect(data.userGrowth).toEqual(SAMPLE_DASHBOARD.userGrowth);
    expect(data.contentStats.featuredTestimonials).toBe(9);
    expect(data.contentStats.membershipCards).toEqual(SAMPLE_DASHBOARD.contentStats.membershipCards);
  });

  it('pass on the parts the server withheld for want of permission, and only names the screen knows', () => {
    const data = withSamples(
      { stats: {}, contentStats: {}, withheld: ['recentUsers', 'nonsense' as never, 'totalUsers'] },
      NOW,
    );
    expect(data.withheld).toEqual(['totalUsers', 'recentUsers']);
    expect(withSamples({ withheld: 'all' as never }, NOW).withheld).toEqual([]);
  });

  it("keep a super admin's backup as sent, and never make one up", () => {
    const backup = { builtIn: true, lastAt: null, sizeBytes: null, stale: true };
    expect(withSamples({ backup }, NOW).backup).toEqual(backup);
    expect(withSamples(undefined, NOW)).not.toHaveProperty('backup');
    expect(withSamples({ stats: SAMPLE_DASHBOARD.stats }, NOW)).not.toHaveProperty('backup');
  });
});
