import { InputError } from '../../input/input-error.ts';
import type { OutcomeShare } from '../outcome-shares.ts';
import type { Rational } from '../rational.ts';
import { type ExactFigures, RingSkillSolver, type SolverOptions } from './solver.ts';
import type { RingSkillCheck } from './spec.ts';

/** Outcome names of a check. */
export const RING_SKILL_OUTCOMES = ['success', 'failure'] as const;

/** A check's figures as numbers, from a roll (a result) or from a keep on (an advice action). */
export interface RingSkillFigures {
  readonly pSuccess: number;
  readonly expectedStrife: number;
  /** Successes beyond TN, 0 on a failed check. */
  readonly expectedBonusSuccesses: number;
  readonly expectedOpportunity: number;
  readonly expectedSuccesses: number;
  /** Probability that an explosive success was kept in the last allowed wave (mass the cap cut off). */
  readonly pCapped: number;
  /** The objective's figure: P(success), E[successes] or E[weighted utility]. */
  readonly expectedUtility: number;
}

/** The exact result of a check, as the CLI prints it. */
export interface RingSkillResult extends RingSkillFigures {
  readonly system: 'ring-skill';
  readonly spec: RingSkillCheck;
  /** success and failure under optimal keeping (no fraction: decisions shape them; see `exact`). */
  readonly outcomes: OutcomeShare[];
  /** The same figures as exact reduced fractions. */
  readonly exact: Readonly<Record<keyof ExactFigures, string>>;
}

/**
 * Solves one check exactly: optimal keeping (first keep, every wave, and rerolls) for the
 * check's objective, explosions to its depth. About 0.15 s for ring 5, skill 5 in a fresh
 * process (0.3 s with 2 rerolls against TN 8), milliseconds once its menus and value tables are
 * built (later checks share them); milliseconds for small pools.
 * @example ringSkillOdds(parseRingSkillSpec({ ring: 1, skill: 1, tn: 1 })).exact.pSuccess // "19/24"
 */
export function ringSkillOdds(check: RingSkillCheck, solver?: RingSkillSolver): RingSkillResult {
  const figures = (solver ?? new RingSkillSolver(check)).solve(check.skill, check.rerolls);
  return ringSkillResult(check, figures);
}

/**
 * A solver given with a check (to share its tables across calls), refused unless it is one and
 * was built for the check's ring, TN, explosion depth and objective (and weights, for the
 * weighted objective): another's tables give another check's figures without a word. Once per
 * call: it compares five fields.
 * @throws InputError naming `solver`, what it was built for and what the check needs.
 */
export function checkSolver(solver: unknown, check: RingSkillCheck): RingSkillSolver {
  if (!(solver instanceof RingSkillSolver))
    throw new InputError(
      `solver: ${solver === null ? 'null' : typeof solver} is not allowed (expected a RingSkillSolver of this check, or none to build one)`,
      'solver',
    );
  const built = solver.options;
  const differs = (name: keyof SolverOptions) =>
    name === 'weights'
      ? check.objective === 'weighted' &&
        (Object.keys(check.weights) as (keyof typeof check.weights)[]).some(
          (w) => built.weights[w] !== check.weights[w],
        )
      : built[name] !== check[name];
  const fields = (['ring', 'tn', 'explodeDepth', 'objective', 'weights'] as const).filter(differs);
  if (fields.length === 0) return solver;
  const of = (options: SolverOptions) =>
    fields.map((f) => `${f} ${JSON.stringify(options[f])}`).join(', ');
  throw new InputError(
    `solver: a solver of ${of(built)} is not allowed (expected one of this check's ${of(check)}, or none to build one)`,
    'solver',
  );
}

/** The CLI's result object from a solved check's exact figures. */
function ringSkillResult(check: RingSkillCheck, figures: ExactFigures): RingSkillResult {
  const n = (q: Rational) => q.toNumber();
  const pSuccess = n(figures.pSuccess);
  const exact = Object.fromEntries(
    Object.entries(figures).map(([k, q]) => [k, (q as Rational).toString()]),
  ) as Record<keyof ExactFigures, string>;
  return {
    system: 'ring-skill',
    spec: check,
    outcomes: [
      { name: 'success', p: pSuccess },
      { name: 'failure', p: 1 - pSuccess },
    ],
    pSuccess,
    expectedStrife: n(figures.expectedStrife),
    expectedBonusSuccesses: n(figures.expectedBonusSuccesses),
    expectedOpportunity: n(figures.expectedOpportunity),
    expectedSuccesses: n(figures.expectedSuccesses),
    pCapped: n(figures.pCapped),
    expectedUtility: n(figures.expectedUtility),
    exact,
  };
}
