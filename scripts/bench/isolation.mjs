// CPU isolation of the sections that time GET / beside a load (login, mail, announce, and the staff
// load of large): while they measure, the server's process runs on every CPU but the last, and every
// process of the benchmark's own (this one with its probe, the SMTP sink, the load's clients, the
// controls) on the last, as a load generator on another machine would.
//
// Why: on a 2-core host the benchmark's own processes otherwise take the server's cores, and what the
// p99 budgets measured was the bench as much as the server. The announce bench's control, in which
// another process sends the same mails and the server sends none, read 1.7–3.1× idle (2026-11-27,
// six runs), over the 2× budget with none of the server's work; isolated, the same control reads
// about 1× idle (README, Performance). The server keeps its own threads' contention (the SMTP thread,
// the staff reads, the password workers beside the site's thread), which is what the budgets are for.
//
// While a window is timed, the probe's thread is also in the real-time class (SCHED_FIFO, dropped by
// whatever it starts), so the clients beside it on its CPU never delay its own timings: the figure is
// the server's answer time, not the client's turn on its core.
//
// Needs Linux, two CPUs or more, util-linux's taskset and chrt, and (for the probe's class) the right
// to raise priority; without them a section runs as before and its report says so. PostgreSQL on this
// host, under the large data's staff load, goes with the benchmark's processes (isolated's options).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const CPU_COUNT = availableParallelism();
const ALL_CPUS = `0-${CPU_COUNT - 1}`;
const BENCH_CPU = String(CPU_COUNT - 1);
const SERVER_CPUS = CPU_COUNT > 2 ? `0-${CPU_COUNT - 2}` : '0';
/** The probe's real-time priority: any, as nothing else of the bench's is real-time. */
const PROBE_PRIORITY = '10';

/** Whether a section is measuring isolated now: the probe then takes the real-time class. */
let active = false;
/** What the last isolated() did, for its section's report (isolationNote). */
const last = { reason: 'no section isolated yet', databaseMoved: false, probeRealTime: true, idleServers: 0 };

const run = (command, args) => execFileSync(command, args, { stdio: 'ignore', timeout: 5000 });

/** Every thread of `pid` (and so whatever they start later) on `cpus`. */
function pin(pid, cpus) {
  run('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)]);
}

/** pin, answering whether it was done (a process that ended, or another user's without the right). */
function tryPin(pid, cpus) {
  try {
    pin(pid, cpus);
    return true;
  } catch {
    return false;
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

/** Why this host cannot isolate, or undefined when it can. */
function unavailable() {
  if (process.platform !== 'linux') return 'not Linux';
  if (CPU_COUNT < 2) return 'one CPU';
  try {
    run('taskset', ['--version']);
    run('chrt', ['--version']);
  } catch {
    return 'taskset or chrt missing';
  }
  return undefined;
}

/** How the last isolated section's figures were taken, for its report and bench-results.json. */
export function isolationNote() {
  if (last.reason) return `not isolated (${last.reason}): the benchmark's processes shared the server's CPUs`;
  const beside = last.databaseMoved ? ' and PostgreSQL' : '';
  const probe = last.probeRealTime ? '' : ' (the probe without real-time priority: not permitted)';
  const staff = last.idleServers > 0 ? `, the staff instance beside it in the idle scheduling class` : '';
  return `server on CPU ${SERVER_CPUS}${staff}, the benchmark's processes${beside} on CPU ${BENCH_CPU}${probe}`;
}

/** The postmaster of the PostgreSQL server `db` (knex) is connected to: its backend's parent process. */
export async function postgresServerPid(db) {
  const { rows } = await db.raw('select pg_backend_pid() as pid');
  const stat = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * Runs `measure` with the server `serverPid` on its CPUs and this process and every other it started
 * (the sink, the clients; and those `measure` starts, which inherit its CPU) on the benchmark's; puts
 * them all back on every CPU after. Answers what `measure` answers.
 *
 * `databaseServerPid`: a PostgreSQL server's postmaster, put with its processes on the benchmark's CPU
 * too (a backend it forks meanwhile inherits that), as a database host of its own: a deployment on
 * PostgreSQL scales out with the database on its own host (README, Scaling out), and the budgets are
 * about the server's work, not about a database sharing its cores. Without the right to move it
 * (another user's processes), it stays, and the report says so.
 *
 * `idleServerPids`: other instances of the server that share its CPUs, every thread of theirs in the
 * idle scheduling class (SCHED_IDLE, inherited by the threads they start), as a staff instance would
 * run beside the site's on one host (README, Scaling out): whenever the site's instance wants the CPU,
 * it has it at once.
 */
export async function isolated(serverPid, measure, { databaseServerPid, idleServerPids = [] } = {}) {
  Object.assign(last, { reason: unavailable(), databaseMoved: false, probeRealTime: true, idleServers: 0 });
  if (last.reason) return measure();
  const benchPids = [process.pid, ...descendantsOf(process.pid)].filter(
    (pid) => pid !== serverPid && !descendantsOf(serverPid).includes(pid),
  );
  pin(serverPid, SERVER_CPUS);
  benchPids.forEach((pid) => tryPin(pid, BENCH_CPU));
  const databasePids = databaseServerPid ? [databaseServerPid, ...descendantsOf(databaseServerPid)] : [];
  last.databaseMoved = databasePids.length > 0 && tryPin(databasePids[0], BENCH_CPU);
  if (last.databaseMoved) databasePids.slice(1).forEach((pid) => tryPin(pid, BENCH_CPU));
  active = true;
  try {
    // Inside the try: should one fail, every process above is still put back.
    for (const pid of idleServerPids) {
      pin(pid, SERVER_CPUS);
      run('chrt', ['--idle', '--all-tasks', '--pid', '0', String(pid)]);
    }
    last.idleServers = idleServerPids.length;
    return await measure();
  } finally {
    active = false;
    // The idle servers keep their class: they end with the section's server.
    const moved = [serverPid, ...idleServerPids, ...benchPids, ...(last.databaseMoved ? databasePids : [])];
    for (const pid of moved) tryPin(pid, ALL_CPUS);
  }
}

/**
 * While a section measures isolated: this process's main thread (the probe's event loop) in the
 * real-time class, reset on fork so that a client it starts meanwhile is an ordinary process. Answers
 * the function that puts it back. Not permitted (no CAP_SYS_NICE): the probe keeps its class.
 */
export function probeInRealTime() {
  if (!active) return () => {};
  try {
    run('chrt', ['--fifo', '--reset-on-fork', '--pid', PROBE_PRIORITY, String(process.pid)]);
  } catch {
    last.probeRealTime = false;
    return () => {};
  }
  return () => run('chrt', ['--other', '--pid', '0', String(process.pid)]);
}
