import { Card, Icon, type IconName } from '@blueprintjs/core';
import type { DashboardData, DashboardStatName } from '@npo/shared';

type Stats = DashboardData['stats'];
type Periods = NonNullable<DashboardData['statPeriods']>;

const CARDS: { label: string; value: DashboardStatName; change: keyof Stats; icon: IconName }[] = [
  { label: 'Total Users', value: 'totalUsers', change: 'totalUsersChange', icon: 'people' },
  { label: 'Active Admins', value: 'activeAdmins', change: 'activeAdminsChange', icon: 'shield' },
  { label: 'Activities', value: 'totalActivities', change: 'totalActivitiesChange', icon: 'calendar' },
  { label: 'Testimonials', value: 'totalTestimonials', change: 'totalTestimonialsChange', icon: 'comment' },
];

/**
 * "+12.5% from last month": the last 30 days against the 30 before (DESIGN). Growing from nothing is
 * no percentage: "3 new this month" (a fresh install would otherwise say "+100%" everywhere).
 */
export function changeText(change: number, period?: Periods[DashboardStatName]): string {
  if (period && period.previous === 0) {
    return period.current > 0 ? `${period.current.toLocaleString('en-US')} new this month` : 'None new this month';
  }
  const sign = change > 0 ? '+' : '';
  return `${sign}${change}% from last month`;
}

export function StatCards({ stats, periods }: { stats: Stats; periods?: Periods | undefined }) {
  return (
    <ul className="stat-grid" aria-label="Key figures">
      {CARDS.map((card) => {
        const change = stats[card.change];
        const trend = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
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
              <p className={`stat-change stat-change-${trend}`}>
                <Icon
                  icon={trend === 'up' ? 'trending-up' : trend === 'down' ? 'trending-down' : 'minus'}
                  size={14}
                  aria-hidden
                />{' '}
                {changeText(change, periods?.[card.value])}
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
