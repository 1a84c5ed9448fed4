// `npm run docs:screenshots`: the staff guide's pictures (docs/guide/images/*.png), made again from the
// current screens. It starts the BUILT server (run `npm run build` first) on a fresh SQLite database
// with the demo content, as the browser suites' own servers do (desktop/e2e/own-server.ts): NODE_ENV=test
// and TEST_CLOCK_FILE. The clock file stops the server's clock at one instant (FIXED_TIME), and the browser's clock is fixed there too (Playwright's clock), so the
// seeded dates, the data made below and every time shown are the same on every run. Chromium at
// 1366 × 768 (a few pictures taller: a whole page, or a dialog too long for 768), light theme, UTC, en-GB; animations and the caret are off; the random two-factor secret,
// its QR code, the recovery codes, and the check-in and certificate codes are masked. Running it twice gives the same files.
//
//   npm run docs:screenshots [-- name ...]     (names: only those pictures, e.g. site-home)
//
// A picture whose screen changed so much that its steps fail is reported and the others are still
// made; the script then exits 1.
/* global document, localStorage, window -- used only inside page.evaluate, in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
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
// Issues 57 and 58: professional profiles, tags, memberships, the directory, attendance and CPD. Its own
// data, made after seedGuideData's, for its own pictures (the SHOTS entries after PROFESSIONAL_SHOTS).

/** `call` with the item's revision as If-Match, for the writes that need one. */
async function callMatching(method, route, body, token, revision) {
  const answer = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'if-match': `"${revision}"` },
    body: JSON.stringify(body),
  });
  const json = await answer.json().catch(() => null);
  if (answer.status >= 300) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(json)}`);
  return json?.data;
}

/** A PNG file of 8-bit RGB `pixels` (rows top to bottom), without any image library. */
function encodePng(width, height, pixels) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = [];
  for (let y = 0; y < height; y += 1) rows.push(Buffer.from([0]), pixels.subarray(y * width * 3, (y + 1) * width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A head-and-shoulders silhouette on a plain background, 256 px square, as base64 PNG: a stand-in
 * photo made the same way on every run (the server keeps it under a key named by its content).
 */
function silhouettePhoto([r, g, b]) {
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const head = (x - 128) ** 2 + (y - 104) ** 2 <= 50 ** 2;
      const shoulders = ((x - 128) / 100) ** 2 + ((y - 262) / 86) ** 2 <= 1;
      const light = head || shoulders;
      const offset = (y * size + x) * 3;
      pixels[offset] = light ? Math.round(r + (255 - r) * 0.55) : r;
      pixels[offset + 1] = light ? Math.round(g + (255 - g) * 0.55) : g;
      pixels[offset + 2] = light ? Math.round(b + (255 - b) * 0.55) : b;
    }
  }
  return encodePng(size, size, pixels).toString('base64');
}

/** The profiles of seedGuideData's members (by e-mail): what each keeps on /account/profile, and staff's side. */
const PROFESSIONALS = {
  'aisha.rahman@example.org': {
    profile: {
      title: 'Clinical Dietitian',
      country: 'KE',
      city: 'Nairobi',
      languages: ['en', 'sw'],
      specialties: ['Clinical nutrition', 'Diabetes care'],
      practiceSetting: 'hospital',
      registrationBody: 'Kenya Nutritionists and Dietitians Institute',
      registrationNumber: 'KNDI-4821',
      bio: 'Aisha leads the diabetes clinic at a teaching hospital in Nairobi and mentors students on their clinical placements. She sees adults with type 2 diabetes and kidney disease, in English and Swahili.',
      website: 'https://aisha-rahman.example.org',
    },
    photo: [46, 111, 142],
    listed: true,
    verified: true,
    renewalDate: '2027-06-30',
    tags: ['Mentors', 'Board'],
  },
  'bruno.costa@example.org': {
    profile: {
      title: 'Sports Dietitian',
      country: 'BR',
      city: 'São Paulo',
      languages: ['pt', 'en', 'es'],
      specialties: ['Sports nutrition', 'Weight management'],
      practiceSetting: 'sports',
      registrationBody: 'Conselho Regional de Nutricionistas 3',
      registrationNumber: 'CRN-3 48213',
      bio: 'Bruno works with football and swimming clubs on what athletes eat before, during and after training.',
      website: '',
    },
    listed: true,
    verified: true,
    renewalDate: '2026-12-20',
    tags: ['Speakers'],
  },
  'chloe.martin@example.org': {
    profile: {
      title: 'Paediatric Dietitian',
      country: 'FR',
      city: 'Lyon',
      languages: ['fr', 'en'],
      specialties: ['Paediatric nutrition', 'Food allergies and intolerances'],
      practiceSetting: 'private_practice',
      registrationBody: 'Agence régionale de santé',
      registrationNumber: 'ADELI 699512345',
      bio: 'Chloé helps families of children with food allergies plan meals that are safe and varied.',
      website: '',
    },
    listed: true,
    verified: true,
    renewalDate: '2027-03-31',
    tags: ['Mentors', 'Speakers'],
  },
  'dev.patel@example.org': {
    profile: {
      title: 'Nutritionist',
      country: 'IN',
      city: 'Pune',
      languages: ['en', 'hi', 'mr'],
      specialties: ['Diabetes care', 'Public health nutrition'],
      practiceSetting: 'community',
      registrationBody: 'Indian Dietetic Association',
      registrationNumber: 'IDA-M-20931',
      bio: 'Dev runs nutrition programmes in community health centres around Pune.',
      website: '',
    },
    listed: true,
    verified: false,
    renewalDate: '2027-01-15',
    tags: [],
  },
  'elena.rossi@example.org': {
    profile: {
      title: 'Renal Dietitian',
      country: 'IT',
      city: 'Milan',
      languages: ['it', 'en'],
      specialties: ['Renal nutrition'],
      practiceSetting: 'hospital',
      registrationBody: 'Ordine dei Biologi',
      registrationNumber: 'AA_071245',
      bio: '',
      website: '',
    },
    listed: true,
    verified: true,
    renewalDate: '2026-11-15',
    tags: [],
  },
  'femi.adeyemi@example.org': {
    profile: {
      title: 'Public Health Nutritionist',
      country: 'NG',
      city: 'Lagos',
      languages: ['en', 'yo'],
      specialties: ['Public health nutrition', 'Maternal nutrition'],
      practiceSetting: 'community',
      registrationBody: 'Dietitians Association of Nigeria',
      registrationNumber: 'DAN-1187',
      bio: 'Femi designs school meal and maternal nutrition programmes with local governments in Lagos State.',
      website: '',
    },
    listed: true,
    verified: true,
    renewalDate: null,
    tags: ['Mentors'],
  },
};

/** Activities that gave CPD hours, attended by the members named (by e-mail); the clock stands on 2 December 2026. */
const CPD_ACTIVITIES = [
  {
    title: 'Diabetes care update',
    date: '2026-09-16T10:00:00.000Z',
    location: 'Online',
    cpdHours: 2,
    attendees: ['aisha.rahman@example.org', 'dev.patel@example.org'],
  },
  {
    title: 'Renal diets: case studies',
    date: '2026-04-22T09:30:00.000Z',
    location: 'Milan',
    cpdHours: 1.5,
    attendees: ['aisha.rahman@example.org', 'elena.rossi@example.org'],
  },
  {
    title: 'Sports nutrition in practice',
    date: '2025-10-08T09:00:00.000Z',
    location: 'São Paulo',
    cpdHours: 3,
    attendees: ['aisha.rahman@example.org', 'bruno.costa@example.org'],
  },
];

/** Today's full workshop: four places, two people waiting; two already checked in at the door. */
const WORKSHOP = {
  title: 'CPD workshop: nutrition in chronic kidney disease',
  date: '2026-12-02T10:00:00.000Z',
  location: 'Pune',
  capacity: 4,
  cpdHours: 2.5,
  registered: [
    'aisha.rahman@example.org',
    'bruno.costa@example.org',
    'chloe.martin@example.org',
    'dev.patel@example.org',
  ],
  attended: ['bruno.costa@example.org', 'chloe.martin@example.org'],
  waiting: ['elena.rossi@example.org', 'femi.adeyemi@example.org'],
};

const MEMBER_PASSWORD = 'member-password-1';

async function seedProfessionalData() {
  const admin = (await login(SUPER_ADMIN)).token;
  const members = {};
  for (const [, email] of MEMBERS) {
    const session = await login({ email, password: MEMBER_PASSWORD });
    members[email] = { id: session.user.id, token: session.token, name: session.user.name };
  }
  const specialties = await call('GET', '/specialties');
  const specialtyId = (name) => specialties.find((specialty) => specialty.name === name).id;
  // Tags another picture's data may have made already are reused.
  const tagNames = [...new Set(Object.values(PROFESSIONALS).flatMap((professional) => professional.tags))];
  const tags = {};
  for (const tag of await call('GET', '/admin/tags', undefined, admin)) tags[tag.name] = tag.id;
  for (const name of tagNames) tags[name] ??= (await call('POST', '/admin/tags', { name }, admin)).id;

  for (const [email, professional] of Object.entries(PROFESSIONALS)) {
    const { id, token } = members[email];
    const { specialties: names, ...fields } = professional.profile;
    const saved = await call('PUT', '/account/profile', { ...fields, specialtyIds: names.map(specialtyId) }, token);
    if (professional.photo) {
      const image = silhouettePhoto(professional.photo);
      await callMatching('PUT', '/account/profile/photo', { image }, token, saved.revision);
    }
    if (professional.listed) await call('PUT', '/account/profile/listing', { listed: true }, token);
    if (professional.verified) await call('PUT', `/admin/members/${id}/verification`, { status: 'verified' }, admin);
    let member = await call('GET', `/admin/members/${id}`, undefined, admin);
    if (professional.tags.length > 0) {
      const add = professional.tags.map((name) => tags[name]);
      await callMatching('PATCH', `/admin/members/${id}/tags`, { add, remove: [] }, admin, member.revision);
      member = await call('GET', `/admin/members/${id}`, undefined, admin);
    }
    const renewal = { renewalDate: professional.renewalDate };
    await callMatching('PUT', `/admin/members/${id}/membership`, renewal, admin, member.revision);
  }

  const activityIds = {};
  for (const { attendees, ...activity } of CPD_ACTIVITIES) {
    const description = `${activity.title}: talks and case discussions for members, with CPD hours.`;
    const created = await call(
      'POST',
      '/admin/activities',
      { ...activity, description, status: 'past', tags: ['CPD'], capacity: null },
      admin,
    );
    activityIds[activity.title] = created.id;
    for (const email of attendees) {
      await call('POST', `/admin/activities/${created.id}/walk-ins`, { name: members[email].name, email }, admin);
    }
  }
  // Aisha downloaded the certificate of the diabetes update: it has a code the public page checks.
  const aisha = members['aisha.rahman@example.org'];
  const certificate = await fetch(
    `${baseUrl}/api/account/activities/${activityIds['Diabetes care update']}/certificate.pdf`,
    { headers: { authorization: `Bearer ${aisha.token}` } },
  );
  if (certificate.status !== 200) throw new Error(`certificate: ${certificate.status}`);
  const past = (await call('GET', '/account/activities', undefined, aisha.token)).past;
  const certificateCode = past.find((row) => row.certificate).certificate.code;

  const { registered, attended, waiting, ...workshop } = WORKSHOP;
  const description =
    'A hands-on workshop on planning meals for people with chronic kidney disease, from the first diagnosis to dialysis.';
  const created = await call(
    'POST',
    '/admin/activities',
    { ...workshop, description, status: 'upcoming', tags: ['Workshop', 'CPD'] },
    admin,
  );
  for (const email of registered) await call('POST', `/activities/${created.id}/register`, {}, members[email].token);
  for (const email of waiting) await call('POST', `/activities/${created.id}/waitlist`, {}, members[email].token);
  for (const email of attended) {
    const mine = await call('GET', '/account/activities', undefined, members[email].token);
    const { checkInCode } = mine.upcoming.find((row) => row.activityId === created.id);
    await call('POST', `/admin/activities/${created.id}/check-in`, { code: checkInCode }, admin);
  }
  const listed = await call('GET', '/directory?q=Aisha');
  return {
    aisha: { ...aisha, email: 'aisha.rahman@example.org', slug: listed.professionals[0].slug },
    tags,
    workshop: created,
    certificateCode,
  };
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
  // An icon the console's own list lacks comes from Blueprint's chunk a moment later (ui/icons.ts):
  // until then its span has no drawing.
  await page
    .waitForFunction(() => [...document.querySelectorAll('span.bp6-icon')].every((icon) => icon.querySelector('svg')), {
      timeout: 10_000,
    })
    .catch(() => undefined);
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

// ---------------------------------------------------------------------------------------------------
// The pictures of issues 57 and 58 (seedProfessionalData's data): the console's and the site's

/** Signs `member` in on the site (its session is in localStorage, as the console's) and opens `sitePath`. */
async function openSite(page, sitePath, member) {
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    await login({ email: member.email, password: MEMBER_PASSWORD }),
  );
  await openPage(page, sitePath);
}

/** Opens a site page and waits until it has hydrated (pages/+Layout.tsx marks <html>). */
async function openPage(page, sitePath) {
  await page.goto(`${baseUrl}${sitePath}`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await settle(page);
}

/**
 * Puts each random code `pattern` matches under `selector` in a span of its own, its characters all
 * replaced by X (so that the mask is as wide on every run), for the picture to mask.
 */
async function maskable(page, selector, pattern) {
  await page.evaluate(
    ({ selector, source }) => {
      for (const element of document.querySelectorAll(selector)) {
        element.innerHTML = element.innerHTML.replace(
          new RegExp(source, 'g'),
          (code) => `<span data-masked>${code.replace(/[A-Z0-9]/g, 'X')}</span>`,
        );
      }
    },
    { selector, source: pattern.source },
  );
  return page.locator('[data-masked]');
}

/** The whole page down to the site's footer (the same on every page, so left out): screenshot options. */
async function aboveFooter(page) {
  const height = await page
    .locator('footer')
    .last()
    .evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
  return { fullPage: true, clip: { x: 0, y: 0, width: VIEWPORT.width, height: Math.ceil(height) } };
}

/** Scrolls the page so that `locator` stands just below the site's header. */
async function scrollBelowHeader(locator) {
  await locator.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 100));
}

async function openAttendees(page, data) {
  await openConsole(page, '/activities');
  await page
    .getByTestId('activity-card')
    .filter({ hasText: data.workshop.title })
    .getByRole('button', { name: 'Attendees' })
    .click();
  const attendees = dialog(page, `Attendees: ${data.workshop.title}`);
  await attendees.getByRole('table', { name: 'Waitlist' }).waitFor();
  return attendees;
}

const PROFESSIONAL_SHOTS = {
  specialties: async (page) => {
    await openConsole(page, '/specialties');
    await shoot(page, 'specialties');
  },
  'member-detail': async (page, data) => {
    // The whole detail: a screen tall enough for all of it, and the picture of the dialog alone.
    await page.setViewportSize({ width: VIEWPORT.width, height: 1800 });
    await openConsole(page, `/members?member=${data.aisha.id}`);
    const detail = dialog(page, data.aisha.name);
    await detail.getByRole('heading', { name: 'Professional profile' }).waitFor();
    await shoot(page, 'member-detail', { clip: await detail.boundingBox() });
  },
  'members-filters': async (page, data) => {
    await openConsole(page, `/members?tagId=${data.tags.Mentors}&membership=active`);
    await shoot(page, 'members-filters');
  },
  'announcement-segment': async (page) => {
    await openConsole(page, '/announcements');
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('dialog').first();
    await form.getByLabel('Subject').fill('Mentors: the spring placements');
    await form
      .getByLabel('Message')
      .fill('Dear mentors,\n\nthe students for the spring placements are listed on the members area.');
    await form.getByLabel('Tag').selectOption({ label: 'Mentors' });
    await form.getByLabel('Membership').selectOption({ label: 'Active' });
    const reach = form.getByText(/^Reaches \d+ recipients? now\.$/);
    await reach.waitFor();
    await reach.scrollIntoViewIfNeeded();
    // A click on the count's text leaves no field focused.
    await reach.click();
    await shoot(page, 'announcement-segment');
  },
  attendance: async (page, data) => {
    // Taller than the others, so that the dialog shows its waitlist too.
    await page.setViewportSize({ width: VIEWPORT.width, height: 940 });
    await openAttendees(page, data);
    await shoot(page, 'attendance');
  },
  'mail-attendees': async (page, data) => {
    const attendees = await openAttendees(page, data);
    await attendees.getByRole('button', { name: 'E-mail attendees' }).click();
    const mail = dialog(page, `E-mail attendees: ${data.workshop.title}`);
    await mail.getByLabel('To').selectOption({ label: 'Registered but not attended' });
    await mail.getByLabel('Subject').fill('We start at 10:00 in room 2');
    await mail
      .getByLabel('Message')
      .fill(
        'The workshop starts at 10:00 in room 2 on the first floor. If you cannot come, please cancel your place on the website: people on the waitlist would gladly take it.',
      );
    await mail.getByLabel('Message').blur();
    await mail.getByText(/This mail goes to 2 people/).waitFor();
    await shoot(page, 'mail-attendees');
  },
  'site-directory': async (page) => {
    await openPage(page, '/directory?language=en');
    await scrollBelowHeader(page.getByRole('heading', { name: /^4 professionals speaking English$/ }));
    await shoot(page, 'site-directory');
  },
  'site-directory-profile': async (page, data) => {
    await openPage(page, `/directory/${data.aisha.slug}`);
    await shoot(page, 'site-directory-profile', await aboveFooter(page));
  },
  'site-account-profile': async (page, data) => {
    await openSite(page, '/account/profile', data.aisha);
    await shoot(page, 'site-account-profile', await aboveFooter(page));
  },
  'site-account-activities': async (page, data) => {
    await openSite(page, '/account/activities', data.aisha);
    // The check-in and verification codes are random: masked.
    const codes = await maskable(
      page,
      '.my-activity__code-value, .my-activity__hint',
      /\b[A-Z2-7]{4}(-[A-Z2-7]{4}){3}\b|^[A-HJ-NP-Z2-9]{6}$/,
    );
    await shoot(page, 'site-account-activities', { mask: [codes], ...(await aboveFooter(page)) });
  },
  'site-certificate': async (page, data) => {
    await openPage(page, `/certificates/${data.certificateCode}`);
    await page.getByText('This is a genuine certificate').waitFor();
    const code = await maskable(page, '.certificate-check > p.muted', /\b[A-Z2-7]{4}(-[A-Z2-7]{4}){3}\b/);
    await shoot(page, 'site-certificate', { mask: [code] });
  },
};

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
    await page
      .getByTestId('activity-card')
      .filter({ hasText: data.activity.title })
      .getByRole('button', { name: 'Attendees' })
      .click();
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
  // The Tags screen: the tags the professional data put on the guide's members, and one no one carries.
  tags: async (page) => {
    const admin = (await login(SUPER_ADMIN)).token;
    const existing = await call('GET', '/admin/tags', undefined, admin);
    if (!existing.some((tag) => tag.name === 'Volunteers'))
      await call('POST', '/admin/tags', { name: 'Volunteers' }, admin);
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
  ...PROFESSIONAL_SHOTS,
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
    const data = { ...(await seedGuideData()), ...(await seedProfessionalData()) };
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
