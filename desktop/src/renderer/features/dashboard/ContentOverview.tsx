import { Card } from '@blueprintjs/core';
import { PUBLIC_SECTIONS, type DashboardPart, type PublicSection } from '@npo/shared';
import { Link } from 'react-router-dom';
import { PublicSectionLink } from '../../ui/DefaultContentNotice';
import type { DashboardFigures } from './sample-dashboard';

/** "2 of 3 active": a figure in words, not a bar that is full for "1 of 1". */
function activeOf({ active, total }: { active: number; total: number }, noun: [string, string]): string {
  if (total === 0) return `No ${noun[1]} yet`;
  return `${active.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? noun[0] : noun[1]} active`;
}

/**
 * SPEC's overview, less the rows the server withheld (issue 55 item 3), and (issue 21) which public
 * sections show the built-in content. Nothing to show: no card.
 */
export function ContentOverview({
  content,
  defaultContent,
  withheld,
}: {
  content: DashboardFigures['contentStats'];
  defaultContent?: PublicSection[] | undefined;
  withheld: readonly DashboardPart[];
}) {
  const all: { part: DashboardPart; label: string; figure: string }[] = [
    {
      part: 'membershipCards',
      label: 'Membership cards',
      figure: activeOf(content.membershipCards, ['card', 'cards']),
    },
    {
      part: 'aboutUsVersions',
      label: 'About Us versions',
      figure: activeOf(content.aboutUsVersions, ['version', 'versions']),
    },
    {
      part: 'contactInfoVersions',
      label: 'Contact info versions',
      figure: activeOf(content.contactInfoVersions, ['version', 'versions']),
    },
    {
      part: 'featuredTestimonials',
      label: 'Featured testimonials',
      figure: content.featuredTestimonials.toLocaleString('en-US'),
    },
  ];
  const rows = all.filter((row) => !withheld.includes(row.part));
  if (rows.length === 0 && !defaultContent) return null;
  return (
    <Card className="panel">
      <div className="panel-head">
        <h2 className="panel-title">Content Overview</h2>
      </div>
      {rows.length > 0 && (
        <dl className="overview-list">
          {rows.map((row) => (
            <div key={row.label} className="overview-row">
              <dt>{row.label}</dt>
              <dd className="overview-figure">{row.figure}</dd>
            </div>
          ))}
        </dl>
      )}
      {defaultContent && (
        <div className="default-content-summary" data-testid="default-content-summary">
          <h3 className="panel-subtitle">Default content on the site</h3>
          {defaultContent.length === 0 ? (
            <p className="muted">None: every section you edit here shows your own content.</p>
          ) : (
            <ul className="default-content-list">
              {defaultContent.map((section) => (
                <li key={section}>
                  <Link to={PUBLIC_SECTIONS[section].consolePath}>{PUBLIC_SECTIONS[section].label}</Link>
                  <PublicSectionLink section={section} text="View on site" />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
