/**
 * SPEC 2: "Sample numbers stand in for any missing part of the response". Each part of the answer
 * that is absent (or not of the expected shape) is replaced by its sample; present parts are kept,
 * so an empty list the server sent (no users yet) stays empty. A part the server withheld for want of
 * permission (issue 55 item 3) is not missing: it is listed in `withheld`, and the screen leaves it out.
 */
import {
  DASHBOARD_PARTS,
  type DashboardData,
  type DashboardPart,
  type DashboardRecentUser,
  type DashboardUpcomingActivity,
} from '@npo/shared';

/** Every part filled in (from the answer or a sample), and the parts the screen does not show. */
export interface DashboardFigures {
  stats: Required<DashboardData['stats']>;
  userGrowth: NonNullable<DashboardData['userGrowth']>;
  recentUsers: DashboardRecentUser[];
  upcomingActivities: DashboardUpcomingActivity[];
  contentStats: Required<DashboardData['contentStats']>;
  statPeriods?: DashboardData['statPeriods'];
  defaultContent?: DashboardData['defaultContent'];
  backup?: DashboardData['backup'];
  withheld: DashboardPart[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Sample sign-ups and activities, dated from `now` so they read as recent and upcoming. */
export function sampleLists(now: Date): Pick<DashboardFigures, 'recentUsers' | 'upcomingActivities'> {
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  return {
    recentUsers: [
      { name: 'Amara Okafor', email: 'amara.okafor@example.com', role: 'member', createdAt: at(-5 * MINUTE) },
      { name: 'Lucas Martin', email: 'lucas.martin@example.com', role: 'member', createdAt: at(-3 * HOUR) },
      { name: 'Priya Sharma', email: 'priya.sharma@example.com', role: 'admin', createdAt: at(-2 * DAY) },
    ],
    upcomingActivities: [
      { title: 'Sports Nutrition Webinar', date: at(7 * DAY), participants: 45, capacity: 100 },
      { title: 'Clinical Case Study Discussion', date: at(14 * DAY), participants: 18, capacity: 30 },
      { title: 'Community Nutrition Workshop', date: at(21 * DAY), participants: 60, capacity: 80 },
    ],
  };
}

/** The numbers; the lists depend on the time (sampleLists). */
export const SAMPLE_DASHBOARD: Pick<DashboardFigures, 'stats' | 'userGrowth' | 'contentStats'> = {
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

/** The withheld parts the console knows of (an unknown name from a newer server is no part of this screen). */
function withheldOf(value: unknown): DashboardPart[] {
  if (!Array.isArray(value)) return [];
  return DASHBOARD_PARTS.filter((part) => value.includes(part));
}

export function withSamples(data: Partial<DashboardData> | null | undefined, now = new Date()): DashboardFigures {
  const lists = sampleLists(now);
  return {
    withheld: withheldOf(data?.withheld),
    stats: pick(SAMPLE_DASHBOARD.stats, data?.stats),
    userGrowth:
      Array.isArray(data?.userGrowth) && data.userGrowth.length > 0 ? data.userGrowth : SAMPLE_DASHBOARD.userGrowth,
    recentUsers: Array.isArray(data?.recentUsers) ? data.recentUsers : lists.recentUsers,
    upcomingActivities: Array.isArray(data?.upcomingActivities) ? data.upcomingActivities : lists.upcomingActivities,
    contentStats: pick(SAMPLE_DASHBOARD.contentStats, data?.contentStats),
    // Never samples: made-up periods or sections would misstate what visitors see.
    ...(data?.statPeriods && { statPeriods: data.statPeriods }),
    ...(Array.isArray(data?.defaultContent) && { defaultContent: data.defaultContent }),
    // A super admin's only, and never a sample: a made-up backup would hide a missing one.
    ...(data?.backup && { backup: data.backup }),
  };
}
