// Mixed load with random query strings (issue 19, caches that query strings cannot bypass): the BUILT
// server on the demo data, 8 connections for 60 s (--duration overrides) of public traffic: the pages
// and the public API, each URL with a random parameter the page or route does not read (as an attacker
// busting caches would send), plus a few with a parameter it does read (?activity= on /). The server's
// RSS (VmRSS of /proc/<pid>/status) is sampled every 250 ms during the load and for 30 s after it.
// Budgets, with Node's default heap: peak ≤ 350 MB; ≤ 200 MB 30 s after the load's end.
// Run alone: node scripts/bench/mixed-load.mjs [--duration 60] (after `npm run build`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cannon, freePort, rssMb, SERVER_ARGS, serverEnv, start, stopChild, waitFor } from './harness.mjs';

const CONNECTIONS = 8;
const DEFAULT_DURATION_S = 60;
const SETTLE_S = 30;
const MAX_PEAK_MB = 350;
const MAX_SETTLED_MB = 200;
const PATHS = [
  '/',
  '/why-join-us',
  '/join-us',
  '/connect',
  '/privacy-policy',
  '/api/faqs',
  '/api/activities?status=upcoming',
  '/api/activities/calendar.ics',
  '/api/testimonials',
  '/api/about-us',
];

/** V8's heap, allocated and used, and its external memory, in MB (prom-client at /api/metrics). */
async function heapMb(baseUrl) {
  const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
  const mb = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]) / 1024 / 1024;
  return {
    total: mb('nodejs_heap_size_total_bytes'),
    used: mb('nodejs_heap_size_used_bytes'),
    external: mb('nodejs_external_memory_bytes'),
  };
}

let sequence = 0;
/** Each request a page or answer with a random parameter; one in twenty opens a random activity on /. */
function mixedRequest(request) {
  sequence += 1;
  const random = Math.random().toString(36).slice(2);
  if (sequence % 20 === 0) return { ...request, path: `/?activity=${sequence}` };
  const target = PATHS[sequence % PATHS.length];
  return { ...request, path: `${target}${target.includes('?') ? '&' : '?'}x=${random}` };
}

export async function runMixedLoad({ duration = DEFAULT_DURATION_S } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-mixed-'));
  const child = start('node', SERVER_ARGS, serverEnv(port, dataDir));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`);
    const samples = [];
    const sample = () => samples.push({ at: Date.now(), mb: rssMb(child.pid) });
    const before = rssMb(child.pid);
    const sampler = setInterval(sample, 250);
    const result = await cannon(baseUrl, duration, {
      connections: CONNECTIONS,
      requests: [{ setupRequest: mixedRequest }],
    });
    const ended = Date.now();
    sample();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    sample();
    clearInterval(sampler);
    const heap = await heapMb(baseUrl);
    const during = samples.filter((entry) => entry.at <= ended);
    const after = samples.filter((entry) => entry.at > ended);
    const peak = Math.max(...during.map((entry) => entry.mb));
    const settled = after.at(-1)?.mb ?? peak;
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    );
    const ok = peak <= MAX_PEAK_MB && settled <= MAX_SETTLED_MB && result.errors === 0;
    console.log(`\nMixed load with random query strings (${CONNECTIONS} connections, ${duration} s):`);
    console.log(
      `  ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, answers ${JSON.stringify(codes)}, ` +
        `errors ${result.errors}`,
    );
    console.log(
      `  RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (budget ≤ ${MAX_PEAK_MB}), ` +
        `${SETTLE_S} s after ${settled.toFixed(0)} MB (budget ≤ ${MAX_SETTLED_MB}): ${ok ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `  then V8's heap ${heap.total.toFixed(0)} MB (${heap.used.toFixed(0)} MB used), external ${heap.external.toFixed(0)} MB`,
    );
    return {
      ok,
      figures: {
        requestsPerS: result.requests.average,
        p99: result.latency.p99,
        statusCodes: codes,
        rssBeforeMb: before,
        rssPeakMb: peak,
        rssSettledMb: settled,
        heapMb: heap,
      },
    };
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: String(DEFAULT_DURATION_S) } } });
  const { ok } = await runMixedLoad({ duration: Number(values.duration) });
  process.exit(ok ? 0 : 1);
}
