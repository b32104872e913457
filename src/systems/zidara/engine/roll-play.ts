import type { Roll } from '../roll/spec.ts';

/** How decisions are taken: the engine's optimum, or a named simple policy for comparison. */
export const POLICIES = ['optimal', 'greedy', 'never'] as const;
/** One of `POLICIES`. */
export type Policy = (typeof POLICIES)[number];

/**
 * Which rerolls the optimal policy may use: the rules allow both (`any`); analyses compare
 * rerolling only one die (`one`) with rerolling only every die (`all`).
 */
export const REROLL_KINDS = ['any', 'one', 'all'] as const;
/** One of `REROLL_KINDS`. */
export type RerollKinds = (typeof REROLL_KINDS)[number];

/** How a roll is played when nothing says otherwise: the optimum, with every kind of reroll. */
export const PLAY_DEFAULTS = {
  policy: 'optimal',
  rerolls: 'any',
} as const satisfies { policy: Policy; rerolls: RerollKinds };

/** Options of a solve beyond the roll itself. */
export interface SolveOptions {
  /** Decisions: the engine's optimum (default) or a named simple policy. */
  readonly policy?: Policy;
  /** Rerolls open to the optimal policy: reroll all or one die, whichever is better. @defaultValue {@link PLAY_DEFAULTS}.rerolls */
  readonly rerolls?: RerollKinds;
  /** Also report the joint distribution of (intents won, Aura, Resolve) at the end (for scenes). */
  readonly joint?: boolean;
  /**
   * A utility over how the roll ends, replacing the rules' linear one when a roll's worth is not
   * linear (a whole fight: the chance to win from the state the roll leaves):
   * `terminal[(wins · (auraMax + 1) + auraEnd) · (resolve + 1) + resolveEnd]`, wins = intents won.
   * It must not fall as Aura at the end rises (Aura can always be left unspent, so no scene's
   * worth does): the engine never buys a +2 only to shed Aura.
   */
  readonly terminal?: ArrayLike<number>;
  /**
   * Several terminal utilities (each laid out as `terminal`) solved side by side, as lanes: the
   * states, rerolls and outcomes a solve walks do not depend on the terminal, so one walk serves
   * them all. Only expected utilities are given then (`RollSolver.laneUtilitiesFor`), each what a
   * solve of that terminal alone gives. A whole fight's round: one lane per count of tags left.
   */
  readonly terminals?: readonly ArrayLike<number>[];
  /**
   * The lowest Aura state (see {@link startAuraState}) the solver will be asked about: its
   * tables hold the states from there up only (Aura only rises within a roll), and a question
   * below it is refused. `solveRolls` passes its rolls' lowest start. @defaultValue 0
   */
  readonly lowestAura?: number;
}

/**
 * The Aura state a roll starts in: the Aura held, or 0 when gains are held back to the end of
 * the roll (the state then counts the gains so far).
 */
export function startAuraState(roll: Roll): number {
  return roll.auraGainUsableSameRoll ? roll.aura : 0;
}

/** True when the roll's utility is the rules' default (each intent worth 1, Aura and Resolve left worth 0): then E[U] is E[intents won]. */
export function utilityIsWins(roll: Roll): boolean {
  return (
    roll.auraValue === 0 && roll.resolveValue === 0 && roll.intents.every((i) => i.weight === 1)
  );
}

/** One way a roll can end: which intents won (bit i: intent i), Aura and Resolve left. */
export interface RollEnding {
  readonly won: number;
  readonly auraEnd: number;
  readonly resolveEnd: number;
  readonly p: number;
}

/** A decision during the roll: stop (then spend), reroll every die, or reroll one die. */
export const STOP = -1;
export const REROLL_ALL = -2;
/** Reroll-one decisions are `group * REROLL_GROUP_STRIDE + classIndex` (the area die: class 0). */
export const REROLL_GROUP_STRIDE = 256;

/** One action open in a rolled state, valued by the engine, with its figures under the policy's play after it. */
export interface ActionValue {
  /** STOP, REROLL_ALL, or a reroll-one code (group · REROLL_GROUP_STRIDE + class index; the area die: 0). */
  readonly decision: number;
  /** E[U] when taking this action now and playing the policy after it. */
  readonly expectedUtility: number;
  /** P(each intent won), and P(0 won), P(1 won), … after it. */
  readonly pWin: readonly number[];
  readonly winsDistribution: readonly number[];
}

/** Every figure the rules page asks of one roll, under one policy. */
export interface RollOdds {
  readonly policy: Policy;
  /** E[Σ weight·won + auraValue·Aura at the end + resolveValue·Resolve at the end]. */
  readonly expectedUtility: number;
  readonly intents: readonly {
    readonly pWin: number;
    readonly threat: number;
    readonly weight: number;
    readonly dice: readonly number[];
  }[];
  readonly expectedWins: number;
  readonly pAllWin: number;
  /** P(0 intents won), P(1 won), … */
  readonly winsDistribution: readonly number[];
  /** Top faces rolled, before the cap. */
  readonly expectedAuraGained: number;
  readonly expectedAuraSpent: number;
  /** Aura past the cap, given to a friend. */
  readonly expectedAuraShared: number;
  readonly expectedAuraEnd: number;
  readonly expectedResolveEnd: number;
  /** P(some exploding chain in the roll was stopped by the depth cap); present when dice explode. */
  readonly pExplodeCapped?: number;
  /** With `joint`: every way the roll can end, and its chance. */
  readonly joint?: readonly RollEnding[];
  /** The area die's size (its final value), when the roll has one. */
  readonly area?: {
    readonly sides: number;
    readonly expectedSize: number;
    readonly distribution: readonly { readonly size: number; readonly p: number }[];
  };
}
