import { z } from 'zod';
import { choice } from '../../../field-schemas.ts';
import { parseSpec } from '../../../issue-messages.ts';
import { allWonUtility } from '../engine/all-won-utility.ts';
import {
  PLAY_DEFAULTS,
  POLICIES,
  type Policy,
  REROLL_KINDS,
  type RerollKinds,
  type RollOdds,
  RollSolver,
} from '../engine/roll-solver.ts';
import {
  checkAura,
  DEFENDING,
  parseRoll,
  ROLL_DEFAULTS,
  ROLL_OPTION_FIELDS,
  type Roll,
  type RollSpec,
} from './spec.ts';
import type { Split } from './split.ts';

/**
 * A character's situation for a roll, shared by every analysis: the options of the rules page
 * (`rules/zidara.md`) and how decisions are taken. Every field is optional; the defaults are
 * the rules page's ({@link ROLL_DEFAULTS}, {@link PLAY_DEFAULTS}).
 */
export interface RollSetup {
  /** Aura at the start of the roll (a scene starts full). @defaultValue `auraMax` */
  readonly aura?: number;
  /** Most Aura a character holds; gains past it are shared. @defaultValue {@link ROLL_DEFAULTS}.auraMax */
  readonly auraMax?: number;
  /** Resolve available for rerolls. @defaultValue {@link ROLL_DEFAULTS}.resolve */
  readonly resolve?: number;
  /** The archetype's +2s allowed a roll (0 = an archetype without the +2). @defaultValue {@link ROLL_DEFAULTS}.boostsPerRoll */
  readonly boostsPerRoll?: number;
  /**
   * A tie can be won for 1 Aura (false models defending: {@link DEFENDING}).
   * @defaultValue {@link ROLL_DEFAULTS}.tieBreak
   */
  readonly tieBreak?: boolean;
  /** Warrior: a top face rolls again and adds. @defaultValue {@link ROLL_DEFAULTS}.explode */
  readonly explode?: boolean;
  /** Most extra rolls of an exploding die. @defaultValue {@link ROLL_DEFAULTS}.explodeDepth */
  readonly explodeDepth?: number;
  /** Aura from a top face can be spent in the same roll. @defaultValue {@link ROLL_DEFAULTS}.auraGainUsableSameRoll */
  readonly auraGainUsableSameRoll?: boolean;
  /** Worth of each Aura left at the end, in intents, in the utility play maximises. @defaultValue {@link ROLL_DEFAULTS}.auraValue */
  readonly auraValue?: number;
  /** Worth of each Resolve left at the end, in intents. @defaultValue {@link ROLL_DEFAULTS}.resolveValue */
  readonly resolveValue?: number;
  /** Who decides: the engine's optimum or a named simple policy. @defaultValue {@link PLAY_DEFAULTS}.policy */
  readonly policy?: Policy;
  /** Rerolls the optimal policy may use. @defaultValue {@link PLAY_DEFAULTS}.rerolls */
  readonly rerolls?: RerollKinds;
}

/** A character's roll situation as people state it: the rules' options, `defending` for ties. */
export interface CharacterSetup extends Omit<RollSetup, 'tieBreak'> {
  /** The defence model ({@link DEFENDING}): ties go to the defender and are not bought. */
  readonly defending?: boolean | undefined;
}

/**
 * The roll setup of a character: fields left out (undefined) take the rules' defaults,
 * `defending` is the defence model, and the starting Aura is checked against its cap. `names`
 * are the Aura fields as the caller's input names them (flags, a file's fields), for messages.
 * @example characterSetup({ auraMax: 3, defending: true }) // { auraMax: 3, tieBreak: false }
 */
export function characterSetup(
  character: { readonly [F in keyof CharacterSetup]?: CharacterSetup[F] | undefined },
  names: { readonly aura: string; readonly auraMax: string } = { aura: 'aura', auraMax: 'auraMax' },
): RollSetup {
  const { defending, ...options } = character;
  if (options.aura !== undefined)
    checkAura(options.aura, options.auraMax ?? ROLL_DEFAULTS.auraMax, names.aura, names.auraMax);
  const setup = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...setup, ...(defending ? DEFENDING : {}) } as RollSetup;
}

/**
 * The roll of a split against one Challenge, every intent on that threat, validated (an
 * InputError names the setup field at fault). `weights` are the intents' weights in the
 * utility the play maximises (default 1 each).
 * @example splitRoll([[12], [4]], 3, { resolve: 1 }).dice.length // 2
 */
export function splitRoll(
  split: Split,
  challenge: number,
  setup: RollSetup = {},
  weights?: readonly number[],
): Roll {
  const spec: RollSpec = {
    ...rollOptionsOf(setup),
    threats: [{ challenge }],
    dice: split.flatMap((dice, intent) => dice.map((sides) => ({ sides, intent }))),
    ...(weights ? { intents: split.map((_, i) => ({ threat: 0, weight: weights[i] ?? 1 })) } : {}),
  };
  return parseRoll(spec);
}

/**
 * What the play of a split maximises: the linear utility with these intent weights (each 1
 * when absent), or `'all-won'`, P(every intent won) (see allWonUtility).
 */
export type SplitPlay = readonly number[] | 'all-won';

/**
 * The exact odds of a split against a Challenge under the setup's policy: one solve of the
 * exact engine, from a fraction of a millisecond (one die) to tens of milliseconds (six dice and
 * Resolve). `play` says what the play maximises (default: expected wins plus the setup's
 * Aura and Resolve worth); with `'all-won'` the odds' `expectedUtility` is P(all won).
 * @example splitOdds([[8]], 4, { auraMax: 0 }).intents[0].pWin // 0.4375
 * @example splitOdds([[8], [6]], 4, { aura: 3, resolve: 1 }, 'all-won').pAllWin // 0.68381 (3151/4608)
 */
export function splitOdds(
  split: Split,
  challenge: number,
  setup: RollSetup = {},
  play?: SplitPlay,
): RollOdds {
  const allWon = play === 'all-won';
  const roll = splitRoll(split, challenge, setup, allWon ? undefined : play);
  const { policy = PLAY_DEFAULTS.policy, rerolls = PLAY_DEFAULTS.rerolls } = parseSpec(
    playSchema,
    setup,
  );
  return new RollSolver(roll, {
    policy,
    rerolls,
    ...(allWon ? { terminal: allWonUtility(roll) } : {}),
  }).odds();
}

/** How a setup's roll is played: checked where a solve starts (the roll checks the rest). */
const playSchema = z.looseObject({
  policy: choice(POLICIES).optional(),
  rerolls: choice(REROLL_KINDS).optional(),
});

function rollOptionsOf(setup: RollSetup): Partial<RollSpec> {
  const options: Record<string, unknown> = {};
  // The roll-spec fields of a setup (any other field of an analysis' options is left out).
  for (const field of ROLL_OPTION_FIELDS satisfies readonly (keyof RollSetup)[])
    if (setup[field] !== undefined) options[field] = setup[field];
  return options as Partial<RollSpec>;
}
