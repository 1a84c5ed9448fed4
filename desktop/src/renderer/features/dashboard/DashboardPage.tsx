import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useCurrentUser } from '../../session/session-store';
import { PageHeader } from '../../ui/PageHeader';
import { LoadError, NotSyncedYet, SkeletonRows } from '../../ui/states';
import { BackupCard } from './BackupCard';
import { ContentOverview } from './ContentOverview';
import { RecentUsers } from './RecentUsers';
import { withSamples } from './sample-dashboard';
import { StatCards } from './StatCards';
import { UpcomingActivities } from './UpcomingActivities';
import { UserGrowthChart } from './UserGrowthChart';

export default function DashboardPage() {
  const user = useCurrentUser();
  const query = useQuery({ queryKey: queryKeys.dashboard, queryFn: api.admin.dashboard });
  const firstName = user.name.split(' ')[0] ?? user.name;

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
  return (
    <>
      <PageHeader title="Dashboard" summary={`Welcome back, ${firstName}. Here is what is happening on the site.`} />
      <StatCards stats={data.stats} periods={data.statPeriods} />
      <div className="dashboard-grid">
        <UserGrowthChart growth={data.userGrowth} />
        <ContentOverview content={data.contentStats} defaultContent={data.defaultContent} />
        <RecentUsers users={data.recentUsers} now={now} />
        <UpcomingActivities activities={data.upcomingActivities} />
        {data.backup && <BackupCard backup={data.backup} now={now} />}
      </div>
    </>
  );
}
