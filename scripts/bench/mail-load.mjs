// The mail queue under load (issue 25): 10,000 queued mails drained by the BUILT server over SMTP to a
// loopback sink that accepts everything at once (smtp-server in a child process of its own, so its
// work delays neither the server nor the GET / timings). Measured:
//   1. mails/s: mails the sink received over the span from its first to its last; budget ≥ 200/s.
//   2. GET / p99 at a steady 100 requests/s while the queue drains, against idle (the mean of before
//      the mails were queued and after they were sent); budget ≤ 2× idle.
//   3. Peak RSS of the server process over its whole run (VmHWM of /proc/<pid>/status); budget ≤ 150 MB.
// GET / is timed with the server on its own CPU and the bench's processes on another (isolation.mjs).
// The mails are written into the SQLite database (through the built API's own connection code) while
// the server runs, as other transactions would queue them; the worker finds them at its next poll.
// Run alone: node scripts/bench/mail-load.mjs [--duration 10] (after `npm run build`).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  cannon,
  freePort,
  HOME_PER_S,
  homeProbe,
  MAX_P99_RATIO,
  ms,
  root,
  serverEnv,
  SERVER_ARGS,
  settings,
  start,
  waitFor,
} from './harness.mjs';
import { isolated, isolationNote } from './isolation.mjs';

const MAILS = 10_000;
const MIN_MAILS_PER_S = 200;
const MAX_PEAK_RSS_MB = 150;

/** Peak resident set size of a process so far, in MB (Linux). */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024;
}

/**
 * CPU time (user + system, ms) the process's main thread, which serves the site, has used so far: its
 * task's utime and stime in /proc, in clock ticks of 10 ms (Linux's USER_HZ).
 */
export function siteThreadCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Time (ms) the process's main thread has spent runnable but waiting for a core so far (the second
 * field of its task's /proc schedstat, in ns): what the other threads and processes on the machine's
 * cores cost the site, as opposed to its own work.
 */
export function siteThreadWaitMs(pid) {
  const [, waitNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
  return Number(waitNs) / 1e6;
}

/** The sink in a child process; `report()` asks it for { received, firstAt, lastAt } (ms, its clock). */
export async function startSink() {
  const child = fork(fileURLToPath(import.meta.url), ['--sink'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`SMTP sink exited ${code}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    report: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('report');
      }),
    stop: () => child.kill(),
  };
}

async function runSink() {
  const { SMTPServer } = await import('smtp-server');
  let received = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const now = performance.timeOrigin + performance.now();
        received += 1;
        if (received === 1) firstAt = now;
        lastAt = now;
        callback();
      });
    },
  });
  server.on('error', () => {});
  server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
  process.on('message', () => process.send({ received, firstAt, lastAt }));
}

/**
 * The announce bench's control: another process sends `count` mails to the sink over a pool of 25
 * connections, at the SMTP thread's priority (nice 10), `perSecond` at most (unpaced without it), while
 * the server sends none. It puts on the machine's cores the SMTP client's and the sink's work of a
 * send without any of the server's, so `GET /` measured meanwhile is the floor a send at that pace can
 * reach on this machine. Resolves with the count sent.
 */
export function controlSend(url, count, perSecond = Infinity) {
  const child = fork(fileURLToPath(import.meta.url), ['--control-sender', url, String(count), String(perSecond)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => code !== 0 && reject(new Error(`control sender exited ${code}`)));
  });
}

async function runControlSender(url, count, perSecond) {
  setPriority(10);
  const nodemailer = createRequire(path.join(root, 'api/package.json'))('nodemailer');
  const transport = nodemailer.createTransport({ pool: true, maxConnections: 25, maxMessages: Infinity, url });
  const inFlight = new Set();
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / perSecond;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    const sending = transport
      .sendMail({
        from: 'Bench <no-reply@example.org>',
        to: `control.${index}@example.org`,
        subject: 'Control',
        text: `Hello member ${index}, a mail about as long as an announcement.\n`.repeat(8),
        html: `<p>Hello member ${index}, a mail about as long as an announcement.</p>`.repeat(8),
        headers: { 'List-Unsubscribe': `<https://example.org/unsubscribe?token=${index}>` },
      })
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
    if (inFlight.size >= 50) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  transport.close();
  process.send(count, () => process.exit(0));
}

function queuedRows(now) {
  return Array.from({ length: MAILS }, (_, index) => ({
    kind: 'contact_notification',
    recipient: `member${index}@example.org`,
    subject: `Bench mail ${index}`,
    text: `Hello member ${index},\n\nA mail of the queue benchmark, about as long as a contact notification.\n`.repeat(
      4,
    ),
    html: `<p>Hello member ${index},</p><p>A mail of the queue benchmark.</p>`.repeat(4),
    message_id: `<bench-${index}-${now.getTime()}@example.org>`,
    state: 'queued',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  }));
}

/** GET / idle, while the queue's mails go to the sink (written into the database first), and idle after. */
async function timeTheDrain(baseUrl, dataDir, sink, duration) {
  const idleBefore = (await homeProbe(baseUrl, duration)).p99;
  const { createDb } = await import(pathToFileURL(path.join(root, 'api/dist/db/connection.js')).href);
  const db = createDb({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    // 500 rows per transaction: one for all would hold the write lock past the server's busy timeout.
    const rows = queuedRows(new Date());
    for (let at = 0; at < rows.length; at += 500) await db('mail_queue').insert(rows.slice(at, at + 500));
  } finally {
    await db.destroy();
  }
  // The worker finds them at its next poll (5 s at most): GET / is measured from the first mail on.
  while ((await sink.report()).received === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const during = await homeProbe(baseUrl, duration);
  let report = await sink.report();
  const sentDuringMeasure = report.received;
  const deadline = Date.now() + 10 * 60_000;
  while (report.received < MAILS && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    report = await sink.report();
  }
  const idleAfter = (await homeProbe(baseUrl, duration)).p99;
  return { idleBefore, during, report, sentDuringMeasure, idleAfter };
}

export async function runMailLoad() {
  const duration = settings.duration;
  const sink = await startSink();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-bench-mail-'));
  const server = start('node', SERVER_ARGS, {
    ...serverEnv(port, dataDir),
    SMTP_URL: sink.url,
    BACKUP_SCHEDULE: 'false',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`);
    await cannon(`${baseUrl}/`, 2); // fills the page cache
    const { idleBefore, during, report, sentDuringMeasure, idleAfter } = await isolated(server.pid, () =>
      timeTheDrain(baseUrl, dataDir, sink, duration),
    );
    const peakMb = peakRssMb(server.pid);

    const idle = (idleBefore + idleAfter) / 2;
    const ratio = during.p99 / Math.max(idle, 1);
    const spanS = (report.lastAt - report.firstAt) / 1000;
    const perS = report.received > 1 ? (report.received - 1) / spanS : 0;
    const drained = report.received >= MAILS;
    const sendingOverlapped = sentDuringMeasure < MAILS;
    const checks = {
      throughput: drained && perS >= MIN_MAILS_PER_S,
      latency: ratio <= MAX_P99_RATIO && during.non2xx + during.errors === 0,
      memory: peakMb <= MAX_PEAK_RSS_MB,
    };
    const verdict = (passed) => (passed ? 'ok' : 'MISSED');

    console.log(`\nMail queue: ${MAILS.toLocaleString('en')} queued mails sent to a loopback SMTP sink`);
    console.log(
      `  sent ${report.received.toLocaleString('en')} in ${spanS.toFixed(1)} s: ${perS.toFixed(0)} mails/s; ` +
        `budget ≥ ${MIN_MAILS_PER_S}/s: ${verdict(checks.throughput)}`,
    );
    console.log(
      `  GET / p99 (${HOME_PER_S} req/s, ${duration} s) while sending ${ms(during.p99)}, idle ${ms(idle)} ` +
        `(before ${ms(idleBefore)}, after ${ms(idleAfter)}): ${ratio.toFixed(2)}× idle; budget ≤ ${MAX_P99_RATIO}×: ` +
        `${verdict(checks.latency)}` +
        (sendingOverlapped ? '' : ' (the queue was empty before the measurement ended: run with a shorter --duration)'),
    );
    console.log(`  server peak RSS ${peakMb.toFixed(1)} MB; budget ≤ ${MAX_PEAK_RSS_MB} MB: ${verdict(checks.memory)}`);
    console.log(`  ${isolationNote()}`);
    return {
      ok: checks.throughput && checks.latency && checks.memory,
      figures: {
        mails: MAILS,
        received: report.received,
        sendSeconds: spanS,
        mailsPerS: perS,
        idleP99: idle,
        idleP99Before: idleBefore,
        idleP99After: idleAfter,
        sendingP99: during.p99,
        sendingRatio: ratio,
        mailsSentWhenMeasureEnded: sentDuringMeasure,
        peakRssMb: peakMb,
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

if (import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--sink') {
  await runSink();
} else if (import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--control-sender') {
  await runControlSender(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: String(settings.duration) } } });
  settings.duration = Number(values.duration);
  const { ok } = await runMailLoad();
  process.exit(ok ? 0 : 1);
}
