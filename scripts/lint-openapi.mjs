// `npm run lint:openapi`: Redocly CLI's recommended ruleset (redocly.yaml) over the OpenAPI document
// the built API serves at /api/openapi.json, written to a temporary file by openapi-document.mjs.
// Passes only with 0 errors and 0 warnings. Offline: no telemetry, no update check, no remote $ref.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'npo-openapi-lint-'));
const document = path.join(dir, 'openapi.json');
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
};
const run = (args) => spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

let status;
try {
  status = run([path.join(root, 'scripts', 'openapi-document.mjs'), document]);
  if (status === 0) {
    const redocly = realpathSync(path.join(root, 'node_modules', '.bin', 'redocly'));
    // JSON, so that warnings fail too (the CLI itself exits 0 on warnings); every problem is printed.
    const lint = spawnSync(
      process.execPath,
      [redocly, 'lint', document, '--config', path.join(root, 'redocly.yaml'), '--format=json', '--max-problems=1000'],
      { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    let report;
    try {
      report = JSON.parse(lint.stdout);
    } catch {
      process.stderr.write(lint.stdout + lint.stderr);
      throw new Error(`redocly lint gave no JSON report (exit ${lint.status})`);
    }
    for (const problem of report.problems) {
      const where = problem.location?.[0]?.pointer ?? '';
      console.log(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
    }
    const { errors, warnings } = report.totals;
    console.log(`OpenAPI lint (Redocly recommended): ${errors} errors, ${warnings} warnings`);
    status = errors === 0 && warnings === 0 && lint.status === 0 ? 0 : 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
