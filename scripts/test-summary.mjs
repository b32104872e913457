// Prints vitest's JSON report as the one line CI reads: "N passed, N failed".
// Plain JavaScript so it runs even when the TypeScript toolchain did not install.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// A file that failed to load has no tests in it, but it is a failure all the same.
const brokenFiles = (report.testResults ?? []).filter(
  (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
).length;
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + brokenFiles;
console.log(`${passed} passed, ${failed} failed`);
