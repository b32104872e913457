import { type FightCurveRow, fightCurveRows } from '../systems/zidara/analyses/fight-curves.ts';
import {
  rankSplitRows,
  rankStatedSplits,
  type ScoredSplit,
  SPLITS_DEFAULTS,
  type SplitRow,
  scoreSplitRows,
  splitCandidates,
  splitsRunStates,
} from '../systems/zidara/analyses/splits.ts';
import { WHAT_IF_SHAPES, type WhatIfRow, whatIfPairs } from '../systems/zidara/analyses/what-if.ts';
import {
  ADVICE_FIGURE_NAMES,
  type Advice,
  type AdvisedAction,
  actionName,
  adviceSentence,
  advise,
  parseAdviceRequest,
  spendsSentence,
} from '../systems/zidara/engine/advise.ts';
import { utilityIsWins } from '../systems/zidara/engine/roll-play.ts';
import {
  type Fight,
  FightPlan,
  type FightRound,
  fightOdds,
  parseFight,
} from '../systems/zidara/fight/fight.ts';
import { legalPools } from '../systems/zidara/roll/pool.ts';
import { ROLL_LIMITS, rollToSpec } from '../systems/zidara/roll/spec.ts';
import { parseSplit, splitsOfPool } from '../systems/zidara/roll/split.ts';
import { countSplitsOfPool } from '../systems/zidara/roll/split-count.ts';
import { splitRoll } from '../systems/zidara/roll/split-roll.ts';
import type {
  AdviceQuestion,
  FightQuestion,
  SplitsQuestion,
  WhatIfQuestion,
} from './page-questions.ts';

/**
 * What the page's worker runs: each question handed to the library as it is, nothing computed
 * here. Pure (no DOM, no worker API), so Node runs it too.
 */

/**
 * The ranked splits of a Best split question: `splits` over the legal pools of the steps, or
 * `rankStatedSplits` over every split of a set pool into the allowed intent counts.
 * @example rankSplits({ steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins', setup: {} })[0].split // "d8 | d8"
 */
export function rankSplits(question: SplitsQuestion): SplitRow[] {
  return mergeSplitShares([scoreSplitsShare(question, WHOLE)]);
}

/** A worker's part of a question's candidates: those whose index is `index` modulo `of`. */
export interface Share {
  readonly index: number;
  readonly of: number;
}

/** The whole question, as one worker answers it. */
export const WHOLE: Share = { index: 0, of: 1 };

/**
 * A share of a Best split question's candidates, scored (in the candidates' order, not
 * ranked): what one of several workers answers. Every split is solved alone, so its figures
 * are the ones `splits` gives; {@link mergeSplitShares} ranks the shares as one list.
 * @example scoreSplitsShare({ steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins', setup: {} }, { index: 1, of: 2 }).length // 11 (of 23 splits: the second, fourth, …)
 */
export function scoreSplitsShare(
  question: SplitsQuestion,
  share: Share,
  progress: (p: FightProgress) => void = () => {},
): ScoredSplit[] {
  const options = {
    ...question.setup,
    challenge: question.challenge,
    objective: question.objective,
  };
  const candidates = question.pool
    ? splitsOfPool(question.pool, question.intents)
    : splitCandidates({
        ...options,
        // Without a pool the question has steps; `splitCandidates` says so if not.
        steps: question.steps as number,
        ...(question.actions === undefined ? {} : { actions: question.actions }),
        intents: question.intents,
      });
  // No split at all is refused with rankStatedSplits' message.
  if (candidates.length === 0) return rankStatedSplits(candidates, options);
  // A split past the exact engine's bounds, or a run past the CLI's bound on work, is refused
  // before any share solves one.
  splitsRunStates(candidates, options, 'intents');
  const mine = candidates.filter((_, i) => i % share.of === share.index);
  // In chunks, saying how far it is between them (not after the last: the answer follows at
  // once, and a report would only cost the page a render): each split is solved alone, so a
  // chunk's figures are the ones one call for all of them gives.
  const scored: ScoredSplit[] = [];
  for (let at = 0; at < mine.length; at += PROGRESS_CHUNK) {
    scored.push(...scoreSplitRows(mine.slice(at, at + PROGRESS_CHUNK), options));
    if (scored.length < mine.length) progress({ done: scored.length, of: mine.length });
  }
  return scored;
}

/** Splits scored between two progress reports (a few tenths of a second of work at most). */
const PROGRESS_CHUNK = 200;

/**
 * How many splits a Best split question ranks (what {@link scoreSplitsShare} solves, all
 * shares together), counted without listing them; past `stopAbove`, some number above it.
 * @example splitsQuestionSize({ steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins', setup: {} }) // 23
 */
export function splitsQuestionSize(
  question: Pick<SplitsQuestion, 'steps' | 'actions' | 'pool' | 'intents'>,
  stopAbove = Number.POSITIVE_INFINITY,
): number {
  if (question.pool) return countSplitsOfPool(question.pool, question.intents, stopAbove);
  let total = 0;
  for (const pool of legalPools(
    question.steps as number,
    question.actions ?? SPLITS_DEFAULTS.actions,
  )) {
    // The pools splitCandidates leaves out: more dice than a roll takes.
    if (pool.length > ROLL_LIMITS.dice) continue;
    total += countSplitsOfPool(pool, question.intents, stopAbove - total);
    if (total > stopAbove) break;
  }
  return total;
}

/**
 * The shares of every worker (index 0 first) as one ranked list, as `splits` ranks it: the
 * candidates dealt back into their order, then ranked.
 */
export function mergeSplitShares(shares: readonly (readonly ScoredSplit[])[]): SplitRow[] {
  const total = shares.reduce((n, share) => n + share.length, 0);
  const dealt = Array.from(
    { length: total },
    (_, i) => shares[i % shares.length]![Math.floor(i / shares.length)]!,
  );
  return rankSplitRows(dealt);
}

/**
 * What if: the splits ranked under the rules page's defaults and under the page's rules,
 * paired split by split with each figure's change (`whatIfPairs`, as `--against` does),
 * in the order of the page's rules' ranking. Twice a Best split's cost.
 */
export function answerWhatIf(question: WhatIfQuestion): WhatIfRow<SplitRow>[] {
  return mergeRuleShares([whatIfShare(question, WHOLE)]);
}

/** A worker's share of a What if question: its splits scored under both rules. */
export interface RulesShare {
  readonly base: ScoredSplit[];
  readonly yours: ScoredSplit[];
}

/** A share of a What if question's splits, scored under both rules (see {@link scoreSplitsShare}). */
export function whatIfShare(
  question: WhatIfQuestion,
  share: Share,
  progress: (p: FightProgress) => void = () => {},
): RulesShare {
  // Twice the splits: the progress counts both rankings.
  const base = scoreSplitsShare(question.base, share, (p) =>
    progress({ done: p.done, of: 2 * p.of }),
  );
  const yours = scoreSplitsShare(question.yours, share, (p) =>
    progress({ done: base.length + p.done, of: base.length + p.of }),
  );
  return { base, yours };
}

/** Every worker's What if share (index 0 first) as {@link answerWhatIf} answers the question. */
export function mergeRuleShares(shares: readonly RulesShare[]): WhatIfRow<SplitRow>[] {
  const pairs = whatIfPairs(
    mergeSplitShares(shares.map((share) => share.base)),
    mergeSplitShares(shares.map((share) => share.yours)),
    WHAT_IF_SHAPES.splits,
  );
  return pairs.sort(
    (a, b) =>
      (a.against?.rank ?? Number.POSITIVE_INFINITY) - (b.against?.rank ?? Number.POSITIVE_INFINITY),
  );
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

/** The engine's advice in a rolled state, with the words a player reads. */
export interface AdviceAnswer {
  readonly advice: Advice;
  /** The one sentence: the best action and what it is worth against stopping. */
  readonly sentence: string;
  /** Each action of `advice.actions` named ("reroll the d8 (showing 3)"), in the same order. */
  readonly names: readonly string[];
  /** What stopping spends, in words ("" when nothing). */
  readonly spends: string;
  /**
   * What the figures are, in the sentence's words: intents expected (the rules' utility) or
   * expected utility (a weighted one); see `ADVICE_FIGURE_NAMES`.
   */
  readonly figure: string;
}

/**
 * Mid-roll advice: the split's roll holding what the character holds now, checked as
 * `dicelab zidara advise` checks a state (a face above its die, a defence above 2C…), then
 * `advise`. Milliseconds.
 * @example adviceAnswer({ split: 'd8 | d4', challenge: 4, shown: [3, 4], defence: 5, setup: { aura: 3, resolve: 1 } }).sentence
 * // "Reroll the d8 (showing 3): 1.50 intents expected, against 1.00 if you stop."
 */
export function adviceAnswer(question: AdviceQuestion): AdviceAnswer {
  const roll = rollToSpec(
    splitRoll(parseSplit(question.split), question.challenge, question.setup),
  );
  // A second threat (B) and the intents aimed at it; the area die after the split's dice:
  // the roll `zidara advise` reads from `d4@B=4 area:d4=2 --vs C --vs C2`.
  const second = question.second;
  const spec = {
    ...roll,
    threats: second ? [...roll.threats, { challenge: second.challenge }] : roll.threats,
    intents: second
      ? roll.intents.map((intent, i) => ({ ...intent, threat: second.aim[i] ?? 0 }))
      : roll.intents,
    dice:
      question.area === undefined
        ? roll.dice
        : [...roll.dice, { sides: question.area, area: true as const }],
  };
  const request = parseAdviceRequest({
    roll: spec,
    shown: question.shown,
    defence: second ? [question.defence, second.defence] : [question.defence],
    ...(question.auraPending === undefined ? {} : { auraPending: question.auraPending }),
  });
  const advice = advise(request);
  const stop = advice.actions.find(
    (a): a is Extract<AdvisedAction, { action: 'stop' }> => a.action === 'stop',
  );
  return {
    advice,
    sentence: adviceSentence(request, advice),
    names: advice.actions.map((a) => actionName(request, a)),
    spends: stop ? spendsSentence(request, stop.spends) : '',
    figure: ADVICE_FIGURE_NAMES[utilityIsWins(request.roll) ? 'wins' : 'utility'],
  };
}
