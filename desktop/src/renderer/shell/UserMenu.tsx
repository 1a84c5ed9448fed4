/**
 * The signed-in user in the top bar: initial, name, e-mail, and the View Site / Sign Out dropdown,
 * which also names the console's release (APP_VERSION, as in CHANGELOG.md).
 * The dropdown is anchored with CSS under its button rather than positioned by script, so it is in
 * place from its first frame; it follows the menu button pattern (arrows, Escape, focus return).
 */
import { Button, Classes, Icon, Intent, type IconName } from '@blueprintjs/core';
import { APP_VERSION } from '@npo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { platform } from '../platform';
import { clearSession, useCurrentUser } from '../session/session-store';
import { moveMenuFocus } from '../ui/menu-focus';

function MenuEntry({
  icon,
  text,
  intent,
  onSelect,
}: {
  icon: IconName;
  text: string;
  intent?: Intent;
  onSelect: () => void;
}) {
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={`${Classes.MENU_ITEM} menu-entry${intent ? ` ${Classes.intentClass(intent)}` : ''}`}
        onClick={onSelect}
      >
        <Icon icon={icon} aria-hidden className={Classes.MENU_ITEM_ICON} />
        <span className={Classes.FILL}>{text}</span>
      </button>
    </li>
  );
}

export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const items = () => Array.from(frame.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const closeOnOutside = (event: MouseEvent) => {
      if (!frame.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutside);
    return () => document.removeEventListener('mousedown', closeOnOutside);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    if (moveMenuFocus(event.key, items())) event.preventDefault();
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  function signOut() {
    // Ends the session on the server too (best effort: offline, the token simply expires). The call
    // reads the token before clearSession below forgets it.
    void api.auth.logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }

  return (
    <div className="user-menu" ref={frame}>
      <Button
        ref={button}
        variant="minimal"
        className="user-button"
        endIcon="caret-down"
        aria-label={`Account menu for ${user.name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="user-identity">
          <span className="avatar" aria-hidden>
            {user.name.charAt(0).toUpperCase()}
          </span>
          <span className="user-text">
            <span className="user-name">{user.name}</span>
            <span className="user-email">{user.email}</span>
          </span>
        </span>
      </Button>
      {open && (
        <div className="user-menu-popup">
          <div className="menu-identity">
            <span className="person-name">{user.name}</span>
            <span className="muted break-all">{user.email}</span>
          </div>
          <ul id={menuId} role="menu" aria-label="Account" className={Classes.MENU} onKeyDown={onMenuKeyDown}>
            <MenuEntry
              icon="share"
              text="View Site"
              onSelect={() => {
                close(true);
                platform.openPublicSite('/');
              }}
            />
            <MenuEntry
              icon="person"
              text="My account"
              onSelect={() => {
                close(true);
                void navigate('/account');
              }}
            />
            <MenuEntry icon="log-out" text="Sign Out" intent={Intent.DANGER} onSelect={signOut} />
          </ul>
          <div className="menu-version muted">Version {APP_VERSION}</div>
        </div>
      )}
    </div>
  );
}
