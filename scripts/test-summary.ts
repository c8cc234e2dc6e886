// Adds up the JSON reports of vitest and Playwright into the one closing line CI reads:
// "N passed, N failed" (plus ", N skipped"). Exits 1 when a report is missing or anything failed.
import { existsSync, readFileSync } from 'node:fs';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
let missing = false;

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (that suite did not run)`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  let part: Totals;
  if ('numPassedTests' in report) {
    const r = report as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numFailedTestSuites?: number;
    };
    part = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
    // A file that fails before its tests run (an import, a hook) fails no test: it is named here.
    if ((r.numFailedTestSuites ?? 0) > 0 && r.numFailedTests === 0) {
      console.log(`${file}: ${r.numFailedTestSuites} test file(s) failed outside their tests`);
      missing = true;
    }
  } else {
    const s = (report as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
    part = { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
  }
  console.log(`${file}: ${part.passed} passed, ${part.failed} failed, ${part.skipped} skipped`);
  if (part.passed + part.failed === 0) {
    console.log(`${file}: no test ran`);
    missing = true;
  }
  totals.passed += part.passed;
  totals.failed += part.failed;
  totals.skipped += part.skipped;
}

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(missing || totals.failed > 0 ? 1 : 0);
