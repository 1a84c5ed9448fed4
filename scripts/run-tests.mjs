// README's test command: builds, runs the vitest suites (API, shared, server, desktop; every API answer
// they see is checked against the OpenAPI document, API_STATUS_CHECK), the desktop
// security lint (Electronegativity, counted as one check), the OpenAPI lint (Redocly's recommended
// ruleset over the built API's document, one check) and the Playwright browser suites, and ends
// with one line "N passed, M failed" adding them up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'npo-test-reports-'));
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (run('npm', ['run', 'build']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const vitestFile = path.join(reports, 'vitest.json');
const vitestStatus = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`],
  { API_STATUS_CHECK: '1' },
);
const vitest = readJson(vitestFile);

const lintDesktopStatus = run('node', ['scripts/lint-desktop.mjs']);
const lintOpenApiStatus = run('node', ['scripts/lint-openapi.mjs']);

const playwrightFile = path.join(reports, 'playwright.json');
const hasBrowserTests = ['site/e2e', 'desktop/e2e'].some((dir) => existsSync(dir));
const playwrightStatus = hasBrowserTests
  ? run('npx', ['playwright', 'test'], { CI: 'true', PLAYWRIGHT_JSON: playwrightFile })
  : 0;
const playwright = hasBrowserTests ? readJson(playwrightFile) : { stats: { expected: 0, unexpected: 0, flaky: 0 } };

let passed = 0;
let failed = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) failed += 1;
} else {
  failed += 1;
}
for (const status of [lintDesktopStatus, lintOpenApiStatus]) {
  if (status === 0) passed += 1;
  else failed += 1;
}
if (playwright?.stats) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  if (playwrightStatus !== 0 && playwright.stats.unexpected === 0) failed += 1;
} else {
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
