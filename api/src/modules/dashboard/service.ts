/**
 * DESIGN.md's dashboard from real data: each change compares what was created in the last 30 days
 * with the 30 days before, and the growth chart counts new users on each UTC day of the current
 * ISO week (Monday first).
 */
import {
  DASHBOARD_PARTS,
  DASHBOARD_TREND_MIN_BASE,
  withheldDashboardParts,
  type DashboardPart,
  type DashboardBackup,
  type DashboardData,
  type DashboardStatName,
  type DashboardStatPeriod,
  type PermissionSubject,
} from '@npo/shared';
import type { AppDeps } from '../../deps.js';
import { listBackups } from '../backups/service.js';
import { sectionsOnDefaults } from './default-content.js';
import {
  activeStaff,
  both,
  createdBetween,
  createdWithin,
  createDashboardRepository,
  isTrue,
  type Condition,
} from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS = 30;
/** A newest backup older than this is shown with a warning (the schedule makes one a day). */
export const BACKUP_STALE_MS = 2 * DAY_MS;
export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
type WeekDay = (typeof WEEK_DAYS)[number];

/**
 * Rounded to one decimal; growing from nothing counts as +100 %, nothing in either period as 0 (SPEC's
 * number, kept on the wire). The console shows it only where statPeriods says it is comparable, and
 * plain words otherwise.
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Monday 00:00 UTC of the ISO week that holds `now`. */
export function startOfIsoWeek(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

function daysOfCurrentWeek(now: Date): Record<WeekDay, Condition> {
  const monday = startOfIsoWeek(now).getTime();
  const day = (index: number) => new Date(monday + index * DAY_MS);
  return Object.fromEntries(
    WEEK_DAYS.map((name, index) => [name, createdWithin(day(index), day(index + 1))]),
  ) as Record<WeekDay, Condition>;
}

/** The two periods, and `before`: rows older than both, which show the records cover them whole. */
function comparisonPeriods(now: Date): { current: Condition; previous: Condition; before: Condition } {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    current: createdBetween(daysAgo(PERIOD_DAYS), now),
    previous: createdBetween(daysAgo(2 * PERIOD_DAYS), daysAgo(PERIOD_DAYS)),
    before: createdWithin(new Date(0), daysAgo(2 * PERIOD_DAYS)),
  };
}

type Counts<Name extends string> = Record<Name | 'total', number>;
type PeriodCounts = Counts<'current' | 'previous' | 'before'>;
type UserCounts = PeriodCounts & Counts<WeekDay | 'activeStaff' | 'staffCurrent' | 'staffPrevious'>;

/** A flow (created per period) with history from before both periods and a base worth a percentage. */
function flowPeriod({ current, previous, before }: PeriodCounts): DashboardStatPeriod {
  return { current, previous, comparable: before > 0 && previous >= DASHBOARD_TREND_MIN_BASE };
}

/** The stats of the parts that were counted (activities and testimonials are withheld as undefined). */
function statsFrom(
  users: UserCounts,
  activities: PeriodCounts | undefined,
  testimonials: PeriodCounts | undefined,
): DashboardData['stats'] {
  return {
    totalUsers: users.total,
    totalUsersChange: percentChange(users.current, users.previous),
    activeAdmins: users.activeStaff,
    activeAdminsChange: percentChange(users.staffCurrent, users.staffPrevious),
    ...(activities && {
      totalActivities: activities.total,
      totalActivitiesChange: percentChange(activities.current, activities.previous),
    }),
    ...(testimonials && {
      totalTestimonials: testimonials.total,
      totalTestimonialsChange: percentChange(testimonials.current, testimonials.previous),
    }),
  };
}

function periodsFrom(
  users: UserCounts,
  activities: PeriodCounts | undefined,
  testimonials: PeriodCounts | undefined,
): Partial<Record<DashboardStatName, DashboardStatPeriod>> {
  return {
    totalUsers: flowPeriod(users),
    // A head count of active staff against staff created: not the same basis, never a trend.
    activeAdmins: { current: users.staffCurrent, previous: users.staffPrevious, comparable: false },
    ...(activities && { totalActivities: flowPeriod(activities) }),
    ...(testimonials && { totalTestimonials: flowPeriod(testimonials) }),
  };
}

/**
 * The newest copy in DATA_DIR/backups, made by the schedule or by `npm run backup`. PostgreSQL has no
 * built-in backup (pg_dump runs elsewhere): the card says so instead of warning.
 */
export function backupStatus(deps: Pick<AppDeps, 'config' | 'clock'>): DashboardBackup {
  if (deps.config.databaseUrl) return { builtIn: false, lastAt: null, sizeBytes: null, stale: false };
  const newest = listBackups(deps.config.dataDir)[0];
  if (!newest) return { builtIn: true, lastAt: null, sizeBytes: null, stale: true };
  return {
    builtIn: true,
    lastAt: newest.takenAt.toISOString(),
    sizeBytes: newest.sizeBytes,
    stale: deps.clock.now().getTime() - newest.takenAt.getTime() > BACKUP_STALE_MS,
  };
}

export function createDashboardService(deps: AppDeps) {
  const dashboard = createDashboardRepository(deps.db);

  function countUsers(now: Date): Promise<UserCounts> {
    const { current, previous, before } = comparisonPeriods(now);
    return dashboard.count('users', {
      ...daysOfCurrentWeek(now),
      current,
      previous,
      before,
      activeStaff,
      staffCurrent: both(activeStaff, current),
      staffPrevious: both(activeStaff, previous),
    });
  }

  const totalAndActive = (table: string) => dashboard.count(table, { active: isTrue('is_active') });

  return {
    /**
     * The figures `user` may view (withheldDashboardParts): a part of another module is left out and
     * named in `withheld`, and its queries are not run. The backup card is a super admin's.
     */
    async load(user: PermissionSubject): Promise<DashboardData> {
      const withheld = withheldDashboardParts(user);
      const shown = new Set<DashboardPart>(DASHBOARD_PARTS.filter((name) => !withheld.includes(name)));
      const when = <T>(name: DashboardPart, load: () => Promise<T>) =>
        shown.has(name) ? load() : Promise.resolve(undefined);
      const now = deps.clock.now();
      const periods = comparisonPeriods(now);
      const [users, activities, testimonials, cards, aboutUs, contactInfo, recentUsers, upcoming, defaultContent] =
        await Promise.all([
          countUsers(now),
          when('totalActivities', () => dashboard.count('activities', periods)),
          when('totalTestimonials', () =>
            dashboard.count('testimonials', { ...periods, featured: isTrue('is_featured') }),
          ),
          when('membershipCards', () => totalAndActive('membership_cards')),
          when('aboutUsVersions', () => totalAndActive('about_us_versions')),
          when('contactInfoVersions', () => totalAndActive('contact_info_versions')),
          when('recentUsers', () => dashboard.recentUsers()),
          when('upcomingActivities', () => dashboard.upcomingActivities()),
          sectionsOnDefaults(deps.db),
        ]);
      const stats = statsFrom(users, activities, testimonials);
      const statPeriods = periodsFrom(users, activities, testimonials);
      for (const name of ['totalUsers', 'activeAdmins'] as const) {
        if (shown.has(name)) continue;
        delete stats[name];
        delete stats[`${name}Change`];
        delete statPeriods[name];
      }
      return {
        stats,
        statPeriods,
        ...(shown.has('userGrowth') && { userGrowth: WEEK_DAYS.map((day) => ({ day, users: users[day] })) }),
        ...(recentUsers && { recentUsers }),
        ...(upcoming && { upcomingActivities: upcoming }),
        contentStats: {
          ...(cards && { membershipCards: { total: cards.total, active: cards.active } }),
          ...(aboutUs && { aboutUsVersions: { total: aboutUs.total, active: aboutUs.active } }),
          ...(contactInfo && { contactInfoVersions: { total: contactInfo.total, active: contactInfo.active } }),
          ...(testimonials && { featuredTestimonials: testimonials.featured }),
        },
        defaultContent,
        withheld,
        ...(user.role === 'super_admin' && { backup: backupStatus(deps) }),
      };
    },
  };
}
