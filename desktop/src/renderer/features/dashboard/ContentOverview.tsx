import { Card, ProgressBar } from '@blueprintjs/core';
import type { DashboardData } from '@npo/shared';

export function ContentOverview({ content }: { content: DashboardData['contentStats'] }) {
  const rows = [
    { label: 'Membership cards', ...content.membershipCards },
    { label: 'About Us versions', ...content.aboutUsVersions },
    { label: 'Contact info versions', ...content.contactInfoVersions },
  ];
  return (
    <Card className="panel">
      <div className="panel-head">
        <h2 className="panel-title">Content Overview</h2>
      </div>
      <ul className="overview-list">
        {rows.map((row) => (
          <li key={row.label}>
            <div className="overview-row">
              <span>{row.label}</span>
              <span className="overview-figure">
                {row.active}/{row.total} active
              </span>
            </div>
            <ProgressBar
              value={row.total ? row.active / row.total : 0}
              animate={false}
              stripes={false}
              intent="primary"
              aria-label={`${row.label}: ${row.active} of ${row.total} active`}
            />
          </li>
        ))}
        <li>
          <div className="overview-row">
            <span>Featured testimonials</span>
            <span className="overview-figure">{content.featuredTestimonials}</span>
          </div>
        </li>
      </ul>
    </Card>
  );
}
