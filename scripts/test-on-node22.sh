#!/usr/bin/env bash
# Runs the vitest suites (unit, API, site server, desktop main process) under Node 22, the oldest Node
# the product supports (`engines`: >=22.12), on SQLite alone (TEST_ENGINES=sqlite): this run checks the
# runtime, and the engines differ in SQL, which `npm test` covers on both on Node 24.
# `npm test` itself runs on Node 24, the target: the root devDependency `node@24` puts it first on every
# npm script's PATH. Node 22 comes from the npm registry's `node@22` package, whose binary ships inside
# it, so no other download is needed; better-sqlite3's Node-API build runs on both unchanged.
# Run after `npm run build` (`npm test` builds); arguments go to vitest (file filters, say). Names every
# failed test, then every skipped one with its reason, and ends with one line "N passed, M failed, K skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

NODE22_HOME="${NODE22_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/npo-node22}"
fail() { echo "$1"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }

if [ ! -x "$NODE22_HOME/node_modules/node/bin/node" ]; then
  mkdir -p "$NODE22_HOME"
  npm install --prefix "$NODE22_HOME" --no-audit --no-fund --no-save node@22 >/dev/null 2>&1 ||
    fail "could not install node@22 from the npm registry"
fi
NODE22="$NODE22_HOME/node_modules/node/bin/node"
echo "Node $("$NODE22" --version), SQLite only: the PostgreSQL suites run in npm test, on Node 24"

report="$(mktemp)"
trap 'rm -f "$report"' EXIT
TEST_ENGINES=sqlite API_STATUS_CHECK=1 PATH="$(dirname "$NODE22"):$PATH" "$NODE22" node_modules/vitest/vitest.mjs run \
  --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?
"$NODE22" -e "
  let r;
  try { r = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8')); }
  catch { console.log('0 passed, 1 failed, 0 skipped'); process.exit(1); }
  const failed = r.numFailedTests + (${status} !== 0 && r.numFailedTests === 0 ? 1 : 0);
  // Named last before the counts, as scripts/run-tests.mjs does, so that a log's tail says what failed.
  const names = r.testResults.flatMap((file) => {
    const where = require('path').relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && file.assertionResults.length === 0) return [where + ': ' + file.message];
    return tests.map((test) => [where, ...test.ancestorTitles, test.title].join(' › '));
  });
  if (${status} !== 0 && names.length === 0) names.push('vitest ended with status ${status}, with no test failed (see above)');
  if (names.length > 0) console.log('\\nFailed (' + names.length + '):\\n' + names.map((name) => '  ' + name).join('\\n'));
  // Every skipped test with the reason it gave (test-support/skips.ts), as scripts/run-tests.mjs lists them.
  const skips = r.testResults.flatMap((file) => file.assertionResults
    .filter((test) => ['skipped', 'pending', 'todo'].includes(test.status))
    .map((test) => [require('path').relative(process.cwd(), file.name), ...test.ancestorTitles, test.title].join(' › ') +
      ': ' + (test.meta?.skipReason ?? 'no reason given')));
  if (skips.length > 0) console.log('\\nSkipped (' + skips.length + '):\\n' + skips.map((name) => '  ' + name).join('\\n'));
  console.log(r.numPassedTests + ' passed, ' + failed + ' failed, ' + (r.numPendingTests + r.numTodoTests) + ' skipped');
  process.exit(failed > 0 || r.numPassedTests === 0 ? 1 : 0);
" "$report"
