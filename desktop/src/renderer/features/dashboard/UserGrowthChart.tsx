/** New users on each day of the current week (Mon to Sun), with a text alternative for screen readers. */
import { Card } from '@blueprintjs/core';
import type { DashboardFigures } from './sample-dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '../../theme/theme';

/** The organisation's green, as the console's primary colour (styles/brand.css). */
const COLORS = {
  light: {
    bar: '#0d5c4a',
    grid: '#e5e8eb',
    axis: '#5f6b7c',
    cursor: 'rgba(13,92,74,0.08)',
    tooltip: '#ffffff',
    text: '#1c2127',
  },
  dark: {
    bar: '#6fcfa8',
    grid: '#383e47',
    axis: '#abb3bf',
    cursor: 'rgba(111,207,168,0.12)',
    tooltip: '#2f343c',
    text: '#f6f7f9',
  },
};

export function UserGrowthChart({ growth }: { growth: DashboardFigures['userGrowth'] }) {
  const { theme } = useTheme();
  const colors = COLORS[theme];
  const total = growth.reduce((sum, day) => sum + day.users, 0);
  return (
    <Card className="panel chart-panel">
      <div className="panel-head">
        <h2 className="panel-title" id="growth-title">
          User Growth
        </h2>
        <span className="muted">This week · {total} new</span>
      </div>
      <figure className="chart" aria-labelledby="growth-title">
        {/* The chart itself is decoration for assistive technology: the caption below says the same. */}
        <div className="chart-canvas" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={growth} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke={colors.grid} />
              <XAxis dataKey="day" tickLine={false} axisLine={false} tick={{ fill: colors.axis, fontSize: 12 }} />
              <YAxis
                allowDecimals={false}
                tickLine={false}
                axisLine={false}
                tick={{ fill: colors.axis, fontSize: 12 }}
              />
              <Tooltip
                cursor={{ fill: colors.cursor }}
                contentStyle={{ background: colors.tooltip, border: 'none', borderRadius: 4, color: colors.text }}
                formatter={(value) => [value, 'New users']}
              />
              <Bar dataKey="users" name="New users" fill={colors.bar} radius={[4, 4, 0, 0]} maxBarSize={36} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <figcaption className="sr-only">
          New users per day this week: {growth.map((day) => `${day.day} ${day.users}`).join(', ')}.
        </figcaption>
      </figure>
    </Card>
  );
}
