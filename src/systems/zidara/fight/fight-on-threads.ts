import { workerPool } from '../../../process/worker-pool.ts';
import { type FightPlan, fightWork } from './fight.ts';
import type { RoundTask } from './fight-round-worker.ts';

/**
 * Whole fights of at least this many round solves ({@link fightWork}) are worth a pool of worker
 * threads: below it, one thread answers in well under a second, less than a pool's start-up saves.
 */
export const THREADED_FIGHT_WORK = 1000;

/**
 * Whole-fight play on `threads` worker threads: every round of the fight solved ahead, from the
 * last round back, each round's candidates shared among the threads (they are independent once
 * the rounds after it are known). The choice among them is the plan's own ({@link FightPlan.keep}),
 * so the plan then answers exactly what it would have solved alone. Smaller fights, per-roll play
 * or one thread: nothing to do here (the plan solves as it is asked).
 *
 * Each thread is a pool of its own and always gets the same candidates (every `threads`-th, so
 * that costs even out): the solves it records in the first round it replays in every other.
 * `onRound(done, total)` is told after each round solved (a progress bar: the first round, which
 * records, takes about five later ones).
 */
export async function solveFightOnThreads(
  plan: FightPlan,
  threads: number,
  onRound: (done: number, total: number) => void = () => {},
): Promise<void> {
  const { fight } = plan;
  if (fight.fightPolicy !== 'whole-fight' || threads < 2 || fightWork(fight) < THREADED_FIGHT_WORK)
    return;
  const pools = Array.from({ length: threads }, () =>
    workerPool<RoundTask, Float64Array[]>(new URL('./fight-round-worker', import.meta.url), 1),
  );
  try {
    for (let n = 1; n <= fight.maxRounds; n++) {
      // The opening round is asked from the fight's start alone.
      const opening = n === fight.maxRounds;
      if (!opening && plan.solved(n)) continue;
      const round = opening
        ? plan.roundSolve(n, [fight.tags], [{ aura: fight.startAura, resolve: fight.titles }])
        : plan.roundSolve(n);
      const shares = pools.map(() => [] as number[]);
      round.candidates.forEach((_, k) => {
        shares[k % threads]!.push(k);
      });
      const after = plan.winTable(n - 1);
      const { tagCounts, starts } = round;
      const results = await Promise.all(
        shares.map((indices, t) =>
          pools[t]!.run({ spec: fight.spec, tagCounts, starts, after, indices }),
        ),
      );
      const utilities: Float64Array[] = [];
      shares.forEach((indices, s) => {
        indices.forEach((k, j) => {
          utilities[k] = results[s]![j]!;
        });
      });
      plan.keep(n, round, utilities);
      onRound(n, fight.maxRounds);
    }
  } finally {
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}
