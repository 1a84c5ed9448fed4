/**
 * The native confirmations the main process asks before doing what a renderer asked, as plain
 * message-box options (tested without Electron). The renderer cannot draw these: a compromised page
 * could fake its own dialog, but not the operating system's.
 */
import type { MessageBoxOptions } from 'electron';
import type { UpdateCheckOutcome } from './updater';

/** A host of an address, for naming it to a person (no path, query or credentials). */
function hostOf(origin: string | null): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Index of the button that goes ahead; every dialog here defaults to, and cancels with, the other. */
export const PROCEED = 0;

/** Before opening an address that is not on the organisation's server in the system browser. */
export function externalOpenDialog(host: string, serverOrigin: string | null): MessageBoxOptions {
  const server = hostOf(serverOrigin);
  return {
    type: 'question',
    title: 'Open in your browser?',
    message: `Open ${host} in your browser?`,
    detail:
      `The console asked to open a page on ${host}` +
      (server ? `, which is not your organisation's server (${server}).` : '.') +
      ' Open it only if you expected this page.',
    buttons: [`Open ${host}`, 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

export interface ServerChange {
  from: string | null;
  to: string;
  /**
   * Changes kept on this computer that have not reached the previous server yet; 'locked' while the
   * keychain cannot open them (their number is unknown then).
   */
  waitingChanges?: number | 'locked';
}

/** Before pointing the console at another server: the session, the cache and the waiting changes go. */
export function serverChangeDialog(change: ServerChange): MessageBoxOptions {
  const to = hostOf(change.to) ?? change.to;
  const from = hostOf(change.from) ?? 'the current server';
  const waiting = change.waitingChanges ?? 0;
  if (waiting === 'locked') {
    return {
      type: 'warning',
      title: 'Change the server?',
      message: `Connect the console to ${to}?`,
      detail:
        `You will be signed out, and what this computer kept for ${from} is removed, including ` +
        'changes waiting to be sent, which are locked until the keychain is available: they would be lost.',
      buttons: ['Change server and lose them', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    };
  }
  const lost =
    waiting > 0
      ? ` ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting to be sent to ${from} would be lost.`
      : '';
  return {
    type: 'warning',
    title: 'Change the server?',
    message: `Connect the console to ${to}?`,
    detail: `You will be signed out, and what this computer kept for ${from} is removed.${lost}`,
    buttons: [waiting > 0 ? `Change server and lose ${waiting === 1 ? 'it' : 'them'}` : 'Change server', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

/**
 * Before the window closes or reloads (Quit, "Restart to update", Reload) while the console objects:
 * a form holds unsaved input, or a change is not saved on this computer yet (issue 54 item 10).
 */
export function leaveDialog(): MessageBoxOptions {
  return {
    type: 'warning',
    message: 'Discard unsaved changes?',
    detail:
      'A form holds changes you have not saved, or a change you made is not saved on this computer yet. ' +
      'Keep the console open until it is.',
    buttons: ['Discard', 'Keep editing'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

/** What "Check for Updates…" found; null: this console does not update itself (not installed, no feed). */
export function updateCheckDialog(outcome: UpdateCheckOutcome | null, currentVersion: string): MessageBoxOptions {
  const said = (() => {
    if (outcome === null) {
      return {
        message: 'Updates are off',
        detail: 'Only an installed console with an update address checks for updates.',
      };
    }
    switch (outcome.state) {
      case 'up-to-date':
        return { message: 'The console is up to date', detail: `Version ${currentVersion} is the latest.` };
      case 'downloading':
        return {
          message: `Version ${outcome.version} is on its way`,
          detail: 'It downloads in the background; the console offers to restart once it is ready.',
        };
      case 'ready':
        return {
          message: `Version ${outcome.version} is ready`,
          detail: 'Choose "Restart to update" in the console to install it.',
        };
      case 'failed':
        return {
          message: 'The update server could not be reached',
          detail: 'The console asks again by itself every few hours.',
        };
    }
  })();
  return { type: 'info', title: 'Check for Updates', ...said, buttons: ['OK'], defaultId: 0, noLink: true };
}
