/**
 * One row's actions behind a "more" button (the menu button pattern): the first entry takes the focus
 * as the menu opens, the arrow keys, Home and End move between the enabled entries, and the focus
 * returns to the button once it closes. Destructive entries sit here, each confirmed by its action.
 */
import { Button, Menu, Popover } from '@blueprintjs/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { moveMenuFocus } from './menu-focus';

function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const entries = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'),
  );
  if (moveMenuFocus(event.key, entries)) event.preventDefault();
}

export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover
      content={
        <Menu aria-label={label} onKeyDown={moveFocus}>
          {children}
        </Menu>
      }
      placement="bottom-end"
      shouldReturnFocusOnClose
      onOpened={(popover) => popover.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
    >
      <Button icon="more" variant="minimal" aria-label={label} />
    </Popover>
  );
}
