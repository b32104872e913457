import { posix } from 'node:path';
import { countOf } from '../format/format-count.ts';
import { invalid } from '../input/input-error.ts';
import { formatTable } from '../report/table.ts';
import type { BaselineComparison, FigurePosition } from './baseline.ts';
import type { CheckResult } from './check-scenarios.ts';
import { compact, formatMove } from './format-figure.ts';
import { DETECTION_POWER } from './judge.ts';
import { BASELINE_FILE } from './scenario-files.ts';

/**
 * A check's result as the library's layouts take it (a user may pass anything): an object with
 * its files' checks, as checkScenarioFiles and checkScenarios return it.
 * @throws InputError naming `result`.
 */
export function checkResultGiven(result: CheckResult): void {
  const given: unknown = result;
  if (!given || typeof given !== 'object' || !Array.isArray(result.files))
    throw invalid('result', given, "a check's result, as checkScenarioFiles returns it");
}

/**
 * Where a verdict or a figure is, as editors and CI read it: `path:line:col` of its
 * expectation's item (a figure's: the expectation that asked for it), the path alone for one
 * with no position.
 * @example locatedPath('scenarios/gate.yaml', { line: 12, col: 5 }) // "scenarios/gate.yaml:12:5"
 */
export function locatedPath(path: string, at: FigurePosition): string {
  return at.line === undefined ? path : `${path}:${at.line}:${at.col ?? 1}`;
}

/** The counts of a check, and its one-line headline ("24 passed, 1 failed, 2 figures moved"). */
export function checkCounts(result: CheckResult): {
  readonly expectations: number;
  readonly passed: number;
  readonly failed: number;
  readonly inconclusive: number;
  readonly moved: number;
  readonly headline: string;
} {
  checkResultGiven(result);
  const all = result.files.flatMap((f) => f.expectations);
  const passed = all.filter((e) => e.verdict === 'pass').length;
  const failed = all.filter((e) => e.verdict === 'fail').length;
  const inconclusive = all.filter((e) => e.verdict === 'inconclusive').length;
  const moved = result.baseline?.moved.length ?? 0;
  const parts = [`${passed} passed`];
  if (failed) parts.push(`${failed} failed`);
  if (inconclusive) parts.push(`${inconclusive} inconclusive`);
  if (moved) parts.push(`${countOf(moved, 'figure')} moved from the baseline`);
  const differently = result.baseline?.recordedDifferently.length ?? 0;
  if (differently)
    parts.push(
      `${countOf(differently, 'figure')} recorded differently in the baseline (not compared)`,
    );
  const elsewhere = result.baseline?.underAnotherName.length ?? 0;
  if (elsewhere)
    parts.push(
      `${countOf(elsewhere, 'file')} not compared (the baseline holds ${elsewhere === 1 ? 'its' : 'their'} figures under another name)`,
    );
  return {
    expectations: all.length,
    passed,
    failed,
    inconclusive,
    moved,
    headline: parts.join(', '),
  };
}

/**
 * A check for the terminal: the table (scenario, expectation, figure, verdict), the figures that
 * moved from the baseline (old → new) and those new or gone, what did not pass and why, and a
 * summary line. Pure. `prose` lays out every line but the table's (the CLI wraps them to a
 * terminal's width); by default they are left as they are.
 */
export function checkTable(
  result: CheckResult,
  prose: (lines: readonly string[]) => readonly string[] = (lines) => lines,
): string {
  checkResultGiven(result);
  const rows = result.files.flatMap((file) =>
    file.expectations.map((e) => ({
      scenario: locatedPath(file.path, e),
      expectation: e.expect,
      figure: e.shown,
      verdict: e.verdict === 'pass' ? 'pass' : e.verdict === 'fail' ? 'FAIL' : 'inconclusive',
    })),
  );
  const sections: string[] = [];
  if (rows.length > 0)
    sections.push(
      formatTable(
        [
          { key: 'scenario', header: 'scenario' },
          { key: 'expectation', header: 'expectation' },
          { key: 'figure', header: 'figure' },
          { key: 'verdict', header: 'verdict' },
        ],
        rows,
      ),
    );
  const notPassed = result.files.flatMap((f) =>
    f.expectations
      .filter((e) => e.verdict !== 'pass')
      .map(
        (e) =>
          `  ${e.verdict === 'fail' ? 'FAIL' : 'inconclusive'}: ${locatedPath(f.path, e)}: ${e.expect}: ${e.detail}`,
      ),
  );
  if (notPassed.length) sections.push(prose(['Not passed:', ...notPassed]).join('\n'));
  if (result.baseline) {
    const lines = [baselineLine(result.baseline)];
    for (const m of result.baseline.moved)
      lines.push(`  moved: ${locatedPath(m.file, m)}: ${m.key}: ${m.shown}`);
    for (const line of recordedDifferentlyLines(result.baseline)) lines.push(`  ${line}`);
    for (const line of underAnotherNameLines(result)) lines.push(`  ${line}`);
    for (const line of newAndGoneListed(result)) lines.push(`  ${line}`);
    if (result.baseline.moved.length || result.baseline.underAnotherName.length)
      lines.push(`  (if the change is intended, record it: ${rerecordCommand(result)})`);
    else if (result.baseline.recordedDifferently.length)
      lines.push(`  (${rerecordSentence(result)})`);
    else if (result.baseline.added.length || result.baseline.removed.length)
      lines.push(`  (${newAndGoneSentence(result)})`);
    sections.push(prose(lines).join('\n'));
  } else sections.push(prose([noBaselineLine(result)]).join('\n'));
  if (result.simulated.length > 0)
    sections.push(
      prose([
        falseAlarmSentence(result),
        ...result.simulated.map(
          (f) =>
            `  ${f.file}: ${f.key}: ${formatMove(f.smallestMove, f.unit)} (${trialsCompared(f)})`,
        ),
      ]).join('\n'),
    );
  const counts = checkCounts(result);
  sections.push(
    ...prose([
      `check: ${counts.headline} (${countOf(counts.expectations, 'expectation')}, ${countOf(result.files.length, 'file')}, ${result.seconds.toFixed(1)} s, seed ${result.seed})`,
    ]),
  );
  return sections.join('\n\n');
}

/**
 * A check compared with no baseline, in one line; when the baseline file it was to read is not
 * there, the command that records one. (`--no-baseline`: "Baseline: none compared.")
 */
export function noBaselineLine(result: CheckResult): string {
  const file = result.noBaselineAt;
  if (file === undefined) return 'Baseline: none compared.';
  return `Baseline: none compared. There is no baseline at ${file}: \`${rerecordCommand({ files: result.files, baseline: { file } })}\` records one.`;
}

/**
 * The baseline comparison in one line: "Baseline: 1 figure unchanged, 0 moved, 2 new, 0 no
 * longer computed." (and ", 1 recorded differently" when the baseline holds any).
 */
export function baselineLine(comparison: BaselineComparison): string {
  const { moved, recordedDifferently, added, removed, unchanged } = comparison;
  const differently = recordedDifferently.length
    ? `, ${recordedDifferently.length} recorded differently`
    : '';
  return `Baseline: ${countOf(unchanged, 'figure')} unchanged, ${moved.length} moved, ${added.length} new, ${removed.length} no longer computed${differently}.`;
}

/** The most new and gone figures a check lists; `dicelab baseline` lists every one. */
export const MOST_NEW_AND_GONE_LISTED = 20;

/**
 * Each figure the baseline does not have yet and each it holds that the run no longer computes,
 * a line each: "new: scenarios/d6.yaml: success of d6-pool stat 4", "gone: …". A file whose
 * figures the baseline holds under another name is left out (it has its own line). O(figures).
 */
export function newAndGoneLines(comparison: BaselineComparison): string[] {
  const renamed = new Set(comparison.underAnotherName.map((f) => f.file));
  return [
    ...comparison.added
      .filter((a) => !renamed.has(a.file))
      .map((a) => `new: ${locatedPath(a.file, a)}: ${a.key}`),
    ...comparison.removed.map((r) => `gone: ${r.file}: ${r.key}`),
  ];
}

/**
 * A check's new and gone figures as its table and Markdown list them: at most
 * {@link MOST_NEW_AND_GONE_LISTED}, then how many more and the command that lists them all.
 */
export function newAndGoneListed(result: CheckResult): string[] {
  const lines = result.baseline ? newAndGoneLines(result.baseline) : [];
  if (lines.length <= MOST_NEW_AND_GONE_LISTED) return lines;
  const more = lines.length - MOST_NEW_AND_GONE_LISTED + 1;
  return [
    ...lines.slice(0, MOST_NEW_AND_GONE_LISTED - 1),
    `and ${more} more: \`${baselineCommand(result, false)}\` lists every one`,
  ];
}

/** What new and gone figures are (listed, not failed), and the command that records them. */
export function newAndGoneSentence(result: CheckResult): string {
  const { added, removed } = result.baseline ?? { added: [], removed: [] };
  const what =
    added.length && removed.length
      ? 'new figures join the baseline, and those no longer computed leave it,'
      : added.length
        ? 'new figures join the baseline'
        : 'figures no longer computed leave the baseline';
  return `${what} with \`${rerecordCommand(result)}\``;
}

/**
 * Each figure the baseline recorded another way than the run finds it, in a sentence: what each
 * holds, and that they were not compared.
 */
export function recordedDifferentlyLines(comparison: BaselineComparison): string[] {
  return comparison.recordedDifferently.map(
    (f) => `recorded differently: ${locatedPath(f.file, f)}: ${f.key}: ${f.shown}; not compared`,
  );
}

/** What mends figures recorded differently: the baseline recorded again, and why it is needed. */
export function rerecordSentence(result: Parameters<typeof rerecordCommand>[0]): string {
  return `recorded by an older dicelab or by hand: \`${rerecordCommand(result)}\` records them again, and they are compared from then on`;
}

/**
 * Each file whose figures the baseline holds only under another name, in a sentence: why
 * nothing of it was compared, and where its figures are.
 */
export function underAnotherNameLines(result: CheckResult): string[] {
  const where = result.baseline?.file ?? 'the baseline';
  return (result.baseline?.underAnotherName ?? []).map(
    (f) =>
      `not compared: ${f.file}: nothing under ${JSON.stringify(f.name)} (its path from the baseline's folder) in ${where}, which holds ${f.shared} of its ${countOf(f.figures, 'figure')} under ${JSON.stringify(f.stored)} (recorded from another folder, or the file moved)`,
  );
}

/**
 * The command that records a check's figures as the new baseline: `dicelab baseline` on the
 * folders that were checked, `--baseline` naming the file when it is not the default.
 * @throws InputError naming `result` when it is not a check's result.
 * @example rerecordCommand({ files: [{ path: 'balance/a.yaml' }], baseline: { file: 'reports/b.json' } }) // "dicelab baseline balance/ --write --baseline reports/b.json"
 */
export function rerecordCommand(result: {
  readonly files: readonly { readonly path: string }[];
  readonly baseline?: { readonly file?: string };
}): string {
  checkResultGiven(result as CheckResult);
  return baselineCommand(result, true);
}

/** `dicelab baseline` on the folders checked, recording (`--write`) or only listing. */
function baselineCommand(result: Parameters<typeof rerecordCommand>[0], write: boolean): string {
  const folderOf = (path: string) => {
    const folder = posix.dirname(path);
    return folder === '.' ? '.' : `${folder}/`;
  };
  const folders = [...new Set(result.files.map((f) => folderOf(f.path)))];
  const file = result.baseline?.file;
  const baseline = file === undefined || file === BASELINE_FILE ? '' : ` --baseline ${file}`;
  return `dicelab baseline ${folders.join(' ') || 'scenarios/'}${write ? ' --write' : ''}${baseline}`;
}

/**
 * What a run guarantees about its simulated figures, in a sentence: the chance of any report
 * when nothing changed, how it is shared, and the power the smallest moves are stated at.
 */
export function falseAlarmSentence(result: CheckResult): string {
  const { run, judgements, comparisons, share } = result.falseAlarm;
  const tests = [
    countOf(judgements, 'simulated judgement'),
    ...(comparisons > 0 ? [countOf(comparisons, 'baseline comparison')] : []),
  ].join(' and ');
  return `Simulated figures: at most ${+(run * 100).toPrecision(3)}% chance of any false report this run (${tests}, ${share.toPrecision(2)} each); the smallest move each detects with ${DETECTION_POWER * 100}% power:`;
}

/** "20k vs 20k trials" (a baseline compared), "20k trials" (none). */
export function trialsCompared(f: CheckResult['simulated'][number]): string {
  const now = compact(f.estimate.trials ?? 0);
  return f.baselineTrials === undefined
    ? `${now} trials, against a baseline as large`
    : `${compact(f.baselineTrials)} baseline vs ${now} trials`;
}
