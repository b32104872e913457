import { number } from '../input/field-schemas.ts';
import { parseSpec } from '../input/issue-messages.ts';
import {
  type CompareSystemsOptions,
  compareSystems,
  compareSystemsOptionsSchema,
  type SystemCompareRow,
} from './compare.ts';
import {
  type AdvantageOptions,
  type AdvantageRow,
  advantage,
  advantageOptionsSchema,
} from './zidara/analyses/advantage.ts';
import {
  type FightCurveRow,
  type FightCurvesOptions,
  fightCurves,
  fightCurvesOptionsSchema,
} from './zidara/analyses/fight-curves.ts';
import {
  type FishingOptions,
  type FishingRow,
  fishing,
  fishingOptionsSchema,
} from './zidara/analyses/fishing.ts';
import {
  type RerollRow,
  type RerollsOptions,
  rerolls,
  rerollsOptionsSchema,
} from './zidara/analyses/rerolls.ts';
import {
  type CompareSplitsOptions,
  compareSplits,
  compareSplitsOptionsSchema,
  type SplitRow,
  type SplitsOptions,
  splits,
  splitsOptionsSchema,
} from './zidara/analyses/splits.ts';
import {
  type TuneAnswer,
  type TuneOptions,
  type TuneRow,
  type TuneTargets,
  tuneGrid,
  tuneOptionsSchema,
  tuneTargets,
} from './zidara/analyses/tune.ts';
import { parseFight } from './zidara/fight/fight.ts';
import { stepsToDice } from './zidara/roll/pool.ts';
import { formatSplit, parseSplit, type Split } from './zidara/roll/split.ts';
import { type RollSetup, splitRoll } from './zidara/roll/split-roll.ts';

/** Each analysis: its options, the rest of its job, its rows and the rest of its result. */
interface Analyses {
  splits: {
    options: SplitsOptions;
    /** Keep only the best rows. */
    job: { readonly top?: number };
    row: SplitRow;
    /** How many splits were ranked (the rows may be only the best `top` of them). */
    result: { readonly total: number };
  };
  compare: {
    options: CompareSplitsOptions;
    /** Splits in the notation ("d12", "d6+d6", "d8 | d4"). */
    job: { readonly splits: readonly string[] };
    row: SplitRow;
    /** The splits as the job states them, in canonical notation and the job's order. */
    result: { readonly asked: readonly string[] };
  };
  advantage: { options: AdvantageOptions; job: unknown; row: AdvantageRow; result: unknown };
  fishing: { options: FishingOptions; job: unknown; row: FishingRow; result: unknown };
  rerolls: { options: RerollsOptions; job: unknown; row: RerollRow; result: unknown };
  fights: { options: FightCurvesOptions; job: unknown; row: FightCurveRow; result: unknown };
  tune: {
    options: TuneOptions;
    /** Also solve for a target win chance (see {@link tuneTargets}). */
    job: { readonly target?: TuneTargets };
    row: TuneRow;
    /** With a target: where it falls, for each step count (or Challenge) of the grid. */
    result: { readonly answers: readonly TuneAnswer[] };
  };
  /** The five systems side by side (`dicelab compare`). */
  'compare-systems': {
    options: CompareSystemsOptions;
    job: unknown;
    row: SystemCompareRow;
    result: unknown;
  };
}

type Job<A extends keyof Analyses> = {
  readonly analysis: A;
  readonly name: string;
  readonly options: Analyses[A]['options'];
} & Analyses[A]['job'];

/**
 * One analysis to run, with its parameters: what `dicelab zidara <analysis>` builds from its
 * flags, what the built-in report lists, and what a scenario file declares. `name` names its
 * outputs (`<name>.csv`, `.vl.json`, `.svg`, `.png`).
 */
export type AnalysisJob = { [A in keyof Analyses]: Job<A> }[keyof Analyses];

/** What an analysis computed: its job, its rows (every figure raw) and what else it found. */
export type AnalysisResult = {
  [A in keyof Analyses]: {
    readonly analysis: A;
    readonly job: Job<A>;
    readonly rows: readonly Analyses[A]['row'][];
  } & Analyses[A]['result'];
}[keyof Analyses];

/**
 * Runs one analysis: its rows, every figure exact and raw, and what else it found (the splits
 * ranked, the tune's target answers). Pure; bad parameters throw an InputError naming the
 * option before anything is solved. Takes what its analysis takes (milliseconds to seconds).
 * @example runAnalysis({ analysis: 'compare', name: 'x', splits: ['d12', 'd6+d6'], options: { challenge: 3 } }).rows[0].split // "d6+d6"
 */
export function runAnalysis(job: AnalysisJob): AnalysisResult {
  switch (job.analysis) {
    case 'splits': {
      const ranked = splits(job.options);
      const rows = job.top === undefined ? ranked : ranked.slice(0, job.top);
      return { analysis: job.analysis, job, rows, total: ranked.length };
    }
    case 'compare': {
      const candidates = job.splits.map((text, i) => parseSplit(text, `splits[${i}]`));
      const rows = compareSplits(candidates, job.options);
      return { analysis: job.analysis, job, rows, asked: candidates.map(formatSplit) };
    }
    case 'advantage':
      return { analysis: job.analysis, job, rows: advantage(job.options) };
    case 'fishing':
      return { analysis: job.analysis, job, rows: fishing(job.options) };
    case 'rerolls':
      return { analysis: job.analysis, job, rows: rerolls(job.options) };
    case 'fights':
      return { analysis: job.analysis, job, rows: fightCurves(job.options) };
    case 'tune': {
      const rows = tuneGrid(job.options);
      const answers = job.target ? tuneTargets(job.options, rows, job.target) : [];
      return { analysis: job.analysis, job, rows, answers };
    }
    case 'compare-systems':
      return { analysis: job.analysis, job, rows: compareSystems(job.options) };
  }
}

/**
 * Checks a job's parameters without solving anything: every option as its analysis reads it,
 * the splits' notation, and one sample roll (or fight) of its setup, so that a problem is named
 * before any work. Well under a millisecond.
 * @throws InputError naming the option ("stacks[1][0]", "challenges", "auraMax", …).
 * @example checkAnalysis({ analysis: 'advantage', name: 'a', options: { most: 13 } }) // throws "most: 13 is not allowed (expected an integer from 1 to 12)"
 */
export function checkAnalysis(job: AnalysisJob): void {
  const sample = (setup: RollSetup, challenge: number, split: Split) =>
    splitRoll(split, challenge, setup);
  switch (job.analysis) {
    case 'splits': {
      const o = parseSpec(splitsOptionsSchema, job.options);
      sample(job.options, o.challenge, [stepsToDice(o.steps)]);
      return;
    }
    case 'compare': {
      const o = parseSpec(compareSplitsOptionsSchema, job.options);
      const candidates = job.splits.map((text, i) => parseSplit(text, `splits[${i}]`));
      sample(job.options, o.challenge, candidates[0] ?? [[6]]);
      return;
    }
    case 'advantage': {
      const o = parseSpec(advantageOptionsSchema, job.options);
      sample(job.options, o.challenges?.[0] ?? 1, [o.stacks?.[0] ?? [o.sides ?? 6]]);
      return;
    }
    case 'fishing': {
      const o = parseSpec(fishingOptionsSchema, job.options);
      sample(job.options, o.challenge, [stepsToDice(o.steps)]);
      return;
    }
    case 'rerolls': {
      const o = parseSpec(rerollsOptionsSchema, job.options);
      const { resolve: _resolve, ...setup } = job.options;
      sample(setup, o.challenges?.[0] ?? 1, o.split ?? [[8]]);
      return;
    }
    case 'fights': {
      const o = parseSpec(fightCurvesOptionsSchema, job.options);
      const { tags: _tags, challenges: _challenges, ...fight } = job.options;
      parseFight({ ...fight, challenge: o.challenges?.[0] ?? 1, tags: o.tags?.[0] ?? 1 });
      return;
    }
    case 'tune':
      parseSpec(tuneOptionsSchema, job.options);
      if (job.target) parseSpec(number(0), job.target.winChance, 'target');
      sample(job.options, 1, [[6]]);
      return;
    case 'compare-systems':
      parseSpec(compareSystemsOptionsSchema, job.options);
      return;
  }
}
