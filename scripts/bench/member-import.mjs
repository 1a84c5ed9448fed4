// The members import (issue 22) against the BUILT server on SQLite: a 50,000-row CSV checked by the
// dry run, then imported with a welcome mail for each new member (50,000 users, invitation tokens and
// queued mails). Budgets: the import request answers within 60 s; from the dry run's request to the
// import's answer, harness.mjs underLoad: the server's event-loop delay p99 ≤ 10 ms and max ≤ 50 ms,
// GET / p99 ≤ max(5× idle, 25 ms), no 5xx, peak RSS ≤ 350 MB. On SQLite and on PostgreSQL (a scratch
// database on BENCH_DATABASE_URL's server; said and left out when it cannot be reached): the import is
// one all-or-nothing transaction, and SQLite commits it on the event loop where PostgreSQL does not.
// Run alone: node scripts/bench/member-import.mjs [--engine sqlite|postgres] (after `npm run build`).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ms, printUnderLoad, serverEnv, sitePid, startSite, stopSite, underLoad } from './harness.mjs';
import { scratchPostgres } from './scratch-postgres.mjs';

const ROWS = 50_000;
const MAX_IMPORT_MS = 60_000;

async function post(baseUrl, path, token, body) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`); // a 5xx too: the section fails
  return { data: answer.data, elapsed: performance.now() - started };
}

/** The import on each engine; PostgreSQL is left out, with its reason, where it cannot be reached. */
export async function runMemberImport({ engines = ['sqlite', 'postgres'] } = {}) {
  const results = {};
  if (engines.includes('sqlite')) results.sqlite = await importOn('SQLite');
  if (engines.includes('postgres')) {
    const database = await scratchPostgres();
    if (database.skipped) {
      console.log(`\nMembers import on PostgreSQL skipped: ${database.skipped}`);
      results.postgres = { skipped: database.skipped };
    } else {
      try {
        results.postgres = await importOn('PostgreSQL', database.url);
      } finally {
        await database.drop();
      }
    }
  }
  const ran = Object.values(results).filter((result) => !result.skipped);
  return { ok: ran.length > 0 && ran.every((result) => result.ok), figures: results };
}

async function importOn(engine, databaseUrl) {
  const baseUrl = await startSite(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const { SUPER_ADMIN_EMAIL: email, SUPER_ADMIN_PASSWORD: password } = serverEnv(0, '');
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()).data;
  const lines = ['Name,E-mail'];
  for (let i = 0; i < ROWS; i += 1) lines.push(`"Imported Member ${i}",imported.member.${i}@example.org`);
  const csv = lines.join('\r\n');

  const result = await underLoad(baseUrl, sitePid(baseUrl), async () => {
    const dryRun = await post(baseUrl, '/api/admin/members/import/dry-run', token, { csv });
    const imported = await post(baseUrl, '/api/admin/members/import', token, { csv, sendWelcomeMail: true });
    return {
      rows: ROWS,
      dryRunMs: dryRun.elapsed,
      dryRunCounts: dryRun.data.counts,
      importMs: imported.elapsed,
      imported: imported.data.imported,
      welcomeMails: imported.data.welcomeMails,
    };
  });
  const f = result.figures;
  const importOk = f.imported === ROWS && f.importMs <= MAX_IMPORT_MS;
  console.log(`\nMembers import: ${ROWS} rows, ${(csv.length / 1e6).toFixed(1)} MB of CSV, ${engine}:`);
  if (!f.loadError) {
    console.log(`  dry run   ${ms(f.dryRunMs).padStart(9)}   ${JSON.stringify(f.dryRunCounts)}`);
    console.log(
      `  import    ${ms(f.importMs).padStart(9)}   ${f.imported} members, ${f.welcomeMails} welcome mails queued`,
    );
  }
  console.log(`  budget ≤ ${ms(MAX_IMPORT_MS)} for ${ROWS} members: ${importOk ? 'OK' : 'MISSED'}`);
  printUnderLoad(result);
  // Stopped here, before its data goes at exit: else it is still writing the welcome mails to the
  // outbox, and logs that it cannot open the database it was stopped without.
  await stopSite(baseUrl);
  return { ok: importOk && result.ok, figures: f };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { engine: { type: 'string' } } });
  const { ok } = await runMemberImport(values.engine ? { engines: [values.engine] } : {});
  process.exit(ok ? 0 : 1);
}
