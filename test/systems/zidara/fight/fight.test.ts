import { range } from 'd3-array';
import { describe, expect, it } from 'vitest';
import { meanInterval } from '../../../../src/montecarlo/mean-interval.ts';
import { wilsonInterval } from '../../../../src/montecarlo/wilson-interval.ts';
import { streamFor } from '../../../../src/rng/index.ts';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import {
  FIGHT_DEFAULTS,
  FIGHT_LIMITS,
  FightPlan,
  fightOdds,
  fightRound,
  fightRounds,
  fightRoundsOfTags,
  fightStates,
  fightWork,
  parseFight,
  roundSplits,
} from '../../../../src/systems/zidara/fight/fight.ts';
import {
  type FightSimulation,
  kernel,
} from '../../../../src/systems/zidara/fight/simulate-fight.ts';
import { legalPools } from '../../../../src/systems/zidara/roll/pool.ts';
import { formatSplit, splitsOfPool } from '../../../../src/systems/zidara/roll/split.ts';
import { splitOdds, splitRoll } from '../../../../src/systems/zidara/roll/split-roll.ts';

describe('fights, exactly', () => {
  it('with no Aura and no Resolve, every round is the same Bernoulli trial', () => {
    // A lone d8 against C4 (d8): p = 28/64 each round, so P(won within n) = 1 − (1 − p)^n.
    const odds = fightOdds(
      parseFight({ challenge: 4, tags: 1, pool: [8], auraMax: 0, titles: 0, maxRounds: 5 }),
    );
    const p = 28 / 64;
    odds.pWinWithin.forEach((q, n) => {
      expect(q).toBeCloseTo(1 - (1 - p) ** (n + 1), 12);
    });
    expect(odds.pNotWon).toBeCloseTo((1 - p) ** 5, 12);
    expect(odds.pReached[2]).toBeCloseTo((1 - p) ** 2, 12);
  });

  it('a chance never passes 1, though its running float sum would', () => {
    // 14 steps against one C2 tag: the sum of the rounds' wins read 1.0000000000000002 from
    // round 3 on.
    const odds = fightOdds(parseFight({ challenge: 2, tags: 1, steps: 14, maxRounds: 5 }));
    expect(odds.pWinWithin.slice(2)).toEqual([1, 1, 1]);
    for (const p of odds.pWinWithin) expect(p).toBeLessThanOrEqual(1);
  });

  it('a round no earlier round can end is reached for sure, not by a float sum', () => {
    // 6 steps cannot take 3 tags off C6 in one roll: round 2's states summed to
    // 0.9999999999999997, read "> 99.9%".
    const odds = fightOdds(parseFight({ challenge: 6, tags: 3, steps: 6, maxRounds: 3 }));
    expect(odds.roundsToWin[0]).toBe(0);
    expect(odds.pReached.slice(0, 2)).toEqual([1, 1]);
    expect(odds.pReached[2]).toBeLessThan(1);
    const once = fightOdds(parseFight({ challenge: 6, tags: 3, steps: 6, maxRounds: 1 }));
    expect(once.pNotWon).toBe(1);
  });

  it('two tags and two dice: the chain adds up, and Aura is carried', () => {
    const odds = fightOdds(parseFight({ challenge: 3, tags: 2, pool: [12, 4], maxRounds: 6 }));
    const total = odds.roundsToWin.reduce((a, b) => a + b, 0) + odds.pNotWon;
    expect(total).toBeCloseTo(1, 12);
    expect(odds.openingSplit).toBe('d12 | d4');
    expect(odds.auraAtStart[0]).toBe(5);
    // Aura is spent in round 1, so round 2 starts lower.
    expect(odds.auraAtStart[1]!).toBeLessThan(5);
  });

  it('each round rolls the split with the best expected utility, of every legal pool', () => {
    const fight = parseFight({ challenge: 4, tags: 2, steps: 8, actions: 1 });
    const round = fightRound(fight, 2, 5, 2);
    const setup = { aura: 5, resolve: 2 };
    for (const pool of legalPools(8, 1)) {
      for (const split of splitsOfPool(pool, [1, 2])) {
        expect(splitOdds(split, 4, setup).expectedUtility).toBeLessThanOrEqual(
          round.odds.expectedUtility + 1e-12,
        );
      }
    }
  });

  it('bounds its fields jointly by the work of an exact fight, naming the field to lower', () => {
    // 18 steps: 9 legal pools of at most 4 dice; their splits into 1..6 intents number 379.
    const pools = legalPools(18, 1);
    const perRound = [1, 2, 3, 4, 5, 6].reduce(
      (n, t) => n + pools.reduce((m, pool) => m + splitsOfPool(pool, range(1, t + 1)).length, 0),
      0,
    );
    expect(perRound).toBe(379);
    const big = { challenge: 5, tags: 6, steps: 18, fightPolicy: 'whole-fight' } as const;
    expect(fightWork(parseFight({ ...big, maxRounds: 12 }))).toBe(12 * 379);
    const most = Math.floor(FIGHT_LIMITS.work / 379);
    expect(() => parseFight({ ...big, maxRounds: most + 1 })).toThrow(
      new RegExp(`^maxRounds: ${most + 1} is not allowed \\(expected at most ${most}: `),
    );
    expect(() => parseFight({ challenge: 3, tags: 10, steps: 36 })).toThrow(
      /^tags: 10 is not allowed \(expected at most \d with 36 steps: /,
    );
    // Actions shape the pools as steps do: the refusal names them, which fewer of would do.
    expect(() => parseFight({ challenge: 4, tags: 4, steps: 24, actions: 2 })).toThrow(
      /^maxRounds: 8 is not allowed \(expected at most 1: .* a round for 4 tags with 24 steps and 2 actions\)$/,
    );
  });

  it('counts the states its solves walk, and bounds them, naming the field to lower', () => {
    // A d8 against C4 (d8 defences) with 5 Aura (6 states) and 2 Titles (3 Resolve levels); one
    // +2 of 2 leaves 5 classes a die (−3 … 1). One intent of two d8: 15 multisets of 5 classes;
    // two intents of one d8 each: 5 × 5. Each × 6 × 3 × 8; the largest × 3 × 3 again.
    const pair = fightStates(parseFight({ challenge: 4, tags: 2, pool: [8, 8] }));
    expect(pair.round).toEqual([0, 15 * 144, 15 * 144 + 25 * 144]);
    expect(pair.largest).toEqual([0, 15 * 144 * 9, 25 * 144 * 9]);
    // The largest fight the speed issue names fits, against C6 and with 3 Titles too; 24 steps
    // and 4 tags, some 68 M states a round, for 2 rounds (4 took 21 s and 1.7 GB).
    const big = { challenge: 5, tags: 6, steps: 18, fightPolicy: 'whole-fight' } as const;
    expect(12 * fightStates(parseFight(big)).round[6]!).toBeLessThan(FIGHT_LIMITS.states / 2);
    expect(parseFight({ ...big, maxRounds: 12, challenge: 6, titles: 3 }).maxRounds).toBe(12);
    const wide = { challenge: 5, tags: 4, steps: 24, fightPolicy: 'whole-fight' } as const;
    const perRound = fightStates(parseFight({ ...wide, maxRounds: 1 })).round[4]!;
    const most = Math.floor(FIGHT_LIMITS.states / perRound);
    expect(most).toBe(2);
    expect(parseFight({ ...wide, maxRounds: 2 }).maxRounds).toBe(2);
    expect(() => parseFight({ ...wide, maxRounds: 4 })).toThrow(
      /^maxRounds: 4 is not allowed \(expected at most 2: an exact whole fight walks at most 180,000,000 dice-and-Aura states, and this one needs 67,728,600 dice-and-Aura states a round for 4 tags with 24 steps\)$/,
    );
    // Six d12 in six intents: a few whole-fight rounds at most; eight d12, fewer intents.
    const sixes = { challenge: 5, tags: 6, pool: [12, 12, 12, 12, 12, 12] };
    expect(parseFight(sixes).maxRounds).toBe(FIGHT_DEFAULTS.maxRounds);
    expect(() => parseFight({ ...sixes, fightPolicy: 'whole-fight', maxRounds: 3 })).toThrow(
      /^maxRounds: 3 is not allowed \(expected at most 1: .* of its largest split × Resolve levels squared, over its rounds/,
    );
    expect(() => parseFight({ challenge: 5, tags: 8, pool: Array(8).fill(12) })).toThrow(
      /^tags: 8 is not allowed \(expected at most \d with a pool of 8 dice: .* of its largest split × Resolve levels squared, and this one needs 632,812,500/,
    );
    // A single intent of 36 steps against C10 with 10 Titles is past the bound with one tag.
    expect(() => parseFight({ challenge: 10, tags: 1, steps: 36, titles: 10 })).toThrow(
      /^steps: 36 is not allowed \(expected fewer steps, fewer Titles, fewer \+2s a roll, a lower Aura cap or a lower Challenge: /,
    );
    // Eight d12 with ten +2s: counted, not built (its split's tables once took 12 GB first).
    expect(() =>
      parseFight({
        challenge: 3,
        tags: 1,
        pool: Array(8).fill(12),
        boostsPerRoll: 10,
        auraMax: 20,
      }),
    ).toThrow(
      /^pool: \[12,12,12,12,12,12,12,12\] is not allowed \(expected fewer dice, fewer Titles, fewer \+2s a roll, a lower Aura cap or a lower Challenge: /,
    );
  });

  it('rejects a fight with both a pool and steps, naming the field', () => {
    expect(() => parseFight({ challenge: 3, tags: 2, pool: [8], steps: 8 })).toThrow(
      /steps: 8 is not allowed \(expected either a set pool/,
    );
    expect(() => parseFight({ challenge: 3, tags: 2, pool: [7] })).toThrow(
      /^pool\[0\]: 7 is not allowed \(expected one of 2, 4, 6, 8, 10, 12\)/,
    );
    expect(() => parseFight({ challenge: 3, tags: 2, pool: [8], auraMax: 2, aura: 3 })).toThrow(
      /aura: 3 is not allowed/,
    );
  });
});

describe('fights, simulated against the exact chain', () => {
  for (const spec of [
    { challenge: 3, tags: 2, pool: [12, 4], maxRounds: 4 },
    {
      challenge: 4,
      tags: 3,
      pool: [8, 6, 4],
      titles: 1,
      resolveValue: 0.3,
      auraValue: 0.1,
      maxRounds: 4,
    },
  ]) {
    it(`${JSON.stringify(spec)}: P(won within n) inside the 99.9% interval every round`, () => {
      const exact = fightOdds(parseFight(spec));
      const prepared = kernel.prepare(spec);
      const tally = new Float64Array(kernel.tallySize(prepared));
      const trials = 40_000;
      kernel.run(prepared, streamFor(5, 0), trials, tally);
      const sim = kernel.summarize(prepared, tally, trials) as FightSimulation;
      exact.pWinWithin.forEach((p, n) => {
        const w = wilsonInterval(Math.round(sim.pWinWithin[n]! * trials), trials, 0.999);
        expect(p).toBeGreaterThanOrEqual(w.lo);
        expect(p).toBeLessThanOrEqual(w.hi);
      });
      expect(Math.abs(sim.auraSpent[0]! - exact.auraSpent[0]!)).toBeLessThan(0.05);
    });
  }
});

describe('whole-fight play', () => {
  it('solving every count of tags at once chooses and values each round as solving it alone does', () => {
    for (const spec of [
      { challenge: 4, tags: 4, steps: 8, titles: 2 },
      { challenge: 3, tags: 3, pool: [10, 6, 4], titles: 1, rerolls: 'one' as const },
      { challenge: 5, tags: 3, pool: [8, 8, 4], auraGainUsableSameRoll: false },
    ]) {
      const fight = parseFight({ ...spec, fightPolicy: 'whole-fight' });
      // A worth that is no fight's, but never falls with more Aura, Resolve or tags stripped.
      const worthOf = (tags: number) => (wins: number, auraEnd: number, resolveEnd: number) =>
        Math.min(1, (wins / tags) * 0.7 + auraEnd * 0.03 + resolveEnd * 0.05);
      const starts = [
        { aura: fight.auraMax, resolve: fight.titles },
        { aura: 0, resolve: fight.titles },
        { aura: 2, resolve: 0 },
      ];
      const counts = range(1, fight.tags + 1);
      const together = fightRoundsOfTags(fight, counts, starts, worthOf);
      counts.forEach((tags, c) => {
        const alone = fightRounds(fight, tags, starts, worthOf(tags));
        expect(together[c]!.map((r) => formatSplit(r.split))).toEqual(
          alone.map((r) => formatSplit(r.split)),
        );
        expect(together[c]!.map((r) => r.expectedUtility)).toEqual(
          alone.map((r) => r.expectedUtility),
        );
        expect(together[c]![0]!.odds.expectedUtility).toBe(alone[0]!.odds.expectedUtility);
      });
    }
  });

  it('ranks rounds by value alone: the chosen split is the best of every candidate, solved in full', () => {
    // Each round's figures are solved only for the split chosen; a full solve of every
    // candidate (its odds, terminal utility included) must choose the same one.
    const fight = parseFight({
      challenge: 4,
      tags: 3,
      steps: 8,
      maxRounds: 3,
      fightPolicy: 'whole-fight',
    });
    const plan = new FightPlan(fight);
    for (const roundsLeft of [1, 2, 3]) {
      for (const [aura, resolve] of [
        [5, 2],
        [0, 1],
        [3, 0],
      ] as const) {
        const round = plan.round(3, aura, resolve, roundsLeft);
        expect(round.odds.expectedUtility).toBe(round.expectedUtility);
        const worth = (wins: number, auraEnd: number, resolveEnd: number) =>
          plan.winChance(roundsLeft - 1, 3 - wins, auraEnd, resolveEnd);
        let best = Number.NEGATIVE_INFINITY;
        for (const pool of fight.pools)
          for (const split of roundSplits(pool, 3)) {
            const roll = splitRoll(split, 4, { aura, resolve });
            const terminal: number[] = [];
            for (let w = 0; w <= split.length; w++)
              for (let a = 0; a <= 5; a++)
                for (let r = 0; r <= resolve; r++) terminal.push(worth(w, a, r));
            const odds = new RollSolver(roll, { terminal, joint: true }).odds();
            best = Math.max(best, odds.expectedUtility);
          }
        expect(round.expectedUtility).toBeCloseTo(best, 12);
        expect(round.expectedUtility).toBeGreaterThanOrEqual(best - 1e-12);
      }
    }
  });

  for (const spec of [
    { challenge: 4, tags: 2, pool: [12, 4], maxRounds: 3 },
    { challenge: 5, tags: 3, pool: [8, 6, 4], maxRounds: 3, titles: 2 },
  ]) {
    it(`${JSON.stringify(spec)}: never below per-roll play at its own goal, and the simulation agrees`, () => {
      const perRoll = fightOdds(parseFight(spec));
      const whole = fightOdds(parseFight({ ...spec, fightPolicy: 'whole-fight' }));
      const last = spec.maxRounds - 1;
      expect(whole.pWinWithin[last]!).toBeGreaterThanOrEqual(perRoll.pWinWithin[last]! - 1e-12);
      const prepared = kernel.prepare({ ...spec, fightPolicy: 'whole-fight' });
      const tally = new Float64Array(kernel.tallySize(prepared));
      const trials = 30_000;
      kernel.run(prepared, streamFor(8, 0), trials, tally);
      const sim = kernel.summarize(prepared, tally, trials) as FightSimulation;
      whole.pWinWithin.forEach((p, n) => {
        const w = wilsonInterval(Math.round(sim.pWinWithin[n]! * trials), trials, 0.999);
        expect(p).toBeGreaterThanOrEqual(w.lo);
        expect(p).toBeLessThanOrEqual(w.hi);
      });
    });
  }

  it('with one round left it is plain optimal play for the win', () => {
    // One round, one tag: P(win) is the roll's own optimal win chance.
    const whole = fightOdds(
      parseFight({ challenge: 4, tags: 1, pool: [8, 4], maxRounds: 1, fightPolicy: 'whole-fight' }),
    );
    const roll = splitOdds([[8, 4]], 4, { resolve: 2 });
    expect(whole.pWinWithin[0]).toBeCloseTo(roll.intents[0]!.pWin, 12);
  });
});

describe("the simulated fight's mean rounds to win", () => {
  it('has its interval held to 1 to the rounds: the whole of it for one fight won', () => {
    const spec = { challenge: 6, tags: 3, pool: [4], maxRounds: 8 };
    const prepared = kernel.prepare(spec);
    let spread = 0; // runs whose t interval alone leaves 1 to 8
    let single = 0; // runs with one fight won
    for (let seed = 1; seed <= 30; seed++) {
      const tally = new Float64Array(kernel.tallySize(prepared));
      kernel.run(prepared, streamFor(seed, 0), 3, tally);
      const sim = kernel.summarize(prepared, tally, 3) as FightSimulation;
      const won = sim.pWinWithin[7]! * 3;
      if (won === 0) continue;
      const [lo, hi] = sim.meanRoundsToWinCi95;
      if (won === 1) {
        single++;
        expect([lo, hi]).toEqual([1, 8]);
        continue;
      }
      let sum = 0;
      let squares = 0;
      sim.roundsToWin.forEach((p, k) => {
        sum += Math.round(p * 3) * (k + 1);
        squares += Math.round(p * 3) * (k + 1) ** 2;
      });
      const t = meanInterval(sum, squares, won);
      if (t.lo < 1 || t.hi > 8) spread++;
      expect([lo, hi]).toEqual([Math.max(1, t.lo), Math.min(8, t.hi)]);
    }
    expect(spread).toBeGreaterThan(0);
    expect(single).toBeGreaterThan(0);
  });
});

describe("the simulated fight's per-round means", () => {
  const spec = { challenge: 4, tags: 3, pool: [8, 6, 4], titles: 1, maxRounds: 4 };
  const means = ['auraAtStart', 'resolveAtStart', 'auraSpent', 'resolveSpent'] as const;

  it('have 95% intervals that, widened to 99.9%, hold the exact chain’s figures', () => {
    const exact = fightOdds(parseFight(spec));
    const prepared = kernel.prepare(spec);
    const tally = new Float64Array(kernel.tallySize(prepared));
    const trials = 40_000;
    kernel.run(prepared, streamFor(5, 0), trials, tally);
    const sim = kernel.summarize(prepared, tally, trials) as FightSimulation;
    let compared = 0;
    let off = 0; // figures a zero-width interval would have missed
    for (const name of means) {
      sim.ci95[name].forEach(([lo, hi], k) => {
        // Rounds reached by a few hundred fights or more: the normal approximation holds there.
        if (sim.pReached[k]! * trials < 500) return;
        const estimate = sim[name][k]!;
        expect(lo).toBeLessThanOrEqual(estimate);
        expect(hi).toBeGreaterThanOrEqual(estimate);
        // The 95% half-width as 99.9% (z 3.2905 for 1.96): a false alarm 1 in 1,000 a figure.
        const half = ((hi - lo) / 2) * (3.2905 / 1.96);
        expect(Math.abs(exact[name][k]! - estimate)).toBeLessThanOrEqual(half);
        compared++;
        if (exact[name][k]! !== estimate) off++;
      });
    }
    expect(compared).toBeGreaterThanOrEqual(8);
    expect(off).toBeGreaterThanOrEqual(4);
  });

  it('name every figure in ci95, one pair a round, as zidara simulate does a roll’s', () => {
    const prepared = kernel.prepare(spec);
    const tally = new Float64Array(kernel.tallySize(prepared));
    kernel.run(prepared, streamFor(5, 0), 2000, tally);
    const sim = kernel.summarize(prepared, tally, 2000) as FightSimulation;
    expect(Object.keys(sim.ci95).sort()).toEqual(
      ['roundsToWin', 'pWinWithin', 'pNotWon', 'pReached', ...means, 'meanRoundsToWin'].sort(),
    );
    for (const name of ['roundsToWin', 'pWinWithin', 'pReached', ...means] as const)
      expect(sim.ci95[name]).toHaveLength(spec.maxRounds);
    expect(sim.ci95.pWinWithin).toEqual(sim.pWinWithinCi95);
    expect(sim.ci95.meanRoundsToWin).toEqual(sim.meanRoundsToWinCi95);
    // Chances by Wilson, from the counts the fractions are.
    const w = wilsonInterval(Math.round(sim.pReached[1]! * 2000), 2000);
    expect(sim.ci95.pReached[1]).toEqual([w.lo, w.hi]);
  });

  it('hold a round reached once to the whole range and leave one never reached unknown (NaN)', () => {
    // One fight that ends in round 1 (d12 d8 d6 against C1, one tag): rounds 2 to 4 never played.
    const easy = { challenge: 1, tags: 1, pool: [12, 8, 6], titles: 2, maxRounds: 4 };
    const prepared = kernel.prepare(easy);
    let seen = false;
    for (let seed = 1; seed <= 20 && !seen; seed++) {
      const tally = new Float64Array(kernel.tallySize(prepared));
      kernel.run(prepared, streamFor(seed, 0), 1, tally);
      const sim = kernel.summarize(prepared, tally, 1) as FightSimulation;
      if (sim.roundsToWin[0] !== 1) continue;
      seen = true;
      expect(sim.ci95.auraAtStart[0]).toEqual([0, prepared.fight.auraMax]);
      expect(sim.ci95.resolveSpent[0]).toEqual([0, 2]);
      expect(sim.ci95.auraSpent[1]).toEqual([Number.NaN, Number.NaN]);
      expect(JSON.parse(JSON.stringify(sim.ci95.resolveAtStart[3]))).toEqual([null, null]);
    }
    expect(seen).toBe(true);
  });
});
