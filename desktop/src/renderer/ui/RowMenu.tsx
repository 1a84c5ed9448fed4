/**
 * One row's actions behind a "more" button (the menu button pattern): the first entry takes the focus
 * as the menu opens, the arrow keys, Home and End move between the enabled entries, and the focus
 * returns to the button once it closes (unless an entry gave it to a dialog it opened). Destructive
 * entries sit here, each confirmed by its action.
 */
import { Button, Menu, Popover } from '@blueprintjs/core';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { moveMenuFocus } from './menu-focus';

function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const entries = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'),
  );
  if (moveMenuFocus(event.key, entries)) event.preventDefault();
}

/**
 * The focus goes back to the button as the menu closes only when nothing else took it: an entry that
 * opened a dialog keeps the dialog's field focused (Blueprint's own return would take it away after
 * the closing transition, and the dialog would then pull it to its edge, not to the field).
 */
function focusLeftBehind(menu: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || menu.contains(active);
}

export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Popover
      content={
        <Menu aria-label={label} onKeyDown={moveFocus}>
          {children}
        </Menu>
      }
      placement="bottom-end"
      shouldReturnFocusOnClose={false}
      onOpened={(popover) => popover.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
      onClosed={(popover) => {
        if (focusLeftBehind(popover)) button.current?.focus();
      }}
    >
      <Button ref={button} icon="more" variant="minimal" aria-label={label} />
    </Popover>
  );
}
