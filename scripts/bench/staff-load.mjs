// Staff load on the large data (issue 19, no staff query can stall the site): 4 admins each search the
// contact messages in one loop (texts of 2 to 8 characters, as the attack did) and download the whole
// message CSV export in another (streamed, one export per user at a time: 4 exports run at once), for
// 3 × --duration s, judged by harness.mjs underLoad (event-loop delay, GET / beside it, no 5xx, memory).
// The staff clients run in a process of their own, so their work does not delay the GET / timings.
// Used by scripts/bench/large-data.mjs.
import { fileURLToPath } from 'node:url';
import { printUnderLoad, settings, sitePid, underLoad, jsonFromProcess } from './harness.mjs';

const SEARCHES = ['hel', 'know', 'visitor1', 'zq', 'events', '(4242)', 'müller', 'abo'];
const EXPORT_PATH = '/api/admin/contact-messages/export.csv?state=active';
const searchPath = (text) => `/api/admin/contact-messages?state=active&q=${encodeURIComponent(text)}`;

/** In the child: 4 search loops and 4 export loops until `duration` seconds have passed. */
async function staffClients(baseUrl, duration, tokens) {
  const until = Date.now() + duration * 1000;
  const counts = { searches: 0, exports: 0, exportBytes: 0, refusedExports: 0, failed: 0, serverErrors: 0 };
  const get = async (path, token) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    if (response.status >= 500) counts.serverErrors += 1;
    return { status: response.status, bytes: body.byteLength };
  };
  const searchLoop = async (token, offset) => {
    for (let index = offset; Date.now() < until; index += 1) {
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
      } else if (status === 429) counts.refusedExports += 1;
      else counts.failed += 1;
    }
  };
  await Promise.all([...tokens.map((token, index) => searchLoop(token, index)), ...tokens.map(exportLoop)]);
  return counts;
}

function staffClientsElsewhere(baseUrl, duration, tokens) {
  return jsonFromProcess(
    fileURLToPath(import.meta.url),
    ['--staff', baseUrl, duration, JSON.stringify(tokens)],
    'staff client',
  );
}

/**
 * `tokens`: four admins' tokens; `databaseServerPid`: PostgreSQL's postmaster, pinned with the
 * benchmark (isolation.mjs). Answers underLoad's { ok, checks, figures }.
 */
export async function staffLoad(baseUrl, tokens, { databaseServerPid } = {}) {
  const duration = settings.duration * 3;
  const result = await underLoad(
    baseUrl,
    sitePid(baseUrl),
    async () => {
      const counts = await staffClientsElsewhere(baseUrl, duration, tokens);
      return {
        ...counts,
        searchesPerS: counts.searches / duration,
        exportsPerS: counts.exports / duration,
        exportMB: counts.exportBytes / 1e6,
      };
    },
    { databaseServerPid },
  );
  // A search or export that failed otherwise than by the one-export-at-a-time limit misses the budget too.
  return { ...result, ok: result.ok && result.figures.failed === 0 };
}

export function printStaffLoad(engine, result) {
  const f = result.figures;
  if (f.loadError) console.log(`\n${engine}: 4 message searches and 4 CSV exports in loops:`);
  else
    console.log(
      `\n${engine}: 4 message searches and 4 CSV exports in loops: searches ${f.searchesPerS.toFixed(1)}/s, ` +
        `exports ${f.exportsPerS.toFixed(2)}/s (${f.exportMB.toFixed(1)} MB), exports refused ${f.refusedExports}, ` +
        `failed ${f.failed}`,
    );
  printUnderLoad(result);
}

if (process.argv[2] === '--staff') {
  const [baseUrl, duration, tokens] = process.argv.slice(3);
  const counts = await staffClients(baseUrl, Number(duration), JSON.parse(tokens));
  process.stdout.write(JSON.stringify(counts));
}
