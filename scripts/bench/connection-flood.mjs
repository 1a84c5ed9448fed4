// Connection floods (issue 19, no stranger can lock everyone out): the BUILT server, started with
// `npm start`'s flags and a descriptor limit of SERVER_FILES (or the machine's hard limit, if lower),
// against two floods of twice its room (as its connection guard computes it), each for DURATION_S:
//   1. idle: connections opened from many loopback addresses, nothing sent on them;
//   2. slow: each sends a request line, then a header byte every 2 s (slowloris), and opens again
//      100 ms after the server closes it.
// Meanwhile a visitor asks GET / on a fresh connection every 100 ms. Figures: visitors served, their
// median and p99, the server's peak RSS and open descriptors. Budget: ≥ 99 % of visitors served, their
// median ≤ 50 ms. Run alone: node scripts/bench/connection-flood.mjs (after `npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, ms, root, SERVER_ARGS, serverEnv, start, stopChild, waitFor } from './harness.mjs';

const SERVER_FILES = 8_192;
const DURATION_S = 30;
const VISIT_EVERY_MS = 100;
const PER_ADDRESS = 64;
const MIN_SERVED = 0.99;
const MAX_MEDIAN_MS = 50;
const CLIENT = fileURLToPath(new URL('./connection-flood-client.mjs', import.meta.url));

/** This process's hard limit on open descriptors (children may raise their soft limit to it). */
function hardFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const hard = line?.slice('Max open files'.length).trim().split(/\s+/)[1];
  return hard === 'unlimited' ? 1 << 20 : Number(hard);
}

function serverFigures(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rssMb: Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024,
    descriptors: readdirSync(`/proc/${pid}/fd`).length,
  };
}

/** GET / on a fresh connection: its time in ms, or null when it failed. */
function visit(port) {
  const started = performance.now();
  return new Promise((resolve) => {
    const asked = request({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null));
    });
    asked.on('timeout', () => asked.destroy());
    asked.on('error', () => resolve(null));
    asked.end();
  });
}

/** One process of the flood, from its own 127.`octet`/16, allowed `files` descriptors. */
function floodProcess(port, count, octet, mode, files) {
  const client = spawn(
    'sh',
    ['-c', `ulimit -n ${files} && exec "$0" "$@"`, process.execPath, CLIENT, port, count, octet, PER_ADDRESS, mode].map(
      String,
    ),
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let last = { open: 0, opened: 0, closed: 0, failed: 0 };
  client.stdout.setEncoding('utf8');
  client.stdout.on('data', (text) => {
    const line = text.trim().split('\n').at(-1);
    if (line) last = JSON.parse(line);
  });
  return { client, stats: () => last };
}

async function phase(port, pid, mode, total, perProcess) {
  const processes = [];
  for (let first = 0, octet = 1; first < total; first += perProcess, octet += 1) {
    processes.push(floodProcess(port, Math.min(perProcess, total - first), octet, mode, perProcess + 256));
  }
  const times = [];
  let failed = 0;
  let peak = { rssMb: 0, descriptors: 0 };
  const until = Date.now() + DURATION_S * 1000;
  while (Date.now() < until) {
    const time = await visit(port);
    if (time === null) failed += 1;
    else times.push(time);
    const now = serverFigures(pid);
    peak = { rssMb: Math.max(peak.rssMb, now.rssMb), descriptors: Math.max(peak.descriptors, now.descriptors) };
    await new Promise((resolve) => setTimeout(resolve, VISIT_EVERY_MS));
  }
  const opened = processes.reduce((sum, { stats }) => sum + stats().opened, 0);
  await Promise.all(processes.map(({ client }) => stopChild(client)));
  times.sort((a, b) => a - b);
  const visits = times.length + failed;
  const figures = {
    flood: total,
    opened,
    visits,
    served: times.length / visits,
    medianMs: times[Math.floor(times.length / 2)] ?? null,
    p99Ms: times[Math.floor(times.length * 0.99)] ?? null,
    peakRssMb: peak.rssMb,
    peakDescriptors: peak.descriptors,
  };
  const ok = figures.served >= MIN_SERVED && figures.medianMs !== null && figures.medianMs <= MAX_MEDIAN_MS;
  console.log(
    `  ${mode}: a flood of ${total} connections (${opened} opened in all); visitors served ${times.length} of ${visits}, ` +
      `median ${ms(figures.medianMs ?? 0)}, p99 ${ms(figures.p99Ms ?? 0)}; server peak RSS ` +
      `${figures.peakRssMb.toFixed(0)} MB, ${figures.peakDescriptors} descriptors: ${ok ? 'OK' : 'MISSED'}`,
  );
  return { ok, figures };
}

/** Waits until the server holds no more than `descriptors` (the flood's connections closed). */
async function settle(pid, descriptors) {
  const until = Date.now() + 30_000;
  while (Date.now() < until && serverFigures(pid).descriptors > descriptors) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runConnectionFlood() {
  const hard = hardFilesLimit();
  const serverFiles = Math.min(SERVER_FILES, hard);
  // The room the server's own guard gives itself for that many descriptors (site/server/connection-guard.ts).
  const guard = path.join(root, 'site/dist/server/connection-guard.js');
  const { connectionLimits } = await import(pathToFileURL(guard).href);
  const room = connectionLimits(serverFiles).max;
  const total = 2 * room;
  const perProcess = Math.min(total, hard - 256);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-connections-'));
  const server = start(
    'sh',
    ['-c', `ulimit -n ${serverFiles} && exec "$0" "$@"`, process.execPath, ...SERVER_ARGS],
    serverEnv(port, dataDir),
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const idleDescriptors = serverFigures(server.pid).descriptors;
    console.log(
      `\nConnection floods (${serverFiles} descriptors for the server, a flood of ${total} connections, ` +
        `${PER_ADDRESS} from each address; a visitor every ${VISIT_EVERY_MS} ms for ${DURATION_S} s):`,
    );
    const idle = await phase(port, server.pid, 'idle', total, perProcess);
    await settle(server.pid, idleDescriptors + 50);
    const slow = await phase(port, server.pid, 'slow', total, perProcess);
    return { ok: idle.ok && slow.ok, figures: { serverFiles, idle: idle.figures, slow: slow.figures } };
  } finally {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ok } = await runConnectionFlood();
  process.exit(ok ? 0 : 1);
}
