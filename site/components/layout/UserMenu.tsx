import type { User } from '@npo/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { readToken } from '../../lib/session-storage';
import { ChevronDownIcon } from '../icons';

interface UserMenuProps {
  user: User | null;
  onLogout: () => void;
}

/**
 * Ends this session on the server too, so its token is refused from now on. Best effort: offline, the
 * token simply expires. The client's module loads on this first call (as lib/api.ts loads it), not
 * with every page's menu; the token is read now, before the sign-out clears it. The caller waits for
 * the request to be under way before it signs out: signing out navigates, and a navigation drops a
 * module still loading (a keepalive request, once sent, outlives it).
 */
async function endServerSession(): Promise<void> {
  const token = readToken();
  if (!token) return;
  try {
    const { endSession } = await import('../../lib/api-client');
    endSession(token);
  } catch {
    // Offline or the module could not load: the token expires on its own.
  }
}

/** The logged-in member's menu: initial, name and e-mail, Change password, Your data (download, close the account), and Logout. A disclosure, closed by Escape or a click outside. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = user?.name?.trim() || 'Member';
  const initial = name.charAt(0).toUpperCase();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <ChevronDownIcon size={16} className="user-menu__chevron" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <div className="user-menu__who">
          <span className="avatar avatar--large" aria-hidden="true">
            {initial}
          </span>
          <span>
            <span className="user-menu__name">{name}</span>
            {user?.email && <span className="user-menu__email">{user.email}</span>}
          </span>
        </div>
        <a href="/account/profile" className="user-menu__link">
          Your profile
        </a>
        <a href="/account/activities" className="user-menu__link">
          Your activities
        </a>
        <a href="/account/password" className="user-menu__link">
          Change password
        </a>
        <a href="/account/data" className="user-menu__link">
          Your data
        </a>
        <button
          type="button"
          className="user-menu__logout"
          onClick={() => {
            setOpen(false);
            void endServerSession().then(onLogout);
          }}
        >
          Logout
        </button>
      </div>
    </div>
  );
}
