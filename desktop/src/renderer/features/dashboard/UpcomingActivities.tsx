import { Card } from '@blueprintjs/core';
import { formatAdminDate, type DashboardUpcomingActivity } from '@npo/shared';

export function UpcomingActivities({ activities }: { activities: DashboardUpcomingActivity[] }) {
  return (
    <Card className="panel">
      <div className="panel-head">
        <h2 className="panel-title">Upcoming Activities</h2>
      </div>
      {activities.length === 0 ? (
        <p className="muted">No upcoming activities.</p>
      ) : (
        <ul className="activity-list">
          {activities.map((activity, index) => (
            <li key={`${activity.title}-${index}`} className="activity-row">
              <div className="activity-text">
                <span className="person-name">{activity.title}</span>
                <time className="muted" dateTime={activity.date}>
                  {formatAdminDate(activity.date)}
                </time>
              </div>
              <span className="participants" title="Participants / capacity">
                {activity.participants}/{activity.capacity ?? '∞'}
                <span className="sr-only"> participants</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
