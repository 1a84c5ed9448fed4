/**
 * What the desktop app's menu asks of the console (issue 54): search the current list, make a new item
 * on the current screen, save the open dialog, show the waiting changes, open the inbox, go to a
 * screen. The shortcuts are the menu's accelerators, shown beside its items. Each command acts on
 * what the screen already offers (its search box, the "Add …" of its header, the dialog's submit
 * button), so a screen the staff member may not change offers nothing to press.
 */
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ConsoleCommand } from '../../bridge/contract';
import { showWaitingChanges } from '../offline/ConnectionBanner';
import { entriesOf } from '../offline/outbox';
import { getSession } from '../session/session-store';
import { platform } from '../platform';
import { notifySuccess } from '../ui/toaster';

export const NOTHING_WAITING = 'No changes are waiting: everything you saved is on the server.';

/** The topmost open dialog, if any (Blueprint stacks them in the order they opened). */
function openDialog(root: ParentNode): Element | null {
  const dialogs = root.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  return dialogs.item(dialogs.length - 1);
}

/** Runs one command against the document as it is now; `waiting` is how many changes wait. */
export function runConsoleCommand(
  command: ConsoleCommand,
  context: { root: Document; navigate: NavigateFunction; waiting: number },
): void {
  const { root, navigate } = context;
  if (command.startsWith('go:')) return void navigate(command.slice('go:'.length));
  switch (command) {
    case 'open-inbox':
      return void navigate('/connect/messages');
    case 'show-waiting-changes':
      if (context.waiting === 0) return notifySuccess(NOTHING_WAITING);
      return showWaitingChanges();
    case 'find': {
      const search = (openDialog(root) ?? root).querySelector<HTMLInputElement>('input[type="search"]');
      search?.focus();
      search?.select();
      return;
    }
    case 'new-item': {
      // The screen's main action sits in its header (PageHeader), first: "Add …", "New Version".
      if (openDialog(root)) return;
      root.querySelector<HTMLButtonElement>('.page-header .page-actions button:not([disabled])')?.click();
      return;
    }
    case 'save': {
      const dialog = openDialog(root);
      const form = dialog?.querySelector('form');
      // As a click on the dialog's submit button would: the form validates first.
      form?.requestSubmit();
      return;
    }
  }
}

/** Listens to the shell's commands while the console's screens are shown. */
export function useConsoleCommands(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!platform.onCommand) return;
    return platform.onCommand((command) =>
      runConsoleCommand(command, { root: document, navigate, waiting: entriesOf(getSession()?.user.id).length }),
    );
  }, [navigate]);
}
