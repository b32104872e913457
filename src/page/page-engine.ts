import { type FightCurveRow, fightCurveRows } from '../systems/zidara/analyses/fight-curves.ts';
import { compareSplits, type SplitRow, splits } from '../systems/zidara/analyses/splits.ts';
import {
  type Fight,
  FightPlan,
  type FightRound,
  fightOdds,
  parseFight,
} from '../systems/zidara/fight/fight.ts';
import { splitsOfPool } from '../systems/zidara/roll/split.ts';
import type { FightQuestion, SplitsQuestion } from './page-questions.ts';

/**
 * What the page's worker runs: each question handed to the library as it is, nothing computed
 * here. Pure (no DOM, no worker API), so Node runs it too.
 */

/**
 * The ranked splits of a Best split question: `splits` over the legal pools of the steps, or
 * `compareSplits` over every split of a set pool into the allowed intent counts.
 * @example rankSplits({ steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins', setup: {} })[0].split
 */
export function rankSplits(question: SplitsQuestion): SplitRow[] {
  const options = {
    ...question.setup,
    challenge: question.challenge,
    objective: question.objective,
  };
  if (question.pool) return compareSplits(splitsOfPool(question.pool, question.intents), options);
  return splits({
    ...options,
    // Without a pool the question has steps; `splits` says so if not.
    steps: question.steps as number,
    ...(question.actions === undefined ? {} : { actions: question.actions }),
    intents: question.intents,
  });
}

/** How far a fight's solve has got: round choices made, of at most `of`. */
export interface FightProgress {
  readonly done: number;
  readonly of: number;
}

/** A solved fight: the curve rows (round by round) and its other figures. */
export interface FightAnswer {
  readonly rows: FightCurveRow[];
  readonly pNotWon: number;
  /** P(the last tag falls in round n), index 0 is round 1. */
  readonly roundsToWin: readonly number[];
  readonly auraAtStart: readonly number[];
  readonly resolveAtStart: readonly number[];
  /** Round choices the solve made (one exact solve per candidate split each). */
  readonly states: number;
}

/**
 * Solves a fight exactly (`fightOdds`), telling `progress` how many round choices of the most
 * it may need are made, at most every `everyMs` milliseconds. Seconds for whole-fight play.
 * @example solveFight({ challenge: 3, tags: 1, pool: [8], titles: 0, maxRounds: 2, fightPolicy: 'per-roll', auraMax: 0, boostsPerRoll: 1, tieBreak: true, explode: false, auraGainUsableSameRoll: true, auraValue: 0, resolveValue: 0 }).rows.length // 2
 */
export function solveFight(
  question: FightQuestion,
  progress: (p: FightProgress) => void = () => {},
  everyMs = 100,
): FightAnswer {
  const fight = parseFight(question);
  const plan = new CountingPlan(fight, progress, everyMs);
  const odds = fightOdds(fight, plan);
  progress({ done: plan.states, of: plan.states });
  return {
    rows: fightCurveRows(fight, odds),
    pNotWon: odds.pNotWon,
    roundsToWin: odds.roundsToWin,
    auraAtStart: odds.auraAtStart,
    resolveAtStart: odds.resolveAtStart,
    states: plan.states,
  };
}

/** A fight plan that counts the round choices it makes, for a progress bar. */
class CountingPlan extends FightPlan {
  private readonly seen = new Set<string>();
  private readonly most: number;
  private readonly progress: (p: FightProgress) => void;
  private readonly everyMs: number;
  private last = 0;

  constructor(fight: Fight, progress: (p: FightProgress) => void, everyMs: number) {
    super(fight);
    this.progress = progress;
    this.everyMs = everyMs;
    // Whole-fight play chooses afresh for every number of rounds left.
    this.most = this.stateCount * (fight.fightPolicy === 'whole-fight' ? fight.maxRounds : 1);
  }

  get states(): number {
    return this.seen.size;
  }

  override round(tags: number, aura: number, resolve: number, roundsLeft = 1): FightRound {
    const whole = this.fight.fightPolicy === 'whole-fight';
    const key = `${whole ? roundsLeft : 0},${tags},${aura},${resolve}`;
    if (!this.seen.has(key)) {
      this.seen.add(key);
      const now = performance.now();
      if (now - this.last >= this.everyMs) {
        this.last = now;
        this.progress({ done: this.seen.size - 1, of: this.most });
      }
    }
    return super.round(tags, aura, resolve, roundsLeft);
  }
}
