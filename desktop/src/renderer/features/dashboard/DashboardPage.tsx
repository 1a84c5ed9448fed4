import { countPermissions, PERMISSION_SLOTS, type DashboardPart } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useCurrentUser } from '../../session/session-store';
import { PageHeader } from '../../ui/PageHeader';
import { LoadError, NotSyncedYet, Refusal, SkeletonRows } from '../../ui/states';
import { BackupCard } from './BackupCard';
import { ContentOverview } from './ContentOverview';
import { RecentUsers } from './RecentUsers';
import { withSamples } from './sample-dashboard';
import { StatCards } from './StatCards';
import { UpcomingActivities } from './UpcomingActivities';
import { UserGrowthChart } from './UserGrowthChart';

/**
 * An admin granted nothing yet: no figures, names or e-mails, but what to ask a super admin for
 * (issue 55). My account stays open to them.
 */
function NoPermissionsYet() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Refusal
        icon="key"
        title="No permissions yet"
        description={`Your account has 0 of ${PERMISSION_SLOTS} permissions, so there is nothing to show here. Ask a super admin to grant you the modules you work on (for example View and Edit in FAQs, or View in Members). Your own account, its password and two-factor sign-in are under My account.`}
      />
    </>
  );
}

export default function DashboardPage() {
  const user = useCurrentUser();
  const hasNone = user.role === 'admin' && countPermissions(user.permissions) === 0;
  const query = useQuery({ queryKey: queryKeys.dashboard, queryFn: api.admin.dashboard, enabled: !hasNone });
  const firstName = user.name.split(' ')[0] ?? user.name;

  if (hasNone) return <NoPermissionsYet />;

  if (query.isPending) {
    // The screen's title at once, with grey rows where the figures will be (issue 21, item 10).
    return (
      <>
        <PageHeader title="Dashboard" />
        {query.fetchStatus === 'paused' ? <NotSyncedYet /> : <SkeletonRows rows={6} label="Loading the dashboard..." />}
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title="Dashboard" />
        <LoadError
          title="Failed to load dashboard data"
          description="Please try refreshing the page"
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const now = new Date();
  const data = withSamples(query.data, now);
  // What the server withheld for want of permission is not shown, and no sample stands in for it.
  const shown = (part: DashboardPart) => !data.withheld.includes(part);
  return (
    <>
      <PageHeader title="Dashboard" summary={`Welcome back, ${firstName}. Here is what is happening on the site.`} />
      {data.withheld.length > 0 && (
        <p className="muted dashboard-withheld" data-testid="dashboard-withheld">
          Figures of modules you may not view are not shown. A super admin can grant you more.
        </p>
      )}
      <StatCards stats={data.stats} periods={data.statPeriods} withheld={data.withheld} />
      <div className="dashboard-grid">
        {shown('userGrowth') && <UserGrowthChart growth={data.userGrowth} />}
        <ContentOverview content={data.contentStats} defaultContent={data.defaultContent} withheld={data.withheld} />
        {shown('recentUsers') && <RecentUsers users={data.recentUsers} now={now} />}
        {shown('upcomingActivities') && <UpcomingActivities activities={data.upcomingActivities} />}
        {data.backup && <BackupCard backup={data.backup} now={now} />}
      </div>
    </>
  );
}
