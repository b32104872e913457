import { invalidProblem, type PlanProblem } from './plan-problem.ts';
import { SCENARIO_DEFAULTS } from './schema.ts';

/**
 * A scenario's `simulation` with its defaults, and the problem of trials past the most it may
 * take, for every system's scenarios alike. The field named is one the file holds: `maxTrials`
 * when it sets one below `trials`, else `trials`, past the default `maxTrials` that nothing
 * raised (naming the unwritten `maxTrials` pointed at a field the file does not hold).
 * @example planSimulation({ trials: 5_000_000 }).problems[0]?.message // "simulation.trials: 5000000 is not allowed (expected at most 1000000, the default maxTrials: more trials need simulation.maxTrials set as high)"
 */
export function planSimulation(
  written: { readonly trials?: number | undefined; readonly maxTrials?: number | undefined } = {},
): { simulation: { trials: number; maxTrials: number }; problems: PlanProblem[] } {
  const simulation = {
    trials: written.trials ?? SCENARIO_DEFAULTS.trials,
    maxTrials: written.maxTrials ?? SCENARIO_DEFAULTS.maxTrials,
  };
  if (simulation.maxTrials >= simulation.trials) return { simulation, problems: [] };
  const problem =
    written.maxTrials === undefined
      ? invalidProblem(
          'simulation.trials',
          simulation.trials,
          `at most ${simulation.maxTrials}, the default maxTrials: more trials need simulation.maxTrials set as high`,
        )
      : invalidProblem(
          'simulation.maxTrials',
          simulation.maxTrials,
          `at least trials (${simulation.trials})`,
        );
  return { simulation, problems: [problem] };
}
