/**
 * Scheduled activation (issue 21 item 3), in both themes with axe: staff schedule a version in their
 * own zone, then the server's clock reaches that minute and the public page changes, once.
 *
 * The server's time has to move, so this spec starts a server of its own (the shared one runs as in
 * production, where a test clock is refused): NODE_ENV=test with TEST_CLOCK_FILE, the file the spec
 * writes to move its clock forward, and a scheduler that looks every half second. The browser's clock
 * is moved by the same amount (Playwright's clock), so the console's own refetch at the due time runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { SUPER_ADMIN, unique } from './console.js';

test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: 'Europe/Paris' });

const ZONE = 'Europe/Paris';
/** How far ahead each test schedules, and how far it then moves both clocks. */
const AHEAD_MIN = 10;

let server: ChildProcess | undefined;
let baseUrl = '';
let dataDir = '';
let clockFile = '';
let offsetMs = 0;

/** E2E_SCHEDULE_PORT when given (a port reserved for this run), else one the system has free. */
async function freePort(): Promise<number> {
  if (process.env.E2E_SCHEDULE_PORT) return Number(process.env.E2E_SCHEDULE_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function call(method: string, route: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer body is untyped JSON here
  const answer: any = await response.json();
  return { status: response.status, body: answer };
}

async function token(): Promise<string> {
  return (await call('POST', '/auth/login', SUPER_ADMIN)).body.data.token as string;
}

/** Moves the server's clock forward (it reads the file again within 100 ms). */
function moveServerClock(ms: number): void {
  offsetMs += ms;
  writeFileSync(clockFile, String(offsetMs));
}

test.beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'npo-schedule-e2e-'));
  clockFile = path.join(dataDir, 'clock-offset');
  writeFileSync(clockFile, '0');
  server = spawn(process.execPath, ['site/dist/server/main.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`,
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '100',
      BACKUP_SCHEDULE: 'false',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_FILE: clockFile,
      VERSION_SCHEDULE_LOOK_MS: '500',
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${baseUrl}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openConsole(page: Page, theme: string): Promise<void> {
  const session = (await call('POST', '/auth/login', SUPER_ADMIN)).body.data;
  await page.goto(`${baseUrl}/admin/forgot-password`);
  await page.evaluate(
    ({ token: value, user, themeName }) => {
      localStorage.setItem('token', value);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('admin-theme', themeName);
    },
    { token: session.token, user: session.user, themeName: theme },
  );
  await page.goto(`${baseUrl}/admin/about`);
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
}

/** An instant as the date and time fields show it in Paris, to the minute. */
function parisFields(moment: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

for (const theme of ['light', 'dark']) {
  test(`schedule a version, then the moment comes and the public page changes (${theme})`, async ({
    page,
    browser,
  }) => {
    const marker = unique('Scheduled');
    const live = (await call('GET', '/about-us')).body.data;
    const created = await call(
      'POST',
      '/admin/about-us',
      {
        description: `${live.description} ${marker}`,
        aims: live.aims,
        objectives: live.objectives,
      },
      await token(),
    );
    expect(created.status).toBe(201);
    const draft = created.body.data as { id: number; version: number };

    // The browser's clock follows the server's: both start at real time plus the offset so far.
    await page.clock.install({ time: new Date(Date.now() + offsetMs) });
    await openConsole(page, theme);
    const card = page.locator(`[data-testid="version-card"][data-version="${draft.version}"]`);
    await card.getByRole('button', { name: `Schedule version ${draft.version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Schedule version ${draft.version}` });
    await expect(dialog).toContainText(`in your time zone: ${ZONE}`);

    // A time in the past: the server's field message, under the fields.
    const past = parisFields(new Date(Date.now() + offsetMs - 60 * 60_000));
    await dialog.getByLabel('Date').fill(past.date);
    await dialog.getByLabel('Time').fill(past.time);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a time in the future');
    await expectNoSeriousA11yViolations(page);

    // Whole minutes: the next minute boundary after AHEAD_MIN minutes from the server's now.
    const due = new Date(Math.ceil((Date.now() + offsetMs + AHEAD_MIN * 60_000) / 60_000) * 60_000);
    const fields = parisFields(due);
    await dialog.getByLabel('Date').fill(fields.date);
    await dialog.getByLabel('Time').fill(fields.time);
    await dialog.getByLabel('Time').press('Enter');
    await expect(dialog).toBeHidden();
    const schedule = card.getByTestId('version-schedule');
    await expect(schedule).toContainText('Scheduled for');
    await expect(schedule).toContainText(`(${ZONE})`);
    await expect(card.getByText('Inactive')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Cancel removes it; scheduling again (from the keyboard) puts it back.
    await schedule.getByRole('button', { name: `Cancel the schedule of version ${draft.version}` }).click();
    await expect(card.getByTestId('version-schedule')).toHaveCount(0);
    await card.getByRole('button', { name: `Schedule version ${draft.version}` }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Date').fill(fields.date);
    await dialog.getByLabel('Time').fill(fields.time);
    await dialog.getByLabel('Time').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(schedule).toContainText(`(${ZONE})`);

    const visitor = await browser.newPage();
    await visitor.goto(`${baseUrl}/`);
    await expect(visitor.locator('#about')).not.toContainText(marker);

    // The moment comes: the server activates it within its half-second look; the browser's clock
    // moves too, so the console refetches the list on its own.
    const jump = due.getTime() - (Date.now() + offsetMs) + 1_000;
    moveServerClock(jump);
    await page.clock.fastForward(jump + 5_000);
    await expect(card.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('version-schedule')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await expect
      .poll(async () => {
        await visitor.goto(`${baseUrl}/`);
        return visitor.locator('#about').innerText();
      })
      .toContain(marker);
    await visitor.close();

    // Exactly once: one audit entry from the scheduler for this version.
    const audit = await call('GET', '/admin/audit?limit=100', undefined, await token());
    const entries = (audit.body.data.entries as { action: string; entityId: string | null }[]).filter(
      (entry) => entry.action === 'scheduled_activation' && entry.entityId === String(draft.id),
    );
    expect(entries).toHaveLength(1);
  });
}
