/**
 * SPEC 2: "Sample numbers stand in for any missing part of the response". Each part of the answer
 * that is absent (or not of the expected shape) is replaced by its sample; present parts are kept.
 */
import type { DashboardData } from '@npo/shared';

export const SAMPLE_DASHBOARD: DashboardData = {
  stats: {
    totalUsers: 1250,
    totalUsersChange: 12.5,
    activeAdmins: 8,
    activeAdminsChange: 0,
    totalActivities: 24,
    totalActivitiesChange: 8.3,
    totalTestimonials: 36,
    totalTestimonialsChange: 5.9,
  },
  userGrowth: [
    { day: 'Mon', users: 12 },
    { day: 'Tue', users: 19 },
    { day: 'Wed', users: 15 },
    { day: 'Thu', users: 22 },
    { day: 'Fri', users: 28 },
    { day: 'Sat', users: 17 },
    { day: 'Sun', users: 14 },
  ],
  recentUsers: [],
  upcomingActivities: [],
  contentStats: {
    membershipCards: { total: 6, active: 6 },
    aboutUsVersions: { total: 1, active: 1 },
    contactInfoVersions: { total: 1, active: 1 },
    featuredTestimonials: 3,
  },
};

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function pick<T extends Record<string, unknown>>(sample: T, value: unknown): T {
  if (!value || typeof value !== 'object') return sample;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(sample).map(([key, fallback]) => {
      const given = source[key];
      if (isNumber(fallback)) return [key, isNumber(given) ? given : fallback];
      if (fallback && typeof fallback === 'object') return [key, pick(fallback as Record<string, unknown>, given)];
      return [key, given ?? fallback];
    }),
  ) as T;
}

export function withSamples(data: Partial<DashboardData> | null | undefined): DashboardData {
  return {
    stats: pick(SAMPLE_DASHBOARD.stats, data?.stats),
    userGrowth:
      Array.isArray(data?.userGrowth) && data.userGrowth.length > 0 ? data.userGrowth : SAMPLE_DASHBOARD.userGrowth,
    recentUsers: Array.isArray(data?.recentUsers) ? data.recentUsers : SAMPLE_DASHBOARD.recentUsers,
    upcomingActivities: Array.isArray(data?.upcomingActivities)
      ? data.upcomingActivities
      : SAMPLE_DASHBOARD.upcomingActivities,
    contentStats: pick(SAMPLE_DASHBOARD.contentStats, data?.contentStats),
  };
}
