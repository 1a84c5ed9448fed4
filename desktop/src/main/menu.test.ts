import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { CHANNELS, CONSOLE_COMMANDS, GO_TO_SCREENS } from '../bridge/contract';
import { buildMenuTemplate, type MenuOptions } from './menu';

function template(overrides: Partial<MenuOptions> = {}) {
  const sent: string[] = [];
  const opened: string[] = [];
  const commands: string[] = [];
  const calls: string[] = [];
  const menu = buildMenuTemplate({
    appName: 'Global Nutrition Network Console',
    isMac: false,
    development: false,
    serverUrl: 'https://nutrition.example.org',
    sendToConsole: (channel) => void sent.push(channel),
    sendCommand: (command) => void commands.push(command),
    openInBrowser: (url) => void opened.push(url),
    checkForUpdates: () => void calls.push('check'),
    print: () => void calls.push('print'),
    ...overrides,
  });
  return { menu, sent, opened, commands, calls };
}

function items(menu: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return menu.flatMap((entry) => [entry, ...items((entry.submenu as MenuItemConstructorOptions[] | undefined) ?? [])]);
}
const roles = (menu: MenuItemConstructorOptions[]) => items(menu).flatMap((item) => (item.role ? [item.role] : []));
const submenu = (menu: MenuItemConstructorOptions[], label: string) =>
  menu.find((entry) => entry.label === label || (label === 'Help' && entry.role === 'help'))!
    .submenu as MenuItemConstructorOptions[];
const click = (item: MenuItemConstructorOptions) => (item.click as () => void)();

describe('buildMenuTemplate', () => {
  it('has File, Edit, View, Go, Window and Help', () => {
    const { menu } = template();
    expect(menu.map((entry) => entry.label ?? entry.role)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'help']);
  });

  it('shows the shortcuts beside the items that send their commands to the console', () => {
    const { menu, commands } = template();
    const shortcuts = items(menu)
      .filter((item) => item.accelerator && item.label !== 'Server address…' && item.label !== 'Print…')
      .map((item) => [item.label, item.accelerator]);
    expect(shortcuts).toEqual([
      ['New Item', 'CmdOrCtrl+N'],
      ['Save', 'CmdOrCtrl+S'],
      ['Show Waiting Changes', 'CmdOrCtrl+Shift+U'],
      ['Find in List', 'CmdOrCtrl+F'],
      ...GO_TO_SCREENS.slice(0, 9).map((screen, index) => [screen.label, `CmdOrCtrl+${index + 1}`]),
    ]);
    for (const item of items(menu).filter((entry) => entry.accelerator && entry.label !== 'Print…')) {
      if (item.label !== 'Server address…') click(item);
    }
    click(submenu(menu, 'Go').find((entry) => entry.label === 'Contact Messages')!);
    expect(commands).toEqual([
      'new-item',
      'save',
      'show-waiting-changes',
      'find',
      ...GO_TO_SCREENS.slice(0, 9).map((screen) => `go:${screen.path}`),
      'open-inbox',
    ]);
    // Every command the menu sends is one the preload lets through.
    for (const sent of commands) expect(CONSOLE_COMMANDS).toContain(sent);
    // Every screen of the Go menu is there, the later ones without a shortcut.
    expect(submenu(menu, 'Go').filter((entry) => entry.label && entry.label !== 'Contact Messages')).toHaveLength(
      GO_TO_SCREENS.length,
    );
  });

  it('prints the current screen and checks for updates on demand', () => {
    const { menu, calls } = template();
    const print = submenu(menu, 'File').find((entry) => entry.label === 'Print…')!;
    expect(print.accelerator).toBe('CmdOrCtrl+P');
    click(print);
    click(submenu(menu, 'Help').find((entry) => entry.label === 'Check for Updates…')!);
    expect(calls).toEqual(['print', 'check']);
    const mac = template({ isMac: true });
    click(
      (mac.menu[0]!.submenu as MenuItemConstructorOptions[]).find((entry) => entry.label === 'Check for Updates…')!,
    );
    expect(mac.calls).toEqual(['check']);
  });

  it('"Server address…" sends the open-server-settings event to the console', () => {
    const { menu, sent } = template();
    const item = submenu(menu, 'File').find((entry) => entry.label === 'Server address…')!;
    expect(item.accelerator).toBe('CmdOrCtrl+,');
    click(item);
    expect(sent).toEqual([CHANNELS.openServerSettings]);
  });

  it('offers the standard edit roles', () => {
    expect(submenu(template().menu, 'Edit').flatMap((item) => (item.role ? [item.role] : []))).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
    ]);
  });

  it('has reload always, and developer tools in development only', () => {
    const developerRoles = ['forceReload', 'toggleDevTools'];
    const production = roles(template({ development: false }).menu);
    for (const role of developerRoles) expect(production).not.toContain(role);
    expect(production).toEqual(
      expect.arrayContaining(['reload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']),
    );

    const development = roles(template({ development: true }).menu);
    expect(development).toEqual(expect.arrayContaining([...developerRoles, 'resetZoom', 'togglefullscreen']));
  });

  it('opens the public website in the browser, and only once a server is set', () => {
    const { menu, opened } = template();
    const item = submenu(menu, 'Help').find((entry) => entry.label === 'Open the public website')!;
    expect(item.enabled).toBe(true);
    click(item);
    expect(opened).toEqual(['https://nutrition.example.org']);

    const unset = template({ serverUrl: null });
    const disabled = submenu(unset.menu, 'Help').find((entry) => entry.label === 'Open the public website')!;
    expect(disabled.enabled).toBe(false);
    click(disabled);
    expect(unset.opened).toEqual([]);
  });

  it('puts Quit and About in File and Help on Windows and Linux', () => {
    const { menu } = template({ isMac: false });
    expect(roles(submenu(menu, 'File'))).toEqual(['quit']);
    expect(roles(submenu(menu, 'Help'))).toEqual(['about']);
    expect(roles(submenu(menu, 'Window'))).toEqual(['minimize', 'close']);
    expect(roles(submenu(menu, 'Edit'))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
  });

  it('adds the macOS application menu with about, hide and quit', () => {
    const { menu } = template({ isMac: true });
    expect(menu[0]!.label).toBe('Global Nutrition Network Console');
    expect(roles([menu[0]!])).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(roles(submenu(menu, 'File'))).toEqual(['close']);
    expect(roles(submenu(menu, 'Help'))).toEqual([]);
    expect(roles(submenu(menu, 'Edit'))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(roles(submenu(menu, 'Window'))).toEqual(['minimize', 'zoom', 'front', 'close']);
  });
});
