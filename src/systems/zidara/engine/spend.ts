import { popcount } from '../../popcount.ts';
import { ROLL_LIMITS, type Roll } from '../roll/spec.ts';
import { tiesBought } from './die-outcome.ts';
import type { Policy } from './roll-play.ts';

/**
 * Aura spends after the last reroll: a +2 on a die (at most `boostsPerRoll` a roll, each adding
 * `boostSize`) and paying a tie (when ties can be bought: `tiesBought`). Only an intent's best
 * die is worth a +2, so each intent is settled from its best class alone (see die-outcome.ts).
 * Shared by the exact engine and the simulator.
 */
export interface SpendRules {
  readonly weights: readonly number[];
  readonly boostsPerRoll: number;
  /** What one +2 adds (rule variant `boostSize`). */
  readonly boostSize: number;
  /** Whether a tie can be bought (`tiesBought`: `tieBreak`, unless ties go to the roller). */
  readonly tieBreak: boolean;
  readonly auraValue: number;
  readonly auraMax: number;
  /**
   * A utility over how the roll ends, replacing Σ weight·won + auraValue·auraEnd when the worth
   * of a roll is not linear (a fight: the chance to win from the state the roll leaves).
   * Always present (undefined when linear): rules of one shape keep V8's compiled spends valid.
   */
  readonly worth: ((won: number, auraEnd: number) => number) | undefined;
}

/** The spend rules of a roll (the exact engine's and the simulator's). */
export function spendRulesOf(roll: Roll): SpendRules {
  return {
    weights: roll.intents.map((i) => i.weight),
    boostsPerRoll: roll.boostsPerRoll,
    boostSize: roll.boostSize,
    tieBreak: tiesBought(roll),
    auraValue: roll.auraValue,
    auraMax: roll.auraMax,
    worth: undefined,
  };
}

/** The worth of ending with intents `won` (bit i: intent i) and `auraEnd` Aura. */
function planValue(rules: SpendRules, won: number, auraEnd: number): number {
  if (rules.worth) return rules.worth(won, auraEnd);
  let value = rules.auraValue * auraEnd;
  for (let i = 0; i < rules.weights.length; i++) if (won & (1 << i)) value += rules.weights[i]!;
  return value;
}

/** How a roll is settled: which intents are won, and what it cost. */
export interface SpendPlan {
  /** Bit i set: intent i is won. */
  readonly won: number;
  /** Aura spent, and the +2s among it, per intent. */
  readonly spent: number;
  readonly boosts: readonly number[];
  /** Bit i set: intent i's tie was paid (after its boosts, if any). */
  readonly tiesPaid: number;
  readonly auraEnd: number;
  /** Σ weight of intents won + auraValue · auraEnd (the utility, less the Resolve term). */
  readonly value: number;
}

/**
 * The cheapest way to win an intent whose best die has class `cls` (< 1) with +2s that each add
 * `size`: +2s first, then a tie payment when the +2s land exactly on D (as many Aura as the +2s
 * that would pass it, one fewer +2). Both the Aura and the +2s are minimal at once. Returns the
 * +2s; the tie is paid when {@link paysTie}, and the Aura spent is the +2s plus the tie.
 * @example boostsToWin(-2, true, 2) // not run: internal; gives 1, and paysTie(-2, true, 2) is true: 2 Aura
 */
function boostsToWin(cls: number, tieBreak: boolean, size: number): number {
  if (cls >= 1) return 0;
  if (paysTie(cls, tieBreak, size)) return -cls / size;
  return Math.ceil((1 - cls) / size);
}

/** Whether winning an intent of best class `cls` ends in paying its tie (see boostsToWin). */
function paysTie(cls: number, tieBreak: boolean, size: number): boolean {
  return cls < 1 && tieBreak && -cls % size === 0;
}

/**
 * Aura left at the end: what was available, less what was spent, plus gains that only arrive
 * after the roll's last decision (when `auraGainUsableSameRoll` is false), capped.
 */
function auraEndOf(rules: SpendRules, budget: number, spent: number, gainsAfter: number): number {
  return Math.min(rules.auraMax, budget - spent + gainsAfter);
}

/** Settles without spending anything (the `never` policy, or a roll with no Aura). */
export function noSpend(
  rules: SpendRules,
  best: ArrayLike<number>,
  budget: number,
  gainsAfter: number,
): SpendPlan {
  let won = 0;
  for (let i = 0; i < best.length; i++) if (best[i]! >= 1) won |= 1 << i;
  const auraEnd = auraEndOf(rules, budget, 0, gainsAfter);
  return {
    won,
    spent: 0,
    boosts: new Array(best.length).fill(0),
    tiesPaid: 0,
    auraEnd,
    value: planValue(rules, won, auraEnd),
  };
}

/**
 * The spends that maximise Σ weight·won + auraValue·auraEnd (or `worth`), from `budget` Aura. Among equally
 * good plans: fewer Aura spent, then the lowest intent indices. O(2^c) for c intents that could
 * still be won (a handful).
 */
export function optimalSpend(
  rules: SpendRules,
  best: ArrayLike<number>,
  budget: number,
  gainsAfter: number,
): SpendPlan {
  const base = noSpend(rules, best, budget, gainsAfter);
  // The intents that could still be won, in typed scratch (no objects: this runs for every
  // settled state of every solve, and objects of changing shapes deoptimized it).
  const { intentOf, costOf, boostsOf } = CANDIDATES;
  let n = 0;
  for (let i = 0; i < best.length; i++) {
    const weight = rules.weights[i]!;
    if (best[i]! >= 1 || (weight <= 0 && !rules.worth)) continue;
    const boosts = boostsToWin(best[i]!, rules.tieBreak, rules.boostSize);
    const cost = paysTie(best[i]!, rules.tieBreak, rules.boostSize) ? boosts + 1 : boosts;
    if (boosts <= rules.boostsPerRoll && cost <= budget) {
      intentOf[n] = i;
      costOf[n] = cost;
      boostsOf[n] = boosts;
      n++;
    }
  }
  if (n === 0) return base;
  let bestMask = 0;
  let bestValue = base.value;
  let bestSpent = 0;
  const tolerance = 1e-12 * (1 + Math.abs(base.value));
  for (let mask = 1; mask < 1 << n; mask++) {
    let cost = 0;
    let boosts = 0;
    let won = base.won;
    for (let k = 0; k < n; k++) {
      if (mask & (1 << k)) {
        cost += costOf[k]!;
        boosts += boostsOf[k]!;
        won |= 1 << intentOf[k]!;
      }
    }
    if (cost > budget || boosts > rules.boostsPerRoll) continue;
    const value = planValue(rules, won, auraEndOf(rules, budget, cost, gainsAfter));
    const better =
      value > bestValue + tolerance ||
      (value >= bestValue - tolerance &&
        (cost < bestSpent || (cost === bestSpent && lowerIntents(mask, bestMask))));
    if (better) {
      bestMask = mask;
      bestValue = value;
      bestSpent = cost;
    }
  }
  if (bestMask === 0) return base;
  let won = base.won;
  let tiesPaid = 0;
  const boosts = new Array(best.length).fill(0);
  for (let k = 0; k < n; k++) {
    if (bestMask & (1 << k)) {
      const intent = intentOf[k]!;
      won |= 1 << intent;
      boosts[intent] = boostsOf[k]!;
      if (paysTie(best[intent]!, rules.tieBreak, rules.boostSize)) tiesPaid |= 1 << intent;
    }
  }
  return {
    won,
    spent: bestSpent,
    boosts,
    tiesPaid,
    auraEnd: auraEndOf(rules, budget, bestSpent, gainsAfter),
    value: bestValue,
  };
}

/** optimalSpend's scratch: each candidate intent, its Aura cost and its +2s (an intent a die). */
const CANDIDATES = {
  intentOf: new Int32Array(ROLL_LIMITS.dice),
  costOf: new Float64Array(ROLL_LIMITS.dice),
  boostsOf: new Float64Array(ROLL_LIMITS.dice),
};

/** True when the candidate set `a` lists lower intents first than `b` (both non-empty or b empty). */
function lowerIntents(a: number, b: number): boolean {
  if (b === 0) return true;
  // The lowest differing bit belongs to the set holding the lower intent.
  const diff = a ^ b;
  const lowest = diff & -diff;
  return (a & lowest) !== 0;
}

/**
 * The `greedy` policy's spends: for each intent not won, by weight (higher first) then index,
 * pay its tie when it ties and ties can be bought, else put a +2 on its best die when that wins
 * it, each while Aura (and +2s) last.
 */
export function greedySpend(
  rules: SpendRules,
  best: ArrayLike<number>,
  budget: number,
  gainsAfter: number,
): SpendPlan {
  const order = Array.from({ length: best.length }, (_, i) => i).sort(
    (a, b) => rules.weights[b]! - rules.weights[a]! || a - b,
  );
  let aura = budget;
  let boostsLeft = rules.boostsPerRoll;
  let won = 0;
  let tiesPaid = 0;
  const boosts = new Array(best.length).fill(0);
  for (const i of order) {
    const cls = best[i]!;
    if (cls >= 1) won |= 1 << i;
    else if (aura >= 1 && cls === 0 && rules.tieBreak) {
      aura--;
      won |= 1 << i;
      tiesPaid |= 1 << i;
    } else if (aura >= 1 && boostsLeft >= 1 && cls + rules.boostSize >= 1) {
      aura--;
      boostsLeft--;
      boosts[i] = 1;
      won |= 1 << i;
    }
  }
  const spent = budget - aura;
  const auraEnd = auraEndOf(rules, budget, spent, gainsAfter);
  return { won, spent, boosts, tiesPaid, auraEnd, value: planValue(rules, won, auraEnd) };
}

/**
 * Every settled plan of one roll under one policy, made once each: how the roll ends from each
 * intent's best class and the Aura state. The exact engine, its closed forms and the simulator
 * all settle through it, so a spend is decided in one place.
 * @example new SpendTable(spendTableInputsOf(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 }), 'optimal', -3)).plan(1, 3).spent
 * // 2: the best die two short (class index 1: −2) takes a +2 to a tie, then buys the tie
 */
export class SpendTable {
  /** Plans by id, in the order first asked for. */
  readonly plans: SpendPlan[] = [];
  /** The Aura state each plan settles from. */
  private readonly auras: number[] = [];
  /** Plan ids by (code, Aura state, level): a flat table where the codes are few, else a map. */
  private readonly ids: Int32Array | Map<number, number>;
  /**
   * With a flat table of ids: each plan's value by the same key (NaN: not yet), for the replays
   * of a fight's solves, which read millions of settled values a round (see {@link settledValue}).
   */
  readonly values: Float64Array | undefined;
  private readonly settleWith: typeof optimalSpend;
  private readonly rules: SpendRules;
  /** With a terminal utility: the rules of each Resolve level left. */
  private readonly levelRules: readonly SpendRules[];
  private readonly best: Int32Array;
  private readonly classes: number;
  private readonly floor: number;
  private readonly auraStates: number;
  /** Resolve levels the keys are laid out for. */
  readonly levels: number;
  private readonly sameRoll: boolean;
  private readonly startAura: number;

  /** Builds the table of `inputs` (see {@link spendTableInputsOf}), reading nothing else. */
  constructor(inputs: SpendTableInputs) {
    const { rules, policy, floor, startAura, levels, terminal } = inputs;
    this.rules = rules;
    this.settleWith =
      policy === 'optimal' ? optimalSpend : policy === 'greedy' ? greedySpend : noSpend;
    this.floor = floor;
    this.classes = 2 - floor;
    this.auraStates = rules.auraMax + 1;
    this.levels = levels;
    this.best = new Int32Array(rules.weights.length);
    this.sameRoll = startAura === undefined;
    this.startAura = startAura ?? 0;
    const A = this.auraStates;
    const keys = this.classes ** rules.weights.length * A * levels;
    this.ids = keys <= FLAT_PLAN_IDS ? new Int32Array(keys).fill(-1) : new Map();
    this.values = keys <= FLAT_PLAN_IDS ? new Float64Array(keys).fill(Number.NaN) : undefined;
    this.levelRules = terminal
      ? Array.from({ length: levels }, (_, r) => ({
          ...this.rules,
          worth: (won: number, auraEnd: number) =>
            terminal[(popcount(won) * A + auraEnd) * levels + r]!,
        }))
      : [];
  }

  /**
   * The id in {@link plans} of how the policy settles when intent i's best class index is digit
   * i of `code` (base `classes`, intent 0 lowest), with Aura state `aura` (the Aura held, or, when
   * gains arrive after the roll, the gains so far) and Resolve `r` left (it matters only to a
   * terminal utility). O(1) once made.
   */
  planId(code: number, aura: number, r = 0): number {
    const level = this.levelRules.length > 0 ? r : 0;
    const cacheKey = (code * this.auraStates + aura) * this.levels + level;
    const ids = this.ids;
    let id = ids instanceof Int32Array ? ids[cacheKey]! : (ids.get(cacheKey) ?? -1);
    if (id < 0) {
      const best = this.best;
      let rest = code;
      for (let i = 0; i < best.length; i++) {
        best[i] = (rest % this.classes) + this.floor;
        rest = Math.floor(rest / this.classes);
      }
      const budget = this.sameRoll ? aura : this.startAura;
      const gainsAfter = this.sameRoll ? 0 : aura;
      const rules = this.levelRules.length > 0 ? this.levelRules[level]! : this.rules;
      id = this.plans.length;
      this.plans.push(this.settleWith(rules, best, budget, gainsAfter));
      this.auras.push(aura);
      if (ids instanceof Int32Array) ids[cacheKey] = id;
      else ids.set(cacheKey, id);
    }
    return id;
  }

  /**
   * The value of the plan of settle key `settle` (code · Aura states + Aura state) with Resolve
   * `r` left: `plan(code, aura, r).value`, kept in {@link values} under key
   * `settle · levels + level`, which a caller may read first.
   */
  settledValue(settle: number, r = 0): number {
    const A = this.auraStates;
    const code = Math.floor(settle / A);
    const value = this.plans[this.planId(code, settle - code * A, r)]!.value;
    if (this.values)
      this.values[settle * this.levels + (this.levelRules.length > 0 ? r : 0)] = value;
    return value;
  }

  /** The Aura state plan `id` settles from. */
  auraOf(id: number): number {
    return this.auras[id]!;
  }

  /** The plan itself (see {@link planId}). */
  plan(code: number, aura: number, r = 0): SpendPlan {
    return this.plans[this.planId(code, aura, r)]!;
  }
}

/** Most plan keys a spend table indexes flat (4 MB); more intents or classes use a map. */
const FLAT_PLAN_IDS = 1 << 20;

/** Most spend tables kept across rolls; past it the cache starts again. */
const SPEND_CACHE_SIZE = 256;
const spendCache = new Map<string, SpendTable>();
/**
 * Most spend tables of terminal utilities kept, the oldest dropped first: a whole fight's round
 * asks one per (tags left, intents in the split) with intents ≤ tags (every split with as many
 * intents shares it: 55 at the most tags), each round new ones, and its figures (read once every
 * round is solved) ask every round's again: the 216 of 18 steps, 6 tags and 12 rounds fit.
 */
const TERMINAL_CACHE_SIZE = 256;
const terminalCache = new Map<string, SpendTable>();

/**
 * A terminal's values as an exact key: the bits of its doubles as text, four UTF-16 units each
 * (their decimal text is as exact, but many times slower to write: a fight's round asks
 * hundreds).
 */
function bitsKey(terminal: ArrayLike<number>): string {
  const units = new Uint16Array(Float64Array.from(terminal).buffer);
  return String.fromCharCode.apply(null, units as unknown as number[]);
}

/**
 * Everything a {@link SpendTable} reads, in one object: the table is built from it alone and
 * {@link spendTableOf} keys its cache by every field of it, so nothing a spend reads can be left
 * out of the key (a new rule a spend reads goes in SpendRules, through spendRulesOf, and is
 * keyed with it).
 */
export interface SpendTableInputs {
  readonly rules: SpendRules;
  readonly policy: Policy;
  /** The lowest best class a die can have (class index 0). */
  readonly floor: number;
  /**
   * The Aura the roll starts with, the budget of every spend when gains arrive after the roll;
   * undefined when gains are usable the same roll (the budget is then the Aura state).
   */
  readonly startAura: number | undefined;
  /** Resolve levels the keys are laid out for: 1 without a terminal (no plan reads the Resolve left). */
  readonly levels: number;
  /** The worth of each ending (see SpendTable's planId), or undefined: the linear utility. */
  readonly terminal: ArrayLike<number> | undefined;
}

/**
 * What the {@link SpendTable} of a roll under a policy reads: its spend rules, the policy, the
 * class floor, when gains arrive (and the Aura to spend if after the roll) and, with a terminal
 * utility, its values and the Resolve levels they are laid out for.
 * @param terminal the worth of each ending, `terminal[(wins · (auraMax + 1) + auraEnd) · levels + resolveEnd]`
 *   (see `SolveOptions.terminal`); `levels` is the Resolve levels it is laid out for.
 */
export function spendTableInputsOf(
  roll: Roll,
  policy: Policy,
  floor: number,
  terminal?: ArrayLike<number>,
  levels = roll.resolve + 1,
): SpendTableInputs {
  return {
    rules: spendRulesOf(roll),
    policy,
    floor,
    startAura: roll.auraGainUsableSameRoll ? undefined : roll.aura,
    levels: terminal ? levels : 1,
    terminal,
  };
}

/**
 * A cache key of every field of `inputs`: the terminal's values as {@link bitsKey}, the rest as
 * JSON (exact for numbers; a function, which JSON would drop, is refused).
 */
function spendTableKey(inputs: SpendTableInputs): string {
  const { terminal, ...rest } = inputs;
  const text = JSON.stringify(rest, (field, value) => {
    if (typeof value === 'function') throw new TypeError(`a spend table cannot key ${field}`);
    return value;
  });
  return terminal ? `${text}/${bitsKey(terminal)}` : text;
}

/**
 * The {@link SpendTable} of `inputs` (see {@link spendTableInputsOf}), shared by every roll of the
 * same inputs (weights, +2s and their size, ties, Aura cap and worth, when gains arrive, the
 * class floor, the policy): the splits of a pool, the Challenges and Resolve levels of an
 * analysis settle through one table. Rolls with a terminal utility share theirs with the rolls
 * of the same inputs and terminal values (the candidate splits of a fight's round).
 * @example spendTableOf(spendTableInputsOf(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] }), 'optimal', -3)) === spendTableOf(spendTableInputsOf(parseRoll({ threats: [{ challenge: 5 }], dice: [{ sides: 8, intent: 0 }] }), 'optimal', -3)) // true
 */
export function spendTableOf(inputs: SpendTableInputs): SpendTable {
  const key = spendTableKey(inputs);
  if (inputs.terminal) {
    let table = terminalCache.get(key);
    if (!table) {
      if (terminalCache.size >= TERMINAL_CACHE_SIZE)
        terminalCache.delete(terminalCache.keys().next().value!);
      table = new SpendTable(inputs);
      terminalCache.set(key, table);
    }
    return table;
  }
  let table = spendCache.get(key);
  if (!table) {
    if (spendCache.size >= SPEND_CACHE_SIZE) spendCache.clear();
    table = new SpendTable(inputs);
    spendCache.set(key, table);
  }
  return table;
}
