import type { Kernel } from '../../../montecarlo/kernel.ts';
import { meanIntervalWithin } from '../../../montecarlo/mean-interval.ts';
import { wilsonInterval } from '../../../montecarlo/wilson-interval.ts';
import type { Stream } from '../../../rng/index.ts';
import { popcount } from '../../popcount.ts';
import { PLAY_DEFAULTS } from '../engine/roll-play.ts';
import { rollToSpec } from '../roll/spec.ts';
import { type PreparedRoll, playRolls, prepareRoll, type Range } from '../simulate.ts';
import { type Fight, type FightOdds, FightPlan, parseFight } from './fight.ts';

/** A fight played round by round, each round's roll sampled by the roll simulator. */
export interface PreparedFight {
  readonly fight: Fight;
  readonly plan: FightPlan;
  /** The round's prepared roll per (tags, Aura, Resolve) state, made when first met. */
  readonly rolls: Map<number, PreparedRoll>;
  /**
   * Tally slots: fights won in round k + 1 (last: not won), fights reaching round k + 1, then
   * per round k + 1 the Σx and Σx² (slots base + 2k and base + 2k + 1) of Aura and Resolve at its
   * start and spent in it, over the fights reaching it.
   */
  readonly layout: {
    readonly rounds: number;
    readonly reached: number;
    readonly aura: number;
    readonly resolve: number;
    readonly auraSpent: number;
    readonly resolveSpent: number;
    readonly size: number;
  };
}

/** A simulated fight: the exact figures of `FightOdds` (same names), with 95% intervals. */
export type FightSimulation = Omit<FightOdds, 'openingSplit'> & {
  readonly trials: number;
  /** The 95% intervals of `pWinWithin` (also `ci95.pWinWithin`). */
  readonly pWinWithinCi95: readonly Range[];
  /**
   * Mean rounds to win among fights won, with its interval: held to 1 to the rounds, the whole
   * of it for one fight won, NaN (null in JSON) for none.
   */
  readonly meanRoundsToWin: number;
  /** The interval of `meanRoundsToWin` (also `ci95.meanRoundsToWin`). */
  readonly meanRoundsToWinCi95: Range;
  /**
   * 95% intervals of every figure, by the figure's name, as `zidara simulate` gives a roll's
   * (`RollSimulation.ci95`): one pair per round for the round by round ones. Wilson for chances;
   * Student t for means, held to what they can be (Aura 0 to auraMax, Resolve 0 to the Titles),
   * the per-round means over the fights reaching the round: one such fight gives that whole
   * range, none NaN (null in JSON), as its mean reads 0.
   */
  readonly ci95: FightIntervals;
};

/**
 * The intervals of a simulated fight's figures, by the figure's name (see `FightSimulation.ci95`):
 * one per figure of {@link FightOdds} (a list of them for a round by round one), and the mean
 * rounds to win's. Mapped from FightOdds, so a figure added there has its interval here.
 */
export type FightIntervals = {
  readonly [F in Exclude<keyof FightOdds, 'openingSplit'>]: FightOdds[F] extends readonly number[]
    ? readonly Range[]
    : Range;
} & { readonly meanRoundsToWin: Range };

function prepareFight(spec: unknown): PreparedFight {
  const fight = parseFight(spec);
  const n = fight.maxRounds;
  // Tally: won in round k (k < n) or not won (k = n); then per round: fights reaching it, and
  // sums and squares of Aura and Resolve at its start and spent in it.
  const layout = {
    rounds: 0,
    reached: n + 1,
    aura: 2 * n + 1,
    resolve: 4 * n + 1,
    auraSpent: 6 * n + 1,
    resolveSpent: 8 * n + 1,
    size: 10 * n + 1,
  };
  return { fight, plan: new FightPlan(fight), rolls: new Map(), layout };
}

/** The prepared roll for a state: the round the exact engine chose, as the simulator plays it. */
function rollFor(
  prep: PreparedFight,
  tags: number,
  aura: number,
  resolve: number,
  roundsLeft: number,
): PreparedRoll {
  const { fight } = prep;
  const n = fight.fightPolicy === 'whole-fight' ? roundsLeft : 0;
  const key =
    ((n * (fight.tags + 1) + tags) * (fight.auraMax + 1) + aura) * (fight.titles + 1) + resolve;
  let prepared = prep.rolls.get(key);
  if (!prepared) {
    const round = prep.plan.round(tags, aura, resolve, roundsLeft);
    // Whole-fight rounds are played for the chance to win from where they end.
    prepared = prepareRoll({
      roll: rollToSpec(round.roll),
      rerolls: fight.setup.rerolls ?? PLAY_DEFAULTS.rerolls,
      ...(round.terminal ? { terminal: round.terminal } : {}),
    });
    prep.rolls.set(key, prepared);
  }
  return prepared;
}

function playFights(
  prep: PreparedFight,
  stream: Stream,
  trials: number,
  tally: Float64Array,
): void {
  const { fight, layout } = prep;
  const scratch = new Map<PreparedRoll, Float64Array>();
  for (let trial = 0; trial < trials; trial++) {
    let tags = fight.tags;
    let aura = fight.startAura;
    let resolve = fight.titles;
    let round = 0;
    for (; round < fight.maxRounds && tags > 0; round++) {
      const prepared = rollFor(prep, tags, aura, resolve, fight.maxRounds - round);
      let counts = scratch.get(prepared);
      if (!counts) {
        counts = new Float64Array(prepared.layout.size);
        scratch.set(prepared, counts);
      }
      const spentBefore = counts[prepared.layout.spent]!;
      const slot = playRolls(prepared, stream, 1, counts);
      // The slot encodes (won mask, Aura at the end, Resolve at the end) of that one roll.
      const A = fight.auraMax + 1;
      const R1 = resolve + 1;
      const won = Math.floor(slot / (A * R1));
      const auraEnd = Math.floor(slot / R1) % A;
      const resolveEnd = slot % R1;
      tally[layout.reached + round]! += 1;
      add(tally, layout.aura + 2 * round, aura);
      add(tally, layout.resolve + 2 * round, resolve);
      add(tally, layout.auraSpent + 2 * round, counts[prepared.layout.spent]! - spentBefore);
      add(tally, layout.resolveSpent + 2 * round, resolve - resolveEnd);
      tags -= popcount(won);
      aura = auraEnd;
      resolve = resolveEnd;
    }
    tally[layout.rounds + (tags <= 0 ? round - 1 : fight.maxRounds)]! += 1;
  }
}

/** Adds x to the sum at `slot` and x² to the squares after it. */
function add(tally: Float64Array, slot: number, x: number): void {
  tally[slot]! += x;
  tally[slot + 1]! += x * x;
}

function summarizeFights(
  prep: PreparedFight,
  tally: Float64Array,
  trials: number,
): FightSimulation {
  const { layout } = prep;
  const n = prep.fight.maxRounds;
  const rounds = Array.from({ length: n }, (_, k) => tally[layout.rounds + k]!);
  let within = 0;
  const cumulative = rounds.map((c) => (within += c));
  const perRound = (base: number) =>
    Array.from({ length: n }, (_, k) => {
      const reached = tally[layout.reached + k]!;
      return reached > 0 ? tally[base + 2 * k]! / reached : 0;
    });
  const chance = (count: number): Range => {
    const w = wilsonInterval(count, trials);
    return [w.lo, w.hi];
  };
  // Over the fights reaching each round, held to what the figure can be (see FightIntervals).
  const perRoundCi95 = (base: number, max: number) =>
    Array.from({ length: n }, (_, k): Range => {
      const reached = tally[layout.reached + k]!;
      if (reached === 0) return [Number.NaN, Number.NaN];
      const m = meanIntervalWithin(tally[base + 2 * k]!, tally[base + 2 * k + 1]!, reached, [
        0,
        max,
      ]);
      return [m.lo, m.hi];
    });
  const { auraMax, titles } = prep.fight;
  const wins = within;
  let sum = 0;
  let squares = 0;
  rounds.forEach((c, k) => {
    sum += c * (k + 1);
    squares += c * (k + 1) * (k + 1);
  });
  // A fight is won in round 1 to n: its mean's interval is held there.
  const mean = wins >= 1 ? meanIntervalWithin(sum, squares, wins, [1, n]) : undefined;
  const pWinWithinCi95 = cumulative.map(chance);
  const meanRoundsToWinCi95: Range = mean ? [mean.lo, mean.hi] : [Number.NaN, Number.NaN];
  return {
    trials,
    roundsToWin: rounds.map((c) => c / trials),
    pWinWithin: cumulative.map((c) => c / trials),
    pWinWithinCi95,
    pNotWon: tally[layout.rounds + n]! / trials,
    pReached: Array.from({ length: n }, (_, k) => tally[layout.reached + k]! / trials),
    auraAtStart: perRound(layout.aura),
    resolveAtStart: perRound(layout.resolve),
    auraSpent: perRound(layout.auraSpent),
    resolveSpent: perRound(layout.resolveSpent),
    meanRoundsToWin: wins > 0 ? sum / wins : Number.NaN,
    meanRoundsToWinCi95,
    ci95: {
      roundsToWin: rounds.map(chance),
      pWinWithin: pWinWithinCi95,
      pNotWon: chance(tally[layout.rounds + n]!),
      pReached: Array.from({ length: n }, (_, k) => chance(tally[layout.reached + k]!)),
      // Spends come out of the Aura held, never past the cap (as a roll's, `zidara simulate`).
      auraAtStart: perRoundCi95(layout.aura, auraMax),
      resolveAtStart: perRoundCi95(layout.resolve, titles),
      auraSpent: perRoundCi95(layout.auraSpent, auraMax),
      resolveSpent: perRoundCi95(layout.resolveSpent, titles),
      meanRoundsToWin: meanRoundsToWinCi95,
    },
  };
}

/** The Zi'Dara fight kernel for the worker pool (`systems/zidara/fight/simulate-fight`). */
export const kernel: Kernel<unknown, PreparedFight> = {
  prepare: prepareFight,
  tallySize: (prep) => prep.layout.size,
  tallyShape: ({ fight, layout }) => {
    const n = fight.maxRounds;
    const perRound = (name: string, base: number, max?: number) =>
      Array.from({ length: n }, (_, k) => ({
        kind: 'sumAndSquares' as const,
        name: `${name}, round ${k + 1}`,
        slot: base + 2 * k,
        ...(max === undefined ? {} : { max }),
      }));
    return [
      {
        kind: 'distribution',
        name: 'round won (last: not won)',
        from: layout.rounds,
        to: layout.rounds + n + 1,
      },
      ...Array.from({ length: n }, (_, k) => ({
        kind: 'count' as const,
        name: `fights reaching round ${k + 1}`,
        slot: layout.reached + k,
      })),
      ...perRound('Aura at the start', layout.aura, fight.auraMax),
      ...perRound('Resolve at the start', layout.resolve, fight.titles),
      ...perRound('Aura spent', layout.auraSpent),
      ...perRound('Resolve spent', layout.resolveSpent, fight.titles),
    ];
  },
  run: playFights,
  summarize: summarizeFights,
};
