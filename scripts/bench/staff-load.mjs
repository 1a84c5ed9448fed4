// Staff load on the large data (issue 19, no staff query can stall the site): GET / p99 of the BUILT
// server idle, then while 4 admins each search the contact messages in one loop (texts of 2 to 8
// characters, as the attack did) and download the whole message CSV export in another (streamed, one
// export per user at a time: 4 exports run at once). GET / is requested at a steady rate (harness.mjs homeProbe).
// The staff clients run in a process of their own, so their work does not delay the GET / timings.
// Budget: GET / p99 under that load at most 2× idle. Used by scripts/bench/large-data.mjs.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cannon, HOME_PER_S, homeP99, MAX_P99_RATIO, settings, WINDOWS } from './harness.mjs';

const SEARCHES = ['hel', 'know', 'visitor1', 'zq', 'events', '(4242)', 'müller', 'abo'];

/** In the child: 4 search loops and 4 export loops until `duration` seconds have passed. */
async function staffClients(baseUrl, duration, tokens) {
  const until = Date.now() + duration * 1000;
  const counts = { searches: 0, exports: 0, exportBytes: 0, refused: 0, failed: 0 };
  const get = async (path, token) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    return { status: response.status, bytes: body.byteLength };
  };
  const searchLoop = async (token, offset) => {
    for (let index = offset; Date.now() < until; index += 1) {
      const q = encodeURIComponent(SEARCHES[index % SEARCHES.length]);
      const { status } = await get(`/api/admin/contact-messages?state=active&q=${q}`, token);
      if (status === 200) counts.searches += 1;
      else counts.failed += 1;
    }
  };
  const exportLoop = async (token) => {
    while (Date.now() < until) {
      const { status, bytes } = await get('/api/admin/contact-messages/export.csv?state=active', token);
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

function staffClientsElsewhere(baseUrl, duration, tokens) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--staff', baseUrl, String(duration), JSON.stringify(tokens)],
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

/** `tokens`: four admins' tokens. Returns the figures and whether the budget held. */
export async function staffLoad(baseUrl, tokens) {
  const duration = settings.duration;
  await cannon(`${baseUrl}/`, 2); // fills the page cache
  const idle = await homeP99(baseUrl, duration);
  const [home, staff] = await Promise.all([
    homeP99(baseUrl, duration),
    staffClientsElsewhere(baseUrl, duration * WINDOWS, tokens),
  ]);
  const ratio = home.p99 / Math.max(idle.p99, 1);
  const ok = ratio <= MAX_P99_RATIO && home.errors === 0 && staff.failed === 0;
  return {
    ok,
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
      `(${figures.idleP99s.join(', ')}), with 4 message searches and 4 CSV exports running ${figures.loadedP99} ms ` +
      `(${figures.loadedP99s.join(', ')}; ${figures.ratio.toFixed(2)}× idle, budget ≤ ${MAX_P99_RATIO}×) ` +
      `${figures.ok ? 'ok' : 'OVER'}; searches ${figures.searchesPerS.toFixed(1)}/s, exports ` +
      `${figures.exportsPerS.toFixed(2)}/s (${figures.exportMB.toFixed(1)} MB), exports refused ${figures.refusedExports}, ` +
      `failed ${figures.failed}, GET / errors ${figures.homeErrors}`,
  );
}

if (process.argv[2] === '--staff') {
  const [baseUrl, duration, tokens] = process.argv.slice(3);
  const counts = await staffClients(baseUrl, Number(duration), JSON.parse(tokens));
  process.stdout.write(JSON.stringify(counts));
}
