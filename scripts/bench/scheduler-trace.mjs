// What holds the site's event loop off its CPU while a load runs (issue 19): the kernel's scheduler
// events, recorded with `perf sched` for a few seconds of the load, and read back for the server's main
// thread. The p99 of GET / says how long visitors wait; this says why: how long the event loop, once
// woken, waited for the CPU; how long it waited after being preempted in the middle of its work; and
// which threads held the CPU meanwhile (the server's own: V8's platform threads, which run the garbage
// collector's helpers, the staff-reads thread, the SMTP thread; or another process's).
//
// Optional (large-data.mjs --sched-trace): needs Linux's perf with the right to trace the scheduler
// (root, or perf_event_paranoid ≤ -1); without it the report says why and nothing else changes.
// Recording costs the traced CPUs a little; figures taken with it are not compared with those without.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { percentile } from './harness.mjs';

const run = promisify(execFile);

/** One line of `perf sched timehist --state`: a thread's run on a CPU, ended at `end` (ms). */
const TIMEHIST_LINE =
  /^\s*([\d.]+)\s+\[(\d+)\]\s+(.+?)\[(\d+)(?:\/(\d+))?\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\S+)\s*$/;

function parseTimehist(text) {
  const runs = [];
  for (const line of text.split('\n')) {
    const match = TIMEHIST_LINE.exec(line);
    if (!match) continue;
    const [, end, cpu, comm, tid, pid, , schDelay, runTime, state] = match;
    const endMs = Number(end) * 1000;
    runs.push({
      cpu: Number(cpu),
      comm,
      tid: Number(tid),
      pid: Number(pid ?? tid),
      start: endMs - Number(runTime),
      end: endMs,
      schDelay: Number(schDelay),
      state,
    });
  }
  return runs;
}

/**
 * The event loop's waits (`pid`'s main thread): after a wake-up (from the wake-up to its run) and after
 * a preemption (from being switched out runnable to its next run), and who ran on its CPU meanwhile.
 */
function eventLoopWaits(runs, pid) {
  const loop = runs.filter((entry) => entry.tid === pid);
  const byCpu = new Map();
  for (const entry of runs) {
    if (entry.tid === 0 || entry.comm.startsWith('<idle>')) continue;
    if (!byCpu.has(entry.cpu)) byCpu.set(entry.cpu, []);
    byCpu.get(entry.cpu).push(entry);
  }
  const wakeDelays = [];
  const heldBy = new Map();
  let wokenWaitMs = 0;
  let preemptedMs = 0;
  let preemptions = 0;
  // Each CPU's runs are in the order they ended, and they do not overlap: the first to end after
  // `from` is found by bisection, and the walk stops at the first to start after `to`.
  const charge = (cpu, from, to) => {
    const cpuRuns = byCpu.get(cpu) ?? [];
    let low = 0;
    for (let high = cpuRuns.length; low < high;) {
      const middle = (low + high) >> 1;
      if (cpuRuns[middle].end <= from) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < cpuRuns.length && cpuRuns[index].start < to; index += 1) {
      const other = cpuRuns[index];
      const overlap = Math.min(to, other.end) - Math.max(from, other.start);
      if (overlap <= 0 || other.tid === pid) continue;
      const name = other.pid === pid ? `server ${other.comm}` : other.comm;
      heldBy.set(name, (heldBy.get(name) ?? 0) + overlap);
    }
  };
  for (let index = 1; index < loop.length; index += 1) {
    const previous = loop[index - 1];
    const current = loop[index];
    if (previous.state.startsWith('R')) {
      preemptions += 1;
      preemptedMs += current.start - previous.end;
      charge(current.cpu, previous.end, current.start);
    } else {
      wakeDelays.push(current.schDelay);
      wokenWaitMs += current.schDelay;
      charge(current.cpu, current.start - current.schDelay, current.start);
    }
  }
  wakeDelays.sort((a, b) => a - b);
  return {
    wakeUps: wakeDelays.length,
    wakeDelayP99: percentile(wakeDelays, 99) ?? 0,
    wakeDelayMax: wakeDelays.at(-1) ?? 0,
    wakeDelaysOver1Ms: wakeDelays.filter((delay) => delay > 1).length,
    wokenWaitMs,
    preemptions,
    preemptedMs,
    heldBy: [...heldBy].sort((a, b) => b[1] - a[1]).slice(0, 6),
  };
}

/**
 * Records the scheduler on every CPU for `seconds`: answers a recording for readSchedulerTrace, or why
 * there is none. The reading is left for later, as it takes a CPU for a while.
 */
export async function recordScheduler(seconds) {
  if (process.platform !== 'linux') return { skipped: 'not Linux' };
  const dir = mkdtempSync(path.join(tmpdir(), 'npo-sched-'));
  const data = path.join(dir, 'sched.data');
  try {
    await run('perf', ['sched', 'record', '-o', data, '--', 'sleep', String(seconds)], {
      timeout: (seconds + 30) * 1000,
    });
    return { seconds, dir, data };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: whyNot(error) };
  }
}

/** eventLoopWaits of `pid` in a recordScheduler recording, which it then removes. */
export async function readSchedulerTrace(recording, pid) {
  if (recording.skipped) return recording;
  try {
    const { stdout } = await run('perf', ['sched', 'timehist', '--state', '-i', recording.data], {
      maxBuffer: 512 * 1024 * 1024,
      timeout: 120_000,
    });
    return { seconds: recording.seconds, ...eventLoopWaits(parseTimehist(stdout), pid) };
  } catch (error) {
    return { skipped: whyNot(error) };
  } finally {
    rmSync(recording.dir, { recursive: true, force: true });
  }
}

function whyNot(error) {
  if (error.code === 'ENOENT') return 'perf is not installed';
  const said = String(error.stderr || error.message)
    .trim()
    .split('\n')[0];
  return `perf could not trace the scheduler (it needs root or kernel.perf_event_paranoid -1): ${said}`;
}

export function describeSchedulerTrace(trace) {
  if (!trace) return '';
  if (trace.skipped) return `scheduler trace skipped: ${trace.skipped}`;
  const held = trace.heldBy.map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(', ');
  return (
    `scheduler (perf sched, ${trace.seconds} s of the load): the event loop woken ${trace.wakeUps} times, ` +
    `waited for its CPU p99 ${trace.wakeDelayP99.toFixed(2)} ms, max ${trace.wakeDelayMax.toFixed(2)} ms, ` +
    `${trace.wakeDelaysOver1Ms} waits over 1 ms, ${trace.wokenWaitMs.toFixed(1)} ms in all; preempted ` +
    `${trace.preemptions} times, ${trace.preemptedMs.toFixed(1)} ms runnable in all; its CPU held in ` +
    `those waits by: ${held || 'nothing'}`
  );
}
