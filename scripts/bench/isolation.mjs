// CPU pinning of the sections that measure a server under a load (harness.mjs underLoad): while they
// measure, the server's process runs on every CPU but the last, and every process of the benchmark's
// own (this one with its probe, the SMTP sink, the load's clients) and a PostgreSQL server on this
// host on the last, as a load generator and a database on other machines would. On a 2-core host the
// benchmark's processes otherwise take the server's core, and the figures measure the bench as much
// as the server. Needs Linux, two CPUs or more and util-linux's taskset; without them a section runs
// unpinned and its report says so.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const CPU_COUNT = availableParallelism();
const ALL_CPUS = `0-${CPU_COUNT - 1}`;
const BENCH_CPU = String(CPU_COUNT - 1);
const SERVER_CPUS = CPU_COUNT > 2 ? `0-${CPU_COUNT - 2}` : '0';

/** Why the last isolated() could not pin (undefined when it did), and whether it moved PostgreSQL. */
const last = { reason: 'no section isolated yet', databaseMoved: false };

/** Every thread of `pid` (and so whatever they start later) on `cpus`; false when that failed. */
function pin(pid, cpus) {
  try {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], {
      stdio: 'ignore',
      timeout: 5000,
    });
    return true;
  } catch {
    return false; // ended meanwhile, or another user's without the right
  }
}

/** The processes `pid` started, and theirs, from /proc (each thread lists the children it forked). */
function descendantsOf(pid) {
  const found = [];
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean);
      for (const child of children.map(Number)) found.push(child, ...descendantsOf(child));
    }
  } catch {
    // Ended meanwhile, or a kernel without /proc/…/children: its children stay where they are.
  }
  return found;
}

function unavailable() {
  if (process.platform !== 'linux') return 'not Linux';
  if (CPU_COUNT < 2) return 'one CPU';
  if (!pin(process.pid, ALL_CPUS)) return 'taskset missing';
  return undefined;
}

/** How the last isolated section's figures were taken, for its report and bench-results.json. */
export function isolationNote() {
  if (last.reason) return `not pinned (${last.reason}): the benchmark's processes shared the server's CPUs`;
  return `server on CPU ${SERVER_CPUS}, the benchmark's processes${last.databaseMoved ? ' and PostgreSQL' : ''} on CPU ${BENCH_CPU}`;
}

/** The postmaster of the PostgreSQL server `db` (knex) is connected to: its backend's parent process. */
export async function postgresServerPid(db) {
  const { rows } = await db.raw('select pg_backend_pid() as pid');
  const stat = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * Runs `measure` with the server `serverPid` on its CPUs and this process, every other it started
 * (and those `measure` starts, which inherit its CPU) and `databaseServerPid` (a PostgreSQL
 * postmaster) with its backends on the benchmark's; puts them all back on every CPU after. Answers
 * what `measure` answers.
 */
export async function isolated(serverPid, measure, { databaseServerPid } = {}) {
  Object.assign(last, { reason: unavailable(), databaseMoved: false });
  if (last.reason) return measure();
  const serverSide = new Set([serverPid, ...descendantsOf(serverPid)]);
  const benchPids = [process.pid, ...descendantsOf(process.pid)].filter((pid) => !serverSide.has(pid));
  const databasePids = databaseServerPid ? [databaseServerPid, ...descendantsOf(databaseServerPid)] : [];
  pin(serverPid, SERVER_CPUS);
  benchPids.forEach((pid) => pin(pid, BENCH_CPU));
  last.databaseMoved = databasePids.length > 0 && pin(databasePids[0], BENCH_CPU);
  if (last.databaseMoved) databasePids.slice(1).forEach((pid) => pin(pid, BENCH_CPU));
  try {
    return await measure();
  } finally {
    for (const pid of [serverPid, ...benchPids, ...(last.databaseMoved ? databasePids : [])]) pin(pid, ALL_CPUS);
  }
}
