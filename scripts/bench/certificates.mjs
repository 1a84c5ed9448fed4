// Benchmark section: CPD certificates (issue 58), against the BUILT server (run `npm run build` first),
// on SQLite. One member attends N activities with CPD hours; then
//   1. CPU per certificate: the server's CPU time (utime + stime, /proc) over N first downloads one
//      after the other (each issues the certificate and draws its PDF with pdf-lib), divided by N.
//      Budget: ≤ 200 ms a certificate. It counts the whole request (session, queries, answer), so it
//      is an upper bound on the drawing itself.
//   2. N downloads at once beside GET /, judged by harness.mjs underLoad (event-loop delay, GET / p99,
//      no 5xx, memory). The downloads run in a process of their own (as the staff load's clients), so
//      receiving a hundred PDFs does not delay the GET / timings.
// Usage alone: node scripts/bench/certificates.mjs [--certificates 100]. Exits 1 when a budget is
// missed; imported, runCertificates() returns { ok, figures }.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  cpuMs,
  printUnderLoad,
  serverEnv,
  sitePid,
  startSite,
  stopSite,
  underLoad,
  jsonFromProcess,
} from './harness.mjs';

const MAX_CPU_MS_PER_CERTIFICATE = 200;
const MEMBER = { name: 'Bench Member', email: 'bench-member@example.org', password: 'bench-member-1' };

async function call(baseUrl, method, path, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const signIn = async (baseUrl, email, password) =>
  (await call(baseUrl, 'POST', '/auth/login', { body: { email, password } })).token;

/** N activities with 1.5 CPD hours, the member registered for each and marked attended. */
async function attendedActivities(baseUrl, admin, member, count) {
  const ids = [];
  for (let index = 0; index < count; index += 1) {
    const activity = await call(baseUrl, 'POST', '/admin/activities', {
      token: admin,
      body: {
        title: `Bench workshop ${index + 1}`,
        description: 'A workshop of the certificate benchmark.',
        date: '2026-12-14T10:00:00Z',
        location: 'Online',
        tags: ['Bench'],
        cpdHours: 1.5,
      },
    });
    await call(baseUrl, 'POST', `/activities/${activity.id}/register`, { token: member.token });
    await call(baseUrl, 'POST', `/admin/activities/${activity.id}/attendance`, {
      token: admin,
      body: { userIds: [member.id], attended: true },
    });
    ids.push(activity.id);
  }
  return ids;
}

async function download(baseUrl, token, id) {
  const response = await fetch(`${baseUrl}/api/account/activities/${id}/certificate.pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`certificate ${id} answered ${response.status}`);
  return bytes;
}

/** The N downloads at once, from a child process (`--downloads`); answers their sizes. */
function downloadsElsewhere(baseUrl, token, ids) {
  return jsonFromProcess(
    fileURLToPath(import.meta.url),
    ['--downloads', JSON.stringify({ baseUrl, token, ids })],
    'certificate downloads',
  );
}

export async function runCertificates({ certificates = 100 } = {}) {
  // Many arrangement calls from one address: the limits are not what this measures.
  const baseUrl = await startSite({ RATE_LIMIT_FACTOR: '1000' });
  try {
    const pid = sitePid(baseUrl);
    const env = serverEnv(0, '');
    const admin = await signIn(baseUrl, env.SUPER_ADMIN_EMAIL, env.SUPER_ADMIN_PASSWORD);
    const { user } = await call(baseUrl, 'POST', '/auth/register', { body: MEMBER });
    const member = { id: user.id, token: await signIn(baseUrl, MEMBER.email, MEMBER.password) };
    const ids = await attendedActivities(baseUrl, admin, member, certificates);

    await download(baseUrl, member.token, ids[0]); // warms up pdf-lib and the JIT; issues the first
    const before = cpuMs(pid);
    let bytes = 0;
    for (const id of ids.slice(1)) bytes += await download(baseUrl, member.token, id);
    const perCertificateMs = (cpuMs(pid) - before) / (ids.length - 1);
    const cpuOk = perCertificateMs <= MAX_CPU_MS_PER_CERTIFICATE;
    console.log(`\nCPD certificates (${certificates}, one member, SQLite):`);
    console.log(
      `  server CPU per certificate (first downloads, one after the other) ${perCertificateMs.toFixed(1)} ms, ` +
        `${Math.round(bytes / (ids.length - 1))} bytes each; budget ≤ ${MAX_CPU_MS_PER_CERTIFICATE} ms: ${cpuOk ? 'OK' : 'MISSED'}`,
    );

    console.log(`  ${certificates} downloads at once, beside GET /:`);
    const atOnce = await underLoad(baseUrl, pid, async () => {
      const sizes = await downloadsElsewhere(baseUrl, member.token, ids);
      return { downloads: sizes.length };
    });
    printUnderLoad(atOnce);
    return {
      ok: cpuOk && atOnce.ok,
      figures: {
        certificates,
        cpuMsPerCertificate: perCertificateMs,
        pdfBytes: bytes / (ids.length - 1),
        atOnce: atOnce.figures,
      },
    };
  } finally {
    await stopSite(baseUrl);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { certificates: { type: 'string', default: '100' }, downloads: { type: 'string' } },
  });
  if (values.downloads) {
    const { baseUrl, token, ids } = JSON.parse(values.downloads);
    console.log(JSON.stringify(await Promise.all(ids.map((id) => download(baseUrl, token, id)))));
    process.exit(0);
  }
  const { ok } = await runCertificates({ certificates: Number(values.certificates) });
  process.exit(ok ? 0 : 1);
}
