/**
 * The native menu as a plain template (tested without Electron). Reload and developer tools exist
 * only in development: in production a reload would drop unsaved form input and devtools would
 * hand anyone at the keyboard a console inside the signed-in session.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { CHANNELS } from '../bridge/contract';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  development: boolean;
  serverUrl: string | null;
  /** Sends a main → renderer message to the console window. */
  sendToConsole(channel: string): void;
  /** Opens the address outside the app; what it answers (a promise of the outcome) is not awaited. */
  openInBrowser: (url: string) => unknown;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, development, serverUrl } = options;

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      {
        label: 'Server address…',
        accelerator: 'CmdOrCtrl+,',
        click: () => options.sendToConsole(CHANNELS.openServerSettings),
      },
      separator,
      // On macOS, Quit lives in the application menu.
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };

  const editMenu: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };

  const developerItems: MenuItemConstructorOptions[] = development
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
    : [];
  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...developerItems,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: [
      { role: 'minimize' },
      ...(isMac ? ([{ role: 'zoom' }, separator, { role: 'front' }] as const) : []),
      { role: 'close' },
    ],
  };

  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      {
        label: 'Open the public website',
        enabled: serverUrl !== null,
        click: () => {
          if (serverUrl) options.openInBrowser(serverUrl);
        },
      },
      // macOS shows About in the application menu.
      ...(isMac ? [] : [separator, { role: 'about' } as const]),
    ],
  };

  return [...(isMac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
