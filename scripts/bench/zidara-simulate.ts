import { simulate } from '../../src/montecarlo/run.ts';
import type { Policy } from '../../src/systems/zidara/exact.ts';
import { simulationSpec } from '../../src/systems/zidara/simulate.ts';
import { parseRoll, type RollSpec } from '../../src/systems/zidara/spec.ts';
import type { BenchRow } from './bench-row.ts';

/** Three dice on one intent against one Challenge die: 4 draws a roll. */
const PLAIN: RollSpec = {
  threats: [{ challenge: 3 }],
  dice: [
    { sides: 8, intent: 0 },
    { sides: 6, intent: 0 },
    { sides: 4, intent: 0 },
  ],
  resolve: 1,
};

async function rate(policy: Policy, threads: number, trials: number): Promise<number> {
  const spec = simulationSpec(parseRoll(PLAIN), policy);
  // A short run first so the pool's threads are warm and the JIT has seen the kernel.
  await simulate({
    kernel: 'systems/zidara/simulate',
    spec,
    trials: Math.min(trials, 4e6),
    seed: 9,
    threads,
  });
  const start = performance.now();
  await simulate({ kernel: 'systems/zidara/simulate', spec, trials, seed: 1, threads });
  return trials / ((performance.now() - start) / 1000) / 1e6;
}

/** The simulator's targets from the Monte Carlo issue. */
export async function benchZidaraSimulate(options: { long?: boolean } = {}): Promise<BenchRow[]> {
  const trials = 1e8;
  const never1 = await rate('never', 1, trials / 2);
  const never2 = await rate('never', 2, trials);
  const greedy2 = await rate('greedy', 2, trials / 2);
  const rows: BenchRow[] = [
    {
      name: 'zidara simulate: 3 dice vs C3 (4 draws a roll), never, 1 thread',
      value: never1,
      unit: 'M rolls/s',
    },
    {
      name: 'zidara simulate: same, never, 2 threads',
      value: never2,
      unit: 'M rolls/s',
      target: '≥ 100',
      ok: never2 >= 100,
    },
    {
      name: 'zidara simulate: same, greedy (1 Resolve), 2 threads',
      value: greedy2,
      unit: 'M rolls/s',
      target: '≥ 30',
      ok: greedy2 >= 30,
    },
    {
      name: 'zidara simulate: speed-up 1 → 2 threads (never)',
      value: never2 / never1,
      unit: '×',
      target: '≥ 1.8',
      ok: never2 / never1 >= 1.8,
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
