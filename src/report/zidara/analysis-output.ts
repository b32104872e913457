import type { TopLevelSpec } from 'vega-lite';
import { formatChance } from '../../format/format-chance.ts';
import { countOf } from '../../format/format-count.ts';
import { formatExactPercent, formatPercent } from '../../format/format-percent.ts';
import { formatPoints } from '../../format/format-points.ts';
import type { AnalysisName } from '../../systems/analyses.ts';
import { COMPARE_DEFAULTS, type SystemCompareRow } from '../../systems/compare.ts';
import { type AnalysisJob, type AnalysisResult, jobName } from '../../systems/run-analysis.ts';
import { shownWinWithin } from '../../systems/zidara/analyses/fight-curves.ts';
import { FISHING_DEFAULTS } from '../../systems/zidara/analyses/fishing.ts';
import { REROLLS_DEFAULTS } from '../../systems/zidara/analyses/rerolls.ts';
import { pastExactNote, SPLITS_DEFAULTS } from '../../systems/zidara/analyses/splits.ts';
import {
  TUNE_DEFAULTS,
  type TuneAnswer,
  type TuneRow,
} from '../../systems/zidara/analyses/tune.ts';
import { FIGHT_DEFAULTS } from '../../systems/zidara/fight/fight.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import { ROLL_DEFAULTS } from '../../systems/zidara/roll/spec.ts';
import { formatSplit } from '../../systems/zidara/roll/split.ts';
import type { Column } from '../column.ts';
import {
  COMPARE_CSV_COLUMNS,
  type CompareChartContext,
  compareChart,
  compareColumns,
  systemName,
} from '../compare-chart.ts';
import { formatTable } from '../table.ts';
import { type TableCells, tableCells } from '../table-cells.ts';
import { ADVANTAGE_COLUMNS, ADVANTAGE_CSV_COLUMNS, advantageChart } from './advantage-chart.ts';
import { DOWN_WITHIN_LABEL } from './fight-figure-labels.ts';
import { FIGHTS_COLUMNS, FIGHTS_CSV_COLUMNS, fightsChart } from './fights-chart.ts';
import {
  FISHING_COLUMNS,
  FISHING_CSV_COLUMNS,
  fishingChart,
  fishingSubtitle,
  formatAuraGained,
} from './fishing-chart.ts';
import {
  REROLLS_COLUMNS,
  REROLLS_CSV_COLUMNS,
  rerollKindsText,
  rerollsChart,
} from './rerolls-chart.ts';
import {
  OBJECTIVE_NAMES,
  SPLITS_CSV_COLUMNS,
  splitsChart,
  splitsColumns,
  splitsSubtitle,
} from './splits-chart.ts';
import {
  poolRuleText,
  TUNE_COLUMNS,
  TUNE_CSV_COLUMNS,
  TUNE_TARGET_CSV_COLUMNS,
  tuneChart,
  tuneCsvRows,
} from './tune-chart.ts';

/** What one analysis produced, ready to print, write as files, or place in a report page. */
export interface AnalysisOutput {
  readonly analysis: AnalysisJob['analysis'];
  readonly name: string;
  /** The question it answers (the chart's title). */
  readonly title: string;
  /**
   * The lines the table prints under its title: what the rows were made with (the ranking, the
   * character and rules in words: "Aura 2 of 5 · no Resolve · …").
   */
  readonly subtitle: readonly string[];
  /** How to read the chart and the table. */
  readonly description: string;
  /** The answer in words, a line each ("Best: d8 | d8, 1.706 expected wins"). */
  readonly findings: readonly string[];
  readonly spec: TopLevelSpec;
  /** The rows, every figure raw (for CSV and JSON). */
  readonly rows: readonly Record<string, unknown>[];
  /** The CSV's rows: `rows`, and after them what the findings answer where no row holds it (a tune's target). */
  readonly csvRows: readonly Record<string, unknown>[];
  readonly csvColumns: readonly { readonly key: string; readonly header: string }[];
  /**
   * The table's columns: each field's header and how its value reads for people ("C3 (d6)",
   * "reroll one die"), for tables built from the rows (`--against`'s).
   */
  readonly columns: readonly Column<Record<string, unknown>>[];
  /** The table's cells for people (percentages, points), and the same laid out for a terminal. */
  readonly table: TableCells;
  /** The table laid out for a terminal (`formatTable`): read in columns, never wrapped. */
  readonly tableText: string;
  /** The title, the subtitle's lines and the table, a line each. */
  readonly text: string;
  /** Further results for JSON output (the tune's target answers). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Draws what an analysis computed (`runAnalysis`): its chart, its tables and its findings in
 * words. Pure; only the chart's layout is work (milliseconds).
 * @example analysisOutput(runAnalysis({ analysis: 'stated-splits', name: 'd12-or-2d6', splits: ['d12', 'd6+d6'], options: { challenge: 3, objective: 'primary' } })).findings[0]
 * // "d6+d6 beats d12: 93.5% vs 91.7% (+1.9 pts)."
 */
export function analysisOutput(result: AnalysisResult): AnalysisOutput {
  return (ANALYSIS_OUTPUTS[result.analysis] as (result: AnalysisResult) => AnalysisOutput)(result);
}

/** The result of analysis `A`. */
type ResultOf<A extends AnalysisName> = Extract<AnalysisResult, { readonly analysis: A }>;

/**
 * Each analysis' output, by its name (see `ANALYSES`): its chart, how to read it, and its
 * findings in words. Typed by the names, so a new analysis without one fails to compile.
 */
const ANALYSIS_OUTPUTS: { readonly [A in AnalysisName]: (result: ResultOf<A>) => AnalysisOutput } =
  {
    splits: (result) => {
      const { job, rows } = result;
      const objective = job.options.objective ?? SPLITS_DEFAULTS.objective;
      const best = rows[0]!;
      const context = {
        challenge: job.options.challenge,
        objective,
        setup: job.options,
        steps: job.options.steps,
        actions: job.options.actions ?? SPLITS_DEFAULTS.actions,
        total: result.total,
        ...(job.options.intents ? { intents: job.options.intents } : {}),
      };
      return output(job, {
        spec: splitsChart(rows, context),
        // The table prints every row, the chart at most its top 20 bars.
        subtitle: splitsSubtitle(context, rows.length, result.total),
        description:
          'Every legal pool and every way to share its dice among intents, ranked best first. ' +
          'In a split, | separates intents and + stacks dice on one intent (its best die counts); ' +
          'the main intent, written first, holds the largest die.',
        findings: [
          `Best by ${OBJECTIVE_NAMES[objective].toLowerCase()}: ${best.split} (${scoreText(best.score, objective)}), of ${result.total} split${result.total === 1 ? '' : 's'}.`,
          ...[pastExactNote(context.steps, context.actions) ?? []].flat(),
        ],
        rows,
        columns: splitsColumns(objective),
        csvColumns: SPLITS_CSV_COLUMNS,
      });
    },
    'stated-splits': (result) => {
      const { job, rows } = result;
      const objective = job.options.objective ?? SPLITS_DEFAULTS.objective;
      return output(job, {
        spec: splitsChart(rows, {
          challenge: job.options.challenge,
          objective,
          setup: job.options,
          asked: result.asked,
        }),
        description:
          'The stated splits, scored exactly and ranked best first (| separates intents, + stacks dice on one intent).',
        findings: [statedSplitsFinding(rows, objective)],
        rows,
        columns: splitsColumns(objective),
        csvColumns: SPLITS_CSV_COLUMNS,
      });
    },
    advantage: (result) => {
      const { job, rows } = result;
      const challenges = [...new Set(rows.map((r) => r.challenge))];
      const second = rows.filter((r) => r.dice === 2 && r.gain !== null);
      return output(job, {
        spec: advantageChart(rows, { setup: job.options }),
        description:
          'The win chance of one intent as dice are stacked on it (its best die counts), one line per Challenge; ' +
          'Gain is what each stack adds over the one before at the same Challenge.',
        findings:
          second.length === challenges.length && second.length > 0
            ? [
                `A second die adds ${second.map((r) => `${formatPoints(r.gain!)} at ${challengeName(r.challenge)}`).join(', ')}.`,
              ]
            : [],
        rows,
        columns: ADVANTAGE_COLUMNS,
        csvColumns: ADVANTAGE_CSV_COLUMNS,
      });
    },
    fishing: (result) => {
      const { job, rows } = result;
      const frontier = rows.filter((r) => r.frontier);
      const fishingPays = frontier.filter((r) => r.minorDice > 0);
      const context = {
        steps: job.options.steps,
        actions: job.options.actions ?? FISHING_DEFAULTS.actions,
        challenge: job.options.challenge,
        setup: job.options,
      };
      return output(job, {
        spec: fishingChart(rows, context),
        subtitle: fishingSubtitle(context),
        description:
          'Each point is a split: how much Aura it is expected to gain (top faces) and how often its main intent wins. ' +
          'The Pareto frontier joins the splits no other split beats on both; a split off it gives up chance or Aura for nothing.',
        findings: [
          `Pareto frontier: ${frontier.map((r) => `${r.split} (${formatPercent(r.mainWin)}, ${formatAuraGained(r.auraGained)} Aura)`).join('; ')}.`,
          fishingPays.length
            ? `Splitting dice off onto a minor intent is on the frontier: ${fishingPays.map((r) => r.split).join(', ')}.`
            : 'No split with a minor intent is on the frontier: a small die stacked on the main intent gains the same Aura and helps it win.',
        ],
        rows,
        columns: FISHING_COLUMNS,
        csvColumns: FISHING_CSV_COLUMNS,
      });
    },
    rerolls: (result) => {
      const { job, rows } = result;
      const split = formatSplit(job.options.split ?? REROLLS_DEFAULTS.split);
      const first = rows.filter((r) => r.rerolls === 'any' && r.resolve === 1 && r.gain !== null);
      return output(job, {
        spec: rerollsChart(rows, { split, setup: job.options }),
        description:
          `The win chance with 0, 1, 2… Resolve, rerolling ${rerollKindsText(rows)}. ` +
          'The threat keeps its defence through rerolls. "Over the level before" is what the Resolve a row has over the level listed before it adds: with levels 0, 1, 2…, the worth of the last Resolve.',
        findings: first.length
          ? [
              `The first Resolve (optimal rerolls) adds ${first.map((r) => `${formatPoints(r.gain!)} at ${challengeName(r.challenge)}`).join(', ')}.`,
            ]
          : [],
        rows,
        columns: REROLLS_COLUMNS,
        csvColumns: REROLLS_CSV_COLUMNS,
      });
    },
    'fight-curves': (result) => {
      const { job, rows } = result;
      const {
        pool,
        steps,
        actions = FIGHT_DEFAULTS.actions,
        titles = FIGHT_DEFAULTS.titles,
        auraMax = ROLL_DEFAULTS.auraMax,
      } = job.options;
      const aura = job.options.aura ?? auraMax;
      const character = pool
        ? pool.map((n) => `d${n}`).join(' ')
        : `${/^(8|11|18)$/.test(String(steps)) ? 'an' : 'a'} ${steps}-step character${actions > 1 ? ` (${actions} actions)` : ''}`;
      const lastRound = Math.max(...rows.map((r) => r.round));
      const finals = rows.filter((r) => r.round === Math.min(3, lastRound));
      return output(job, {
        spec: fightsChart(rows, {
          character,
          titles,
          setup: job.options,
          fightPolicy: job.options.fightPolicy,
        }),
        description:
          'Each line is a fight against one threat: the chance it has lost every tag within 1, 2, 3… rounds. ' +
          `Every intent won strips a tag; Aura and Resolve carry from round to round (Aura starts ${aura === auraMax ? 'full' : `at ${aura} of ${auraMax}`}, Resolve at the Titles).`,
        findings: [
          // "; " between fights: a fight's name has a comma of its own ("C4 (d8), 2 tags").
          `${DOWN_WITHIN_LABEL} ${Math.min(3, lastRound)} round${lastRound === 1 ? '' : 's'}: ${finals.map((r) => `${r.fight} ${formatChance(shownWinWithin(r))}`).join('; ')}.`,
        ],
        rows,
        columns: FIGHTS_COLUMNS,
        csvColumns: FIGHTS_CSV_COLUMNS,
      });
    },
    tune: (result) => {
      const { job, rows, answers } = result;
      const pool = job.options.pool ?? TUNE_DEFAULTS.pool;
      return output(job, {
        spec: tuneChart(rows, {
          pool,
          actions: job.options.actions ?? TUNE_DEFAULTS.actions,
          setup: job.options,
          ...(job.target ? { solveFor: job.target.solveFor } : {}),
        }),
        description: `The win chance of ${poolRuleText(pool, rows)} for every step count against every Challenge.`,
        findings: [...answers.map(answerText), ...offGrid(rows, answers)],
        rows,
        columns: TUNE_COLUMNS,
        ...(job.target
          ? {
              csvRows: tuneCsvRows(rows, answers),
              csvColumns: TUNE_TARGET_CSV_COLUMNS,
              details: { target: job.target, answers },
            }
          : { csvColumns: TUNE_CSV_COLUMNS }),
      });
    },
    'compare-systems': (result) => {
      const { job, rows } = result;
      const context = {
        challenge: job.options.challenge ?? COMPARE_DEFAULTS.challenge,
        tn: job.options.tn ?? COMPARE_DEFAULTS.tn,
        pool: job.options.pool ?? COMPARE_DEFAULTS.pool,
        setup: job.options.setup ?? {},
      };
      return output(job, {
        spec: compareChart(rows, context),
        description:
          "Each system's chance of a full success, a partial result and a failure as its character gains or loses a point of " +
          "its own competence (a Zi'Dara step, a point of d12 proficiency, a 2d6 tag, a d6 die, a Ring and Skill die); " +
          "0 is ordinary competence in each. Partial is 2d6's cost, the d6 pool's mixed, and a Zi'Dara win paid for with Aura or Resolve; " +
          'the d12 safe roll and Ring and Skill have no partial result. Mapping and anchors: docs/compare.md.',
        findings: compareFindings(rows, context),
        rows,
        columns: compareColumns(context),
        csvColumns: COMPARE_CSV_COLUMNS,
      });
    },
  };

/** Packs an analysis' typed rows and columns into an output; the only place rows lose their type. */
function output<Row extends Record<string, unknown>>(
  job: AnalysisJob,
  parts: {
    spec: TopLevelSpec;
    description: string;
    findings: readonly string[];
    rows: readonly Row[];
    columns: readonly Column<Row>[];
    /** The CSV's rows where they are more than `rows`. */
    csvRows?: readonly Record<string, unknown>[];
    csvColumns: readonly { key: string; header: string }[];
    details?: Readonly<Record<string, unknown>>;
    /** The lines under the table's title, where they are not the chart's subtitle. */
    subtitle?: readonly string[];
  },
): AnalysisOutput {
  const title = titleOf(parts.spec);
  // The terminal's table says what the chart's subtitle says: the setup the rows were made with.
  const subtitle = parts.subtitle ?? subtitleOf(parts.spec);
  const tableText = formatTable(parts.columns, parts.rows);
  return {
    analysis: job.analysis,
    name: jobName(job),
    title,
    subtitle,
    description: parts.description,
    findings: parts.findings,
    spec: parts.spec,
    rows: parts.rows,
    csvRows: parts.csvRows ?? parts.rows,
    csvColumns: parts.csvColumns.map(({ key, header }) => ({ key, header })),
    columns: parts.columns as readonly Column<Record<string, unknown>>[],
    table: tableCells(parts.columns, parts.rows),
    tableText,
    text: [title, ...subtitle, tableText].join('\n'),
    ...(parts.details ? { details: parts.details } : {}),
  };
}

function subtitleOf(spec: TopLevelSpec): string[] {
  const title = spec.title as { subtitle?: string | string[] } | string | undefined;
  const subtitle = typeof title === 'object' ? title.subtitle : undefined;
  return subtitle === undefined ? [] : Array.isArray(subtitle) ? subtitle : [subtitle];
}

function titleOf(spec: TopLevelSpec): string {
  const title = spec.title as string | { text?: string | string[] } | undefined;
  const text = typeof title === 'string' ? title : title?.text;
  return Array.isArray(text) ? text.join(' ') : (text ?? '');
}

function scoreText(score: number, objective: keyof typeof OBJECTIVE_NAMES): string {
  return objective === 'primary' || objective === 'all'
    ? formatPercent(score)
    : `${score.toFixed(3)}${objective === 'wins' ? ' expected wins' : ''}`;
}

function statedSplitsFinding(
  rows: readonly { split: string; score: number }[],
  objective: keyof typeof OBJECTIVE_NAMES,
): string {
  const [first, second] = rows;
  if (!first) return '';
  if (!second) return `${first.split}: ${scoreText(first.score, objective)}.`;
  const percent = objective === 'primary' || objective === 'all';
  const margin = first.score - second.score;
  const verb = Math.abs(margin) <= 1e-12 ? 'ties with' : 'beats';
  const by = percent ? formatPoints(margin) : `+${margin.toFixed(3)}`;
  return `${first.split} ${verb} ${second.split}: ${scoreText(first.score, objective)} vs ${scoreText(second.score, objective)} (${by})${rows.length > 2 ? `; ${rows.length} splits ranked` : ''}.`;
}

/** A line when target answers fall outside the grid's Challenges or steps: the chart cannot show them. */
function offGrid(rows: readonly TuneRow[], answers: readonly TuneAnswer[]): string[] {
  const key = answers[0]?.solveFor === 'steps' ? 'steps' : 'challenge';
  const shown = new Set(rows.map((r) => r[key]));
  const outside = [...new Set(answers.map((a) => a.nearest[key]).filter((x) => !shown.has(x)))];
  if (outside.length === 0) return [];
  const name = (x: number) => (key === 'challenge' ? challengeName(x) : countOf(x, 'step'));
  return [
    `${outside.map(name).join(', ')} ${outside.length === 1 ? 'lies' : 'lie'} outside the grid above: the chart does not show ${outside.length === 1 ? 'it' : 'them'}.`,
  ];
}

/** "6 steps: C7 (d14) is nearest 60%: 60.7% (C8 (d16): 53.1%)". */
function answerText(answer: TuneAnswer): string {
  const point = (r: { steps: number; challenge: number }) =>
    answer.solveFor === 'challenge' ? challengeName(r.challenge) : countOf(r.steps, 'step');
  const fixed =
    answer.solveFor === 'challenge'
      ? countOf(answer.nearest.steps, 'step')
      : challengeName(answer.nearest.challenge);
  const other = answer.nearest === answer.above ? answer.below : answer.above;
  const side = other
    ? ` (${point(other)}: ${formatPercent(other.winChance)})`
    : answer.below
      ? ' (every point searched is below the target)'
      : ' (every point searched is at or above the target)';
  return `${fixed}: ${point(answer.nearest)} is nearest ${formatExactPercent(answer.target)}: ${formatPercent(answer.nearest.winChance)} with ${answer.nearest.pool}${side}.`;
}

/**
 * Ordinary competence in every system, and how steep each is there: the change in P(full
 * success) and P(failure) per point of competence, averaged over the points either side.
 */
function compareFindings(
  rows: readonly SystemCompareRow[],
  context: CompareChartContext,
): string[] {
  const systems = [...new Set(rows.map((r) => r.system))];
  const at = (system: string, position: number) =>
    rows.find((r) => r.system === system && r.position === position);
  const ordinary = systems.flatMap((system) => {
    const r = at(system, 0);
    return r
      ? [
          `${systemName(r.system, context).split(':')[0]} (${r.level}) ${formatPercent(r.full)} / ${formatPercent(r.partial)} / ${formatPercent(r.failure)}`,
        ]
      : [];
  });
  const slopes = systems.flatMap((system) => {
    const below = at(system, -1) ?? at(system, 0);
    const above = at(system, 1) ?? at(system, 0);
    if (!below || !above || below === above) return [];
    const points = above.position - below.position;
    return [
      {
        name: systemName(system, context).split(':')[0]!,
        full: (above.full - below.full) / points,
        failure: (above.failure - below.failure) / points,
      },
    ];
  });
  slopes.sort((a, b) => b.full - a.full);
  return [
    `At ordinary competence (full / partial / failure): ${ordinary.join('; ')}.`,
    `Per point of competence around ordinary, full success moves ${slopes.map((s) => `${formatPoints(s.full)} (${s.name})`).join(', ')}; failure ${slopes.map((s) => `${formatPoints(s.failure)} (${s.name})`).join(', ')}.`,
  ];
}
