// Prints the closing line "N passed, M failed" from vitest's JSON report and exits non-zero on failure.
const fs = require('node:fs');

const [file, status] = process.argv.slice(2);
let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
} catch {
  failed = 1;
}
if (Number(status) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
