/**
 * The native menu as a plain template (tested without Electron): the standard Edit, View and Window
 * menus on every OS, and what an installed console is expected to offer (issue 54): Check for
 * Updates…, Show Waiting Changes, Print, Reload, and the keyboard shortcuts, shown beside their items,
 * to search the current list, make a new item on the current screen, save the open dialog and go to
 * a screen. The console does what a command asks (renderer/shell/useConsoleCommands.ts). Reload is
 * there in production too: a form with unsaved input asks before it goes (useUnsavedChanges), as
 * does a change not yet saved on this computer. Developer tools exist only in development: in
 * production they would hand anyone at the keyboard a console inside the signed-in session.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { CHANNELS, GO_TO_SCREENS, type ConsoleCommand } from '../bridge/contract';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  development: boolean;
  serverUrl: string | null;
  /** Sends a main → renderer message (without a value) to the console window. */
  sendToConsole(channel: string): void;
  /** Asks the console to do something (the command channel). */
  sendCommand(command: ConsoleCommand): void;
  /** Opens the address outside the app; what it answers (a promise of the outcome) is not awaited. */
  openInBrowser: (url: string) => unknown;
  /** "Check for Updates…": asks the feed now and says what it found. */
  checkForUpdates(): void;
  /** Prints the current screen (the console's print stylesheet leaves the menus out). */
  print(): void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** Ctrl/Cmd+1…9 go to the first nine screens of the Go menu. */
const GO_ACCELERATORS = 9;

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, development, serverUrl } = options;
  const command = (label: string, name: ConsoleCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator && { accelerator }),
    click: () => options.sendCommand(name),
  });
  const checkForUpdates: MenuItemConstructorOptions = {
    label: 'Check for Updates…',
    click: () => options.checkForUpdates(),
  };

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      checkForUpdates,
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
      command('New Item', 'new-item', 'CmdOrCtrl+N'),
      command('Save', 'save', 'CmdOrCtrl+S'),
      separator,
      command('Show Waiting Changes', 'show-waiting-changes', 'CmdOrCtrl+Shift+U'),
      separator,
      { label: 'Print…', accelerator: 'CmdOrCtrl+P', click: () => options.print() },
      separator,
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
      separator,
      command('Find in List', 'find', 'CmdOrCtrl+F'),
    ],
  };

  const developerItems: MenuItemConstructorOptions[] = development
    ? [{ role: 'forceReload' }, { role: 'toggleDevTools' }]
    : [];
  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      ...developerItems,
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const goMenu: MenuItemConstructorOptions = {
    label: 'Go',
    submenu: [
      ...GO_TO_SCREENS.map((screen, index) =>
        command(screen.label, `go:${screen.path}`, index < GO_ACCELERATORS ? `CmdOrCtrl+${index + 1}` : undefined),
      ),
      separator,
      command('Contact Messages', 'open-inbox'),
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
      // macOS shows these two in the application menu.
      ...(isMac ? [] : [separator, checkForUpdates, { role: 'about' } as const]),
    ],
  };

  return [...(isMac ? [appMenu] : []), fileMenu, editMenu, viewMenu, goMenu, windowMenu, helpMenu];
}
