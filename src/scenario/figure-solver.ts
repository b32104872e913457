import { shortOfCertain } from '../format/format-percent.ts';
import { InputError } from '../input/input-error.ts';
import { runAnalysis } from '../systems/run-analysis.ts';
import { type CheckAnswer, checkFigure } from '../systems/system.ts';
import { CHECK_SYSTEMS } from '../systems/systems.ts';
import { fightRounds } from '../systems/zidara/analyses/fight-rounds.ts';
import { tuneRows } from '../systems/zidara/analyses/tune.ts';
import type { RollOdds } from '../systems/zidara/engine/roll-play.ts';
import {
  type Fight,
  type FightOdds,
  fightOdds,
  meanRoundsToWin,
} from '../systems/zidara/fight/fight.ts';
import { parseSplit, type Split } from '../systems/zidara/roll/split.ts';
import { splitOdds } from '../systems/zidara/roll/split-roll.ts';
import { ANALYSIS_TABLES, type ScenarioAnalysisName } from './figure-catalogue.ts';
import type { PlannedAnalysis } from './plan-analysis.ts';
import type { FigureRef, FigureSpec } from './resolve-figure.ts';

/** One row of an analysis' table, every figure raw. */
export type AnalysisRow = Readonly<Record<string, unknown>>;

/**
 * Computes exact figures, each solve done once per run: roll odds by setup, fights by spec,
 * analyses by key. One instance per check run (its caches grow with the figures asked for).
 */
export class FigureSolver {
  private readonly odds = new Map<string, RollOdds>();
  private readonly splits = new Map<string, Split>();
  private readonly fights = new Map<string, FightOdds>();
  private readonly tables = new Map<string, readonly AnalysisRow[]>();
  private readonly answers = new Map<string, CheckAnswer>();

  /** Runs an analysis (once) and returns its rows. Takes what the analysis takes. */
  rows(analysis: PlannedAnalysis): readonly AnalysisRow[] {
    let rows = this.tables.get(analysis.key);
    if (!rows) {
      rows =
        analysis.table === 'fight'
          ? fightRounds(this.fight(analysis.fight))
          : runAnalysis(analysis.job).rows;
      this.tables.set(analysis.key, rows);
    }
    return rows;
  }

  /** The rows an analysis already produced (undefined before {@link rows} ran it). */
  rowsOf(key: string): readonly AnalysisRow[] | undefined {
    return this.tables.get(key);
  }

  /** The split a roll figure rolls: the stated one, or the pool its rule picks (a few solves). */
  split(spec: Extract<FigureSpec, { kind: 'roll' }>): Split {
    if ('split' in spec.dice) return spec.dice.split;
    const key = JSON.stringify([spec.dice, spec.challenge, spec.setup]);
    let split = this.splits.get(key);
    if (!split) {
      const [row] = tuneRows({
        ...spec.setup,
        steps: [spec.dice.steps],
        challenges: [spec.challenge],
        // The natural pool is the steps' unsplit dice: actions shape only the best rule's.
        ...(spec.dice.pool === 'natural' ? {} : { actions: spec.dice.actions }),
        pool: spec.dice.pool,
      });
      split = parseSplit(row!.pool);
      this.splits.set(key, split);
    }
    return split;
  }

  /** The exact odds of a roll figure's roll. */
  rollOdds(spec: Extract<FigureSpec, { kind: 'roll' }>): RollOdds {
    const split = this.split(spec);
    const key = JSON.stringify([split, spec.challenge, spec.setup]);
    let odds = this.odds.get(key);
    if (!odds) {
      odds = splitOdds(split, spec.challenge, spec.setup);
      this.odds.set(key, odds);
    }
    return odds;
  }

  /** A fight solved exactly (the Markov chain over tags, Aura and Resolve). */
  fight(fight: Fight): FightOdds {
    const key = JSON.stringify(fight.spec);
    let odds = this.fights.get(key);
    if (!odds) {
      odds = fightOdds(fight);
      this.fights.set(key, odds);
    }
    return odds;
  }

  /**
   * The exact value of a roll or fight figure, or of an analysis cell (`analyses` finds the
   * planned analysis by key). @throws InputError (no field) when a cell is not in its table or a
   * figure has no value (a mean over fights never won).
   */
  exact(ref: FigureRef, analyses: ReadonlyMap<string, PlannedAnalysis>): number {
    const spec = ref.spec;
    switch (spec.kind) {
      case 'roll': {
        const odds = this.rollOdds(spec);
        const values: Partial<Record<string, number>> = {
          winChance: odds.pAllWin,
          mainWinChance: odds.intents[0]!.pWin,
          expectedWins: odds.expectedWins,
          auraGained: odds.expectedAuraGained,
          auraEnd: odds.expectedAuraEnd,
          auraShared: odds.expectedAuraShared,
          resolveEnd: odds.expectedResolveEnd,
          expectedUtility: odds.expectedUtility,
        };
        return values[ref.figure]!;
      }
      case 'fight': {
        const odds = this.fight(spec.fight);
        // Short of certain while the threat may still stand after the round, though the float
        // sum reached 1: a check never reads "100%" of a fight that may go on.
        if (ref.figure === 'fallsWithin')
          return shortOfCertain(
            odds.pWinWithin[spec.rounds - 1]!,
            odds.pReached[spec.rounds] ?? odds.pNotWon,
          );
        const mean = meanRoundsToWin(odds);
        if (mean === undefined)
          throw new InputError(
            'no fight is ever won within maxRounds, so it has no mean rounds to win',
          );
        return mean;
      }
      case 'cell': {
        const analysis = analyses.get(spec.analysis)!;
        const [row] = selectRows(this.rows(analysis), spec.table, spec.select, true);
        return cellValue(row!, ref.figure, spec.table);
      }
      case 'check': {
        const answer = this.checkAnswer(spec);
        const value = checkFigure(answer, ref.figure);
        // Planning refuses a figure the check never has (`figuresOf`): this is a declaration's slip.
        if (value === undefined)
          throw new InputError(
            `this ${spec.system} check has no ${ref.figure} (its figures: ${answerFigures(answer).join(', ')})`,
          );
        return value;
      }
    }
  }

  /** The exact answer of another system's check (what its `odds --json` prints), solved once. */
  checkAnswer(spec: Extract<FigureSpec, { kind: 'check' }>): CheckAnswer {
    const key = JSON.stringify([spec.system, spec.check]);
    let answer = this.answers.get(key);
    if (!answer) {
      answer = CHECK_SYSTEMS[spec.system].answer(spec.check) as CheckAnswer;
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/** The figures an exact answer has: its outcomes, then its top-level numbers. */
function answerFigures(answer: CheckAnswer): string[] {
  return [
    ...answer.outcomes.map((o) => o.name),
    ...Object.entries(answer)
      .filter(([, v]) => typeof v === 'number')
      .map(([k]) => k),
  ];
}

/**
 * The rows of a table that match a selection (row fields and values). A rerolls table's
 * selection without `rerolls` means the optimum (`any`). With `one`, exactly one row must match
 * (rows alike in every key, as two threats of one Challenge give, are that one row).
 * @throws InputError naming the rows there are, when the selection does not fit.
 */
export function selectRows(
  rows: readonly AnalysisRow[],
  table: ScenarioAnalysisName,
  select: Readonly<Record<string, string | number>>,
  one: boolean,
): readonly AnalysisRow[] {
  const wanted =
    table === 'rerolls' && select.rerolls === undefined ? { ...select, rerolls: 'any' } : select;
  const found = rows.filter((row) => Object.entries(wanted).every(([k, v]) => row[k] === v));
  const shown = Object.entries(wanted)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  if (found.length === 0) {
    const keys = ANALYSIS_TABLES[table].keys;
    const some = rows
      .slice(0, 6)
      .map((r) =>
        keys
          .filter((k) => r[k] !== undefined)
          .map((k) => `${k} ${r[k]}`)
          .join(', '),
      )
      .join('; ');
    throw new InputError(
      `no row of the analysis has ${shown || 'every field'} (its rows include: ${some}${rows.length > 6 ? '; …' : ''})`,
    );
  }
  if (one && found.length > 1) {
    // Rows alike in every key are one figure twice (two threats of one Challenge in `vs`).
    const keys = ANALYSIS_TABLES[table].keys.filter((k) =>
      found.some((row) => row[k] !== found[0]![k]),
    );
    if (keys.length === 0) return found.slice(0, 1);
    throw new InputError(
      `${found.length} rows of the analysis have ${shown || 'every field'}: pick one with ${keys.join(' or ')}`,
    );
  }
  return found;
}

/** A cell as a number (a flag is 1 or 0). @throws InputError for an empty cell (a first gain). */
export function cellValue(row: AnalysisRow, figure: string, table: ScenarioAnalysisName): number {
  const value = row[figure];
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new InputError(
      `the ${table} row has no ${figure}${figure === 'gain' ? ' (the first row of each line gains over nothing)' : ''}`,
    );
  return value;
}

/** The key of a row's cell in the baseline: "winChance of tune-grid [steps 6, challenge 3]". */
export function cellKey(
  analysis: string,
  table: ScenarioAnalysisName,
  row: AnalysisRow,
  figure: string,
): string {
  const keys = ANALYSIS_TABLES[table].keys.filter((k) => row[k] !== undefined);
  const shown = keys
    .filter((k) => !(table === 'advantage' && k === 'dice'))
    .map((k) => `${k} ${row[k]}`)
    .join(', ');
  return `${figure} of ${analysis} [${shown}]`;
}
