// README's test command: builds, type-checks every workspace with its tests (one check: the build's
// tsconfigs leave the tests out), lints (ESLint and Prettier, one check), runs the vitest suites (API, shared, server, desktop; every API answer
// they see is checked against the OpenAPI document, API_STATUS_CHECK), the desktop
// security lint (Electronegativity, counted as one check), the OpenAPI lint (Redocly's recommended
// ruleset over the built API's document, one check), knip (unused files, exports and packages,
// undeclared imports: one check), the link check (every relative link and image of README.md,
// CHANGELOG.md and docs/ resolves inside the repository: one check) and the Playwright browser suites, and ends
// with one line "N passed, M failed, K skipped" adding them up, after the list of every skipped
// suite or test with the reason it gives (a gated suite that cannot run here is named, not lost).
//
// For a narrower run while working on the runner itself:
//   node scripts/run-tests.mjs [--no-build] [--only=typecheck,lint,vitest,lint-desktop,lint-openapi,knip,links,playwright] [filters...]
// where the filters go to vitest and Playwright as their own file filters.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHECKS = ['typecheck', 'lint', 'vitest', 'lint-desktop', 'lint-openapi', 'knip', 'links', 'playwright'];
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const onlyArg = args.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : CHECKS;
for (const name of only) {
  if (!CHECKS.includes(name)) {
    console.error(`unknown check "${name}" (known: ${CHECKS.join(', ')})`);
    process.exit(2);
  }
}
const filters = args.filter((arg) => !arg.startsWith('--'));
const runs = (check) => only.includes(check);

const reports = mkdtempSync(path.join(tmpdir(), 'npo-test-reports-'));
// The browser suites' database folder (playwright.config.ts, which knip loads too) is made here, and
// the whole folder goes when the run ends: a run leaves no reports or database in the temp folder.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(reports, 'e2e-data');
  mkdirSync(process.env.E2E_DATA_DIR);
}
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));
const run = (command, commandArgs, env = {}) =>
  spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (build && run('npm', ['run', 'build']) !== 0) {
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Every skipped test: where it is, its suites and name, and the reason it gave. */
const skips = [];
/** Every failed test or check, named as its runner names it, for the list printed at the end. */
const failures = [];

/** A check that is one pass or one failure (a lint). */
function countCheck(name, status) {
  if (status === 0) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

if (runs('typecheck')) countCheck('typecheck (npm run typecheck)', run('npm', ['run', 'typecheck']));
if (runs('lint')) countCheck('lint (npm run lint)', run('npm', ['run', 'lint']));

if (runs('vitest')) {
  const vitestFile = path.join(reports, 'vitest.json');
  const vitestStatus = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`, ...filters],
    { API_STATUS_CHECK: '1' },
  );
  const vitest = readJson(vitestFile);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    if (vitestStatus !== 0 && vitest.numFailedTests === 0) {
      failed += 1;
      failures.push(
        `vitest ended with status ${vitestStatus}, with no test failed (an error outside the tests: see above)`,
      );
    }
    for (const file of vitest.testResults) {
      const where = path.relative(process.cwd(), file.name);
      // A file that failed to load has no tests to name: its own message says why.
      if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`${where}: ${file.message}`);
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push([where, ...test.ancestorTitles, test.title].join(' › '));
        if (test.status !== 'skipped' && test.status !== 'pending' && test.status !== 'todo') continue;
        skipped += 1;
        skips.push({
          file: path.relative(process.cwd(), file.name),
          suites: test.ancestorTitles,
          title: test.title,
          reason: test.meta?.skipReason ?? (test.status === 'todo' ? 'todo' : 'no reason given'),
        });
      }
    }
  } else {
    failed += 1;
    failures.push('vitest wrote no report (see its output above)');
  }
}

if (runs('lint-desktop')) countCheck('desktop security lint', run('node', ['scripts/lint-desktop.mjs']));
if (runs('lint-openapi')) countCheck('OpenAPI lint', run('node', ['scripts/lint-openapi.mjs']));
if (runs('knip')) countCheck('knip', run('npx', ['knip']));
if (runs('links')) countCheck('links (relative links of README and docs/)', run('node', ['scripts/check-links.mjs']));

/** The tests of a Playwright JSON report, with the titles of the suites around them. */
function* playwrightTests(suite, titles = []) {
  const inner = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? [])
      yield { file: spec.file ?? suite.file, suites: inner, title: spec.title, test };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, inner);
}

if (runs('playwright') && ['site/e2e', 'desktop/e2e'].some((dir) => existsSync(dir))) {
  const playwrightFile = path.join(reports, 'playwright.json');
  const playwrightStatus = run('npx', ['playwright', 'test', ...filters], {
    CI: 'true',
    PLAYWRIGHT_JSON: playwrightFile,
  });
  const playwright = readJson(playwrightFile);
  if (playwright?.stats) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
    if (playwrightStatus !== 0 && playwright.stats.unexpected === 0) {
      failed += 1;
      failures.push(`Playwright ended with status ${playwrightStatus}, with no test failed (see its output above)`);
    }
    for (const suite of playwright.suites ?? []) {
      for (const { file, suites, title, test } of playwrightTests(suite)) {
        if (test.status === 'unexpected') failures.push([file, ...suites, title].join(' › '));
        if (test.status !== 'skipped') continue;
        const annotation = test.annotations?.find((note) => ['skip', 'fixme'].includes(note.type));
        skips.push({ file, suites, title, reason: annotation?.description || 'no reason given' });
      }
    }
  } else {
    failed += 1;
    failures.push('Playwright wrote no report (see its output above)');
  }
}

/**
 * One line per suite whose skipped tests all give one reason (the PostgreSQL half of a database suite
 * is dozens of tests), one per test otherwise.
 */
function skipLines() {
  const key = (skip) => `${skip.file} › ${skip.suites.join(' › ')}`;
  const inSuite = new Map();
  for (const skip of skips) inSuite.set(key(skip), [...(inSuite.get(key(skip)) ?? []), skip]);
  const lines = [];
  for (const [suite, tests] of inSuite) {
    const reasons = new Set(tests.map((skip) => skip.reason));
    if (tests.length > 1 && reasons.size === 1 && tests[0].suites.length > 0) {
      lines.push(`  ${suite} (${tests.length} tests): ${tests[0].reason}`);
    } else {
      for (const skip of tests) lines.push(`  ${[skip.file, ...skip.suites, skip.title].join(' › ')}: ${skip.reason}`);
    }
  }
  return lines;
}

if (skips.length > 0) {
  console.log(`\nSkipped (${skips.length}):`);
  for (const line of skipLines()) console.log(line);
}
// Last before the counts, so that a log cut to its tail still names what failed.
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const name of failures) console.log(`  ${name}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
