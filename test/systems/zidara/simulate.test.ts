// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../../src/systems/systems.ts';
import { describe, expect, it } from 'vitest';
import { meanInterval } from '../../../src/montecarlo/mean-interval.ts';
import { mergePartials } from '../../../src/montecarlo/merge-partials.ts';
import {
  parsePartialResult,
  serializePartialResult,
} from '../../../src/montecarlo/partial-result.ts';
import { simulate } from '../../../src/montecarlo/run.ts';
import { wilsonInterval } from '../../../src/montecarlo/wilson-interval.ts';
import { streamFor } from '../../../src/rng/index.ts';
import type { Policy } from '../../../src/systems/zidara/engine/roll-play.ts';
import { RollSolver } from '../../../src/systems/zidara/engine/roll-solver.ts';
import { solveRolls } from '../../../src/systems/zidara/engine/solve-rolls.ts';
import { parseRoll, type RollSpec } from '../../../src/systems/zidara/roll/spec.ts';
import {
  kernel,
  prepareRoll,
  type RollSimulation,
  simulationSpec,
} from '../../../src/systems/zidara/simulate.ts';

/**
 * Plays `trials` rolls in this thread and returns the tallies: as the kernel plays them
 * (tabulated passes where the roll allows), or `dieByDie`.
 */
function sample(spec: RollSpec, policy: Policy, trials: number, seed: number, dieByDie = false) {
  const simulation = simulationSpec(parseRoll(spec), policy);
  const prepared = dieByDie ? prepareRoll(simulation) : kernel.prepare(simulation);
  const tally = new Float64Array(kernel.tallySize(prepared));
  kernel.run(prepared, streamFor(seed, 0), trials, tally);
  return { prepared, tally, summary: kernel.summarize(prepared, tally, trials) as RollSimulation };
}

/** A spread over every option of the rules page. */
const SPECS: [string, RollSpec][] = [
  [
    'plain advantage',
    {
      threats: [{ challenge: 3 }],
      dice: [
        { sides: 6, intent: 0 },
        { sides: 8, intent: 0 },
        { sides: 4, intent: 0 },
      ],
      aura: 0,
      auraMax: 0,
    },
  ],
  [
    'two intents, Resolve',
    {
      threats: [{ challenge: 3 }],
      dice: [
        { sides: 12, intent: 0 },
        { sides: 4, intent: 1 },
      ],
      resolve: 1,
    },
  ],
  [
    'two threats, weights',
    {
      threats: [{ challenge: 4 }, { challenge: 2 }],
      dice: [
        { sides: 10, intent: 0 },
        { sides: 6, intent: 1 },
        { sides: 2, intent: 1 },
      ],
      intents: [
        { threat: 0, weight: 2 },
        { threat: 1, weight: 0.5 },
      ],
      aura: 1,
      resolve: 2,
    },
  ],
  [
    // 12·12·10·8 faces × 12 defences = 138 240 joint outcomes: past 2^15, a float-exact draw.
    'four big dice',
    {
      threats: [{ challenge: 6 }],
      dice: [
        { sides: 12, intent: 0 },
        { sides: 12, intent: 0 },
        { sides: 10, intent: 1 },
        { sides: 8, intent: 1 },
      ],
      resolve: 1,
    },
  ],
  [
    'explode, capped',
    {
      threats: [{ challenge: 5 }],
      dice: [
        { sides: 4, intent: 0 },
        { sides: 6, intent: 0 },
      ],
      aura: 2,
      explode: true,
      explodeDepth: 1,
    },
  ],
  [
    'area die, Aura values',
    {
      threats: [{ challenge: 4 }],
      dice: [
        { sides: 8, intent: 0 },
        { sides: 4, area: true },
      ],
      aura: 1,
      auraMax: 3,
      resolve: 1,
      auraValue: 0.3,
      resolveValue: 0.1,
    },
  ],
  [
    'defending, two +2s',
    {
      threats: [{ challenge: 6 }],
      dice: [
        { sides: 10, intent: 0 },
        { sides: 8, intent: 1 },
      ],
      aura: 4,
      boostsPerRoll: 2,
      tieBreak: false,
    },
  ],
  [
    'late Aura, cap 2',
    {
      threats: [{ challenge: 2 }],
      dice: [
        { sides: 2, intent: 0 },
        { sides: 2, intent: 0 },
        { sides: 4, intent: 1 },
      ],
      aura: 0,
      auraMax: 2,
      resolve: 1,
      auraGainUsableSameRoll: false,
    },
  ],
  // The rule variants (rules/zidara.md, "Rule variants"), one each, then all together.
  [
    'variant: a +3 boost',
    {
      threats: [{ challenge: 5 }],
      dice: [
        { sides: 6, intent: 0 },
        { sides: 4, intent: 1 },
      ],
      aura: 2,
      resolve: 1,
      boostsPerRoll: 2,
      boostSize: 3,
    },
  ],
  [
    'variant: 2 Aura a top face',
    {
      threats: [{ challenge: 3 }],
      dice: [
        { sides: 4, intent: 0 },
        { sides: 2, intent: 1 },
        { sides: 2, area: true },
      ],
      aura: 0,
      auraMax: 4,
      resolve: 1,
      auraPerTopFace: 2,
    },
  ],
  [
    'variant: ties to the roller',
    {
      threats: [{ challenge: 4 }],
      dice: [
        { sides: 8, intent: 0 },
        { sides: 6, intent: 1 },
      ],
      aura: 1,
      resolve: 1,
      tiesGoTo: 'roller',
    },
  ],
  [
    'variant: a reroll keeps the better result',
    {
      threats: [{ challenge: 5 }],
      dice: [
        { sides: 8, intent: 0 },
        { sides: 6, intent: 0 },
        { sides: 4, area: true },
      ],
      aura: 1,
      resolve: 2,
      rerollKeepsBest: true,
    },
  ],
  [
    'variant: all four, exploding',
    {
      threats: [{ challenge: 4 }],
      dice: [
        { sides: 6, intent: 0 },
        { sides: 4, intent: 1 },
      ],
      aura: 2,
      resolve: 1,
      explode: true,
      explodeDepth: 2,
      boostSize: 1,
      auraPerTopFace: 3,
      tiesGoTo: 'roller',
      rerollKeepsBest: true,
    },
  ],
];

const TRIALS = 120_000;
/** Two-sided 99.9%. */
const CONFIDENCE = 0.999;

describe("Zi'Dara simulation agrees with the exact engine", () => {
  for (const [name, spec] of SPECS) {
    for (const policy of ['optimal', 'greedy', 'never'] as const) {
      // Rolls the kernel tabulates are also played die by die, as fights play them.
      const tabulated = kernel.prepare(simulationSpec(parseRoll(spec), policy)).joint !== null;
      for (const dieByDie of tabulated ? [false, true] : [false]) {
        const way = tabulated ? (dieByDie ? ', die by die' : ', tabulated') : '';
        it(`${name}, ${policy}${way}: every exact figure inside the simulation's 99.9% interval`, () => {
          const exact = new RollSolver(parseRoll(spec), policy).odds();
          const { tally, prepared, summary } = sample(spec, policy, TRIALS, 2026, dieByDie);
          for (const [i, intent] of exact.intents.entries()) {
            const w = wilsonInterval(
              Math.round(summary.intents[i]!.pWin * TRIALS),
              TRIALS,
              CONFIDENCE,
            );
            expect(intent.pWin).toBeGreaterThanOrEqual(w.lo);
            expect(intent.pWin).toBeLessThanOrEqual(w.hi);
          }
          const layout = prepared.layout;
          const gained = meanInterval(
            tally[layout.gained]!,
            tally[layout.gainedSquares]!,
            TRIALS,
            CONFIDENCE,
          );
          expect(exact.expectedAuraGained).toBeGreaterThanOrEqual(gained.lo);
          expect(exact.expectedAuraGained).toBeLessThanOrEqual(gained.hi);
          // Every trial's utility is bounded by the most it can be, so a 99.9% normal interval from
          // the simulated standard deviation is honest at this many trials.
          const [lo, hi] = summary.ci95.expectedUtility!;
          const half = ((hi - lo) / 2) * (3.2905 / 1.96);
          expect(Math.abs(exact.expectedUtility - summary.expectedUtility)).toBeLessThanOrEqual(
            half,
          );
          if (exact.area) {
            // The mean size inside its 99.9% normal interval, from the exact law's own spread.
            const { distribution, expectedSize } = exact.area;
            const variance = distribution.reduce(
              (v, x) => v + x.p * (x.size - expectedSize) ** 2,
              0,
            );
            const simulated = tally[layout.areaSum]! / TRIALS;
            expect(Math.abs(simulated - expectedSize)).toBeLessThanOrEqual(
              3.2905 * Math.sqrt(variance / TRIALS) + 1e-12,
            );
          }
          if (exact.pExplodeCapped !== undefined) {
            const c = wilsonInterval(
              Math.round(summary.pExplodeCapped! * TRIALS),
              TRIALS,
              CONFIDENCE,
            );
            expect(exact.pExplodeCapped).toBeGreaterThanOrEqual(c.lo);
            expect(exact.pExplodeCapped).toBeLessThanOrEqual(c.hi);
          }
        });
      }
    }
  }

  it('tabulates exactly the rolls whose only decisions are "stop" and "reroll all"', () => {
    const joint = (name: string, policy: Policy) =>
      kernel.prepare(simulationSpec(parseRoll(SPECS.find(([n]) => n === name)![1]), policy))
        .joint !== null;
    expect(joint('plain advantage', 'optimal')).toBe(true); // no Resolve: no decision at all
    expect(joint('two intents, Resolve', 'greedy')).toBe(true);
    expect(joint('two intents, Resolve', 'never')).toBe(true);
    expect(joint('two intents, Resolve', 'optimal')).toBe(false); // may reroll one die
    expect(joint('four big dice', 'greedy')).toBe(true);
    expect(joint('explode, capped', 'never')).toBe(false);
    expect(joint('area die, Aura values', 'never')).toBe(false);
  });

  it('would catch a deliberately wrong engine: ties going the other way, or one +2 fewer', () => {
    const spec = SPECS[1]![1];
    const { summary } = sample(spec, 'optimal', TRIALS, 99);
    const [lo, hi] = summary.ci95.expectedUtility!;
    const half = ((hi - lo) / 2) * (3.2905 / 1.96);
    for (const wrong of [
      { ...spec, tieBreak: false },
      { ...spec, boostsPerRoll: 0 },
      { ...spec, resolve: 0 },
    ]) {
      const wrongValue = new RollSolver(parseRoll(wrong)).odds().expectedUtility;
      expect(Math.abs(wrongValue - summary.expectedUtility)).toBeGreaterThan(half);
    }
  });

  it('simulates every roll the exact engine answers: from full Aura, past the states of all Aura', () => {
    // Nine d4 on seven intents at full Aura 15: 8,750,000 dice-and-Aura states over Aura 0..15,
    // past the exact engine's bound, but Aura only rises within a roll, so the exact answer
    // holds Aura 15 alone. The simulator, which plays its decisions, once held them all and
    // refused the roll.
    const spec: RollSpec = {
      threats: [{ challenge: 1 }],
      dice: [0, 0, 0, 1, 2, 3, 4, 5, 6].map((intent) => ({ sides: 4, intent })),
      aura: 15,
      auraMax: 15,
    };
    const exact = solveRolls([parseRoll(spec)])[0]!;
    const trials = 20_000;
    const { summary } = sample(spec, 'optimal', trials, 7);
    for (const [i, intent] of exact.intents.entries()) {
      const w = wilsonInterval(Math.round(summary.intents[i]!.pWin * trials), trials, CONFIDENCE);
      expect(intent.pWin).toBeGreaterThanOrEqual(w.lo);
      expect(intent.pWin).toBeLessThanOrEqual(w.hi);
    }
  });

  it('follows the same stream to the same tallies, and different seeds differ', () => {
    const spec = SPECS[2]![1];
    expect(sample(spec, 'optimal', 5000, 1).tally).toEqual(sample(spec, 'optimal', 5000, 1).tally);
    expect(sample(spec, 'optimal', 5000, 1).tally).not.toEqual(
      sample(spec, 'optimal', 5000, 2).tally,
    );
  });
});

describe("Zi'Dara simulation on the worker pool", () => {
  const request = {
    kernel: 'systems/zidara/simulate' as const,
    spec: simulationSpec(parseRoll(SPECS[2]![1]), 'optimal'),
    trials: 60_000,
    seed: 11,
    chunkSize: 4096,
  };

  it('gives bit-identical tallies on 1 and 2 threads', async () => {
    const one = await simulate({ ...request, threads: 1 });
    const two = await simulate({ ...request, threads: 2 });
    expect(two.tally).toEqual(one.tally);
    expect(two.completedTrials).toBe(60_000);
  });

  it('one run is exactly the merge of its three shards', async () => {
    const whole = await simulate({ ...request, threads: 1 });
    const parts = [];
    for (let index = 0; index < 3; index++)
      parts.push(await simulate({ ...request, threads: 1, shard: { index, count: 3 } }));
    // Through the file format, every check included (the tallies' shape among them).
    const merged = mergePartials(
      await Promise.all(
        parts.map(async (p) => {
          const source = `part${p.shard?.index}`;
          return { source, partial: await parsePartialResult(serializePartialResult(p), source) };
        }),
      ),
    );
    expect(merged.tally).toEqual(whole.tally);
    expect(merged.completedTrials).toBe(whole.completedTrials);
  });
});

describe("the intervals of the simulated roll's means", () => {
  // A d2 against Challenge 50 wins about once in 300 rolls: rare enough that mean ± t·s/√n
  // reaches below 0 over 1000 trials.
  const rare: RollSpec = {
    threats: [{ challenge: 50 }],
    dice: [{ sides: 2, intent: 0 }],
    auraMax: 0,
  };

  it('hold a mean to what it can be (intents won: 0 to the intents), the estimate unchanged', () => {
    const { summary } = sample(rare, 'optimal', 1000, 1);
    const won = summary.intents[0]!.pWin * 1000;
    expect(won).toBeGreaterThan(0); // a rare win, so the t interval alone dips below 0
    const t = meanInterval(won, won, 1000);
    expect(t.lo).toBeLessThan(0);
    expect(summary.expectedWins).toBe(t.estimate);
    expect(summary.ci95.expectedWins).toEqual([0, t.hi]);
    expect(summary.ci95.expectedUtility![0]).toBe(0); // each win is worth 1, a loss 0
    expect(summary.ci95.expectedAuraGained![0]).toBeGreaterThanOrEqual(0);
  });

  it("give one trial's means the whole range they can take, never NaN", () => {
    const { summary } = sample(rare, 'optimal', 1, 1);
    expect(summary.ci95.expectedWins).toEqual([0, 1]);
    expect(summary.ci95.expectedUtility).toEqual([0, 1]);
    expect(summary.ci95.expectedAuraGained).toEqual([0, Number.POSITIVE_INFINITY]);
  });
});
