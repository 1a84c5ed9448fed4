import { Card, Tag } from '@blueprintjs/core';
import { formatRelativeTime, type DashboardData, type Role } from '@npo/shared';

const ROLE_LABELS: Record<Role, string> = { member: 'Member', admin: 'Admin', super_admin: 'Super Admin' };

export function RecentUsers({ users, now }: { users: DashboardData['recentUsers']; now: Date }) {
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
                <Tag minimal={user.role === 'member'} intent={user.role === 'member' ? 'none' : 'primary'}>
                  {ROLE_LABELS[user.role] ?? user.role}
                </Tag>
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
