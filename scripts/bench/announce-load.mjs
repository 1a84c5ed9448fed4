// An announcement to 10,000 members (issue 22 item 2) on the BUILT server, SQLite, sent over SMTP to a
// loopback sink (smtp-sink.mjs, its own process). Measured:
//   1. queue time: the send request, which queues one mail per member of the audience in one
//      transaction, from request to answer; budget ≤ 5 s. The draft was previewed first, as the
//      console's compose screen does while it is written.
//   2. mails/s: mails the sink received from its first to its last; budget ≥ 200/s.
//   3. from the send request until the sink has every mail, harness.mjs underLoad: the server's
//      event-loop delay p99 ≤ 10 ms and max ≤ 50 ms, GET / p99 ≤ max(5× idle, 25 ms), no 5xx.
// Members are written straight to the database (no password hashes) before the server starts.
// Run alone: node scripts/bench/announce-load.mjs (after `npm run build`).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { freePort, printUnderLoad, root, serverEnv, SERVER_ARGS, start, underLoad, waitFor } from './harness.mjs';
import { startSink } from './smtp-sink.mjs';

const MEMBERS = 10_000;
const MAX_QUEUE_MS = 5_000;
const MIN_MAILS_PER_S = 200;
const MAX_DELIVERY_MS = 10 * 60_000;

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
    const send = () => api(baseUrl, 'PATCH', `/api/admin/announcements/${draft.id}/send`, token, { scheduledAt: null });
    const result = await underLoad(baseUrl, server.pid, async () => {
      const started = performance.now();
      const sent = await send();
      const queueMs = performance.now() - started;
      let report = await sink.report();
      while (report.received < sent.recipientCount && performance.now() - started < MAX_DELIVERY_MS) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        report = await sink.report();
      }
      const spanS = (report.lastAt - report.firstAt) / 1000;
      const mailsPerS = report.received > 1 ? (report.received - 1) / spanS : 0;
      return { recipients: sent.recipientCount, queueMs, received: report.received, sendSeconds: spanS, mailsPerS };
    });
    const f = result.figures;
    const checks = {
      queue: f.recipients === MEMBERS && f.queueMs <= MAX_QUEUE_MS,
      throughput: f.received >= MEMBERS && f.mailsPerS >= MIN_MAILS_PER_S,
    };
    const verdict = (passed) => (passed ? 'ok' : 'MISSED');
    console.log(`\nAnnouncement to ${MEMBERS.toLocaleString('en')} members, SQLite, loopback SMTP sink:`);
    if (!f.loadError) {
      console.log(
        `  queued ${f.recipients.toLocaleString('en')} mails in ${(f.queueMs / 1000).toFixed(2)} s; budget ≤ ${MAX_QUEUE_MS / 1000} s: ${verdict(checks.queue)}`,
      );
      console.log(
        `  sent ${f.received.toLocaleString('en')} in ${f.sendSeconds.toFixed(1)} s: ${f.mailsPerS.toFixed(0)} mails/s; budget ≥ ${MIN_MAILS_PER_S}/s: ${verdict(checks.throughput)}`,
      );
    }
    printUnderLoad(result);
    return { ok: result.ok && checks.queue && checks.throughput, figures: f };
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
