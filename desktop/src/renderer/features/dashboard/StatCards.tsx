import { Card, Icon, type IconName } from '@blueprintjs/core';
import type { DashboardData, DashboardPart, DashboardStatName } from '@npo/shared';
import type { DashboardFigures } from './sample-dashboard';

type Stats = DashboardFigures['stats'];
type Periods = NonNullable<DashboardData['statPeriods']>;

const CARDS: { label: string; value: DashboardStatName; change: keyof Stats; icon: IconName }[] = [
  { label: 'Total Users', value: 'totalUsers', change: 'totalUsersChange', icon: 'people' },
  { label: 'Active Admins', value: 'activeAdmins', change: 'activeAdminsChange', icon: 'shield' },
  { label: 'Activities', value: 'totalActivities', change: 'totalActivitiesChange', icon: 'calendar' },
  { label: 'Testimonials', value: 'totalTestimonials', change: 'totalTestimonialsChange', icon: 'comment' },
];

type Trend = 'up' | 'down' | 'flat' | 'plain';

/** A percentage past this multiple of the base reads as noise ("+920.2%"): said in words instead. */
const MOST_TIMES_BASE = 3;

const figure = (value: number) => value.toLocaleString('en-US');

/** "12 new in the last 30 days", or for staff, who are counted and not compared, "2 added …". */
function inThePeriod(current: number, verb: 'new' | 'added'): string {
  return `${current === 0 ? 'None' : figure(current)} ${verb} in the last 30 days`;
}

/**
 * The card's change: a trend only where the server says the comparison means something (statPeriods
 * comparable: history before both periods, a base of at least DASHBOARD_TREND_MIN_BASE, the same basis),
 * plain words otherwise. Without periods (SPEC's sample numbers) SPEC's "+12.5% from last month".
 */
export function changeText(
  name: DashboardStatName,
  change: number,
  period?: Periods[DashboardStatName],
): { text: string; trend: Trend } {
  if (!period) {
    const trend = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
    return { text: `${change > 0 ? '+' : ''}${change}% from last month`, trend };
  }
  const words = inThePeriod(period.current, name === 'activeAdmins' ? 'added' : 'new');
  if (!period.comparable) return { text: words, trend: 'plain' };
  if (period.current > MOST_TIMES_BASE * period.previous) {
    return { text: `${words}, over ${MOST_TIMES_BASE} times the ${figure(period.previous)} before`, trend: 'up' };
  }
  const percent = Math.round(((period.current - period.previous) / period.previous) * 100);
  const trend = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return { text: `${words} (${sign}${Math.abs(percent)}% on the 30 days before)`, trend };
}

const TREND_ICONS: Record<Trend, IconName | null> = {
  up: 'trending-up',
  down: 'trending-down',
  flat: 'minus',
  plain: null,
};

/** SPEC's four cards, less those whose figures the server withheld (issue 55 item 3). */
export function StatCards({
  stats,
  periods,
  withheld,
}: {
  stats: Stats;
  periods?: Periods | undefined;
  withheld: readonly DashboardPart[];
}) {
  const cards = CARDS.filter((card) => !withheld.includes(card.value));
  if (cards.length === 0) return null;
  return (
    <ul className="stat-grid" role="list" aria-label="Key figures">
      {cards.map((card) => {
        const { text, trend } = changeText(card.value, stats[card.change], periods?.[card.value]);
        const icon = TREND_ICONS[trend];
        return (
          <li key={card.label}>
            <Card className="stat-card" data-testid="stat-card">
              <div className="stat-head">
                <h2 className="stat-label">{card.label}</h2>
                <span className={`stat-icon stat-icon-${card.value}`} aria-hidden>
                  <Icon icon={card.icon} size={18} />
                </span>
              </div>
              <p className="stat-value">{stats[card.value].toLocaleString('en-US')}</p>
              <p className={`stat-change stat-change-${trend}`} data-testid="stat-change">
                {icon && (
                  <>
                    <Icon icon={icon} size={14} aria-hidden />{' '}
                  </>
                )}
                {text}
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
