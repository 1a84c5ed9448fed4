// An announcement to 10,000 members (issue 22 item 2) on the BUILT server, SQLite, sent over SMTP to
// the mail bench's loopback sink (its own process). Measured:
//   1. queue time: the send request, which queues one mail per member of the audience in one
//      transaction, from request to answer; budget ≤ 5 s. The draft was previewed first, as the
//      console's compose screen does while it is written.
//   2. mails/s: mails the sink received from its first to its last; budget ≥ 200/s.
//   3. GET / p99 at a steady rate (harness.mjs homeP99: 100 requests/s evenly paced, the median of three
//      windows' p99s) while idle, then for the same time from the send request on (queueing, then the
//      worker delivering); budget ≤ 2× idle, as staff-load.mjs. The windows' mails are counted, to show
//      they overlapped the delivery.
//   4. the control: the same windows while another process sends as many mails to the sink and the
//      server sends none (mail-load.mjs controlSend): the floor the SMTP client's and the sink's work
//      leave on this machine's cores, printed beside the budget's figure, not judged.
// The windows are timed with the server on its own CPU and the bench's processes on another (isolation.mjs).
// Members are written straight to the database (no password hashes) before the server starts.
// Run alone: node scripts/bench/announce-load.mjs (after `npm run build`).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  cannon,
  freePort,
  HOME_PER_S,
  homeP99,
  MAX_P99_RATIO,
  root,
  serverEnv,
  SERVER_ARGS,
  start,
  waitFor,
  WINDOWS,
} from './harness.mjs';
import { isolated, isolationNote } from './isolation.mjs';
import { controlSend, peakRssMb, siteThreadCpuMs, siteThreadWaitMs, startSink } from './mail-load.mjs';

const MEMBERS = 10_000;
const MAX_QUEUE_MS = 5_000;
const MIN_MAILS_PER_S = 200;
/**
 * Seconds of each window that times GET /: three fit within the send (about 21 s at 450 mails/s since
 * the SMTP pool), so none of those "from the send on" falls after it (with 10 s windows, the third
 * was mostly after the send and the median flattered it).
 */
const WINDOW_S = 6;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The site thread's CPU and wait for a core from now on: call the result for { cpuMs, waitMs } so far. */
function siteThreadMeter(pid) {
  const cpuFrom = siteThreadCpuMs(pid);
  const waitFrom = siteThreadWaitMs(pid);
  return () => ({ cpuMs: siteThreadCpuMs(pid) - cpuFrom, waitMs: siteThreadWaitMs(pid) - waitFrom });
}

async function api(baseUrl, method, path, token, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer.data;
}

/** 10,000 active members, written through the built API's own connection code after its migrations ran. */
async function insertMembers(dataDir) {
  const { createDb } = await import(pathToFileURL(path.join(root, 'api/dist/db/connection.js')).href);
  const db = createDb({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const now = new Date();
    const rows = Array.from({ length: MEMBERS }, (_, index) => ({
      name: `Bench Member ${index}`,
      email: `bench.member.${index}@example.org`,
      password_hash: null,
      role: 'member',
      permissions: '{}',
      is_active: true,
      token_version: 0,
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500) await db('users').insert(rows.slice(at, at + 500));
  } finally {
    await db.destroy();
  }
}

/**
 * The windows of GET / idle, then from `send()` on, then the control's (controlSend: another process
 * sends as many mails to the sink, as fast as it can, as the server does without MAIL_RATE_PER_MINUTE),
 * with the site thread's CPU and wait in each; waits for the whole send to arrive between the last two.
 */
async function timeTheSend(baseUrl, pid, sink, send) {
  const idleMeter = siteThreadMeter(pid);
  const idle = await homeP99(baseUrl, WINDOW_S);
  const idleCpu = idleMeter();
  const sendMeter = siteThreadMeter(pid);
  const loaded = homeP99(baseUrl, WINDOW_S);
  const started = performance.now();
  const sent = await send();
  const queueMs = performance.now() - started;
  const home = await loaded;
  const sendCpu = sendMeter();
  const inWindow = (await sink.report()).received;
  let report = await sink.report();
  const deadline = Date.now() + 10 * 60_000;
  while (report.received < sent.recipientCount && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    report = await sink.report();
  }
  const controlMeter = siteThreadMeter(pid);
  const controlled = homeP99(baseUrl, WINDOW_S);
  const controlSent = await controlSend(sink.url, MEMBERS);
  const control = await controlled;
  const cpu = { idle: idleCpu, send: sendCpu, control: controlMeter() };
  return { idle, home, sent, queueMs, inWindow, report, control, controlSent, cpu };
}

export async function runAnnounceLoad() {
  const sink = await startSink();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-announce-'));
  const env = { ...serverEnv(port, dataDir), SMTP_URL: sink.url, BACKUP_SCHEDULE: 'false' };
  const server = start('node', SERVER_ARGS, env);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`);
    await insertMembers(dataDir);
    const { token } = await api(baseUrl, 'POST', '/api/auth/login', undefined, {
      email: env.SUPER_ADMIN_EMAIL,
      password: env.SUPER_ADMIN_PASSWORD,
    });
    const draft = await api(baseUrl, 'POST', '/api/admin/announcements', token, {
      subject: 'Bench announcement',
      body: '## Congress\n\nDear members, the **programme** is out: [read it](https://example.org/programme).\n'.repeat(
        3,
      ),
      audience: 'members',
      activityId: null,
    });
    // As the console's compose screen, which previews the draft as it is written, before it is sent.
    await api(baseUrl, 'POST', '/api/admin/announcements/preview', token, { subject: draft.subject, body: draft.body });
    await cannon(`${baseUrl}/`, 2); // fills the page cache
    const send = () => api(baseUrl, 'PATCH', `/api/admin/announcements/${draft.id}/send`, token, { scheduledAt: null });
    const { idle, home, sent, queueMs, inWindow, report, control, controlSent, cpu } = await isolated(server.pid, () =>
      timeTheSend(baseUrl, server.pid, sink, send),
    );
    const ratio = home.p99 / Math.max(idle.p99, 1);
    const spanS = (report.lastAt - report.firstAt) / 1000;
    const perS = report.received > 1 ? (report.received - 1) / spanS : 0;
    const peakMb = peakRssMb(server.pid);
    const controlRatio = control.p99 / Math.max(idle.p99, 1);
    const checks = {
      queue: sent.recipientCount === MEMBERS && queueMs <= MAX_QUEUE_MS,
      throughput: report.received >= MEMBERS && perS >= MIN_MAILS_PER_S,
      home: ratio <= MAX_P99_RATIO && home.errors === 0,
    };
    const verdict = (passed) => (passed ? 'ok' : 'MISSED');
    console.log(`\nAnnouncement to ${MEMBERS.toLocaleString('en')} members, SQLite, loopback SMTP sink:`);
    console.log(
      `  queued ${sent.recipientCount.toLocaleString('en')} mails in ${(queueMs / 1000).toFixed(2)} s; budget ≤ ${MAX_QUEUE_MS / 1000} s: ${verdict(checks.queue)}`,
    );
    console.log(
      `  sent ${report.received.toLocaleString('en')} in ${spanS.toFixed(1)} s: ${perS.toFixed(0)} mails/s; budget ≥ ${MIN_MAILS_PER_S}/s: ${verdict(checks.throughput)}`,
    );
    console.log(
      `  GET / p99 (${HOME_PER_S} req/s, median of ${WINDOWS} windows of ${WINDOW_S} s) idle ${idle.p99} ms ` +
        `(${idle.p99s.join(', ')}), from the send on ${home.p99} ms (${home.p99s.join(', ')}; ${ratio.toFixed(2)}× idle, ` +
        `budget ≤ ${MAX_P99_RATIO}×): ${verdict(checks.home)}; ${inWindow.toLocaleString('en')} of ` +
        `${MEMBERS.toLocaleString('en')} mails delivered in those windows, ${home.errors} errors`,
    );
    console.log(
      `  control, another process sending ${controlSent.toLocaleString('en')} mails to the sink while the server ` +
        `sends none: GET / p99 ${control.p99} ms (${control.p99s.join(', ')}; ${controlRatio.toFixed(2)}× idle), the ` +
        `floor this machine's cores leave a send`,
    );
    console.log(
      `  the site's thread used ${seconds(cpu.send.cpuMs)} of CPU in the windows from the send on, ` +
        `${seconds(cpu.idle.cpuMs)} in the idle ones (the same probe traffic), ` +
        `${seconds(cpu.control.cpuMs)} in the control's; it waited for a core ` +
        `${seconds(cpu.send.waitMs)}, ${seconds(cpu.idle.waitMs)} and ${seconds(cpu.control.waitMs)}`,
    );
    console.log(`  server peak RSS ${peakMb.toFixed(1)} MB; ${isolationNote()}`);
    return {
      ok: checks.queue && checks.throughput && checks.home,
      figures: {
        members: MEMBERS,
        queueMs,
        received: report.received,
        sendSeconds: spanS,
        mailsPerS: perS,
        peakRssMb: peakMb,
        homeIdleP99: idle.p99,
        homeIdleP99s: idle.p99s,
        homeSendingP99: home.p99,
        homeSendingP99s: home.p99s,
        homeRatio: ratio,
        homeControlP99: control.p99,
        homeControlP99s: control.p99s,
        homeControlRatio: controlRatio,
        mailsInWindow: inWindow,
        siteThreadCpuMsIdle: cpu.idle.cpuMs,
        siteThreadCpuMsSending: cpu.send.cpuMs,
        siteThreadWaitMsIdle: cpu.idle.waitMs,
        siteThreadWaitMsSending: cpu.send.waitMs,
        siteThreadCpuMsControl: cpu.control.cpuMs,
        siteThreadWaitMsControl: cpu.control.waitMs,
        isolation: isolationNote(),
      },
    };
  } finally {
    server.kill();
    sink.stop();
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok } = await runAnnounceLoad();
  process.exit(ok ? 0 : 1);
}
