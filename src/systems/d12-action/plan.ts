import { InputError } from '../../input/input-error.ts';
import { popcount } from '../popcount.ts';
import { gcd, Rational } from '../rational.ts';
import type { D12ActionRoll, Supporter } from './spec.ts';

/**
 * The d12 action rules and every decision in them, compiled once per roll: which tokens to
 * spend on each die value, when to stop a stacked roll, which rolls a group's supporters make.
 * The exact engine (exact.ts) sums over these tables and the simulator (simulate.ts) looks
 * them up, so both play the same policy. Utilities are compared in exact arithmetic
 * (scaled to integers), so ties such as "1 token for a success or 5 for a critical" are
 * broken by the stated rule, not by float noise.
 */

/** Outcome indices: 0 critical success, 1 success, 2 failure, 3 critical failure. */
const CRITICAL_SUCCESS = 0;
const SUCCESS = 1;
export const FAILURE = 2;
export const CRITICAL_FAILURE = 3;

/** Outcome names of action rolls, by index. */
export const ACTION_OUTCOMES = [
  'critical-success',
  'success',
  'failure',
  'critical-failure',
] as const;
/** Outcome names of capacity rolls: index 0 pass, 1 fail. */
export const CAPACITY_OUTCOMES = ['pass', 'fail'] as const;

/** The most balance tokens a character holds. */
export const MAX_TOKENS = 6;

/** Dice in a risky or stacked roll: action luck, rating + 2. */
export function actionLuck(rating: number): number {
  return rating + 2;
}

/**
 * A d12 judged as a safe roll against proficiency P (after any lowering): 1 is a critical
 * success, 12 a critical failure, otherwise ≤ P succeeds and > P fails.
 * @example judgeSafe(1, 0) // 0 (critical success)
 * @example judgeSafe(11, 11) // 1 (success)
 */
export function judgeSafe(value: number, proficiency: number): number {
  if (value <= 1) return CRITICAL_SUCCESS;
  if (value >= 12) return CRITICAL_FAILURE;
  return value <= proficiency ? SUCCESS : FAILURE;
}

/** A risky roll judged by its lowest die, with no tokens: a 1 is a critical success, else a critical failure. */
export function judgeRisky(lowest: number): number {
  return lowest <= 1 ? CRITICAL_SUCCESS : CRITICAL_FAILURE;
}

/** How a capacity roll goes: 0 pass (1d12 ≤ capacity), 1 fail. No criticals, no tokens. */
export function judgeCapacity(value: number, capacity: number): number {
  return value <= capacity ? 0 : 1;
}

/**
 * Balance tokens gained: 1 on a failure of either kind, none while Demoralized, and none when
 * the stock (after the tokens spent) is already at 6.
 */
export function balanceGained(failed: boolean, tokensLeft: number, demoralized: boolean): number {
  return failed && !demoralized && tokensLeft < MAX_TOKENS ? 1 : 0;
}

/** Utilities and the token cost as integers over one common denominator `scale`. */
export interface ScaledUtilities {
  /** Utility of each outcome index, times `scale`. */
  readonly outcome: readonly bigint[];
  /** tokenValue times `scale`. */
  readonly token: bigint;
  readonly scale: bigint;
}

/** The decimal utilities of a roll as exact integers over a common denominator. Memoised. */
function scaleUtilities(roll: D12ActionRoll): ScaledUtilities {
  const u = roll.utilities;
  const numbers = [u.criticalSuccess, u.success, u.failure, u.criticalFailure, roll.tokenValue];
  const id = numbers.join(' ');
  let scaled = scaledUtilities.get(id);
  if (!scaled) {
    const values = numbers.map((x) => Rational.fromDecimal(x));
    const scale = values.reduce((d, v) => lcm(d, v.den), 1n);
    const n = values.map((v) => (v.num * scale) / v.den);
    scaled = { outcome: n.slice(0, 4), token: n[4]!, scale };
    scaledUtilities.set(id, scaled);
  }
  return scaled;
}

const scaledUtilities = new Map<string, ScaledUtilities>();

/**
 * The scaled score of ending on `outcome` having spent `spend` tokens: its utility minus the
 * tokens' value (over `u.scale`).
 */
export function score(u: ScaledUtilities, outcome: number, spend: number): bigint {
  return u.outcome[outcome]! - BigInt(spend) * u.token;
}

/** What a player does with one die (or a risky roll's lowest die): tokens spent and the result. */
export interface DieChoice {
  readonly spend: number;
  readonly outcome: number;
  /** Utility of the result minus the tokens' value, times `scale`. */
  readonly score: bigint;
}

/**
 * The best token spend for each safe-roll value 1..12 (index value − 1): lower the die by k
 * (k ≤ tokens, never below 1) to maximise utility − k·tokenValue; ties go to fewer tokens.
 * O(12 · tokens).
 */
function safeChoices(proficiency: number, tokens: number, u: ScaledUtilities): DieChoice[] {
  return Array.from({ length: 12 }, (_, i) => {
    const value = i + 1;
    let best: DieChoice | undefined;
    for (let k = 0; k <= Math.min(tokens, value - 1); k++) {
      const outcome = judgeSafe(value - k, proficiency);
      const worth = score(u, outcome, k);
      if (best === undefined || worth > best.score) best = { spend: k, outcome, score: worth };
    }
    return best!;
  });
}

/**
 * The best token spend on a risky roll whose lowest die shows `lowest` (index lowest − 1): a 1
 * is a critical success; otherwise lowering that die to 1 costs lowest − 1 tokens, bought only
 * when the critical success beats the critical failure by more than their value (ties: keep
 * the tokens). No other spend can change a risky result.
 */
function riskyChoices(tokens: number, u: ScaledUtilities): DieChoice[] {
  return Array.from({ length: 12 }, (_, i) => {
    const lowest = i + 1;
    const natural = judgeRisky(lowest);
    if (natural === CRITICAL_SUCCESS)
      return { spend: 0, outcome: natural, score: score(u, natural, 0) };
    const fail: DieChoice = { spend: 0, outcome: natural, score: score(u, natural, 0) };
    const spend = lowest - 1;
    if (spend > tokens) return fail;
    const bought = score(u, CRITICAL_SUCCESS, spend);
    return bought > fail.score ? { spend, outcome: CRITICAL_SUCCESS, score: bought } : fail;
  });
}

/**
 * The stopping rule of a stacked roll of `dice` dice: keep[j][value − 1] says whether die j
 * (0-based) showing `value` is kept. The last die is always kept.
 * - optimal: keep when the die's value (with its best token spend) is at least the expected
 *   value of rolling on (ties: keep), by backward induction in exact integers. O(12 · dice).
 * - keep-first-success: keep the first die that ends as a success or critical success with its
 *   best token spend.
 */
function stackedKeepRule(
  dice: number,
  choices: readonly DieChoice[],
  policy: D12ActionRoll['policy'],
): boolean[][] {
  const keep: boolean[][] = Array.from({ length: dice }, () => new Array<boolean>(12).fill(true));
  if (policy === 'keep-first-success') {
    for (let j = 0; j < dice - 1; j++)
      keep[j] = choices.map((c) => c.outcome === CRITICAL_SUCCESS || c.outcome === SUCCESS);
    return keep;
  }
  // onward = A / 12^m: the expected score of rolling on from die j + 1 with m dice left.
  let onward = choices.reduce((s, c) => s + c.score, 0n);
  let m = 1n;
  for (let j = dice - 2; j >= 0; j--) {
    const power = 12n ** m;
    let next = 0n;
    keep[j] = choices.map((c) => {
      const here = c.score * power;
      const kept = here >= onward;
      next += kept ? here : onward;
      return kept;
    });
    onward = next;
    m += 1n;
  }
  return keep;
}

/** Which roll each supporter of a group makes. */
export type SupportRoll = 'safe' | 'risky';

/** How a supporter's result changes the lead's dice: +2, +1, 0, −1 by outcome index. */
export const SUPPORT_DICE = [2, 1, 0, -1] as const;

/**
 * A supporter's outcome distribution as weights over 12^dice (dice 1 for safe, rating + 2 for
 * risky); supporting rolls spend no tokens.
 */
export function supporterOutcomes(
  s: Supporter,
  roll: SupportRoll,
): { weights: bigint[]; total: bigint } {
  if (roll === 'safe') {
    const weights = [0n, 0n, 0n, 0n];
    for (let v = 1; v <= 12; v++) weights[judgeSafe(v, s.rating + s.capacity)]! += 1n;
    return { weights, total: 12n };
  }
  const n = BigInt(actionLuck(s.rating));
  const total = 12n ** n;
  const noOne = 11n ** n;
  return { weights: [total - noOne, 0n, 0n, noOne], total };
}

/**
 * The lead's total score with `dice` dice over all 12^dice rolls (a risky roll with its tokens;
 * 0 dice or fewer is a critical failure, over 12^0): the expected score times 12^max(dice, 0).
 */
function leadScoreSum(dice: number, choices: readonly DieChoice[], u: ScaledUtilities): bigint {
  if (dice <= 0) return score(u, CRITICAL_FAILURE, 0);
  const lowest = lowestDieWeights(dice);
  let sum = 0n;
  choices.forEach((c, i) => {
    sum += lowest[i]! * c.score;
  });
  return sum;
}

/**
 * Weights over 12^n of the lowest of n d12 being 1..12 (index value − 1):
 * (13 − m)^n − (12 − m)^n. Memoised (read-only).
 */
export function lowestDieWeights(n: number): readonly bigint[] {
  let weights = lowestWeights.get(n);
  if (!weights) {
    const e = BigInt(n);
    weights = Object.freeze(
      Array.from({ length: 12 }, (_, i) => BigInt(12 - i) ** e - BigInt(11 - i) ** e),
    );
    lowestWeights.set(n, weights);
  }
  return weights;
}

const lowestWeights = new Map<number, readonly bigint[]>();

/** Most dice a group's lead can roll: rating + 2, +2 for each supporter. */
export function mostLeadDice(roll: D12ActionRoll): number {
  return actionLuck(roll.rating) + 2 * roll.supporters.length;
}

/**
 * The supporters' joint choice: every combination of safe and risky rolls (Reckless supporters
 * roll risky) is scored by the lead's expected score over the distribution of bonus dice, in
 * exact integers; ties go to fewer risky rolls, then to safe rolls for earlier supporters.
 * O(2^supporters · bonus range).
 */
function groupSupportPlan(
  roll: D12ActionRoll,
  leadChoices: readonly DieChoice[],
  u: ScaledUtilities,
): SupportRoll[] {
  const k = roll.supporters.length;
  const masks = Array.from({ length: 2 ** k }, (_, m) => m)
    .filter((m) => roll.supporters.every((s, i) => !s.reckless || (m >> i) & 1))
    .sort((a, b) => popcount(a) - popcount(b) || reversedBits(a, k) - reversedBits(b, k));
  const most = mostLeadDice(roll);
  const leadSums = new Map<number, bigint>();
  // The lead's score sum with `dice` dice, scaled to the common 12^most.
  const leadSum = (dice: number) => {
    const key = Math.max(0, dice);
    let v = leadSums.get(key);
    if (v === undefined) {
      v = leadScoreSum(key, leadChoices, u) * 12n ** BigInt(most - key);
      leadSums.set(key, v);
    }
    return v;
  };
  let best: { plan: SupportRoll[]; num: bigint; den: bigint } | undefined;
  for (const mask of masks) {
    const plan = roll.supporters.map((_, i): SupportRoll => ((mask >> i) & 1 ? 'risky' : 'safe'));
    const bonus = bonusDice(roll.supporters, plan);
    let num = 0n;
    for (const [extra, w] of bonus.weights) num += w * leadSum(actionLuck(roll.rating) + extra);
    const den = bonus.total;
    if (best === undefined || num * best.den > best.num * den) best = { plan, num, den };
  }
  return best!.plan;
}

/** The distribution of the supporters' total bonus dice: extra → weight over `total`. */
export function bonusDice(
  supporters: readonly Supporter[],
  plan: readonly SupportRoll[],
): { weights: Map<number, bigint>; total: bigint } {
  let weights = new Map<number, bigint>([[0, 1n]]);
  let total = 1n;
  supporters.forEach((s, i) => {
    const one = supporterOutcomes(s, plan[i]!);
    const next = new Map<number, bigint>();
    for (const [extra, w] of weights) {
      one.weights.forEach((v, o) => {
        if (v === 0n) return;
        const key = extra + SUPPORT_DICE[o]!;
        next.set(key, (next.get(key) ?? 0n) + w * v);
      });
    }
    weights = next;
    total *= one.total;
  });
  return { weights, total };
}

/** Everything a roll's exact solution and its simulation need. */
export interface D12Plan {
  readonly roll: D12ActionRoll;
  readonly utilities: ScaledUtilities;
  /** Safe-roll proficiency, rating + capacity. */
  readonly proficiency: number;
  /** Best token spend by safe-roll value (safe and stacked rolls). */
  readonly safe: readonly DieChoice[];
  /** Best token spend by the lowest die of a risky roll (risky rolls and group leads). */
  readonly risky: readonly DieChoice[];
  /** Stacked rolls: keep[j][value − 1]. */
  readonly keep: readonly (readonly boolean[])[];
  /** Group rolls: each supporter's roll. */
  readonly support: readonly SupportRoll[];
}

/**
 * Compiles a roll's decisions. O(12 · tokens + 12 · dice), plus 2^supporters combinations for
 * a group roll.
 */
export function planD12Roll(roll: D12ActionRoll): D12Plan {
  const utilities = scaleUtilities(roll);
  const proficiency = roll.rating + roll.capacity;
  const safe = safeChoices(proficiency, roll.tokens, utilities);
  const risky = riskyChoices(roll.tokens, utilities);
  const keep =
    roll.roll === 'stacked' ? stackedKeepRule(actionLuck(roll.rating), safe, roll.policy) : [];
  const support = roll.roll === 'group' ? groupSupportPlan(roll, risky, utilities) : [];
  return { roll, utilities, proficiency, safe, risky, keep, support };
}

/**
 * A plan given with a request (built once for many requests of one roll), refused unless it is
 * one and was compiled for the request's roll, every option of it: another roll's tables give
 * another roll's values without a word. Once per call: it compares the roll's dozen fields.
 * @throws InputError naming `plan`, the first field it was built for otherwise, and the roll's.
 */
export function checkPlan(plan: unknown, roll: D12ActionRoll): D12Plan {
  const built = (plan as Partial<D12Plan> | null)?.roll;
  if (typeof built !== 'object' || built === null)
    throw new InputError(
      `plan: ${plan === null ? 'null' : typeof plan} is not allowed (expected the plan of this check's roll, or none to build it)`,
      'plan',
    );
  const field = (Object.keys(roll) as (keyof D12ActionRoll)[]).find(
    (key) => !sameValue(built[key], roll[key]),
  );
  if (field === undefined) return plan as D12Plan;
  const shown = (v: unknown) => JSON.stringify(v) ?? String(v);
  throw new InputError(
    `plan: a plan of ${field} ${shown(built[field])} is not allowed (expected the plan of this check's roll, of ${field} ${shown(roll[field])}, or none to build it)`,
    'plan',
  );
}

/** Equal JSON-like values: primitives by identity, arrays and objects key by key. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) =>
      sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

function lcm(a: bigint, b: bigint): bigint {
  return (a / gcd(a, b)) * b;
}

/** The mask read with supporter 0 as the most significant bit, so earlier supporters weigh most. */
function reversedBits(m: number, k: number): number {
  let r = 0;
  for (let i = 0; i < k; i++) r = (r << 1) | ((m >> i) & 1);
  return r;
}
