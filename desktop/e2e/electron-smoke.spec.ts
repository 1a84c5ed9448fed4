/**
 * The built desktop app (desktop/out), driven by Playwright's _electron: first run asks for the
 * server, the staff member signs in, sees the dashboard and signs out. It needs a runnable Electron
 * binary, which npm does not install (Electron 42+ downloads it on first use, and this machine may
 * have no network): without one the test says why and is skipped, never counted as passed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import { BRIDGE_FUNCTIONS, BRIDGE_KEY } from '../src/bridge/contract.js';
import { E2E } from '../../e2e/support.js';

const desktopDir = fileURLToPath(new URL('..', import.meta.url));

type Binary = { found: true; path: string } | { found: false; reason: string };

/**
 * Where the Electron executable is, found the way node_modules/electron/index.js finds it but
 * without loading that file: requiring it starts a download when the binary is missing.
 */
function electronBinary(): Binary {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const candidate = path.join(override, relative ?? 'electron');
    return existsSync(candidate)
      ? { found: true, path: candidate }
      : { found: false, reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${candidate} does not exist.` };
  }
  if (!relative) {
    return {
      found: false,
      reason:
        'no Electron binary: node_modules/electron/path.txt is missing (npm does not download Electron). ' +
        'Run `node node_modules/electron/install.js` where GitHub is reachable, or set ELECTRON_OVERRIDE_DIST_PATH.',
    };
  }
  const candidate = path.join(packageDir, 'dist', relative);
  return existsSync(candidate)
    ? { found: true, path: candidate }
    : { found: false, reason: `node_modules/electron/path.txt names ${candidate}, which does not exist.` };
}

const binary = electronBinary();

test('desktop app: connect to the server, sign in, see the dashboard, sign out', async () => {
  if (!binary.found) {
    console.log(`Electron smoke test skipped: ${binary.reason}`);
    test.skip(true, binary.reason);
    return;
  }
  expect(existsSync(path.join(desktopDir, 'out', 'main', 'index.js')), 'run `npm run build` first').toBe(true);

  const userDataDir = mkdtempSync(path.join(tmpdir(), 'npo-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: [
      // Chromium refuses to run as root with its sandbox (CI containers); everywhere else it stays on.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      desktopDir,
      `--user-data-dir=${userDataDir}`,
    ],
    // The built app, never a dev server left in the environment.
    env: { ...process.env, ELECTRON_RENDERER_URL: '' },
  });
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveURL(/^app:\/\/console\//);

    // The preload exposes the bridge and nothing of Node or Electron.
    const exposed = await page.evaluate(
      (key) => ({
        bridge: Object.keys((window as unknown as Record<string, object>)[key] ?? {}).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }),
      BRIDGE_KEY,
    );
    expect(exposed).toEqual({ bridge: [...BRIDGE_FUNCTIONS].sort(), require: 'undefined', process: 'undefined' });

    // First run: the console asks for the server; the shell checks /api/health, keeps it and reloads.
    await expect(page.getByRole('heading', { name: 'Connect to your organisation' })).toBeVisible();
    await page.getByLabel('Server address').fill(E2E.baseUrl);
    await page.getByRole('button', { name: 'Connect' }).click();

    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Email').fill(E2E.superAdmin.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E.superAdmin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('stat-card')).toHaveCount(4);

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const token = await page.evaluate(
      (key) => (window as unknown as Record<string, { getToken(): Promise<string | null> }>)[key]!.getToken(),
      BRIDGE_KEY,
    );
    expect(token).toBeNull();
  } finally {
    await app.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
