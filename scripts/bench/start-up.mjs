// Benchmark section: start-up and memory of the BUILT server (run `npm run build` first), on SQLite.
//   1. Start-to-healthy: the server is started once to create its data (migrations, super admin, demo
//      content), stopped, then restarted N times on that data; each restart is timed from spawn to the
//      first 200 of GET /api/health. Budget: median ≤ 1000 ms.
// (Memory is mixed-load.mjs's.) Usage alone: node scripts/bench/start-up.mjs [--restarts 5].
// Exits 1 when a budget is missed; imported, runStartUp() returns { ok, figures }.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cpuMs, freePort, median, SERVER_ARGS, serverEnv, start, stopChild } from './harness.mjs';

const MAX_START_MS = 1000;

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

/** Spawns the server on `dataDir` and resolves once healthy, with the milliseconds that took. */
async function startTimed(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = start('node', SERVER_ARGS, serverEnv(port, dataDir));
  await untilHealthy(`http://127.0.0.1:${port}/api/health`);
  const ms = performance.now() - started;
  return { child, baseUrl: `http://127.0.0.1:${port}`, ms, cpuMs: cpuMs(child.pid) };
}

export async function runStartUp({ restarts = 5 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-start-'));
  try {
    const first = await startTimed(dataDir);
    await stopChild(first.child);
    const times = [];
    const cpuTimes = [];
    for (let round = 0; round < restarts; round += 1) {
      const run = await startTimed(dataDir);
      times.push(run.ms);
      cpuTimes.push(run.cpuMs);
      await stopChild(run.child);
    }

    const startMs = median(times);
    const startOk = startMs <= MAX_START_MS;
    console.log(`\nStart-up to a healthy /api/health on existing SQLite data (${restarts} restarts):`);
    console.log(`  first start (creates the data) ${Math.round(first.ms)} ms`);
    console.log(`  restarts ${times.map((value) => Math.round(value)).join(', ')} ms`);
    console.log(`  CPU time of the server until healthy: median ${median(cpuTimes)} ms`);
    console.log(`  median ${Math.round(startMs)} ms; budget ≤ ${MAX_START_MS} ms: ${startOk ? 'OK' : 'MISSED'}`);
    return {
      ok: startOk,
      figures: {
        firstStartMs: first.ms,
        restartMs: times,
        medianStartMs: startMs,
        medianStartCpuMs: median(cpuTimes),
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { restarts: { type: 'string', default: '5' } } });
  const { ok } = await runStartUp({ restarts: Number(values.restarts) });
  process.exit(ok ? 0 : 1);
}
