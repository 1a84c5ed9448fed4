/* global window, performance, PerformanceObserver -- inside page.evaluate(), which runs in the browser */
// Performance benchmark of the public site, against the BUILT server (run `npm run build` first):
//   1. GET / throughput of the real server (HTML cache warm) against a bare node:http server sending
//      the very same bytes (body and headers), both driven by autocannon on loopback; budgets: at least
//      0.9 of the bare rps, and CPU time per request (the server's utime + stime in /proc over the
//      run) at most 1.5× the bare server's.
//   2. JavaScript the home page loads on first load, summed gzip sizes; budget: at most 80 kB.
//   3. Lab metrics of the home page in Chromium (FCP, LCP, CLS, long tasks / TBT, transfer sizes),
//      with Lighthouse-like mobile throttling (4x CPU, 150 ms RTT, 1.6 Mbps) and without.
//   4. The admin console's first load of /admin/login: JS and CSS transferred (the server sends the
//      build's precompressed files) and their gzip -9 sizes; budget: at most 150 kB gzip.
//   5. Public API reads (GET /api/faqs, GET /api/activities?status=upcoming), answered from memory,
//      against a bare node:http server sending the same bytes; budgets: 0.6 of the bare rps, p99 ≤
//      10 ms; CPU time per request of GET /api/faqs at most 1.5× the bare server's.
//   6. Instructions per request (scripts/bench/callgrind.mjs): GET / and GET /api/faqs, the server and
//      the bare one under valgrind's callgrind: the repeatable figure beside 1 and 5's CPU seconds.
//   7. Sign-in load (scripts/bench/login-load.mjs), and in 9, 12 and 13 the staff load, the import and
//      the announcement: the server's event-loop delay p99 ≤ 10 ms and max ≤ 50 ms, GET / p99 ≤
//      max(5× idle, 25 ms), no 5xx, peak RSS ≤ 350 MB (scripts/bench/harness.mjs underLoad).
//   8. Start-up (scripts/bench/start-up.mjs): start to healthy ≤ 1.0 s.
//   9. Large data (scripts/bench/large-data.mjs): 100,000 members and the rest seeded on SQLite and
//      PostgreSQL; admin lists and searches (message search included) p95 ≤ 20 ms, dashboard ≤ 50 ms;
//      the query plans; GET / throughput ratio ≥ 0.9; 4 message searches and 4 CSV exports (7).
//  10. Lighthouse (scripts/bench/lighthouse.mjs): performance score of `/` (≥ 98) and `/admin/login`
//      (≥ 95), median of three runs with Lighthouse's mobile defaults.
//  11. Mixed load (scripts/bench/mixed-load.mjs): 8 connections of public traffic with random query
//      strings for 60 s; server RSS peak ≤ 350 MB, ≤ 200 MB 30 s after.
//  12. Members import (scripts/bench/member-import.mjs): a 50,000-row CSV, dry run then import with
//      welcome mails, on SQLite and PostgreSQL, with names and e-mails alone and with mapped profile
//      columns, tags and renewal dates; the import answers within 60 s, the mapped one within 1.5× the
//      plain one; (7).
//  13. Announcement (scripts/bench/announce-load.mjs): one to 10,000 members on SQLite; queued ≤ 5 s,
//      delivered to a loopback SMTP sink at ≥ 200 mails/s; (7) from the send until delivered.
//  14. Connection floods (scripts/bench/connection-flood.mjs): idle and slow-headers connections, twice
//      the server's room, from many loopback addresses; ≥ 99 % of visitors served, their median ≤ 50 ms.
//  15. CPD certificates (scripts/bench/certificates.mjs): server CPU per certificate PDF ≤ 200 ms; 100
//      downloads at once judged as in 7.
// Usage: npm run bench [-- --duration 10 --connections 50 --only admin,home,site,api,callgrind,login,startup,large,mixed,connections,lighthouse,import,announce,certificates].
// Prints a table per section, writes every figure to bench-results.json, exits 1 when a budget is missed.
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { kB, ms, settings, sitePid, startSite, throughput } from './bench/harness.mjs';
import { runCallgrind } from './bench/callgrind.mjs';
import { runLargeData } from './bench/large-data.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { runConnectionFlood } from './bench/connection-flood.mjs';
import { runMixedLoad } from './bench/mixed-load.mjs';
import { loginLoad } from './bench/login-load.mjs';
import { runAnnounceLoad } from './bench/announce-load.mjs';
import { runMemberImport } from './bench/member-import.mjs';
import { runStartUp } from './bench/start-up.mjs';
import { runCertificates } from './bench/certificates.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
settings.duration = Number(options.duration);
settings.connections = Number(options.connections);
const DURATION_S = settings.duration;
const CONNECTIONS = settings.connections;
const JS_BUDGET_BYTES = 80_000;
const MIN_RPS_RATIO = 0.9;
const API_PATHS = ['/api/faqs', '/api/activities?status=upcoming'];
const MIN_API_RPS_RATIO = 0.6;
const MAX_API_P99_MS = 10;
/** CPU time per request of GET / and GET /api/faqs: at most this many times the bare server's. */
const MAX_CPU_RATIO = 1.5;
const CPU_JUDGED_PATHS = new Set(['/', '/api/faqs']);
const ADMIN_BUDGET_BYTES = 150_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAB_OBSERVERS = () => {
  window.__lab = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lab.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__lab.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__lab.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function loadHome(browser, baseUrl, throttled) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  await page.addInitScript(LAB_OBSERVERS);
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const lab = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const fcp = paint ? paint.startTime : 0;
    const sum = (items) => items.reduce((total, item) => total + (item.transferSize || 0), 0);
    return {
      fcp,
      lcp: window.__lab.lcp,
      cls: window.__lab.cls,
      tbt: window.__lab.longTasks
        .filter((task) => task.start >= fcp)
        .reduce((total, task) => total + Math.max(0, task.duration - 50), 0),
      longTasks: window.__lab.longTasks.length,
      domContentLoaded: navigation.domContentLoadedEventEnd,
      load: navigation.loadEventEnd,
      requests: resources.length + 1,
      transfer: {
        document: navigation.transferSize,
        scripts: sum(resources.filter((entry) => entry.name.endsWith('.js'))),
        styles: sum(resources.filter((entry) => entry.name.endsWith('.css'))),
        images: sum(resources.filter((entry) => /\.(svg|png|jpe?g|webp|avif)$/.test(new URL(entry.name).pathname))),
        total: navigation.transferSize + sum(resources),
      },
    };
  });
  await context.close();
  return { lab, scripts: [...new Set(scripts)] };
}

/** The console's login screen in a fresh profile: every script and style sheet it loads, with transfer sizes. */
async function loadAdminLogin(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Map();
  page.on('requestfinished', async (request) => {
    if (!['script', 'stylesheet'].includes(request.resourceType())) return;
    const sizes = await request.sizes();
    const response = await request.response();
    files.set(request.url(), {
      transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
    });
  });
  await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'load' });
  await page.getByLabel(/email/i).first().waitFor();
  // The console keeps polling the server, so the network never idles: give late chunks (icons) a moment.
  await page.waitForTimeout(1500);
  await context.close();
  const budget = await scriptBudget([...files.keys()]);
  return {
    files: budget.files.map((file) => ({ ...file, ...files.get(new URL(file.file, baseUrl).href) })),
    gzip: budget.gzip,
    raw: budget.raw,
    transferred: [...files.values()].reduce((total, file) => total + file.transferred, 0),
  };
}

async function adminWeight(browser, baseUrl) {
  const admin = await loadAdminLogin(browser, baseUrl);
  console.log('\n/admin/login first load, JS and CSS (transferred as sent; gzip -9 of each file):');
  for (const file of admin.files) {
    console.log(
      `  ${kB(file.transferred).padStart(9)} ${file.encoding.padEnd(8)} ${kB(file.gzip).padStart(9)} gzip  ${file.file}`,
    );
  }
  const ok = admin.gzip <= ADMIN_BUDGET_BYTES;
  console.log(
    `  total ${kB(admin.transferred)} transferred, ${kB(admin.gzip)} gzip (${kB(admin.raw)} raw); budget ${kB(ADMIN_BUDGET_BYTES)} gzip: ${ok ? 'OK' : 'OVER'}`,
  );
  return { ok, figures: { transferredBytes: admin.transferred, gzipBytes: admin.gzip, rawBytes: admin.raw } };
}

async function scriptBudget(scriptUrls) {
  const files = [];
  for (const url of scriptUrls) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    files.push({ file: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return {
    files,
    gzip: files.reduce((total, file) => total + file.gzip, 0),
    raw: files.reduce((total, file) => total + file.raw, 0),
  };
}

/**
 * Throughput and CPU time per request of each of `paths` against a bare node:http server sending the
 * same bytes; budgets: rps ratio ≥ `minRatio`, p99 ≤ `maxP99` ms, CPU ratio ≤ MAX_CPU_RATIO (on
 * CPU_JUDGED_PATHS), no errors.
 */
async function throughputOf(baseUrl, paths, { minRatio, maxP99 = Infinity }) {
  let ok = true;
  const figures = {};
  for (const target of paths) {
    console.log(`\nThroughput of GET ${target} (${CONNECTIONS} connections, ${DURATION_S} s each, loopback):`);
    const rps = await throughput(`${baseUrl}${target}`, sitePid(baseUrl));
    const ratio = rps.siteRps / rps.bareRps;
    const cpuOk = !CPU_JUDGED_PATHS.has(target) || rps.cpuRatio <= MAX_CPU_RATIO;
    const pathOk = ratio >= minRatio && rps.siteLatencyP99 <= maxP99 && cpuOk && rps.clean;
    const cpu = (value) => `${(value * 1000).toFixed(0)} µs CPU a request`;
    console.log(`  response body ${kB(rps.bytes)}`);
    console.log(
      `  site server  ${rps.siteRps.toFixed(0).padStart(7)} req/s   p99 ${rps.siteLatencyP99} ms   ${cpu(rps.siteCpuMsPerRequest)}`,
    );
    console.log(
      `  bare node    ${rps.bareRps.toFixed(0).padStart(7)} req/s   p99 ${rps.bareLatencyP99} ms   ${cpu(rps.bareCpuMsPerRequest)}`,
    );
    const cpuBudget = CPU_JUDGED_PATHS.has(target) ? `, CPU ratio ≤ ${MAX_CPU_RATIO}` : ' (CPU not judged)';
    const p99Budget = Number.isFinite(maxP99) ? `, p99 ≤ ${maxP99} ms` : '';
    console.log(
      `  rps ratio ${ratio.toFixed(2)}, CPU ratio ${rps.cpuRatio.toFixed(2)}; budget rps ≥ ${minRatio}${p99Budget}${cpuBudget}: ` +
        `${pathOk ? 'OK' : 'MISSED'}${rps.clean ? '' : ' (errors or non-2xx answers)'}`,
    );
    ok &&= pathOk;
    figures[target] = { ...rps, ratio };
  }
  return { ok, figures };
}

/** The home page in Chromium: its JavaScript, and lab metrics with and without mobile throttling. */
async function homeWeight(browser, baseUrl) {
  // The first request of a page loads its server code and fills the HTML cache: measure what follows.
  for (let round = 0; round < 3; round += 1) await fetch(`${baseUrl}/`).then((response) => response.arrayBuffer());
  const warm = await loadHome(browser, baseUrl, false);
  const throttled = await loadHome(browser, baseUrl, true);
  const js = await scriptBudget(warm.scripts);

  console.log('\nHome page JavaScript on first load (gzip -9 of each file the page loads):');
  for (const file of js.files) console.log(`  ${kB(file.gzip).padStart(9)}  ${file.file}`);
  const ok = js.gzip <= JS_BUDGET_BYTES;
  console.log(`  total ${kB(js.gzip)} gzip (${kB(js.raw)} raw); budget ${kB(JS_BUDGET_BYTES)}: ${ok ? 'OK' : 'OVER'}`);

  for (const [label, run] of [
    ['unthrottled', warm],
    ['mobile throttling: 4x CPU, 150 ms RTT, 1.6 Mbps', throttled],
  ]) {
    const { lab } = run;
    console.log(`\nLab metrics, home page, ${label}:`);
    console.log(
      `  FCP ${ms(lab.fcp)}   LCP ${ms(lab.lcp)}   CLS ${lab.cls.toFixed(3)}   TBT ${ms(lab.tbt)} (${lab.longTasks} long tasks)`,
    );
    console.log(`  DOMContentLoaded ${ms(lab.domContentLoaded)}   load ${ms(lab.load)}   requests ${lab.requests}`);
    const t = lab.transfer;
    console.log(
      `  transferred: document ${kB(t.document)}, scripts ${kB(t.scripts)}, styles ${kB(t.styles)}, images ${kB(t.images)}, total ${kB(t.total)}`,
    );
  }
  return { ok, figures: { jsGzipBytes: js.gzip, jsRawBytes: js.raw, lab: warm.lab, labThrottled: throttled.lab } };
}

/** Sections on the demo data share one server and one browser; the others start their own servers. */
async function withDemoSite(run) {
  const baseUrl = await startSite();
  console.log(`site server: ${baseUrl}`);
  let browser;
  const launch = async () =>
    (browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] }));
  try {
    return await run(baseUrl, launch);
  } finally {
    await browser?.close();
  }
}

const SECTIONS = {
  admin: () => withDemoSite(async (baseUrl, launch) => adminWeight(await launch(), baseUrl)),
  home: () => withDemoSite(async (baseUrl, launch) => homeWeight(await launch(), baseUrl)),
  site: () => withDemoSite((baseUrl) => throughputOf(baseUrl, ['/'], { minRatio: MIN_RPS_RATIO })),
  api: () =>
    withDemoSite((baseUrl) =>
      throughputOf(baseUrl, API_PATHS, { minRatio: MIN_API_RPS_RATIO, maxP99: MAX_API_P99_MS }),
    ),
  callgrind: () => runCallgrind(),
  login: () => loginLoad(),
  startup: () => runStartUp(),
  large: () => runLargeData(),
  mixed: () => runMixedLoad(),
  connections: () => runConnectionFlood(),
  lighthouse: () => withDemoSite((baseUrl) => runLighthouse(3, baseUrl)),
  import: () => runMemberImport(),
  announce: () => runAnnounceLoad(),
  certificates: () => runCertificates(),
};

const chosen = options.only ? options.only.split(',') : Object.keys(SECTIONS);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}

const results = {};
for (const name of chosen) results[name] = await SECTIONS[name]();

const summary = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: availableParallelism(), loadAverage: loadavg(), node: process.version },
  settings: { ...settings },
  sections: results,
};
writeFileSync('bench-results.json', `${JSON.stringify(summary, null, 2)}\n`);
console.log('\nBudgets:');
const nameWidth = Math.max(...chosen.map((name) => name.length));
for (const [name, result] of Object.entries(results)) {
  console.log(`  ${name.padEnd(nameWidth)} ${result.ok ? 'OK' : 'MISSED'}`);
}
console.log('Figures written to bench-results.json');
process.exit(Object.values(results).every((result) => result.ok) ? 0 : 1);
