import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../bridge/contract';
import { buildMenuTemplate, type MenuOptions } from './menu';

function template(overrides: Partial<MenuOptions> = {}) {
  const sent: string[] = [];
  const opened: string[] = [];
  const menu = buildMenuTemplate({
    appName: 'Global Nutrition Network Console',
    isMac: false,
    development: false,
    serverUrl: 'https://nutrition.example.org',
    sendToConsole: (channel) => void sent.push(channel),
    openInBrowser: (url) => void opened.push(url),
    ...overrides,
  });
  return { menu, sent, opened };
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
  it('has File, Edit, View, Window and Help', () => {
    const { menu } = template();
    expect(menu.map((entry) => entry.label ?? entry.role)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
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

  it('has reload and developer tools in development only', () => {
    const developerRoles = ['reload', 'forceReload', 'toggleDevTools'];
    const production = roles(template({ development: false }).menu);
    for (const role of developerRoles) expect(production).not.toContain(role);
    expect(production).toEqual(expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']));

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
  });

  it('adds the macOS application menu with about, hide and quit', () => {
    const { menu } = template({ isMac: true });
    expect(menu[0]!.label).toBe('Global Nutrition Network Console');
    expect(roles([menu[0]!])).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(roles(submenu(menu, 'File'))).toEqual(['close']);
    expect(roles(submenu(menu, 'Help'))).toEqual([]);
  });
});
