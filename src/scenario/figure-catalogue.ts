import type { AnalysisName } from '../systems/analyses.ts';
import { FISHING_WHAT_IF } from '../systems/zidara/analyses/fishing.ts';
import { SPLIT_ROW_FIGURES } from '../systems/zidara/analyses/splits.ts';
import type { Analysis, FigureName } from './schema.ts';

/** What a figure is computed from: one roll, a fight, or a cell of an analysis' table. */
export type FigureKind = 'roll' | 'fight' | 'cell';

/**
 * How a figure is read and shown: a chance (0..1, shown as a percentage; differences in
 * percentage points), a gain (a difference of chances, in points), a plain number (expected
 * wins, a rank, rounds), or a yes/no flag (1/0).
 */
export type FigureUnit = 'chance' | 'points' | 'number' | 'flag';

/** One figure of the catalogue: where it comes from and what it means. */
export interface FigureInfo {
  readonly kind: FigureKind;
  readonly unit: FigureUnit;
  /** The simulator can estimate it (with a count or a mean behind it). */
  readonly simulated: boolean;
  readonly meaning: string;
}

/** The figures of one roll (`of: { character, action, vs }`) and of a fight. */
export const ROLL_AND_FIGHT_FIGURES: Readonly<Partial<Record<FigureName, FigureInfo>>> = {
  winChance: {
    kind: 'roll',
    unit: 'chance',
    simulated: true,
    meaning: 'P(every intent of the roll is won); for one intent, its win chance',
  },
  mainWinChance: {
    kind: 'roll',
    unit: 'chance',
    simulated: true,
    meaning: 'P(the main intent, the one with the largest die, is won)',
  },
  expectedWins: {
    kind: 'roll',
    unit: 'number',
    simulated: true,
    meaning: 'expected number of intents won',
  },
  auraGained: {
    kind: 'roll',
    unit: 'number',
    simulated: false,
    meaning: 'expected top faces rolled (Aura gained, before the cap)',
  },
  auraEnd: { kind: 'roll', unit: 'number', simulated: false, meaning: 'expected Aura at the end' },
  auraShared: {
    kind: 'roll',
    unit: 'number',
    simulated: false,
    meaning: 'expected Aura past the cap, given to a friend',
  },
  resolveEnd: {
    kind: 'roll',
    unit: 'number',
    simulated: false,
    meaning: 'expected Resolve left at the end',
  },
  expectedUtility: {
    kind: 'roll',
    unit: 'number',
    simulated: false,
    meaning: "the optimal play's expected utility",
  },
  fallsWithin: {
    kind: 'fight',
    unit: 'chance',
    simulated: true,
    meaning: 'P(the threat loses its last tag within `rounds` rounds)',
  },
  meanRoundsToWin: {
    kind: 'fight',
    unit: 'number',
    simulated: true,
    meaning: 'expected rounds to win, among the fights won within maxRounds',
  },
};

/** The analyses a scenario can run, by their names in a scenario file (`analysis: fight`). */
export type ScenarioAnalysisName = Analysis['analysis'];

/** An analysis' table as a scenario reads it: its row keys, figures and recorded figures. */
export interface AnalysisTable {
  /** The row fields that pick a row (`of: { analysis, split: "d8 | d8" }`). */
  readonly keys: readonly string[];
  /** The figures (numeric columns) an expectation may judge, with their units. */
  readonly figures: Readonly<Partial<Record<FigureName, FigureUnit>>>;
  /** The figures every row records in the baseline. */
  readonly recorded: readonly FigureName[];
  /** The analysis a job of it runs, when not named as in the file (`fight`: `fight-curves`). */
  readonly analysis?: AnalysisName;
}

/**
 * Each analysis' table, by its name in a scenario file. Kept here, beside the scenario's other
 * figures, not in the analyses' declarations: the offline page reads scenario files, and the
 * declarations would bring every analysis' code into it (about 100 kB). The units its What if
 * compares are the What if's (plain constants, which bring no code).
 */
export const ANALYSIS_TABLES: Readonly<Record<ScenarioAnalysisName, AnalysisTable>> = {
  splits: {
    keys: ['split'],
    figures: SPLIT_ROW_FIGURES,
    recorded: ['score'],
  },
  'stated-splits': {
    keys: ['split'],
    figures: SPLIT_ROW_FIGURES,
    recorded: ['score'],
  },
  advantage: {
    keys: ['stack', 'dice', 'challenge'],
    figures: { winChance: 'chance', gain: 'points', auraGained: 'number' },
    recorded: ['winChance'],
  },
  fishing: {
    keys: ['split'],
    figures: { ...FISHING_WHAT_IF.figures, frontier: 'flag' },
    recorded: ['mainWin', 'auraGained'],
  },
  rerolls: {
    keys: ['challenge', 'resolve', 'rerolls'],
    figures: { winChance: 'chance', gain: 'points', resolveEnd: 'number' },
    recorded: ['winChance'],
  },
  tune: {
    keys: ['steps', 'challenge'],
    figures: { winChance: 'chance' },
    recorded: ['winChance'],
  },
  fight: {
    analysis: 'fight-curves',
    keys: ['round'],
    figures: {
      fallsWithin: 'chance',
      wonInRound: 'chance',
      reached: 'chance',
      auraAtStart: 'number',
      resolveAtStart: 'number',
      auraSpent: 'number',
      resolveSpent: 'number',
    },
    recorded: ['fallsWithin'],
  },
};

/** The analysis a scenario's `analysis: <name>` runs (`fight` is `fight-curves`). */
export function analysisOfScenario(name: ScenarioAnalysisName): AnalysisName {
  return ANALYSIS_TABLES[name].analysis ?? (name as AnalysisName);
}

/** The `of` fields that pick a row: the table's keys, plus `vs` standing for `challenge`. */
export function rowFieldsOf(analysis: ScenarioAnalysisName): readonly string[] {
  const keys = ANALYSIS_TABLES[analysis].keys;
  return keys.includes('challenge') ? [...keys, 'vs'] : keys;
}
