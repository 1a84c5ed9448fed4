// What every benchmark section shares: starting the built server and a bare node:http server, and
// driving them with autocannon; the server's CPU time and memory from /proc; and the budgets of a
// server under a load (underLoad): its event-loop delay, a visitor's GET / and its memory. `settings`
// holds the command line's duration and connections.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { isolated, isolationNote } from './isolation.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The command line's duration and connections. */
export const settings = { duration: 10, connections: 50 };

/**
 * The server's command exactly as `npm start` runs it (package.json), flags included: the benchmark
 * measures what production runs.
 */
const START = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.split(' ');
const NODE_AT = START.indexOf('node');
/**
 * Node flags for every section's server, to look into a figure (BENCH_SERVER_FLAGS="--trace-gc", or
 * "--cpu-prof --cpu-prof-dir=/tmp/profiles"); none by default.
 */
const DIAGNOSTIC_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
export const SERVER_ARGS = [...DIAGNOSTIC_FLAGS, ...START.slice(NODE_AT + 1)];
/** The variables npm start sets before node (MALLOC_ARENA_MAX): every section's server runs with them. */
const START_ENV = Object.fromEntries(START.slice(0, NODE_AT).map((assignment) => assignment.split('=')));

/** The middle value (the upper one of an even count): runs repeated to see past this host's noise. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The nearest-rank `p`th percentile (0–100) of `sorted` (ascending); undefined when it is empty. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
/** Milliseconds: whole from 10 ms on, to 0.01 ms below (the exact p99s of homeProbe are near 1 ms). */
export const ms = (value) => `${value >= 10 ? Math.round(value) : Number(value.toFixed(2))} ms`;

const children = [];
/** Folders of started servers, removed when the benchmark ends (one exit listener for all of them). */
const scratchDirs = [];
process.on('exit', () => {
  children.forEach((child) => child.kill());
  scratchDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function start(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...START_ENV, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

/**
 * Runs the bench file `script` with `args` in a process of its own and answers the JSON it prints
 * on stdout: a load's clients there do not delay the GET / timings this process takes with their
 * own work. `what` names them in the error of a failed run.
 */
export function jsonFromProcess(script, args, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args.map(String)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`${what} exited ${code}`)),
    );
  });
}

/** Stops a process `start` started (SIGTERM) and waits for it to exit. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The built server's environment in every section: production, loopback, demo content. */
/**
 * The bench servers' METRICS_TOKEN, which eventLoopDelay sends: a server behind TRUST_PROXY (the
 * sign-in load's, whose addresses come from X-Forwarded-For) counts no request as this host's, and
 * answers the scrape only with it.
 */
const METRICS_TOKEN = 'bench-metrics-token-long-enough-0123456789';

export function serverEnv(port, dataDir) {
  return {
    METRICS_TOKEN,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SUPER_ADMIN_EMAIL: 'bench@example.org',
    SUPER_ADMIN_PASSWORD: 'bench-password-1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
}

/** The process of each server startSite started, by its base URL (for isolation.mjs). */
const sitePids = new Map();
export const sitePid = (baseUrl) => sitePids.get(baseUrl);
/** The DATA_DIR of each server startSite started (its SQLite file, app.db, and the write-ahead log beside it). */
const siteDirs = new Map();
export const siteDataDir = (baseUrl) => siteDirs.get(baseUrl);

/** Stops a server startSite started, before its database goes (else it logs the missing database). */
export async function stopSite(baseUrl) {
  const child = children.find((started) => started.pid === sitePids.get(baseUrl));
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill();
  });
}

/** `wrapper`: a command the server runs under (valgrind, callgrind.mjs), with a start-up timeout for it. */
export async function startSite(env = {}, { wrapper = [], timeoutMs } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-'));
  const [command, ...args] = [...wrapper, 'node', ...SERVER_ARGS];
  const server = start(command, args, { ...serverEnv(port, dataDir), ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, timeoutMs);
  scratchDirs.push(dataDir);
  sitePids.set(baseUrl, server.pid);
  siteDirs.set(baseUrl, env.DATA_DIR ?? dataDir);
  return baseUrl;
}

/** Headers node:http writes by itself (or that describe this one connection): the bare server's own. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * A node:http server in its own process that answers every request with `body` and `headers` (the
 * site's answer, replayed), nothing else. Both servers then put the same bytes on the wire, so the
 * ratio measures the server's work and not the client's parsing of a dozen more headers. The body
 * goes through a file: a page with large data is more than an environment variable may hold.
 * `wrapper` as startSite's. Answers its { url, pid }.
 */
export async function startBareServer(body, headers, { wrapper = [], timeoutMs } = {}) {
  const port = await freePort();
  const scratch = mkdtempSync(path.join(tmpdir(), 'npo-bench-bare-'));
  const bodyFile = path.join(scratch, 'body');
  writeFileSync(bodyFile, body);
  scratchDirs.push(scratch);
  const replayed = [...headers].filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase()));
  const source = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.env.BODY_FILE);
    const headers = [...JSON.parse(process.env.HEADERS).flat(), 'Content-Length', String(body.length)];
    http.createServer((req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const [command, ...args] = [...wrapper, 'node', '-e', source];
  const child = start(command, args, { BODY_FILE: bodyFile, HEADERS: JSON.stringify(replayed) });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, timeoutMs);
  return { url, pid: child.pid };
}

export function cannon(url, duration = settings.duration, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: settings.connections, duration, pipelining: 1, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** GET / at a steady rate: how each section times a visitor's page beside the load it measures. */
export const HOME_PER_S = 100;
const PROBE_SOCKETS = 16;
/** What Chromium and Firefox send as Accept-Encoding. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * GET / every 1 / HOME_PER_S s, for `duration` s or until `until()` answers true, as visitors arrive
 * one by one, each answer timed from its request to its last byte; `p99` is the exact 99th percentile
 * of the 2xx answers (ms, to 0.01; the time is from the visit's due time, so one waiting for a free
 * connection counts its wait). A probe of its own rather than autocannon, which at a set rate
 * sends each second's requests in one burst and adds answers that never happened (coordinated
 * omission) at a 1 ms interval. The page is asked for compressed, as every browser does.
 */
export async function homeProbe(baseUrl, { duration = Infinity, until = () => false } = {}) {
  // At most PROBE_SOCKETS connections: all of the benchmark's come from 127.0.0.1, and past the
  // connection guard's room for one address (64) its oldest connections make way, the member import's
  // upload among them (EPIPE). A visit waiting for a socket is timed from its due time all the same.
  const agent = new http.Agent({ keepAlive: true, maxSockets: PROBE_SOCKETS });
  const times = [];
  const answers = { non2xx: 0, serverErrors: 0, errors: 0 };
  const visit = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(
        `${baseUrl}/`,
        { agent, headers: { 'accept-encoding': BROWSER_ENCODINGS } },
        (answer) => {
          answer.resume();
          answer.on('end', () => {
            if (answer.statusCode >= 200 && answer.statusCode < 300) times.push(performance.now() - started);
            else answers.non2xx += 1;
            if (answer.statusCode >= 500) answers.serverErrors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        answers.errors += 1;
        resolve();
      });
    });
  const visits = await paced(duration, HOME_PER_S, visit, until);
  agent.destroy();
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99) ?? Number.NaN;
  return { p99: Math.round(p99 * 100) / 100, requests: visits.length, ...answers };
}

/**
 * Calls `send` `perSecond` times a second for `duration` s (or until `until()`), each call at its own
 * time from the start, so a late timer does not shift the ones after it; resolves to the calls'
 * results once all are done.
 */
export async function paced(duration, perSecond, send, until = () => false) {
  const sent = [];
  const begin = performance.now();
  for (let index = 0; index < duration * perSecond && !until(); index += 1) {
    const wait = begin + (index * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send());
  }
  return Promise.all(sent);
}

/** CPU time (user + system, ms) process `pid` has used, all its threads: /proc/<pid>/stat, 10 ms ticks. */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const statusMb = (pid, field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
/** Resident memory of process `pid` now, in MB. */
export const rssMb = (pid) => statusMb(pid, 'VmRSS');
/** Peak resident memory of process `pid` so far, in MB. */
export const peakRssMb = (pid) => statusMb(pid, 'VmHWM');

/** prom-client's event-loop monitor fires every 10 ms (eventLoopMonitoringPrecision) and records the whole interval. */
const MONITOR_RESOLUTION_MS = 10;

/**
 * The server's event-loop delay since the previous call, in ms: p99 and max of Node's
 * monitorEventLoopDelay as prom-client reports it at GET /api/metrics (open to loopback). prom-client
 * resets the histogram at each scrape, and starts it at the first: call once before a window. Each
 * figure is the interval between the monitor's timer firings less its 10 ms resolution, so 0 is a loop
 * that was never late.
 */
export async function eventLoopDelay(baseUrl) {
  const answer = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!answer.ok) throw new Error(`GET /api/metrics answered ${answer.status}`);
  const text = await answer.text();
  const delayMs = (name) => {
    const seconds = Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]);
    return Math.max(0, Math.round((seconds * 1000 - MONITOR_RESOLUTION_MS) * 100) / 100);
  };
  return { p99: delayMs('p99'), max: delayMs('max') };
}

/** The budgets of a server under load (underLoad). */
export const BUDGETS = {
  delayP99Ms: 10,
  delayMaxMs: 50,
  /** GET / p99 under load: at most this many times idle, or HOME_FLOOR_MS if that is more. */
  homeIdleFactor: 5,
  homeFloorMs: 25,
  peakRssMb: 350,
};

/**
 * Runs `load()` against the server `baseUrl` (process `pid`) and judges it by the budgets above:
 * GET / (homeProbe) idle for `duration` s, then for as long as the load runs, with the server's
 * event-loop delay over each of those spans; no 5xx to GET / nor to the load (`load()` answers
 * { serverErrors, ...its own figures }); the server's peak RSS. The server is pinned to its CPUs and
 * the benchmark's processes (and `databaseServerPid`, PostgreSQL's postmaster) to another
 * (isolation.mjs). Answers { ok, checks, figures }.
 */
export async function underLoad(baseUrl, pid, load, { duration = settings.duration, databaseServerPid } = {}) {
  await cannon(`${baseUrl}/`, 2); // fills the page cache and warms up the JIT
  await eventLoopDelay(baseUrl); // starts the monitor
  const measured = await isolated(
    pid,
    async () => {
      const idle = await homeProbe(baseUrl, { duration });
      const idleDelay = await eventLoopDelay(baseUrl);
      let done = false;
      const started = performance.now();
      // A load that fails (a refused or closed request) is a missed budget, not the benchmark's end.
      const running = load()
        .catch((error) => ({ loadError: `${error.message}${error.cause ? ` (${error.cause.message})` : ''}` }))
        .finally(() => (done = true));
      const home = await homeProbe(baseUrl, { until: () => done });
      const loadFigures = await running;
      const loadSeconds = (performance.now() - started) / 1000;
      return { idle, idleDelay, home, loadFigures, loadSeconds, delay: await eventLoopDelay(baseUrl) };
    },
    { databaseServerPid },
  );
  const { idle, idleDelay, home, loadFigures, delay } = measured;
  const homeBudgetMs = Math.max(BUDGETS.homeIdleFactor * idle.p99, BUDGETS.homeFloorMs);
  const serverErrors = idle.serverErrors + home.serverErrors + (loadFigures.serverErrors ?? 0);
  const peakMb = peakRssMb(pid);
  const checks = {
    delay: delay.p99 <= BUDGETS.delayP99Ms && delay.max <= BUDGETS.delayMaxMs,
    home: home.p99 <= homeBudgetMs && idle.errors + home.errors + idle.non2xx + home.non2xx === 0,
    noServerErrors: serverErrors === 0,
    loadCompleted: loadFigures.loadError === undefined,
    memory: peakMb <= BUDGETS.peakRssMb,
  };
  const figures = {
    loadSeconds: measured.loadSeconds,
    idleDelayP99Ms: idleDelay.p99,
    idleDelayMaxMs: idleDelay.max,
    delayP99Ms: delay.p99,
    delayMaxMs: delay.max,
    idleHomeP99Ms: idle.p99,
    homeP99Ms: home.p99,
    homeBudgetMs,
    homeRequests: home.requests,
    homeFailed: home.non2xx + home.errors,
    serverErrors,
    peakRssMb: peakMb,
    isolation: isolationNote(),
    ...loadFigures,
  };
  return { ok: Object.values(checks).every(Boolean), checks, figures };
}

/** underLoad's verdicts, one line each. */
export function printUnderLoad({ checks, figures: f }) {
  const verdict = (passed) => (passed ? 'ok' : 'MISSED');
  console.log(
    `  event-loop delay during the load (${f.loadSeconds.toFixed(1)} s) p99 ${ms(f.delayP99Ms)}, max ${ms(f.delayMaxMs)} ` +
      `(idle ${ms(f.idleDelayP99Ms)}, ${ms(f.idleDelayMaxMs)}); budget ≤ ${BUDGETS.delayP99Ms} ms, ≤ ${BUDGETS.delayMaxMs} ms: ${verdict(checks.delay)}`,
  );
  console.log(
    `  GET / p99 (${HOME_PER_S} req/s) idle ${ms(f.idleHomeP99Ms)}, during the load ${ms(f.homeP99Ms)} over ` +
      `${f.homeRequests} requests; budget ≤ ${ms(f.homeBudgetMs)} (max(${BUDGETS.homeIdleFactor}× idle, ` +
      `${BUDGETS.homeFloorMs} ms)), none failed (${f.homeFailed}): ${verdict(checks.home)}`,
  );
  console.log(`  5xx answers ${f.serverErrors}; budget 0: ${verdict(checks.noServerErrors)}`);
  if (f.loadError) console.log(`  the load itself failed: ${f.loadError}: MISSED`);
  console.log(
    `  server peak RSS ${f.peakRssMb.toFixed(0)} MB; budget ≤ ${BUDGETS.peakRssMb} MB: ${verdict(checks.memory)}`,
  );
  console.log(`  ${f.isolation}`);
}

/**
 * Requests per second of the server at `url` (process `pid`) and of a bare node:http server sending
 * the same bytes and headers, each driven by autocannon for `settings.duration` s; and the CPU time
 * (all threads, /proc) each used per request.
 */
export async function throughput(url, pid) {
  // The bytes a client without Accept-Encoding gets, as autocannon is such a client.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const bare = await startBareServer(body, response.headers);
  // Warm both up first (the first request of a page or public answer also fills its cache).
  await cannon(url, 2);
  await cannon(bare.url, 2);
  const timed = async (target, targetPid) => {
    const cpuBefore = cpuMs(targetPid);
    const result = await cannon(target);
    return { result, cpuMsPerRequest: (cpuMs(targetPid) - cpuBefore) / result.requests.total };
  };
  const site = await timed(url, pid);
  const bareRun = await timed(bare.url, bare.pid);
  const check = (result) => result.non2xx === 0 && result.errors === 0;
  return {
    bytes: body.length,
    siteRps: site.result.requests.average,
    bareRps: bareRun.result.requests.average,
    siteLatencyP99: site.result.latency.p99,
    bareLatencyP99: bareRun.result.latency.p99,
    siteCpuMsPerRequest: site.cpuMsPerRequest,
    bareCpuMsPerRequest: bareRun.cpuMsPerRequest,
    cpuRatio: site.cpuMsPerRequest / bareRun.cpuMsPerRequest,
    clean: check(site.result) && check(bareRun.result),
  };
}
