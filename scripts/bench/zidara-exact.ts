import { RollSolver } from '../../src/systems/zidara/engine/roll-solver.ts';
import { parseRoll, type RollSpec } from '../../src/systems/zidara/roll/spec.ts';
import type { BenchRow } from './bench-row.ts';
import { bestOf } from './best-of.ts';
import { designerPools } from './designer-grid.ts';

const solve = (spec: RollSpec) => new RollSolver(parseRoll(spec)).odds();

/** The exact engine's targets from the foundation issue. */
export async function benchZidaraExact(): Promise<BenchRow[]> {
  // Four dice on four intents over two C6 threats (144 defence pairs), full Aura, 2 Resolve.
  const four: RollSpec = {
    threats: [{ challenge: 6 }, { challenge: 6 }],
    dice: [
      { sides: 12, intent: 0 },
      { sides: 10, intent: 1 },
      { sides: 8, intent: 2 },
      { sides: 6, intent: 3 },
    ],
    intents: [{ threat: 0 }, { threat: 1 }, { threat: 0 }, { threat: 1 }],
    aura: 5,
    resolve: 2,
  };
  const fourTime = bestOf(5, () => solve(four));
  // 48 steps: eight d12 on one intent, 5 Aura, 1 Resolve, against every Challenge (worst shown).
  let eightTime = 0;
  for (let challenge = 1; challenge <= 6; challenge++) {
    const eight: RollSpec = {
      threats: [{ challenge }],
      dice: Array.from({ length: 8 }, () => ({ sides: 12, intent: 0 })),
      aura: 5,
      resolve: 1,
    };
    eightTime = Math.max(
      eightTime,
      bestOf(3, () => solve(eight)),
    );
  }
  // Every legal pool of 1..24 steps with 1..2 actions (each distinct pool once), one intent,
  // against C1..C6, 5 Aura, 0..2 Resolve.
  const pools = designerPools();
  let solves = 0;
  const sweepStart = performance.now();
  for (const pool of pools) {
    for (let challenge = 1; challenge <= 6; challenge++) {
      for (let resolve = 0; resolve <= 2; resolve++) {
        solve({
          threats: [{ challenge }],
          dice: pool.map((sides) => ({ sides, intent: 0 })),
          aura: 5,
          resolve,
        });
        solves++;
      }
    }
  }
  const sweep = (performance.now() - sweepStart) / 1000;
  return [
    {
      name: 'zidara exact: 4 dice, 4 intents, 2 threats C6, Aura 5, Resolve 2',
      value: fourTime,
      unit: 'ms',
      target: '< 50',
      ok: fourTime < 50,
    },
    {
      name: 'zidara exact: 8d12 (48 steps), one intent, Aura 5, Resolve 1 (worst Challenge)',
      value: eightTime,
      unit: 'ms',
      target: '< 200',
      ok: eightTime < 200,
    },
    {
      name: `zidara exact: sweep of ${pools.length} pools (1..24 steps, 1..2 actions) × C1..6 × Resolve 0..2 = ${solves} solves, 1 thread`,
      value: sweep,
      unit: 's',
      target: '< 60',
      ok: sweep < 60,
    },
  ];
}
