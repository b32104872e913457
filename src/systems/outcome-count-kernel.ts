import type { Kernel } from '../montecarlo/kernel.ts';
import { type SimulatedShare, simulatedShares } from './outcome-shares.ts';

/** A simulation whose every trial has one outcome: its shares with 95% Wilson intervals. */
export interface OutcomeSimulation<System extends string, Spec> {
  readonly system: System;
  readonly spec: Spec;
  readonly trials: number;
  readonly outcomes: SimulatedShare[];
}

/** What {@link outcomeCountKernel} needs to know of a system. */
export interface OutcomeCounts<System extends string, Prepared, Spec> {
  readonly system: System;
  /** The outcomes in tally order: slot i counts the trials that ended in outcome i. */
  readonly outcomes: readonly string[];
  /** The tally's one part, by name ("outcomes", "bands"). */
  readonly part: string;
  /** The validated spec a summary reports, from what `prepare` made of it. */
  readonly spec: (prepared: Prepared) => Spec;
}

/**
 * The parts of a kernel whose every trial ends in exactly one outcome, tallied as one count per
 * outcome: the tally's size and shape, the summary (each outcome's share) and the sampled
 * figures (the counts). The system's own `prepare` and `run` complete the kernel.
 * @example const kernel = { prepare, run, ...outcomeCountKernel({ system: 'd6-pool', outcomes: D6_POOL_OUTCOMES, part: 'outcomes', spec: (check) => check }) };
 * // not run: a declaration (src/systems/d6-pool/simulate.ts)
 */
export function outcomeCountKernel<System extends string, Prepared, Spec>(
  counts: OutcomeCounts<System, Prepared, Spec>,
): Pick<Kernel<unknown, Prepared>, 'tallySize' | 'tallyShape' | 'sampledFigures'> & {
  summarize(
    prepared: Prepared,
    tally: Float64Array,
    trials: number,
  ): OutcomeSimulation<System, Spec>;
} {
  const { outcomes } = counts;
  return {
    tallySize: () => outcomes.length,
    tallyShape: () => [{ kind: 'distribution', name: counts.part, from: 0, to: outcomes.length }],
    summarize: (prepared, tally, trials) => ({
      system: counts.system,
      spec: counts.spec(prepared),
      trials,
      outcomes: simulatedShares(outcomes, tally, trials),
    }),
    sampledFigures: (_prepared, tally) => countFigures(outcomes, tally),
  };
}

/**
 * Named counts as a kernel's sampled figures: `names[i]` counted `counts[i]` trials.
 * @example countFigures(['hit', 'miss'], [3, 7]) // { hit: { kind: 'count', count: 3 }, miss: { kind: 'count', count: 7 } }
 */
export function countFigures(
  names: readonly string[],
  counts: ArrayLike<number>,
): Readonly<Record<string, { readonly kind: 'count'; readonly count: number }>> {
  return Object.fromEntries(names.map((name, i) => [name, { kind: 'count', count: counts[i]! }]));
}
