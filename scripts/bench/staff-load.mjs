// Staff load on the large data (issue 19, no staff query can stall the site): GET / p99 of the BUILT
// server idle, then while 4 admins each search the contact messages in one loop (texts of 2 to 8
// characters, as the attack did) and download the whole message CSV export in another (streamed, one
// export per user at a time: 4 exports run at once). GET / is requested at a steady rate (harness.mjs homeProbe).
// The staff clients run in a process of their own, so their work does not delay the GET / timings.
// Timed with the server on its own CPU and the bench's processes (and PostgreSQL) on another (isolation.mjs).
// Budget: GET / p99 under that load at most 2× idle. Used by scripts/bench/large-data.mjs.
// The control: the same clients for the same windows, at the pace the server answered them, against a
// stand-in process that answers each of their requests with the server's own bytes (fetched once,
// before), while the server serves only the probe: the floor the load's clients and the bytes' trip through loopback leave on this machine's
// cores, printed beside the budget's figure and not judged (as the announce bench's control).
// With a staff instance (large-data.mjs --staff-instance, PostgreSQL): the staff clients ask a second
// instance of the server on the same database, on the site's CPU in the idle scheduling class, as a
// deployment that routes the console's requests to an instance of their own (README, Scaling out).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { cannon, HOME_PER_S, homeP99, MAX_P99_RATIO, settings, sitePid, WINDOWS } from './harness.mjs';
import { isolated, isolationNote } from './isolation.mjs';

const SEARCHES = ['hel', 'know', 'visitor1', 'zq', 'events', '(4242)', 'müller', 'abo'];

/**
 * In the child: 4 search loops and 4 export loops until `duration` seconds have passed. With
 * `searchIntervalMs` (the control), each search loop starts a search that often at most, the pace the
 * server allowed, instead of as fast as answers come back.
 */
async function staffClients(baseUrl, duration, tokens, searchIntervalMs = 0) {
  const started = Date.now();
  const until = started + duration * 1000;
  const counts = { searches: 0, exports: 0, exportBytes: 0, refused: 0, failed: 0 };
  const get = async (path, token) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    return { status: response.status, bytes: body.byteLength };
  };
  const searchLoop = async (token, offset) => {
    for (let index = offset; Date.now() < until; index += 1) {
      const due = started + (index - offset) * searchIntervalMs;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const { status } = await get(searchPath(SEARCHES[index % SEARCHES.length]), token);
      if (status === 200) counts.searches += 1;
      else counts.failed += 1;
    }
  };
  const exportLoop = async (token) => {
    while (Date.now() < until) {
      const { status, bytes } = await get(EXPORT_PATH, token);
      if (status === 200) {
        counts.exports += 1;
        counts.exportBytes += bytes;
      } else if (status === 429) counts.refused += 1;
      else counts.failed += 1;
    }
  };
  await Promise.all([...tokens.map((token, index) => searchLoop(token, index)), ...tokens.map(exportLoop)]);
  return counts;
}

const EXPORT_PATH = '/api/admin/contact-messages/export.csv?state=active';
const searchPath = (text) => `/api/admin/contact-messages?state=active&q=${encodeURIComponent(text)}`;

/**
 * In the child: the control's stand-in. Fetches the server's answer to each search and the export once,
 * then serves those bytes to the staff clients: the export in 64 kB chunks, with backpressure, spread
 * over `exportSeconds` as the server's export took. Prints its address when ready.
 */
async function standIn(baseUrl, token, exportSeconds) {
  const answers = new Map();
  for (const path of [...SEARCHES.map(searchPath), EXPORT_PATH]) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    answers.set(path, { type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) });
  }
  const server = http.createServer(async (request, response) => {
    const answer = answers.get(request.url);
    if (!answer) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': answer.type });
    const started = Date.now();
    const msPerByte = request.url === EXPORT_PATH ? (exportSeconds * 1000) / answer.body.length : 0;
    for (let at = 0; at < answer.body.length; at += 65_536) {
      const due = started + at * msPerByte;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      if (!response.write(answer.body.subarray(at, at + 65_536))) {
        await new Promise((resolve) => response.once('drain', resolve));
      }
    }
    response.end();
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
}

/** The control's stand-in in a process of its own: resolves with { url, stop }. */
function startStandIn(baseUrl, token, exportSeconds) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--stand-in', baseUrl, token, String(exportSeconds)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) =>
      resolve({ url: `http://127.0.0.1:${String(chunk).trim()}`, stop: () => child.kill() }),
    );
    child.on('exit', (code) => reject(new Error(`stand-in exited ${code}`)));
  });
}

function staffClientsElsewhere(baseUrl, duration, tokens, searchIntervalMs = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--staff',
        baseUrl,
        String(duration),
        JSON.stringify(tokens),
        String(searchIntervalMs),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`staff client exited ${code}`)),
    );
  });
}

/**
 * `tokens`: four admins' tokens; `databaseServerPid`: PostgreSQL's postmaster, isolated with the
 * benchmark (isolation.mjs); `staffUrl`: the staff instance the staff clients ask, if not the site's.
 * Returns the figures and whether the budget held.
 */
export async function staffLoad(baseUrl, tokens, { databaseServerPid, staffUrl = baseUrl } = {}) {
  await cannon(`${baseUrl}/`, 2); // fills the page cache
  const staffInstance = staffUrl !== baseUrl;
  const figures = await isolated(sitePid(baseUrl), () => timeStaffLoad(baseUrl, tokens, staffUrl), {
    databaseServerPid,
    idleServerPids: staffInstance ? [sitePid(staffUrl)] : [],
  });
  return { ...figures, staffInstance, isolation: isolationNote() };
}

/** GET / idle, under the staff load, and beside the control's. */
async function timeStaffLoad(baseUrl, tokens, staffUrl) {
  const duration = settings.duration;
  const idle = await homeP99(baseUrl, duration);
  const [home, staff] = await Promise.all([
    homeP99(baseUrl, duration),
    staffClientsElsewhere(staffUrl, duration * WINDOWS, tokens),
  ]);
  const ratio = home.p99 / Math.max(idle.p99, 1);
  const ok = ratio <= MAX_P99_RATIO && home.errors === 0 && staff.failed === 0;
  // The control at the load's own pace: as many searches a second as the server answered, and each
  // export as long as the server's took (a stand-in answering at once would have the clients ask more).
  const loadMs = duration * WINDOWS * 1000;
  const searchIntervalMs = loadMs / Math.max(staff.searches / tokens.length, 1);
  const exportSeconds = loadMs / 1000 / Math.max(staff.exports / tokens.length, 1);
  const standInServer = await startStandIn(staffUrl, tokens[0], exportSeconds);
  let control;
  let controlStaff;
  try {
    [control, controlStaff] = await Promise.all([
      homeP99(baseUrl, duration),
      staffClientsElsewhere(standInServer.url, duration * WINDOWS, tokens, searchIntervalMs),
    ]);
  } finally {
    standInServer.stop();
  }
  return {
    ok,
    controlP99: control.p99,
    controlP99s: control.p99s,
    controlRatio: control.p99 / Math.max(idle.p99, 1),
    controlSearchesPerS: controlStaff.searches / (duration * WINDOWS),
    controlExportMB: controlStaff.exportBytes / 1e6,
    idleP99: idle.p99,
    idleP99s: idle.p99s,
    loadedP99: home.p99,
    loadedP99s: home.p99s,
    ratio,
    homeErrors: home.errors,
    searchesPerS: staff.searches / (duration * WINDOWS),
    exportsPerS: staff.exports / (duration * WINDOWS),
    exportMB: staff.exportBytes / 1e6,
    refusedExports: staff.refused,
    failed: staff.failed,
  };
}

export function printStaffLoad(engine, figures) {
  console.log(
    `${engine}: GET / p99 (${HOME_PER_S} req/s, median of ${WINDOWS} windows) idle ${figures.idleP99} ms ` +
      `(${figures.idleP99s.join(', ')}), with 4 message searches and 4 CSV exports running` +
      `${figures.staffInstance ? ' on a staff instance' : ''} ${figures.loadedP99} ms ` +
      `(${figures.loadedP99s.join(', ')}; ${figures.ratio.toFixed(2)}× idle, budget ≤ ${MAX_P99_RATIO}×) ` +
      `${figures.ok ? 'ok' : 'OVER'}; searches ${figures.searchesPerS.toFixed(1)}/s, exports ` +
      `${figures.exportsPerS.toFixed(2)}/s (${figures.exportMB.toFixed(1)} MB), exports refused ${figures.refusedExports}, ` +
      `failed ${figures.failed}, GET / errors ${figures.homeErrors}`,
  );
  console.log(
    `${engine}: control, the same clients against a stand-in serving the server's bytes while the server ` +
      `serves only GET /: p99 ${figures.controlP99} ms (${figures.controlP99s.join(', ')}; ` +
      `${figures.controlRatio.toFixed(2)}× idle; searches ${figures.controlSearchesPerS.toFixed(1)}/s, exports ` +
      `${figures.controlExportMB.toFixed(1)} MB), the floor this machine's cores leave that load; ${figures.isolation}`,
  );
}

if (process.argv[2] === '--stand-in') await standIn(process.argv[3], process.argv[4], Number(process.argv[5]));
if (process.argv[2] === '--staff') {
  const [baseUrl, duration, tokens, searchIntervalMs] = process.argv.slice(3);
  const counts = await staffClients(baseUrl, Number(duration), JSON.parse(tokens), Number(searchIntervalMs));
  process.stdout.write(JSON.stringify(counts));
}
