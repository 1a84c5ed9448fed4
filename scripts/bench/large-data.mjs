// Benchmark section: the admin console on the large data set (issue 9, scale with data), against the
// BUILT server (run `npm run build` first), on SQLite and on PostgreSQL.
//   1. Seeds 100,000 members, 10,000 activities with 50,000 registrations, 50,000 contact messages and
//      1,000 FAQs with `npm run seed:large` (api/dist/scripts/seed-large.js) into a fresh database.
//   2. Starts the server on it, logs in as a seeded super admin and times every admin list (page 1 and a
//      deep page), each search and the dashboard: sequential requests on one keep-alive connection,
//      p50 / p95 of the whole HTTP answer. Budgets: lists and searches p95 ≤ 20 ms, dashboard ≤ 50 ms.
//   3. Prints the query plans of those lists on the seeded database (api/dist/scripts/query-plans.js).
//   4. GET / throughput against a bare node:http server sending the same bytes (as harness throughput()),
//      as in bench-site.mjs: the large data must not cost the public pages their ratio (≥ 0.9).
//   5. Staff load (staff-load.mjs, issue 19): 4 admins each search the messages in one loop and
//      download the message CSV export in another; the server's event-loop delay p99 ≤ 10 ms and max
//      ≤ 50 ms, GET / p99 ≤ max(5× idle, 25 ms), no 5xx (harness.mjs underLoad).
//   6. The public directory (issue 57) on its 20,000 listed profiles: the server's work for an answer
//      not yet cached (the directory service as GET /api/directory runs it, in this process on the
//      seeded database: a cached answer costs no query), for the first page and filtered searches,
//      p95 ≤ 20 ms.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a server
// where a scratch database is created and dropped; when it cannot be reached, the section says so and
// runs on SQLite alone.
// Usage alone: node scripts/bench/large-data.mjs [--scale 1 --requests 200 --duration 10 --connections 50
//   --engine sqlite|postgres --staff-only --directory-only]. --staff-only seeds and runs step 5 alone
//   (about 2 minutes an engine, where the whole section takes 5): for changes that touch the staff load
//   only; --directory-only seeds and runs step 6 alone.
// Exits 1 when a budget is missed; imported, runLargeData() returns { ok, figures }.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import knex from 'knex';
import { percentile, root, settings, sitePid, startSite, stopSite, throughput } from './harness.mjs';
import { postgresServerPid } from './isolation.mjs';
import { scratchPostgres } from './scratch-postgres.mjs';
import { printStaffLoad, staffLoad } from './staff-load.mjs';

const LIST_BUDGET_MS = 20;
const DASHBOARD_BUDGET_MS = 50;
const MIN_RPS_RATIO = 0.9;
const WARM_UP_REQUESTS = 20;
// A seeded super admin: with staff in the database already, the server creates no SUPER_ADMIN_EMAIL account.
const ADMIN = { email: 'admin0@large.example.org', password: 'large-data-password' };

/** Every admin GET list, search and the dashboard; the deep pages sit half-way through the full data. */
const ENDPOINTS = [
  ['admins', '/api/admin/users'],
  ['admins search', '/api/admin/users?search=admin'],
  ['members p1', '/api/admin/users?role=member'],
  ['members p1000', '/api/admin/users?role=member&page=1000'],
  ['members search "müller"', `/api/admin/users?role=member&search=${encodeURIComponent('müller')}`],
  ['members search "zoë"', `/api/admin/users?role=member&search=${encodeURIComponent('zoë')}`],
  ['members search "member4242"', '/api/admin/users?role=member&search=member4242'],
  ['members search "nobody"', '/api/admin/users?role=member&search=nobody'],
  ['members search "jo" (2 chars)', '/api/admin/users?role=member&search=jo'],
  ['users stats', '/api/admin/users/stats'],
  // The members screen (issue 22): its search, filters and sorts on the 100,000 members.
  ['members screen p1', '/api/admin/members'],
  ['members screen p1000', '/api/admin/members?page=1000'],
  ['members screen search "müller"', `/api/admin/members?q=${encodeURIComponent('müller')}`],
  [
    'members screen active, joined Jan-Jun',
    '/api/admin/members?status=active&joinedFrom=2026-01-01&joinedTo=2026-06-30',
  ],
  ['members screen registered to activity 1', '/api/admin/members?activityId=1'],
  ['members screen newest first', '/api/admin/members?sort=joinedAt&order=desc'],
  ['activities p1', '/api/admin/activities'],
  ['activities p100', '/api/admin/activities?page=100'],
  ['activities upcoming', '/api/admin/activities?status=upcoming'],
  ['activities past p75', '/api/admin/activities?status=past&page=75'],
  ['messages p1', '/api/admin/contact-messages'],
  ['messages p500', '/api/admin/contact-messages?page=500'],
  // Issue 19: the message search reads an index (FTS5 / pg_trgm) or walks the inbox up to its count's cap.
  ['messages search "hel" (common)', '/api/admin/contact-messages?q=hel'],
  ['messages search "visitor1234"', '/api/admin/contact-messages?q=visitor1234'],
  ['messages search "(4242)"', `/api/admin/contact-messages?q=${encodeURIComponent('(4242)')}`],
  ['messages search "müller"', `/api/admin/contact-messages?q=${encodeURIComponent('müller')}`],
  ['messages search "lo" (2 chars)', '/api/admin/contact-messages?q=lo'],
  ['messages by sender name', '/api/admin/contact-messages?sort=name'],
  ['faqs p1', '/api/admin/faqs'],
  ['faqs p5', '/api/admin/faqs?page=5'],
  ['testimonials', '/api/admin/testimonials'],
  ['membership cards', '/api/admin/membership-cards'],
  ['about-us versions', '/api/admin/about-us'],
  ['contact-info versions', '/api/admin/contact-info'],
  ['privacy-policy versions', '/api/admin/privacy-policy'],
  ['terms-of-service versions', '/api/admin/terms-of-service'],
  ['dashboard', '/api/admin/dashboard'],
];

/** Step 6: the directory's queries, as GET /api/directory?… takes them (after validation). */
const DIRECTORY_CASES = [
  ['directory p1', {}],
  ['directory p50', { page: 50 }],
  ['directory country PT + "lisb"', { country: 'PT', q: 'lisb' }],
  ['directory "müller"', { q: 'müller' }],
  ['directory language hi + specialty 1', { language: 'hi', specialty: 1 }],
];

const budgetOf = (name) => (name === 'dashboard' ? DASHBOARD_BUDGET_MS : LIST_BUDGET_MS);
const api = (relative) => import(path.join(root, 'api/dist', relative));

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/** A scratch PostgreSQL database, or the reason there is none. */
async function login(baseUrl, account = ADMIN) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return (await response.json()).data.token;
}

/** Sequential requests: the latency one admin sees, not a queue of 50 connections. */
async function timeEndpoint(url, token, requests) {
  const headers = { authorization: `Bearer ${token}` };
  const times = [];
  for (let index = 0; index < WARM_UP_REQUESTS + requests; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (index >= WARM_UP_REQUESTS) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** PostgreSQL's postmaster when the engine is PostgreSQL on this host (isolation.mjs), else undefined. */
async function databaseServerPid({ databaseUrl }) {
  if (!databaseUrl || !['127.0.0.1', 'localhost'].includes(new URL(databaseUrl).hostname)) return undefined;
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    return await postgresServerPid(db);
  } catch {
    return undefined; // another user's server, or no /proc: left where it is
  } finally {
    await db.destroy();
  }
}

async function homeThroughput(baseUrl) {
  const result = await throughput(`${baseUrl}/`, sitePid(baseUrl));
  return { ...result, ratio: result.siteRps / result.bareRps };
}

async function printPlans(engine, connection, now) {
  const { createDb } = await api('db/connection.js');
  const { explainCase, planCases } = await api('scripts/query-plans.js');
  const db = createDb(connection);
  try {
    console.log(`\nQuery plans on ${engine} (the SQL the repositories send, on the large data):`);
    for (const planCase of planCases(engine, now)) {
      console.log(`  ${planCase.name}:`);
      for (const { sql, plan } of await explainCase(db, planCase)) {
        console.log(`    ${sql.length > 150 ? `${sql.slice(0, 147)}...` : sql}`);
        for (const line of plan) console.log(`      ${line}`);
      }
    }
  } finally {
    await db.destroy();
  }
}

/** Step 6: the directory service's time for an answer not yet cached, p50 / p95 over `requests` runs. */
async function timeDirectory(engine, connection, requests, now) {
  const { createDb } = await api('db/connection.js');
  const { createDirectoryService } = await api('modules/directory/service.js');
  const db = createDb(connection);
  try {
    // The directory reads the clock and the organisation's zone too: a lapsed membership is not listed.
    const config = { organisationTimeZone: 'UTC', renewalReminderDays: [30, 7] };
    const directory = createDirectoryService({ db, clock: { now: () => now }, config });
    const rows = [];
    for (const [name, filter] of DIRECTORY_CASES) {
      const query = { page: 1, limit: 20, ...filter };
      const times = [];
      for (let index = 0; index < WARM_UP_REQUESTS + requests; index += 1) {
        const started = performance.now();
        const { professionals } = await directory.list(query);
        if (professionals.length === 0 && !filter.q) throw new Error(`${name}: no professionals`);
        if (index >= WARM_UP_REQUESTS) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
      rows.push({ engine, name, p50, p95, budget: LIST_BUDGET_MS, ok: p95 <= LIST_BUDGET_MS });
    }
    console.log(`\n${engine}: the directory's queries (server time of an answer not yet cached)`);
    printRows(rows);
    return rows;
  } finally {
    await db.destroy();
  }
}

/** Seeds, serves and measures one engine; `connection` is what createDb and the server are given. */
async function benchEngine(engine, { env, connection }, { scale, requests, staffOnly, directoryOnly }) {
  // A whole hour: the seeded dates are fixed, yet fall around the server's own clock.
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const started = performance.now();
  await run('node', ['api/dist/scripts/seed-large.js', '--scale', String(scale), '--now', now.toISOString()], env);
  const seedSeconds = (performance.now() - started) / 1000;
  if (directoryOnly) return { seedSeconds, rows: await timeDirectory(engine, connection, requests, now) };
  const baseUrl = await startSite(env);
  try {
    if (staffOnly) return { seedSeconds, rows: [], staff: await timeStaffLoad(engine, baseUrl, connection) };
    return { seedSeconds, ...(await timeLists(engine, baseUrl, connection, { now, requests })) };
  } finally {
    await stopSite(baseUrl); // before the scratch database goes (else it logs its lost connection)
  }
}

/** Steps 2 to 5 on the server at `baseUrl`. */
async function timeLists(engine, baseUrl, connection, { now, requests }) {
  const token = await login(baseUrl);
  const rows = [];
  // Latencies of a few milliseconds move with whatever else runs: the load average tells the reader.
  const loadBefore = loadavg()[0];
  for (const [name, pathAndQuery] of ENDPOINTS) {
    const { p50, p95 } = await timeEndpoint(`${baseUrl}${pathAndQuery}`, token, requests);
    rows.push({ engine, name, p50, p95, budget: budgetOf(name), ok: p95 <= budgetOf(name) });
  }
  const load = `load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs`;
  console.log(`\n${engine}: admin lists timed with ${load}`);
  printRows(rows);
  await printPlans(engine, connection, now);
  const home = await homeThroughput(baseUrl);
  const staff = await timeStaffLoad(engine, baseUrl, connection);
  rows.push(...(await timeDirectory(engine, connection, requests, now)));
  return { load, rows, home: { ...home, ok: home.clean && home.ratio >= MIN_RPS_RATIO }, staff };
}

/** Step 5: the staff load, as four seeded admins (admin1@… to admin4@…), one export at a time each. */
async function timeStaffLoad(engine, baseUrl, connection) {
  const staffTokens = [];
  for (let index = 1; index <= 4; index += 1)
    staffTokens.push(await login(baseUrl, { ...ADMIN, email: `admin${index}@${ADMIN.email.split('@')[1]}` }));
  const staff = await staffLoad(baseUrl, staffTokens, { databaseServerPid: await databaseServerPid(connection) });
  printStaffLoad(engine, staff);
  return staff;
}

function printRows(rows) {
  const line = (cells) => console.log(cells.map((cell, index) => String(cell).padEnd(index === 1 ? 32 : 10)).join(''));
  line(['engine', 'endpoint', 'p50 ms', 'p95 ms', 'budget', 'result']);
  for (const row of rows) {
    line([row.engine, row.name, row.p50.toFixed(1), row.p95.toFixed(1), `≤ ${row.budget}`, row.ok ? 'ok' : 'OVER']);
  }
}

function printTable(results) {
  const rows = results.flatMap((result) => result.rows);
  if (rows.length > 0) {
    console.log('\nAdmin lists on the large data (sequential requests, whole HTTP answer):');
    printRows(rows);
  }
  for (const result of results) {
    const { home } = result;
    if (!home) continue; // --staff-only
    console.log(
      `${result.engine}: seeded in ${result.seedSeconds.toFixed(1)} s; lists timed with ${result.load}; ` +
        `GET / (${(home.bytes / 1000).toFixed(0)} kB) ` +
        `${Math.round(home.siteRps)} rps vs bare ` +
        `${Math.round(home.bareRps)} rps = ${home.ratio.toFixed(2)} (budget ≥ ${MIN_RPS_RATIO}) ${home.ok ? 'ok' : 'OVER'}; ` +
        `CPU ${home.siteCpuMsPerRequest.toFixed(3)} vs ${home.bareCpuMsPerRequest.toFixed(3)} ms a request ` +
        `(${home.cpuRatio.toFixed(2)}×)`,
    );
  }
}

export async function runLargeData({
  scale = 1,
  requests = 200,
  engines = ['sqlite', 'postgres'],
  staffOnly = false,
  directoryOnly = false,
} = {}) {
  const results = [];
  const skipped = [];
  if (engines.includes('sqlite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-large-'));
    try {
      const connection = { sqliteFile: path.join(dataDir, 'app.db') };
      const setup = { env: { DATA_DIR: dataDir }, connection, scratchDir: dataDir };
      results.push({
        engine: 'sqlite',
        ...(await benchEngine('sqlite', setup, { scale, requests, staffOnly, directoryOnly })),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const database = await scratchPostgres();
    if (database.skipped) {
      console.log(`PostgreSQL skipped: ${database.skipped}`);
      skipped.push(database.skipped);
    } else {
      const scratchDir = mkdtempSync(path.join(tmpdir(), 'npo-large-'));
      try {
        const setup = { env: { DATABASE_URL: database.url }, connection: { databaseUrl: database.url }, scratchDir };
        results.push({
          engine: 'postgres',
          ...(await benchEngine('postgres', setup, { scale, requests, staffOnly, directoryOnly })),
        });
      } finally {
        await database.drop();
        rmSync(scratchDir, { recursive: true, force: true });
      }
    }
  }
  printTable(results);
  for (const result of results) if (result.staff) printStaffLoad(result.engine, result.staff);
  const ok = results.every(
    (result) => (result.home?.ok ?? true) && (result.staff?.ok ?? true) && result.rows.every((row) => row.ok),
  );
  return { ok, figures: { results, skipped } };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      requests: { type: 'string', default: '200' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      engine: { type: 'string' },
      'staff-only': { type: 'boolean', default: false },
      'directory-only': { type: 'boolean', default: false },
    },
  });
  settings.duration = Number(values.duration);
  settings.connections = Number(values.connections);
  const engines = values.engine ? [values.engine] : undefined;
  const { ok } = await runLargeData({
    scale: Number(values.scale),
    requests: Number(values.requests),
    engines,
    staffOnly: values['staff-only'],
    directoryOnly: values['directory-only'],
  });
  process.exit(ok ? 0 : 1);
}
