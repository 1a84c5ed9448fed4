import { Card } from '@blueprintjs/core';
import { formatRelativeTime, type DashboardRecentUser } from '@npo/shared';
import { RoleTag } from '../../ui/RoleTag';

export function RecentUsers({ users, now }: { users: DashboardRecentUser[]; now: Date }) {
  return (
    <Card className="panel">
      <div className="panel-head">
        <h2 className="panel-title">Recent Users</h2>
      </div>
      {users.length === 0 ? (
        <p className="muted">No users yet.</p>
      ) : (
        <ul className="people-list">
          {users.map((user) => (
            <li key={`${user.email}-${user.createdAt}`} className="person">
              <span className="avatar" aria-hidden>
                {user.name.charAt(0).toUpperCase()}
              </span>
              <div className="person-text">
                <span className="person-name">{user.name}</span>
                <span className="muted break-all">{user.email}</span>
              </div>
              <div className="person-side">
                <RoleTag role={user.role} />
                <time className="muted" dateTime={user.createdAt}>
                  {formatRelativeTime(user.createdAt, now)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
