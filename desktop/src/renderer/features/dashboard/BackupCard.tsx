import { Callout, Card } from '@blueprintjs/core';
import { formatAdminDate, formatRelativeTime, type DashboardBackup } from '@npo/shared';

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The newest database backup (issue 25): in a super admin's dashboard answer only, so shown only to them. */
export function BackupCard({ backup, now }: { backup: DashboardBackup; now: Date }) {
  return (
    <Card className="panel" data-testid="backup-card">
      <div className="panel-head">
        <h2 className="panel-title">Backups</h2>
      </div>
      {!backup.builtIn ? (
        <p className="muted">
          The database is PostgreSQL, backed up with its own tools (pg_dump): the server does not see those backups.
        </p>
      ) : backup.lastAt === null || backup.sizeBytes === null ? (
        <Callout intent="warning" icon="warning-sign" role="alert" title="No backup yet">
          The server makes one a day; <code>npm run backup</code> makes one now.
        </Callout>
      ) : (
        <>
          <ul className="overview-list">
            <li className="overview-row">
              <span>Last backup</span>
              <time className="overview-figure" dateTime={backup.lastAt}>
                {formatAdminDate(backup.lastAt)} ({formatRelativeTime(backup.lastAt, now)})
              </time>
            </li>
            <li className="overview-row">
              <span>Size</span>
              <span className="overview-figure">{formatSize(backup.sizeBytes)}</span>
            </li>
          </ul>
          {backup.stale && (
            <Callout
              intent="warning"
              icon="warning-sign"
              role="alert"
              title="The last backup is more than two days old"
            >
              Check the server log for backup failures (a full disk?); <code>npm run backup</code> makes one now.
            </Callout>
          )}
        </>
      )}
    </Card>
  );
}
