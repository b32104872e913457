import { describe, expect, it } from 'vitest';
import { FightPlan, fightOdds, parseFight } from '../../../../src/systems/zidara/fight/fight.ts';
import { canonicalSplit, formatSplit } from '../../../../src/systems/zidara/roll/split.ts';
import { type BruteSpec, bruteForceUtility } from '../brute-force.ts';

/**
 * Whole-fight play against an independent oracle: P(no tags left within n rounds) by backward
 * induction over (rounds left, tags, Aura, Resolve), each round's split enumerated here and each
 * roll played by the brute force (test/systems/zidara/brute-force.ts) for the worth of the state
 * it leaves. The fight's `rerolls` stays at its default, `any` (reroll one die or every die,
 * whichever is better): the one kind the brute force plays. Whole-fight play refuses a worth of
 * Aura or Resolve, so none is set.
 */

/** The rule options a case sets, named alike in a fight spec and a BruteSpec. */
type Rules = Pick<
  BruteSpec,
  | 'boostsPerRoll'
  | 'tieBreak'
  | 'auraGainUsableSameRoll'
  | 'tiesGoTo'
  | 'rerollKeepsBest'
  | 'explode'
  | 'explodeDepth'
>;

interface Case {
  pool: number[];
  challenge: number;
  tags: number;
  maxRounds: number;
  auraMax: number;
  titles: number;
  /** Aura at the start (default full). */
  aura?: number;
  rules?: Rules;
}

const cases: Case[] = [
  { pool: [4], challenge: 1, tags: 1, maxRounds: 3, auraMax: 0, titles: 1 },
  { pool: [4], challenge: 2, tags: 2, maxRounds: 3, auraMax: 2, titles: 1 },
  { pool: [2], challenge: 1, tags: 2, maxRounds: 3, auraMax: 1, titles: 0 },
  { pool: [6, 4], challenge: 2, tags: 2, maxRounds: 3, auraMax: 2, titles: 1 },
  { pool: [6, 4], challenge: 3, tags: 1, maxRounds: 2, auraMax: 0, titles: 1 },
  { pool: [6, 4], challenge: 1, tags: 2, maxRounds: 2, auraMax: 1, titles: 0, aura: 0 },
  { pool: [4, 4], challenge: 2, tags: 2, maxRounds: 2, auraMax: 1, titles: 1 },
  { pool: [6, 2], challenge: 3, tags: 2, maxRounds: 3, auraMax: 2, titles: 0 },
  { pool: [6, 2], challenge: 2, tags: 2, maxRounds: 2, auraMax: 2, titles: 1, aura: 1 },
  { pool: [6, 2], challenge: 3, tags: 2, maxRounds: 3, auraMax: 0, titles: 1 },
  { pool: [4, 4], challenge: 3, tags: 2, maxRounds: 3, auraMax: 0, titles: 0 },
  { pool: [6, 4], challenge: 3, tags: 2, maxRounds: 3, auraMax: 1, titles: 1 },
  { pool: [2, 2], challenge: 2, tags: 2, maxRounds: 3, auraMax: 1, titles: 1 },
  { pool: [4, 2], challenge: 3, tags: 2, maxRounds: 3, auraMax: 2, titles: 0 },
  // Three dice: the two-intent splits differ in which dice back the main intent (all stacked
  // is never better than a split while two tags are left: the best die wins either way).
  { pool: [4, 2, 2], challenge: 2, tags: 2, maxRounds: 3, auraMax: 0, titles: 0 },
  { pool: [4, 4, 2], challenge: 3, tags: 2, maxRounds: 3, auraMax: 1, titles: 0 },
  { pool: [6, 2, 2], challenge: 3, tags: 2, maxRounds: 3, auraMax: 0, titles: 1 },
  { pool: [4, 2, 2], challenge: 1, tags: 3, maxRounds: 2, auraMax: 1, titles: 1 },
  // Variants: Aura gained usable only after the roll; no +2; ties to the defender, unbought;
  // two +2s a roll; ties to the roller and rerolls that keep the better die; exploding dice.
  {
    pool: [6, 4],
    challenge: 2,
    tags: 2,
    maxRounds: 2,
    auraMax: 2,
    titles: 1,
    aura: 1,
    rules: { auraGainUsableSameRoll: false },
  },
  {
    pool: [4],
    challenge: 2,
    tags: 2,
    maxRounds: 3,
    auraMax: 2,
    titles: 1,
    rules: { auraGainUsableSameRoll: false },
  },
  {
    pool: [6, 4],
    challenge: 2,
    tags: 2,
    maxRounds: 3,
    auraMax: 2,
    titles: 1,
    rules: { boostsPerRoll: 0 },
  },
  {
    pool: [4, 4],
    challenge: 2,
    tags: 2,
    maxRounds: 3,
    auraMax: 1,
    titles: 1,
    rules: { tieBreak: false },
  },
  {
    pool: [6, 4],
    challenge: 3,
    tags: 2,
    maxRounds: 2,
    auraMax: 2,
    titles: 0,
    rules: { boostsPerRoll: 2 },
  },
  {
    pool: [6, 2],
    challenge: 2,
    tags: 2,
    maxRounds: 2,
    auraMax: 1,
    titles: 1,
    rules: { tiesGoTo: 'roller', rerollKeepsBest: true },
  },
  {
    pool: [4, 2],
    challenge: 2,
    tags: 2,
    maxRounds: 2,
    auraMax: 1,
    titles: 1,
    rules: { explode: true, explodeDepth: 2 },
  },
  {
    pool: [4],
    challenge: 2,
    tags: 2,
    maxRounds: 3,
    auraMax: 2,
    titles: 1,
    rules: { explode: true },
  },
];

/**
 * Every way to share the pool's dice among 1 to `most` intents, each intent at least one die:
 * die j's intent is `intentOf[j]`, intents numbered in the order their first die comes (so no
 * split is listed twice under other names).
 */
function assignments(dice: number, most: number): number[][] {
  const out: number[][] = [];
  const walk = (intentOf: number[], intents: number) => {
    if (intentOf.length === dice) {
      out.push(intentOf);
      return;
    }
    for (let i = 0; i <= Math.min(intents, most - 1); i++)
      walk([...intentOf, i], Math.max(intents, i + 1));
  };
  walk([], 0);
  return out;
}

/** The oracle of one case: V(n, t, a, r), and each split's value from a state. */
function oracle(c: Case) {
  const memo = new Map<string, number>();
  const splitValue = (
    n: number,
    t: number,
    aura: number,
    resolve: number,
    intentOf: number[],
  ): number =>
    bruteForceUtility(
      {
        ...c.rules,
        threats: [{ challenge: c.challenge }],
        dice: c.pool.map((sides, j) => ({ sides, intent: intentOf[j]! })),
        aura,
        auraMax: c.auraMax,
        resolve,
      },
      (wins, auraEnd, resolveEnd) => V(n - 1, t - wins, auraEnd, resolveEnd),
    );
  const V = (n: number, t: number, aura: number, resolve: number): number => {
    if (t === 0) return 1;
    if (n === 0) return 0;
    const key = `${n}|${t}|${aura}|${resolve}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Number.NEGATIVE_INFINITY;
    for (const intentOf of assignments(c.pool.length, t))
      best = Math.max(best, splitValue(n, t, aura, resolve, intentOf));
    memo.set(key, best);
    return best;
  };
  return { V, splitValue };
}

const fightOf = (c: Case) =>
  parseFight({
    ...c.rules,
    challenge: c.challenge,
    tags: c.tags,
    pool: c.pool,
    maxRounds: c.maxRounds,
    auraMax: c.auraMax,
    titles: c.titles,
    ...(c.aura !== undefined ? { aura: c.aura } : {}),
    fightPolicy: 'whole-fight',
  });

const label = (c: Case) =>
  `[${c.pool.join(',')}] vs C${c.challenge}, ${c.tags} tags, ${c.maxRounds} rounds, Aura ${c.aura ?? c.auraMax}/${c.auraMax}, ${c.titles} Titles${c.rules ? ` ${JSON.stringify(c.rules)}` : ''}`;

describe('whole-fight play against a brute-force backward induction', () => {
  it.each(cases.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const { V, splitValue } = oracle(c);
    const fight = fightOf(c);
    const startAura = c.aura ?? c.auraMax;

    // The chain that follows the optimal play wins with exactly the optimal value.
    const odds = fightOdds(fight);
    expect(
      Math.abs(odds.pWinWithin[c.maxRounds - 1]! - V(c.maxRounds, c.tags, startAura, c.titles)),
    ).toBeLessThan(1e-9);

    // The plan's value of every state, for every count of rounds left.
    const plan = new FightPlan(fight);
    for (let n = 0; n <= c.maxRounds; n++)
      for (let t = 0; t <= c.tags; t++)
        for (let a = 0; a <= c.auraMax; a++)
          for (let r = 0; r <= c.titles; r++) {
            const got = plan.winChance(n, t, a, r);
            const want = V(n, t, a, r);
            if (!(Math.abs(got - want) < 1e-9))
              expect.fail(`V(${n}, ${t}, ${a}, ${r}): plan ${got}, brute force ${want}`);
          }

    // The opening split is one of the brute force's best from the start (ties allowed).
    const best = V(c.maxRounds, c.tags, startAura, c.titles);
    const bestSplits = new Set(
      assignments(c.pool.length, c.tags)
        .filter(
          (intentOf) =>
            splitValue(c.maxRounds, c.tags, startAura, c.titles, intentOf) >= best - 1e-12,
        )
        .map((intentOf) =>
          formatSplit(
            canonicalSplit(
              Array.from({ length: Math.max(...intentOf) + 1 }, (_, i) =>
                c.pool.filter((_, j) => intentOf[j] === i),
              ),
            ),
          ),
        ),
    );
    expect([...bestSplits]).toContain(odds.openingSplit);
  });
});
