/**
 * The desktop build of the console (desktop/out/renderer, `@platform` = electron.ts) in Chromium, with
 * the preload bridge replaced by an init script that keeps its "disk" in a separate storage key, and
 * the shell's Content-Security-Policy on every file. Electron itself cannot run here (see
 * electron-smoke.spec.ts); this covers what the renderer does with the bridge: the first run's
 * server address, login through the configured server, tokens kept out of localStorage, sign-out.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { buildContentSecurityPolicy } from '../src/main/csp';
import { E2E, expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { SUPER_ADMIN } from './console.js';

const RENDERER_DIR = fileURLToPath(new URL('../out/renderer/', import.meta.url));
export const DESKTOP_RENDERER_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_DESKTOP_PORT ?? 3213)}`;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let server: Server;

test.beforeAll(async () => {
  const policy = buildContentSecurityPolicy({ serverOrigin: E2E.baseUrl });
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = new URL(request.url ?? '/', DESKTOP_RENDERER_ORIGIN).pathname;
    const file = path.join(RENDERER_DIR, pathname === '/' ? 'index.html' : pathname);
    try {
      if (!file.startsWith(RENDERER_DIR)) throw new Error('outside');
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': policy,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  };
  server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve) =>
    server.listen(Number(new URL(DESKTOP_RENDERER_ORIGIN).port), '127.0.0.1', resolve),
  );
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The preload bridge as the shell offers it, its "disk" being one storage key the console never reads. */
function installBridgeDouble() {
  const DISK = '__desktop_shell_disk__';
  const read = (): Record<string, string | null> => JSON.parse(localStorage.getItem(DISK) ?? '{}');
  const write = (key: string, value: string | null) =>
    localStorage.setItem(DISK, JSON.stringify({ ...read(), [key]: value }));
  const bridge = {
    getServerUrl: async () => read().serverUrl ?? null,
    setServerUrl: async (address: string) => {
      const origin = new URL(address).origin;
      const health = await fetch(`${origin}/api/health`).catch(() => null);
      if (!health?.ok) return { ok: false, message: 'No Global Nutrition Network server answered at this address.' };
      write('serverUrl', origin);
      // The shell reloads the console so that the new server's CSP applies.
      setTimeout(() => location.reload(), 0);
      return { ok: true, serverUrl: origin };
    },
    getToken: async () => read().token ?? null,
    setToken: async (token: string) => write('token', token),
    clearToken: async () => write('token', null),
    readStore: async (name: string) => read()[`store:${name}`] ?? null,
    writeStore: async (name: string, value: string) => write(`store:${name}`, value),
    isStoreEncrypted: async () => true,
    openExternal: async () => undefined,
    getAppVersion: async () => '1.0.0',
    isOnline: async () => true,
    onOpenServerSettings: () => () => undefined,
    onUpdateReady: () => () => undefined,
    installUpdate: async () => undefined,
    // What the shell's badge and notifications were told, and its menu's commands (window.__menu).
    reportUnreadMessages: async (unread: number, arrived: number) => {
      (window as unknown as { __reports: number[][] }).__reports.push([unread, arrived]);
    },
    onCommand: (listener: (command: string) => void) => {
      commandListeners.add(listener);
      return () => commandListeners.delete(listener);
    },
  };
  const commandListeners = new Set<(command: string) => void>();
  Object.assign(window, {
    __reports: [],
    __menu: (command: string) => commandListeners.forEach((listener) => listener(command)),
  });
  Object.defineProperty(window, 'desktop', { value: Object.freeze(bridge) });
}

/** Chooses a menu item of the shell (or presses its shortcut): the command it sends to the console. */
const menu = (page: import('@playwright/test').Page, command: string) =>
  page.evaluate((name) => (window as unknown as { __menu: (command: string) => void }).__menu(name), command);

test('desktop console: first run asks for the server, then signs in through it and keeps the token off localStorage', async ({
  page,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.addInitScript(installBridgeDouble);
  await page.goto(`${DESKTOP_RENDERER_ORIGIN}/`);

  await expect(page.getByRole('heading', { name: 'Connect to your organisation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const address = page.getByLabel('Server address');
  await address.fill('http://nutrition.example.org');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The address must start with https:// (http:// is allowed only for this computer).',
  );

  await address.fill(E2E.baseUrl);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();

  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('__desktop_shell_disk__') ?? '{}').token),
  ).toBeTruthy();

  // A super admin manages accounts from the desktop app as from /admin.
  await page.getByRole('link', { name: 'Admins' }).first().click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: SUPER_ADMIN.email })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('__desktop_shell_disk__') ?? '{}').token),
  ).toBeNull();
  expect(cspViolations).toEqual([]);
});

test('desktop console: the menu and its shortcuts act on the current screen, and the badge hears of unread messages', async ({
  page,
}) => {
  await page.addInitScript(installBridgeDouble);
  await page.goto(`${DESKTOP_RENDERER_ORIGIN}/`);
  await page.getByLabel('Server address').fill(E2E.baseUrl);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The inbox's unread count went to the shell (its badge); nothing is news at the first look.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __reports: number[][] }).__reports.at(-1)))
    .toEqual([expect.any(Number), 0]);

  // Go > FAQs (Ctrl+6), Find in List (Ctrl+F), New Item (Ctrl+N), Save (Ctrl+S).
  await menu(page, 'go:/faqs');
  await expect(page.getByRole('heading', { name: 'FAQs', level: 1 })).toBeVisible();
  // File > Print… prints the screen's content alone: no sidebar, top bar or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('list', { name: 'FAQs' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add FAQ' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await menu(page, 'find');
  await expect(page.getByRole('searchbox', { name: 'Search FAQs by question, answer or category' })).toBeFocused();
  await menu(page, 'new-item');
  const dialog = page.getByRole('dialog', { name: 'New FAQ' });
  await expect(dialog).toBeVisible();
  // Save submits the dialog's form as its button would: the form's own checks first.
  await menu(page, 'save');
  await expect(dialog.getByText('Question must be at least 10 characters')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Show Waiting Changes with none waiting says so; Contact Messages opens the inbox.
  await menu(page, 'show-waiting-changes');
  await expect(page.locator('.bp6-toast').filter({ hasText: 'No changes are waiting' })).toBeVisible();
  await menu(page, 'open-inbox');
  await expect(page).toHaveURL(/#\/connect\/messages$/);
});
