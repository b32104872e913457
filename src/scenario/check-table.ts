import { formatTable } from '../report/table.ts';
import type { CheckResult } from './check-scenarios.ts';
import { compact, formatMove } from './format-figure.ts';
import { DETECTION_POWER } from './judge.ts';

/** The counts of a check, and its one-line headline ("24 passed, 1 failed, 2 figures moved"). */
export function checkCounts(result: CheckResult): {
  readonly expectations: number;
  readonly passed: number;
  readonly failed: number;
  readonly inconclusive: number;
  readonly moved: number;
  readonly headline: string;
} {
  const all = result.files.flatMap((f) => f.expectations);
  const passed = all.filter((e) => e.verdict === 'pass').length;
  const failed = all.filter((e) => e.verdict === 'fail').length;
  const inconclusive = all.filter((e) => e.verdict === 'inconclusive').length;
  const moved = result.baseline?.moved.length ?? 0;
  const parts = [`${passed} passed`];
  if (failed) parts.push(`${failed} failed`);
  if (inconclusive) parts.push(`${inconclusive} inconclusive`);
  if (moved) parts.push(`${moved} figure${moved === 1 ? '' : 's'} moved from the baseline`);
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
 * moved from the baseline (old → new), what did not pass and why, and a summary line. Pure.
 */
export function checkTable(result: CheckResult): string {
  const rows = result.files.flatMap((file) =>
    file.expectations.map((e) => ({
      scenario: file.path,
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
          `  ${e.verdict === 'fail' ? 'FAIL' : 'inconclusive'}: ${f.path}: ${e.expect}: ${e.detail}`,
      ),
  );
  if (notPassed.length) sections.push(['Not passed:', ...notPassed].join('\n'));
  if (result.baseline) {
    const { moved, added, removed, unchanged } = result.baseline;
    const lines = [
      `Baseline: ${unchanged} figures unchanged, ${moved.length} moved, ${added.length} new, ${removed.length} no longer computed.`,
    ];
    for (const m of moved) lines.push(`  moved: ${m.file}: ${m.key}: ${m.shown}`);
    if (added.length)
      lines.push('  (new figures join the baseline with `dicelab baseline --write`)');
    sections.push(lines.join('\n'));
  }
  if (result.simulated.length > 0)
    sections.push(
      [
        falseAlarmSentence(result),
        ...result.simulated.map(
          (f) =>
            `  ${f.file}: ${f.key}: ${formatMove(f.smallestMove, f.unit)} (${trialsCompared(f)})`,
        ),
      ].join('\n'),
    );
  const counts = checkCounts(result);
  sections.push(
    `check: ${counts.headline} (${counts.expectations} expectations, ${result.files.length} file${result.files.length === 1 ? '' : 's'}, ${result.seconds.toFixed(1)} s, seed ${result.seed})`,
  );
  return sections.join('\n\n');
}

/**
 * What a run guarantees about its simulated figures, in a sentence: the chance of any report
 * when nothing changed, how it is shared, and the power the smallest moves are stated at.
 */
export function falseAlarmSentence(result: CheckResult): string {
  const { run, judgements, comparisons, share } = result.falseAlarm;
  const tests = [
    `${judgements} simulated judgement${judgements === 1 ? '' : 's'}`,
    ...(comparisons > 0
      ? [`${comparisons} baseline comparison${comparisons === 1 ? '' : 's'}`]
      : []),
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
