import { countOf } from '../format/format-count.ts';
import type { CheckResult } from './check-scenarios.ts';
import {
  baselineLine,
  checkCounts,
  falseAlarmSentence,
  locatedPath,
  newAndGoneListed,
  newAndGoneSentence,
  noBaselineLine,
  recordedDifferentlyLines,
  rerecordCommand,
  rerecordSentence,
  trialsCompared,
  underAnotherNameLines,
} from './check-table.ts';
import { formatMove } from './format-figure.ts';

/**
 * A check as Markdown, to paste into a pull request: a headline with the counts, the
 * expectations that did not pass (each with why), a table of every expectation, and the figures
 * that moved from the baseline (old → new) and those new or gone. Pure.
 * @example checkMarkdown(result).split('\n')[0] // not run: needs a check's result; gives e.g. "## dicelab check: 24 passed, 1 failed"
 */
export function checkMarkdown(result: CheckResult): string {
  const counts = checkCounts(result);
  const lines = [`## dicelab check: ${counts.headline}`, ''];
  lines.push(
    `${countOf(counts.expectations, 'expectation')} in ${countOf(result.files.length, 'scenario file')}, seed ${result.seed}, ${result.seconds.toFixed(1)} s.`,
    '',
  );
  const notPassed = result.files.flatMap((f) =>
    f.expectations.filter((e) => e.verdict !== 'pass').map((e) => ({ file: f, e })),
  );
  if (notPassed.length > 0) {
    lines.push('### Not passed', '');
    for (const { file, e } of notPassed) {
      lines.push(
        `- **${e.verdict === 'fail' ? 'FAIL' : 'inconclusive'}** ${cell(locatedPath(file.path, e))}: ${cell(e.expect)}: ${cell(e.detail)}`,
      );
    }
    lines.push('');
  }
  const baseline = result.baseline;
  const differently = baseline ? recordedDifferentlyLines(baseline) : [];
  if (
    baseline &&
    (baseline.moved.length > 0 || baseline.underAnotherName.length > 0 || differently.length > 0)
  ) {
    lines.push(
      baseline.moved.length > 0 ? '### Figures that moved from the baseline' : '### The baseline',
      '',
    );
    if (baseline.moved.length > 0) {
      lines.push('| Scenario | Figure | Baseline → now |', '|---|---|---|');
      for (const m of baseline.moved)
        lines.push(`| ${cell(locatedPath(m.file, m))} | ${cell(m.key)} | ${cell(m.shown)} |`);
      lines.push('');
    }
    for (const line of differently) lines.push(`- ${cell(line)}`);
    for (const line of underAnotherNameLines(result)) lines.push(`- **${cell(line)}**`);
    if (baseline.underAnotherName.length > 0 || differently.length > 0) lines.push('');
    if (baseline.moved.length > 0 || baseline.underAnotherName.length > 0)
      lines.push(
        `If the change is intended, record the new figures with \`${rerecordCommand(result)}\` and commit ${baseline.file ? `\`${baseline.file}\`` : 'the baseline'}.`,
        '',
      );
    else lines.push(`Figures recorded differently were ${rerecordSentence(result)}.`, '');
  }
  lines.push('### Expectations', '');
  lines.push('| Scenario | Expectation | Figure | Verdict |', '|---|---|---|---|');
  for (const file of result.files) {
    for (const e of file.expectations) {
      const verdict =
        e.verdict === 'pass' ? 'pass' : e.verdict === 'fail' ? '**FAIL**' : '*inconclusive*';
      lines.push(
        `| ${cell(locatedPath(file.path, e))} | ${cell(e.expect)} | ${cell(e.shown)} | ${verdict} |`,
      );
    }
  }
  lines.push('');
  if (baseline) {
    lines.push(baselineLine(baseline), '');
    const listed = newAndGoneListed(result);
    if (listed.length > 0) {
      for (const line of listed) lines.push(`- ${cell(line)}`);
      lines.push('');
      // Said above with the moved figures, or with those recorded differently, when there are any.
      if (!baseline.moved.length && !baseline.underAnotherName.length && !differently.length)
        lines.push(`(${newAndGoneSentence(result)})`, '');
    }
  } else lines.push(noBaselineLine(result), '');
  if (result.simulated.length > 0) {
    lines.push('### Simulated figures', '', falseAlarmSentence(result), '');
    lines.push('| Scenario | Figure | Smallest move detected | Trials |', '|---|---|---|---|');
    for (const f of result.simulated)
      lines.push(
        `| ${cell(f.file)} | ${cell(f.key)} | ${formatMove(f.smallestMove, f.unit)} | ${trialsCompared(f)} |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}

/** Text safe in a Markdown table cell: pipes escaped, line breaks as spaces. */
function cell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
}
