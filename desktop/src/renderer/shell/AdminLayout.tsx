/**
 * The admin shell: top bar, sidebar and the current screen. On wide screens the sidebar can be
 * collapsed to icons; on tablets and phones it becomes a drawer opened from the top bar.
 */
import { Button, Drawer, Position } from '@blueprintjs/core';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ConnectionBanner } from '../offline/ConnectionBanner';
import { Wordmark } from '../ui/Logo';
import { PageActionsProvider } from '../ui/PageHeader';
import { ScreenLoading } from '../ui/states';
import { useMediaQuery } from '../ui/useMediaQuery';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UpdateReady } from './UpdateReady';
import { useConsoleCommands } from './useConsoleCommands';
import { useMessageNotifications } from './useMessageNotifications';
import { UserMenu } from './UserMenu';

const NARROW = '(max-width: 1023px)';

/** The screen an address belongs to: /connect and /connect/messages are one screen with two tabs. */
const screenOf = (pathname: string) => pathname.split('/')[1] ?? '';

export function AdminLayout() {
  const isNarrow = useMediaQuery(NARROW);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // The desktop app's menu and shortcuts, and its badge and notifications of new messages.
  useConsoleCommands();
  useMessageNotifications();

  // After in-app navigation, start keyboard and screen reader users at the new screen's content.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  const menuLabel = isNarrow ? 'Open navigation' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <div className={`shell${collapsed && !isNarrow ? ' shell-collapsed' : ''}`}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="topbar">
        <Button
          variant="minimal"
          icon="menu"
          aria-label={menuLabel}
          aria-expanded={isNarrow ? drawerOpen : !collapsed}
          onClick={() => (isNarrow ? setDrawerOpen(true) : setCollapsed((value) => !value))}
        />
        <Link to="/" className="topbar-brand" aria-label="Dashboard">
          <Wordmark />
        </Link>
        <div className="topbar-spacer" />
        <ThemeToggle />
        <UserMenu />
      </header>
      {isNarrow ? (
        <Drawer
          isOpen={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          position={Position.LEFT}
          size={280}
          className="sidebar-drawer"
        >
          {/* Blueprint's drawer has no dialog role of its own: the panel announces itself. */}
          <div role="dialog" aria-modal="true" aria-labelledby="drawer-title" className="drawer-panel">
            <div className="drawer-head">
              <h2 id="drawer-title" className="drawer-title">
                Menu
              </h2>
              <Button
                variant="minimal"
                icon="cross"
                aria-label="Close navigation"
                onClick={() => setDrawerOpen(false)}
              />
            </div>
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
          </div>
        </Drawer>
      ) : (
        <aside className="sidebar-frame">
          <Sidebar collapsed={collapsed} />
        </aside>
      )}
      <main id="main-content" className="content" ref={mainRef} tabIndex={-1}>
        <ConnectionBanner />
        <UpdateReady />
        {/* A boundary per screen: a new one shows its fallback at once, where the router's transition
            would keep the old screen (and the old sidebar highlight) until the new screen's code came. */}
        <Suspense key={screenOf(location.pathname)} fallback={<ScreenLoading />}>
          <PageActionsProvider>
            <Outlet />
          </PageActionsProvider>
        </Suspense>
      </main>
    </div>
  );
}
