// `npm run docs:screenshots`: the staff guide's pictures (docs/guide/images/*.png), made again from the
// current screens. It starts the BUILT server (run `npm run build` first) on a fresh SQLite database
// with the demo content, as the browser suites' own servers do (desktop/e2e/own-server.ts): NODE_ENV=test
// and TEST_CLOCK_FILE. The clock file stops the server's clock at one instant (FIXED_TIME), and the browser's clock is fixed there too (Playwright's clock), so the
// seeded dates, the data made below and every time shown are the same on every run. Chromium at
// 1366 × 768, light theme, UTC, en-GB; animations and the caret are off; the random two-factor secret,
// its QR code and the recovery codes are masked. Running it twice gives the same files.
//
//   npm run docs:screenshots [-- name ...]     (names: only those pictures, e.g. site-home)
//
// A picture whose screen changed so much that its steps fail is reported and the others are still
// made; the script then exits 1.
/* global document, localStorage -- used only inside page.evaluate, in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { generate } from 'otplib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'guide', 'images');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4381);
const baseUrl = `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The instant the server and the browser stand still at: a Wednesday morning, on a whole second. */
const FIXED_TIME = Date.UTC(2026, 11, 2, 9, 30, 0);
const VIEWPORT = { width: 1366, height: 768 };
const SUPER_ADMIN = { email: 'director@globalnutrition.example', password: 'guide-password-1', name: 'Dana Director' };
const EDITOR = { email: 'sam.editor@globalnutrition.example', name: 'Sam Editor', password: 'editor-password-1' };

// ---------------------------------------------------------------------------------------------------
// The server, its pinned clock and the API

const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-docs-screenshots-'));
const clockFile = path.join(dataDir, 'clock');
// The server's clock stands still at FIXED_TIME (api/src/lib/clock.ts), so every time it shows is the same on every run.
writeFileSync(clockFile, `at ${new Date(FIXED_TIME).toISOString()}`);

function startServer() {
  const server = spawn(process.execPath, ['site/dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'docs-screenshots-secret-that-is-long-enough',
      PUBLIC_URL: baseUrl,
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      SUPER_ADMIN_NAME: SUPER_ADMIN.name,
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '100',
      BACKUP_SCHEDULE: 'false',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_FILE: clockFile,
    },
  });
  return server;
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await fetch(`${baseUrl}/api/health`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy within 60 s`);
}

async function call(method, route, body, token) {
  const answer = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = await answer.json().catch(() => null);
  if (answer.status >= 300) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(json)}`);
  return json?.data;
}

const login = async (credentials) => call('POST', '/auth/login', credentials);

// ---------------------------------------------------------------------------------------------------
// Fixed data: every name, text and order below is the same on every run

const MEMBERS = [
  ['Aisha Rahman', 'aisha.rahman@example.org'],
  ['Bruno Costa', 'bruno.costa@example.org'],
  ['Chloé Martin', 'chloe.martin@example.org'],
  ['Dev Patel', 'dev.patel@example.org'],
  ['Elena Rossi', 'elena.rossi@example.org'],
  ['Femi Adeyemi', 'femi.adeyemi@example.org'],
];

const MESSAGES = [
  [
    'Grace Liu',
    'grace.liu@example.org',
    '+6591234567',
    'Do you accept student members? I am in my final year of a nutrition degree.',
  ],
  [
    'Hugo Berg',
    'hugo.berg@example.org',
    '+4670123456',
    'Could our clinic host one of the case study discussions next spring?',
  ],
  [
    'Ines Duarte',
    'ines.duarte@example.org',
    '+351912345678',
    'I could not register for the webinar: the button did nothing on my phone.',
  ],
];

async function seedGuideData() {
  const admin = (await login(SUPER_ADMIN)).token;
  for (const [name, email] of MEMBERS) {
    await call('POST', '/auth/register', { name, email, password: 'member-password-1' });
  }
  const upcoming = await call('GET', '/activities?status=upcoming&limit=10');
  const activity = upcoming.activities[0];
  for (const [, email] of MEMBERS.slice(0, 4)) {
    const member = (await login({ email, password: 'member-password-1' })).token;
    await call('POST', `/activities/${activity.id}/register`, {}, member);
  }
  for (const [name, email, phone, message] of MESSAGES) {
    await call('POST', '/contact-messages', { name, email, phone, message });
  }
  const versions = await call('GET', '/admin/about-us?limit=100', undefined, admin);
  const active = versions.aboutUsVersions.find((version) => version.isActive);
  await call(
    'POST',
    '/admin/about-us',
    {
      description: `${active.description} Since this year our members also mentor students in twelve countries.`,
      aims: active.aims,
      objectives: [
        ...active.objectives,
        { title: 'Mentoring', description: 'Pair new dietitians with experienced members.' },
      ],
    },
    admin,
  );
  await call(
    'POST',
    '/admin/announcements',
    {
      subject: 'Registration for the spring case studies is open',
      body: '## Spring case studies\n\nDear members,\n\nregistration for the **spring case study discussions** is open on the website.\n\nWe look forward to seeing you there.',
      audience: 'members',
      activityId: null,
    },
    admin,
  );
  await call(
    'POST',
    '/admin/users',
    {
      name: EDITOR.name,
      email: EDITOR.email,
      role: 'admin',
      permissions: {
        membership: { view: true, edit: true },
        about: { view: true, edit: true },
        activities: { view: true, edit: true },
        faqs: { view: true, edit: true, delete: true },
        connect: { view: true },
      },
    },
    admin,
  );
  return { activity };
}

// ---------------------------------------------------------------------------------------------------
// The pictures

/** Signs the super admin in through the API and opens the console at `consolePath`. */
async function openConsole(page, consolePath) {
  const session = await login(SUPER_ADMIN);
  await page.goto(`${baseUrl}/admin/forgot-password`);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('admin-theme', 'light');
    },
    { token: session.token, user: session.user },
  );
  await page.goto(`${baseUrl}/admin${consolePath}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settle(page);
}

/** Waits until nothing loads any more: no spinner, no skeleton, fonts ready. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.bp6-spinner, .bp6-skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/** Every toast gone, so a picture never catches one half-way. */
async function withoutToasts(page) {
  await page.evaluate(() => document.querySelectorAll('.bp6-toast-container').forEach((node) => node.remove()));
}

async function shoot(page, name, options = {}) {
  await settle(page);
  await withoutToasts(page);
  // The pointer rests in a corner no picture shows anything hoverable in, so no hover state is caught.
  await page.mouse.move(VIEWPORT.width - 1, VIEWPORT.height - 1);
  await page.screenshot({
    path: path.join(outDir, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    maskColor: '#d3d8de',
    ...options,
  });
}

const dialog = (page, name) => page.getByRole('dialog', { name });

/** name → steps that end with the picture taken. */
const SHOTS = {
  'site-home': async (page) => {
    await page.goto(`${baseUrl}/`);
    await shoot(page, 'site-home');
  },
  'sign-in': async (page) => {
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await shoot(page, 'sign-in');
  },
  'console-dashboard': async (page) => {
    await openConsole(page, '');
    await shoot(page, 'console-dashboard');
  },
  'about-versions': async (page) => {
    await openConsole(page, '/about');
    await shoot(page, 'about-versions');
  },
  'about-new-version': async (page) => {
    await openConsole(page, '/about');
    await page.getByRole('button', { name: 'New Version' }).click();
    await page.getByRole('dialog').first().waitFor();
    await shoot(page, 'about-new-version');
  },
  'about-compare': async (page) => {
    await openConsole(page, '/about');
    await page.getByRole('button', { name: 'Compare', exact: true }).first().click();
    await dialog(page, 'Compare versions').waitFor();
    await shoot(page, 'about-compare');
  },
  'about-schedule': async (page) => {
    await openConsole(page, '/about');
    await page
      .getByRole('button', { name: /^Schedule/ })
      .first()
      .click();
    await page.getByRole('dialog').first().waitFor();
    await shoot(page, 'about-schedule');
  },
  activities: async (page) => {
    await openConsole(page, '/activities');
    await shoot(page, 'activities');
  },
  attendees: async (page, data) => {
    await openConsole(page, '/activities');
    await page.getByRole('button', { name: 'Attendees' }).first().click();
    await dialog(page, `Attendees: ${data.activity.title}`).waitFor();
    await shoot(page, 'attendees');
  },
  'contact-messages': async (page) => {
    await openConsole(page, '/connect/messages');
    await shoot(page, 'contact-messages');
  },
  members: async (page) => {
    await openConsole(page, '/members');
    await shoot(page, 'members');
  },
  'members-import': async (page) => {
    await openConsole(page, '/members');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importing = dialog(page, 'Import members');
    const csv = ['name,email', 'Jun Tanaka,jun.tanaka@example.org', 'Kofi Mensah,kofi.mensah@example.org'];
    csv.push('Aisha Rahman,aisha.rahman@example.org', 'No Address,not-an-email');
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\r\n'), 'utf8'),
    });
    await importing.getByRole('table').waitFor();
    await shoot(page, 'members-import');
  },
  // The Tags screen: its own tags, put on the guide's members (self-contained: nothing else needs them).
  tags: async (page) => {
    const admin = (await login(SUPER_ADMIN)).token;
    const carriers = { Board: 2, Mentors: 3, Speakers: 1, Volunteers: 0 };
    const { members } = await call('GET', '/admin/members?limit=50', undefined, admin);
    const guideMembers = MEMBERS.map(([, email]) => members.find((member) => member.email === email));
    for (const [name, count] of Object.entries(carriers)) {
      const tag = await call('POST', '/admin/tags', { name }, admin);
      for (const member of guideMembers.slice(0, count)) {
        await call('PATCH', `/admin/members/${member.id}/tags`, { add: [tag.id] }, admin);
      }
    }
    await openConsole(page, '/tags');
    await page.getByRole('table', { name: 'Tags' }).waitFor();
    await shoot(page, 'tags');
  },
  announcements: async (page) => {
    await openConsole(page, '/announcements');
    await shoot(page, 'announcements');
  },
  admins: async (page) => {
    await openConsole(page, '/admins');
    await shoot(page, 'admins');
  },
  'admin-permissions': async (page) => {
    await openConsole(page, '/admins');
    await page.getByRole('button', { name: `Actions for ${EDITOR.name}` }).click();
    await page
      .getByRole('menu', { name: `Actions for ${EDITOR.name}` })
      .getByRole('menuitem', { name: 'Edit' })
      .click();
    await page.getByRole('dialog').first().waitFor();
    await shoot(page, 'admin-permissions');
  },
  offline: async (page, _data, context) => {
    await openConsole(page, '/faqs');
    await context.setOffline(true);
    // The console learns it is offline from the browser and its own health probe.
    await page
      .getByText(/offline/i)
      .first()
      .waitFor({ timeout: 15_000 });
    await shoot(page, 'offline');
    await context.setOffline(false);
  },
  // Last: two-factor stays on for the super admin (the pinned clock allows one code), and the API
  // sign-ins of the pictures before it use the password alone.
  'two-factor-setup': async (page) => {
    await openConsole(page, '/account');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = page.getByTestId('two-factor-secret');
    await secret.waitFor();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.scrollIntoViewIfNeeded();
    await shoot(page, 'two-factor-setup', { mask: [secret, qr] });
    // Turned on with a code of the fixed instant, then the recovery codes as they show.
    const code = await generate({ secret: await secret.inputValue(), epoch: Math.floor(FIXED_TIME / 1000) });
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    await codes.scrollIntoViewIfNeeded();
    await shoot(page, 'two-factor-recovery-codes', { mask: [codes.getByRole('listitem')] });
    await page.getByLabel('I have saved these codes').check();
  },
};

// ---------------------------------------------------------------------------------------------------

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in SHOTS));
  if (unknown.length > 0)
    throw new Error(`unknown pictures: ${unknown.join(', ')} (known: ${Object.keys(SHOTS).join(', ')})`);
  mkdirSync(outDir, { recursive: true });
  const server = startServer();
  const failures = [];
  let browser;
  try {
    await waitForHealth();
    const data = await seedGuideData();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--font-render-hinting=none',
        '--disable-lcd-text',
        '--hide-scrollbars',
        // Raster the whole page in one pass, the same way every run.
        '--disable-partial-raster',
        '--disable-skia-runtime-opts',
        '--run-all-compositor-stages-before-draw',
      ],
    });
    for (const [name, steps] of Object.entries(SHOTS)) {
      if (wanted.length > 0 && !wanted.includes(name)) continue;
      // A context of its own per picture: nothing one leaves behind (storage, offline) reaches another.
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        locale: 'en-GB',
        timezoneId: 'UTC',
        colorScheme: 'light',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.clock.setFixedTime(FIXED_TIME);
      try {
        await steps(page, data, context);
        console.log(`docs/guide/images/${name}.png`);
      } catch (error) {
        failures.push(name);
        console.error(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`${failures.length} picture(s) not made: ${failures.join(', ')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
