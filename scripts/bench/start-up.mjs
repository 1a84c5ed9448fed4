// Benchmark section: start-up and memory of the BUILT server (run `npm run build` first), on SQLite.
//   1. Start-to-healthy: the server is started once to create its data (migrations, super admin, demo
//      content), stopped, then restarted N times on that data; each restart is timed from spawn to the
//      first 200 of GET /api/health. Budget: median ≤ 1000 ms.
//   2. RSS of the server process (VmRSS in /proc/<pid>/status) after a load run on the public pages
//      and the public API. Budget: ≤ 120 MB.
// Usage alone: node scripts/bench/start-up.mjs [--restarts 5 --duration 5 --connections 50].
// Exits 1 when a budget is missed; imported, runStartUp() returns { ok, figures }.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cannon, freePort, median, SERVER_ARGS, serverEnv, settings, start } from './harness.mjs';

const MAX_START_MS = 1000;
const MAX_RSS_MB = 120;
const LOAD_PATHS = ['/', '/why-join-us', '/connect', '/join-us', '/api/faqs', '/api/activities?status=upcoming'];

/** Polls often (the harness's waitFor polls every 200 ms, too coarse to time a start). */
async function untilHealthy(url, timeoutMs = 30_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Spawns the server on `dataDir` and resolves once healthy, with the milliseconds that took. */
async function startTimed(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = start('node', SERVER_ARGS, serverEnv(port, dataDir));
  await untilHealthy(`http://127.0.0.1:${port}/api/health`);
  const ms = performance.now() - started;
  return { child, baseUrl: `http://127.0.0.1:${port}`, ms, cpuMs: cpuMsOf(child.pid) };
}

/**
 * CPU time the process has used (user + system, from /proc/<pid>/stat in clock ticks of 10 ms): on a
 * busy machine the wall-clock start-up also measures the neighbours, this only the server's own work.
 */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** Runs both measurements and prints them; `restarts` timed starts after the one that creates the data. */
export async function runStartUp({ restarts = 5 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-start-'));
  try {
    const first = await startTimed(dataDir);
    await stop(first.child);
    const times = [];
    const cpuTimes = [];
    for (let round = 0; round < restarts; round += 1) {
      const run = await startTimed(dataDir);
      times.push(run.ms);
      cpuTimes.push(run.cpuMs);
      await stop(run.child);
    }
    const server = await startTimed(dataDir);
    for (const loadPath of LOAD_PATHS) await cannon(`${server.baseUrl}${loadPath}`, settings.duration);
    const rss = rssMb(server.child.pid);
    await stop(server.child);

    const startMs = median(times);
    const startOk = startMs <= MAX_START_MS;
    const rssOk = rss <= MAX_RSS_MB;
    console.log(`\nStart-up to a healthy /api/health on existing SQLite data (${restarts} restarts):`);
    console.log(`  first start (creates the data) ${Math.round(first.ms)} ms`);
    console.log(`  restarts ${times.map((value) => Math.round(value)).join(', ')} ms`);
    console.log(`  CPU time of the server until healthy: median ${median(cpuTimes)} ms`);
    console.log(`  median ${Math.round(startMs)} ms; budget ≤ ${MAX_START_MS} ms: ${startOk ? 'OK' : 'MISSED'}`);
    console.log(`\nServer RSS after ${settings.duration} s of load on each of ${LOAD_PATHS.join(', ')}:`);
    console.log(`  ${rss.toFixed(1)} MB; budget ≤ ${MAX_RSS_MB} MB: ${rssOk ? 'OK' : 'MISSED'}`);
    return {
      ok: startOk && rssOk,
      figures: {
        firstStartMs: first.ms,
        restartMs: times,
        medianStartMs: startMs,
        medianStartCpuMs: median(cpuTimes),
        rssMb: rss,
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      restarts: { type: 'string', default: '5' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
    },
  });
  settings.duration = Number(values.duration);
  settings.connections = Number(values.connections);
  const { ok } = await runStartUp({ restarts: Number(values.restarts) });
  process.exit(ok ? 0 : 1);
}
