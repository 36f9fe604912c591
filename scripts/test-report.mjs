// Reads the JSON reports vitest writes to var/test-reports (one per package, and e2e) and names what failed,
// for the end of `npm test`: CI shows only the tail of the output.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The first lines of a failure message (the error and where it was thrown), trimmed. */
function why(message, count = 3) {
  return String(message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, count)
    .map((line) => line.slice(0, 300));
}

/**
 * The failed tests of one vitest JSON report: `{ name, why }` with the name as `file > describe > test` (a
 * file that failed without a failed test, e.g. it did not load or a hook threw, as `file: <first line of its
 * message>`) and `why` the first lines of the failure, so a CI log that shows only its tail says what went
 * wrong.
 */
export function failedTests(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = root ? relative(root, file.name) : file.name;
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed)
      lines.push({
        name: [name, ...(test.ancestorTitles ?? []), test.title].filter(Boolean).join(' > '),
        why: why((test.failureMessages ?? [])[0]),
      });
    if (!failed.length && file.status === 'failed') {
      const reason =
        String(file.message ?? '')
          .trim()
          .split('\n')[0] || 'failed';
      lines.push({ name: `${name}: ${reason.slice(0, 300)}`, why: [] });
    }
  }
  return lines;
}

/** Totals and failed tests over the named reports in `dir` (`<name>.json`); missing reports are skipped. */
export function summarise(dir, names, root) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const failed = [];
  for (const name of names) {
    const file = join(dir, `${name}.json`);
    if (!existsSync(file)) continue;
    let r;
    try {
      r = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      failed.push({
        name: `${name}: its report ${file} is not readable JSON (the run was cut short?)`,
        why: [],
      });
      continue;
    }
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const test of failedTests(r, root)) failed.push({ ...test, name: `${name}: ${test.name}` });
  }
  return { totals, failed };
}
