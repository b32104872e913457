import { type AnalysisName, SCENARIO_ANALYSES } from '../systems/analyses.ts';
import type { ScenarioTable, TableUnit } from '../systems/analysis-declaration.ts';
import type { Analysis, FigureName } from './schema.ts';

/** What a figure is computed from: one roll, a fight, or a cell of an analysis' table. */
export type FigureKind = 'roll' | 'fight' | 'cell';

/** How a figure is read and shown (see `TableUnit`: a chance, points, a number or a flag). */
export type FigureUnit = TableUnit;

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

/** An analysis' table as a scenario reads it (see `ScenarioTable`), its figures named. */
export interface AnalysisTable extends ScenarioTable {
  readonly figures: Readonly<Partial<Record<FigureName, FigureUnit>>>;
  readonly recorded: readonly FigureName[];
}

/**
 * Each analysis' table, by its name in a scenario file: the `scenario` of every declaration in
 * `ANALYSES` (the row fields that pick a row, the figures an expectation may judge, and the
 * figure every row records in the baseline).
 */
export const ANALYSIS_TABLES = Object.fromEntries(
  SCENARIO_ANALYSES.map(({ name, table }) => [name, table]),
) as Readonly<Record<ScenarioAnalysisName, AnalysisTable>>;

/** The analysis a scenario's `analysis: <name>` runs (`fight` is `fight-curves`). */
export function analysisOfScenario(name: ScenarioAnalysisName): AnalysisName {
  return SCENARIO_ANALYSES.find((a) => a.name === name)!.analysis;
}

/** The `of` fields that pick a row: the table's keys, plus `vs` standing for `challenge`. */
export function rowFieldsOf(analysis: ScenarioAnalysisName): readonly string[] {
  const keys = ANALYSIS_TABLES[analysis].keys;
  return keys.includes('challenge') ? [...keys, 'vs'] : keys;
}
