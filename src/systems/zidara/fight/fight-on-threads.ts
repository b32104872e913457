import type { Piscina } from 'piscina';
import { workerPool } from '../../../process/worker-pool.ts';
import {
  FightChain,
  type FightOdds,
  type FightPlan,
  fightOdds,
  fightWork,
  unsolvedOdds,
} from './fight.ts';
import type { FightTask } from './fight-round-worker.ts';

/**
 * Whole fights of at least this many round solves ({@link fightWork}) are worth a pool of worker
 * threads: below it, one thread answers in well under a second, less than a pool's start-up saves.
 */
export const THREADED_FIGHT_WORK = 1000;

/**
 * Whether {@link fightOddsOnThreads} solves `fight` on worker threads, the main thread free
 * meanwhile (to hear Ctrl-C, say), rather than on the main thread alone: a whole fight of at least
 * `THREADED_FIGHT_WORK`, given one thread or more (one: a worker solves it all, the main thread
 * still free).
 */
export function solvesOnThreads(fight: FightPlan['fight'], threads: number): boolean {
  return (
    fight.fightPolicy === 'whole-fight' && threads >= 1 && fightWork(fight) >= THREADED_FIGHT_WORK
  );
}

/**
 * {@link fightOdds} on `threads` worker threads, to the bit what one thread answers. Whole-fight
 * play: every round of the fight solved ahead, from the last round back, each round's candidates
 * shared among the threads (they are independent once the rounds after it are known); then the
 * figures round by round, the solves each round's states need taken by whichever thread is free
 * (see runEach). The choice among candidates is the plan's own ({@link FightPlan.keep}). Smaller
 * fights and per-roll play: the plan alone, on the calling thread.
 *
 * Each thread is a pool of its own and always gets the same candidates (every `threads`-th, so
 * that costs even out): the solves it records in the first round it replays in every other.
 * `onRound(done, total)` is told after each round solved (a progress bar: the first round, which
 * records, takes about five later ones).
 */
export async function fightOddsOnThreads(
  plan: FightPlan,
  threads: number,
  onRound: (done: number, total: number) => void = () => {},
): Promise<FightOdds> {
  const { fight } = plan;
  if (!solvesOnThreads(fight, threads)) return fightOdds(fight, plan);
  const pools = Array.from({ length: threads }, () =>
    workerPool<FightTask, unknown>(new URL('./fight-round-worker', import.meta.url), 1),
  );
  try {
    await solveRounds(plan, pools, onRound);
    const chain = new FightChain(plan);
    while (!chain.done) {
      const unsolved = unsolvedOdds(chain.rounds());
      const solved = await runEach(
        pools,
        unsolved.map(({ solve }) => ({ odds: solve })),
      );
      unsolved.forEach(({ done }, j) => {
        done(solved[j] as Parameters<typeof done>[0]);
      });
      chain.step();
    }
    return chain.odds();
  } finally {
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}

/** Every round of a whole fight solved on the pools, from the last round back (see fightOddsOnThreads). */
async function solveRounds(
  plan: FightPlan,
  pools: Piscina<FightTask, unknown>[],
  onRound: (done: number, total: number) => void,
): Promise<void> {
  const { fight } = plan;
  const threads = pools.length;
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
    const results = (await Promise.all(
      shares.map((indices, t) =>
        pools[t]!.run({ round: { spec: fight.spec, tagCounts, starts, after, indices } }),
      ),
    )) as Float64Array[][];
    const utilities: Float64Array[] = [];
    shares.forEach((indices, s) => {
      indices.forEach((k, j) => {
        utilities[k] = results[s]![j]!;
      });
    });
    plan.keep(n, round, utilities);
    onRound(n, fight.maxRounds);
  }
}

/**
 * The tasks' results, in order, each task run by the next pool to come free: the figures' solves
 * of a round differ in size tenfold, and dealt out by turns one thread would wait on the other.
 */
async function runEach(
  pools: readonly Piscina<FightTask, unknown>[],
  tasks: readonly FightTask[],
): Promise<unknown[]> {
  const results = new Array<unknown>(tasks.length);
  let next = 0;
  await Promise.all(
    pools.map(async (pool) => {
      while (next < tasks.length) {
        const j = next++;
        results[j] = await pool.run(tasks[j]!);
      }
    }),
  );
  return results;
}
