/**
 * Scheduled activation (issue 21 item 3), in both themes with axe: staff schedule a version in their
 * own zone, then the server's clock reaches that minute and the public page changes, once.
 *
 * The server's time has to move, so this spec starts a server of its own (the shared one runs as in
 * production, where a test clock is refused): NODE_ENV=test with TEST_CLOCK_FILE, the file the spec
 * writes to move its clock forward, and a scheduler that looks every half second. The browser's clock
 * is moved by the same amount (Playwright's clock), so the console's own refetch at the due time runs.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { unique } from './console.js';
import { startOwnServer, type OwnServer } from './own-server.js';

test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: 'Europe/Paris' });

const ZONE = 'Europe/Paris';
/** How far ahead each test schedules, and how far it then moves both clocks. */
const AHEAD_MIN = 10;

let own: OwnServer;
let baseUrl = '';

const call = (method: string, route: string, body?: unknown, token?: string) => own.call(method, route, body, token);
const token = () => own.token();

test.beforeAll(async () => {
  own = await startOwnServer({
    ...(process.env.E2E_SCHEDULE_PORT && { port: process.env.E2E_SCHEDULE_PORT }),
    env: { VERSION_SCHEDULE_LOOK_MS: '500' },
  });
  baseUrl = own.baseUrl;
});

test.afterAll(async () => {
  await own?.stop();
});

async function openConsole(page: Page, theme: string): Promise<void> {
  await own.openConsole(page, '/about', { 'admin-theme': theme });
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
    await page.clock.install({ time: new Date(Date.now() + own.offsetMs()) });
    await openConsole(page, theme);
    const card = page.locator(`[data-testid="version-card"][data-version="${draft.version}"]`);
    await card.getByRole('button', { name: `Schedule version ${draft.version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Schedule version ${draft.version}` });
    await expect(dialog).toContainText(`in your time zone: ${ZONE}`);

    // A time in the past: the server's field message, under the fields.
    const past = parisFields(new Date(Date.now() + own.offsetMs() - 60 * 60_000));
    await dialog.getByLabel('Date').fill(past.date);
    await dialog.getByLabel('Time').fill(past.time);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a time in the future');
    await expectNoSeriousA11yViolations(page);

    // Whole minutes: the next minute boundary after AHEAD_MIN minutes from the server's now.
    const due = new Date(Math.ceil((Date.now() + own.offsetMs() + AHEAD_MIN * 60_000) / 60_000) * 60_000);
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
    const jump = due.getTime() - (Date.now() + own.offsetMs()) + 1_000;
    own.moveClock(jump);
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
