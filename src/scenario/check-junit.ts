import { countOf } from '../format/format-count.ts';
import type { FigurePosition } from './baseline.ts';
import type { CheckResult } from './check-scenarios.ts';
import {
  checkResultGiven,
  recordedDifferentlyLines,
  underAnotherNameLines,
} from './check-table.ts';

/**
 * A check as JUnit XML, for CI dashboards: one `<testsuite>` per scenario file with one
 * `<testcase>` per expectation (a `<failure>` when it failed, `<skipped>` when it was
 * inconclusive; its `file` and `line` where the expectation is), and a `baseline` suite with one failing case per figure that moved (and per
 * file the baseline holds only under another name) and one skipped case per figure it recorded
 * differently (simulated, now exact, or the reverse: not compared), each at the line of the
 * expectation that asked for the figure. Pure.
 * @example checkJunit(result).startsWith('<?xml') // not run: needs a check's result (test/scenario/check-scenarios.test.ts)
 */
export function checkJunit(result: CheckResult): string {
  checkResultGiven(result);
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const file of result.files) {
    const cases = file.expectations.map((e) => {
      const verdict =
        e.verdict === 'fail'
          ? [
              `      <failure message="${attr(e.shown)}" type="expectation">${text(e.detail)}</failure>`,
            ]
          : e.verdict === 'inconclusive'
            ? [`      <skipped message="${attr(`inconclusive: ${e.detail}`)}"/>`]
            : [];
      return [
        `    <testcase classname="${attr(file.path)}" name="${attr(e.expect)}"${place(file.path, e)} time="${e.seconds.toFixed(3)}">`,
        ...verdict,
        `      <system-out>${text([e.shown, ...e.figures].join('\n'))}</system-out>`,
        '    </testcase>',
      ].join('\n');
    });
    const fileFailures = file.expectations.filter((e) => e.verdict === 'fail').length;
    const fileSkipped = file.expectations.filter((e) => e.verdict === 'inconclusive').length;
    tests += file.expectations.length;
    failures += fileFailures;
    skipped += fileSkipped;
    suites.push(
      `  <testsuite name="${attr(`${file.path}: ${file.title}`)}" tests="${file.expectations.length}" failures="${fileFailures}" errors="0" skipped="${fileSkipped}" time="${file.seconds.toFixed(3)}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  if (result.baseline) {
    const { moved, recordedDifferently, unchanged, added, underAnotherName } = result.baseline;
    const cases = moved.map(
      (m) =>
        `    <testcase classname="${attr(m.file)}" name="${attr(`baseline: ${m.key}`)}"${place(m.file, m)} time="0">\n      <failure message="${attr(`moved: ${m.shown}`)}" type="regression">${text(`${m.key} moved: ${m.shown}${m.z === undefined ? '' : ` (z = ${m.z.toFixed(2)})`}`)}</failure>\n    </testcase>`,
    );
    const elsewhere = underAnotherNameLines(result);
    underAnotherName.forEach((f, i) => {
      cases.push(
        `    <testcase classname="${attr(f.file)}" name="${attr(`baseline: ${f.file}`)}" time="0">\n      <failure message="${attr(`not compared: the baseline names it ${f.stored}`)}" type="baseline">${text(elsewhere[i]!)}</failure>\n    </testcase>`,
      );
    });
    const differently = recordedDifferentlyLines(result.baseline);
    recordedDifferently.forEach((f, i) => {
      cases.push(
        `    <testcase classname="${attr(f.file)}" name="${attr(`baseline: ${f.key}`)}"${place(f.file, f)} time="0">\n      <skipped message="${attr('recorded differently: re-record the baseline')}">${text(differently[i]!)}</skipped>\n    </testcase>`,
      );
    });
    cases.push(
      `    <testcase classname="baseline" name="${attr(`${countOf(unchanged, 'figure')} unchanged, ${added.length} new`)}" time="0"/>`,
    );
    const failed = moved.length + underAnotherName.length;
    tests += cases.length;
    failures += failed;
    skipped += recordedDifferently.length;
    suites.push(
      `  <testsuite name="baseline" tests="${cases.length}" failures="${failed}" errors="0" skipped="${recordedDifferently.length}" time="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="dicelab check" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${result.seconds.toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/**
 * A case's `file` and `line` attributes, which test reporters (GitHub's, GitLab's, Jenkins')
 * read to point at the line: where its expectation is, or its figure's.
 */
function place(path: string, at: FigurePosition): string {
  return at.line === undefined ? '' : ` file="${attr(path)}" line="${at.line}"`;
}

/** Text escaped for an XML attribute (no control characters XML 1.0 forbids). */
function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

function text(value: string): string {
  return value
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
