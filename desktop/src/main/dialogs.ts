/**
 * The native confirmations the main process asks before doing what a renderer asked, as plain
 * message-box options (tested without Electron). The renderer cannot draw these: a compromised page
 * could fake its own dialog, but not the operating system's.
 */
import type { MessageBoxOptions } from 'electron';

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
  /** Changes the console holds that have not reached the previous server yet. */
  waitingChanges?: number;
}

/** Before pointing the console at another server: the session, the cache and the waiting changes go. */
export function serverChangeDialog(change: ServerChange): MessageBoxOptions {
  const to = hostOf(change.to) ?? change.to;
  const from = hostOf(change.from) ?? 'the current server';
  const waiting = change.waitingChanges ?? 0;
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
