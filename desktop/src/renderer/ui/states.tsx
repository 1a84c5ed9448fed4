/** The non-ideal states every screen shares: loading, load failure, refusal, empty list. */
import { Button, Classes, NonIdealState, ProgressBar, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="state-block" role="status" aria-live="polite">
      <Spinner size={32} aria-label={label} />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Grey rows where a list's first page will be, so the screen has its shape before the answer comes. */
export function SkeletonRows({ rows = 5, label = 'Loading...' }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-live="polite" data-testid="skeleton-rows">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={`skeleton-row ${Classes.SKELETON}`} aria-hidden />
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A screen whose code is still on its way: a bar along the top and skeleton rows, shown at once so
 * the sidebar and the address already say where the user is going (issue 21, item 10).
 */
export function ScreenLoading() {
  return (
    <div className="screen-loading">
      <ProgressBar className="top-progress" intent="primary" aria-label="Loading the screen" />
      <SkeletonRows />
    </div>
  );
}

/** Offline, a screen whose content was never loaded on this computer has nothing to show yet. */
export function NotSyncedYet() {
  return (
    <div className="state-block" role="status">
      <NonIdealState
        icon="offline"
        title="Not available offline yet"
        description="This screen has not been opened on this computer while connected. It will load when the connection returns."
      />
    </div>
  );
}

export function LoadError({
  title,
  description,
  onRetry,
}: {
  title: string;
  description?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="state-block" role="alert">
      <NonIdealState
        icon="error"
        title={title}
        description={description}
        action={onRetry && <Button icon="refresh" text="Try again" onClick={onRetry} />}
      />
    </div>
  );
}

export function Refusal({
  title,
  description,
  icon = 'lock',
}: {
  title: string;
  description: string;
  icon?: IconName;
}) {
  useDocumentTitle(title);
  return (
    <div className="state-block">
      <NonIdealState icon={icon} title={title} description={description} />
    </div>
  );
}

export function InsufficientPermissions({ action = 'view' }: { action?: string }) {
  return (
    <Refusal title="Insufficient permissions" description={`You don't have permission to ${action} this module.`} />
  );
}

export function AccessRestricted() {
  return <Refusal title="Access Restricted" description="Only super administrators can manage admin users." />;
}

export function EmptyList({ children, action }: { children: ReactNode; action?: ReactElement }) {
  return (
    <div className="state-block">
      <NonIdealState icon="inbox" description={children} action={action} />
    </div>
  );
}
