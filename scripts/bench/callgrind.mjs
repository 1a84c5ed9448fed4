// Instructions per request: GET / and GET /api/faqs on the BUILT server (demo data, caches warm) and on
// a bare node:http server sending the same bytes and headers (harness.mjs startBareServer), each under
// valgrind's callgrind. CPU seconds from /proc (bench-site.mjs site and api) move with whatever else
// the machine runs; instruction counts do not, so these are the repeatable figures beside them. They
// count user space only (not the kernel's TCP work, much of a bare server's CPU time), and every
// thread (V8's compiler and GC threads too). Each server starts with instrumentation off; after
// WARM_UP requests (code optimised, start-up garbage collected), callgrind_control turns it on and
// WINDOWS spans of REQUESTS sequential requests on one keep-alive connection follow, each ended by a
// dump; the lowest span counts (a major GC lands in one span or another). Budget as the CPU time's:
// ≤ 1.5× the bare server's.
// Needs valgrind (callgrind_control beside it); without it the section says so and passes.
// Run alone: node scripts/bench/callgrind.mjs [--requests 300] (after `npm run build`).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { serverEnv, sitePid, startBareServer, startSite, stopSite } from './harness.mjs';

const PATHS = ['/', '/api/faqs'];
const WARM_UP = 1000;
const WINDOWS = 2;
const MAX_RATIO = 1.5;
/** Node under valgrind starts in minutes on a busy 2-core host. */
const START_TIMEOUT_MS = 15 * 60_000;

function unavailable() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['-h'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'valgrind (with callgrind_control) is not installed';
  }
}

const control = (pid, ...args) =>
  promisify(execFile)('callgrind_control', [...args, String(pid)], { timeout: 120_000 });

/** `count` GETs of `url`, one after the other on one keep-alive connection. */
async function sequential(url, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let index = 0; index < count; index += 1) {
    await new Promise((resolve, reject) => {
      http
        .get(url, { agent }, (answer) => {
          answer.resume();
          answer.on('end', () =>
            answer.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${answer.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  }
  agent.destroy();
}

/**
 * Instructions per request of `url` on the callgrind-run process `pid` writing its dumps to `outDir`,
 * in each of WINDOWS spans.
 */
async function instructionsPerRequest(url, pid, outDir, requests) {
  await sequential(url, WARM_UP);
  await control(pid, '--instr=on');
  const spans = [];
  for (let window = 0; window < WINDOWS; window += 1) {
    const before = new Set(readdirSync(outDir));
    await control(pid, '--zero');
    await sequential(url, requests);
    await control(pid, '--dump');
    const dump = readdirSync(outDir).find((file) => !before.has(file));
    const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(path.join(outDir, dump), 'utf8'));
    spans.push(Math.round(Number(totals[1]) / requests));
  }
  await control(pid, '--instr=off');
  return spans;
}

const wrapperFor = (outDir, name) => [
  'valgrind',
  '--tool=callgrind',
  '--quiet',
  '--instr-atstart=no',
  `--callgrind-out-file=${path.join(outDir, `${name}.%p`)}`,
];

export async function runCallgrind({ requests = 300 } = {}) {
  const reason = unavailable();
  console.log(
    `\nInstructions per request under callgrind (${WINDOWS} spans of ${requests} sequential requests after ${WARM_UP}):`,
  );
  if (reason) {
    console.log(`  skipped: ${reason}`);
    return { ok: true, figures: { skipped: reason } };
  }
  // callgrind_control finds a process by $HOST (and $USER) in its pipes' names: the one the site's
  // server runs with (serverEnv), for the bare servers and callgrind_control too.
  process.env.HOST = serverEnv(0, '').HOST;
  const outDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-callgrind-'));
  const baseUrl = await startSite({}, { wrapper: wrapperFor(outDir, 'site'), timeoutMs: START_TIMEOUT_MS });
  const figures = {};
  let ok = true;
  try {
    for (const target of PATHS) {
      const response = await fetch(`${baseUrl}${target}`, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await response.arrayBuffer());
      const bare = await startBareServer(body, response.headers, {
        wrapper: wrapperFor(outDir, `bare${PATHS.indexOf(target)}`),
        timeoutMs: START_TIMEOUT_MS,
      });
      const siteSpans = await instructionsPerRequest(`${baseUrl}${target}`, sitePid(baseUrl), outDir, requests);
      const bareSpans = await instructionsPerRequest(bare.url, bare.pid, outDir, requests);
      process.kill(bare.pid);
      const [site, bareIr] = [Math.min(...siteSpans), Math.min(...bareSpans)];
      const ratio = site / bareIr;
      ok &&= ratio <= MAX_RATIO;
      figures[target] = { siteInstructions: site, bareInstructions: bareIr, ratio, siteSpans, bareSpans };
      const count = (spans) => spans.map((value) => value.toLocaleString('en')).join(' / ');
      console.log(
        `  GET ${target.padEnd(10)} server ${count(siteSpans)}, bare ${count(bareSpans)} instructions a request: ` +
          `${ratio.toFixed(2)}×; budget ≤ ${MAX_RATIO}×: ${ratio <= MAX_RATIO ? 'OK' : 'MISSED'}`,
      );
    }
  } finally {
    await stopSite(baseUrl);
  }
  return { ok, figures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '300' } } });
  const { ok } = await runCallgrind({ requests: Number(values.requests) });
  process.exit(ok ? 0 : 1);
}
