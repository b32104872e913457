import { simulate } from '../../src/montecarlo/run.ts';
import { streamFor } from '../../src/rng/index.ts';
import type { Policy } from '../../src/systems/zidara/engine/roll-play.ts';
import { parseRoll, type RollSpec } from '../../src/systems/zidara/roll/spec.ts';
import { playRolls, prepareRoll, simulationSpec } from '../../src/systems/zidara/simulate.ts';
import type { BenchRow } from './bench-row.ts';
import { timedRun } from './timed-run.ts';

/** Three dice on one intent against one Challenge die: 4 draws a roll played die by die. */
const PLAIN: RollSpec = {
  threats: [{ challenge: 3 }],
  dice: [
    { sides: 8, intent: 0 },
    { sides: 6, intent: 0 },
    { sides: 4, intent: 0 },
  ],
  resolve: 1,
};

/** Four big dice on two intents against C6: 138 240 joint outcomes, still tabulated. */
const BIG: RollSpec = {
  threats: [{ challenge: 6 }],
  dice: [
    { sides: 12, intent: 0 },
    { sides: 12, intent: 0 },
    { sides: 10, intent: 1 },
    { sides: 8, intent: 1 },
  ],
  resolve: 1,
};

/**
 * Rolls per second for `policy` on `threads` threads: the steady rate once the workers have
 * started and tabulated the roll, and the wall-clock rate with that start-up.
 */
async function rate(policy: Policy, threads: number, trials: number, roll = PLAIN) {
  const run = await timedRun({
    kernel: 'systems/zidara/simulate',
    spec: simulationSpec(parseRoll(roll), policy),
    trials,
    threads,
  });
  return { steady: run.steadyRate / 1e6, wall: run.rate / 1e6 };
}

/**
 * Rolls per second played die by die (4 draws a roll, as a fight's rounds are played), in this
 * thread: the contrast to the tabulated kernel. Best of three.
 */
function dieByDieRate(policy: Policy, trials: number): number {
  const prepared = prepareRoll(simulationSpec(parseRoll(PLAIN), policy));
  const tally = new Float64Array(prepared.layout.size);
  const stream = streamFor(5, 0);
  let best = 0;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    playRolls(prepared, stream, trials, tally);
    best = Math.max(best, trials / ((performance.now() - start) / 1000) / 1e6);
  }
  return best;
}

/**
 * The simulator's targets from the Monte Carlo issue. The plain roll is 4 draws die by
 * die; the kernel tabulates it (defence and dice as one mixed-radix number), so it takes one.
 */
export async function benchZidaraSimulate(options: { long?: boolean } = {}): Promise<BenchRow[]> {
  const never1 = await rate('never', 1, 4e8);
  const never2 = await rate('never', 2, 8e8);
  const greedy2 = await rate('greedy', 2, 3e8);
  const bigNever = await rate('never', 2, 2e8, BIG);
  const bigGreedy = await rate('greedy', 2, 1e8, BIG);
  const fights = await timedRun({
    kernel: 'systems/zidara/fight/simulate-fight',
    spec: { challenge: 3, tags: 3, pool: [8, 6, 4], maxRounds: 8 },
    trials: 1e7,
    threads: 2,
  });
  // Last: this thread's JIT then sees the die-by-die loop only after the timed runs.
  const dieByDieNever = dieByDieRate('never', 2e7);
  const dieByDieGreedy = dieByDieRate('greedy', 1e7);
  const rows: BenchRow[] = [
    {
      name: 'zidara simulate: same roll die by die (4 draws, as fights play it), never, 1 thread',
      value: dieByDieNever,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara simulate: same roll die by die, greedy (1 Resolve), 1 thread',
      value: dieByDieGreedy,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara simulate: 3 dice vs C3 (1 draw a roll, tabulated), never, 1 thread',
      value: never1.steady,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara simulate: same, never, 2 threads, once started',
      value: never2.steady,
      unit: 'M rolls/s',
      target: '≥ 100',
      ok: never2.steady >= 100,
    },
    {
      name: 'zidara simulate: same, never, 2 threads, wall clock with start-up (8·10⁸ rolls)',
      value: never2.wall,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara simulate: same, greedy (1 Resolve), 2 threads, once started',
      value: greedy2.steady,
      unit: 'M rolls/s',
      target: '≥ 30',
      ok: greedy2.steady >= 30,
    },
    {
      name: 'zidara simulate: speed-up 1 → 2 threads (never), once started',
      value: never2.steady / never1.steady,
      unit: '×',
      target: '≥ 1.8',
      ok: never2.steady / never1.steady >= 1.8,
    },
    {
      name: 'zidara simulate: d12 d12 → 1, d10 d8 → 2 vs C6 (138 240 outcomes), never, 2 threads',
      value: bigNever.steady,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara simulate: same, greedy (1 Resolve), 2 threads',
      value: bigGreedy.steady,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara fight simulate: 3 tags vs C3, d8 d6 d4, optimal rounds, 2 threads, once started',
      value: fights.steadyRate / 1e6,
      unit: 'M fights/s',
    },
  ];
  if (options.long) {
    const before = process.memoryUsage().rss;
    const start = performance.now();
    await simulate({
      kernel: 'systems/zidara/simulate',
      spec: simulationSpec(parseRoll(PLAIN), 'never'),
      trials: 1e9,
      seed: 3,
      threads: 2,
    });
    const seconds = (performance.now() - start) / 1000;
    const rss = process.memoryUsage().rss;
    rows.push({
      name: 'zidara simulate: 10⁹ rolls, never, 2 threads: time',
      value: seconds,
      unit: 's',
    });
    rows.push({
      name: 'zidara simulate: 10⁹ rolls: main-thread RSS after (before)',
      value: rss / 2 ** 20,
      unit: `MiB (${(before / 2 ** 20).toFixed(0)})`,
      target: 'flat: tallies only',
      ok: rss - before < 64 * 2 ** 20,
    });
  }
  return rows;
}
