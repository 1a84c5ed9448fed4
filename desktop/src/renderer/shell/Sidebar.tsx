import { Icon } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { useUnreadMessages } from '../features/connect/unread';
import { platform } from '../platform';
import { useCurrentUser } from '../session/session-store';
import { visibleEntries } from './navigation';

/** New contact messages waiting, beside Connect Us; nothing when there are none. */
function UnreadBadge({ collapsed }: { collapsed: boolean }) {
  const unread = useUnreadMessages(true);
  if (unread === 0) return null;
  return (
    <span className={`sidebar-badge${collapsed ? ' sidebar-badge-dot' : ''}`} data-testid="unread-badge">
      {/* On the collapsed sidebar's icon corner only two digits fit; the full count is read out. */}
      <span aria-hidden>{collapsed && unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{`, ${unread} new ${unread === 1 ? 'message' : 'messages'}`}</span>
    </span>
  );
}

interface SidebarProps {
  /** Icons only (wide screens, collapsed by the user); labels stay available to screen readers. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function Sidebar({ collapsed = false, onNavigate }: SidebarProps) {
  const user = useCurrentUser();
  return (
    <nav aria-label="Main" className={`sidebar${collapsed ? ' sidebar-collapsed' : ''}`}>
      <ul className="sidebar-list">
        {visibleEntries(user).map((entry) => (
          <li key={entry.label}>
            {entry.to ? (
              <NavLink
                to={entry.to}
                end={entry.to === '/'}
                className={({ isActive }) => `sidebar-link${isActive ? ' is-active' : ''}`}
                title={collapsed ? entry.label : undefined}
                onClick={onNavigate}
              >
                <Icon icon={entry.icon} aria-hidden />
                <span className="sidebar-label">{entry.label}</span>
                {entry.module === 'connect' && <UnreadBadge collapsed={collapsed} />}
              </NavLink>
            ) : (
              <a
                href={platform.publicSiteUrl('/')}
                className="sidebar-link"
                title={collapsed ? entry.label : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  platform.openPublicSite('/');
                  onNavigate?.();
                }}
              >
                <Icon icon={entry.icon} aria-hidden />
                <span className="sidebar-label">{entry.label}</span>
                <Icon icon="share" size={12} className="sidebar-external" aria-hidden />
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
