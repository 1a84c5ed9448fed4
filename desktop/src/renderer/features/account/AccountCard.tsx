import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface AccountCardProps {
  /** The heading's id, for the card's region and for what inside it is named by the heading. */
  headingId: string;
  title: string;
  /** Beside the heading, right-aligned (e.g. "End all other sessions"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One of My account's cards: the three share this frame, so they look alike (issue 21, item 11). */
export function AccountCard({ headingId, title, actions, children }: AccountCardProps) {
  return (
    <Card className="panel account-section" role="region" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId} className="panel-title">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}
