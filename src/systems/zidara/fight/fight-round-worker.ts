import type { RollOdds } from '../engine/roll-play.ts';
import type { SolvePrograms } from '../engine/solve-program.ts';
import type { Roll } from '../roll/spec.ts';
import {
  type Fight,
  fightPrograms,
  parseFight,
  type RoundOddsSolve,
  RoundSolve,
  type RoundStart,
  solveRoundOdds,
  worthFromTable,
} from './fight.ts';

/** A worker thread's share of one round of a whole fight (see fight-on-threads.ts). */
export interface RoundTask {
  /** The fight as its JSON spec (`Fight.spec`). */
  readonly spec: Readonly<Record<string, unknown>>;
  readonly tagCounts: readonly number[];
  readonly starts: readonly RoundStart[];
  /** P(win within the rounds after this one), by (tags 0…T, Aura, Resolve): see `FightPlan.winTable`. */
  readonly after: Float64Array;
  /** The candidates of the round (see `RoundSolve.candidates`) this worker solves. */
  readonly indices: readonly number[];
}

/** Each worker's fights (parsed once), their candidates' rolls and recorded solves, by spec. */
const fights = new Map<
  string,
  { fight: Fight; rolls: Map<string, Roll>; programs: SolvePrograms }
>();

/**
 * What a worker is asked (see fight-on-threads.ts): its share of a round's candidates, or a
 * solve of the figures of some rounds.
 */
export type FightTask = { readonly round: RoundTask } | { readonly odds: RoundOddsSolve };

/**
 * The worker's entry (piscina calls the default export): a round's candidates' utilities, in
 * order, or a solve's figures.
 */
export default function solveFightTask(task: FightTask): Float64Array[] | RollOdds[] {
  return 'odds' in task ? solveRoundOdds(task.odds) : solveCandidates(task.round);
}

/** A worker's share of a round: the candidates' utilities, in order. */
function solveCandidates(task: RoundTask): Float64Array[] {
  const key = JSON.stringify(task.spec);
  let entry = fights.get(key);
  if (!entry) {
    const fight = parseFight(task.spec);
    entry = { fight, rolls: new Map(), programs: fightPrograms(fight) };
    fights.set(key, entry);
  }
  const { fight, rolls, programs } = entry;
  const round = new RoundSolve(
    fight,
    task.tagCounts,
    task.starts,
    worthFromTable(fight, task.after),
    rolls,
    programs,
  );
  return task.indices.map((k) => round.utilities(k));
}
