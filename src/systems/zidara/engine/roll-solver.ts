import { InputError } from '../../../input-error.ts';
import { popcount } from '../../popcount.ts';
import { challengeDie } from '../roll/pool.ts';
import type { Roll } from '../roll/spec.ts';
import { dieOutcomes } from './die-outcome.ts';
import { RollModel } from './roll-model.ts';
import { greedySpend, noSpend, optimalSpend, type SpendPlan, type SpendRules } from './spend.ts';

/** The most (dice state × Aura state) pairs one exact solve keeps: about 64 MB a Resolve level. */
const MAX_STATES = 1 << 23;

/** How decisions are taken: the engine's optimum, or a named simple policy for comparison. */
export const POLICIES = ['optimal', 'greedy', 'never'] as const;
export type Policy = (typeof POLICIES)[number];

/**
 * Which rerolls the optimal policy may use: the rules allow both (`any`); analyses compare
 * rerolling only one die (`one`) with rerolling only every die (`all`).
 */
export const REROLL_KINDS = ['any', 'one', 'all'] as const;
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

/** One way a group's die can land against this defence: class index, capped gain, chances. */
interface Outcomes {
  readonly cls: Int32Array;
  readonly gain: Int32Array;
  readonly p: Float64Array;
  readonly pCapped: Float64Array;
  /** E[top faces] of one die. */
  readonly meanTops: number;
}

/** Every die rolled at once: dice-state key, capped Aura gain, chances. */
interface Fresh {
  /** Entries in use (the arrays may be longer: they are reused from defence to defence). */
  readonly size: number;
  readonly key: Float64Array;
  readonly gain: Int32Array;
  readonly p: Float64Array;
  readonly pCapped: Float64Array;
  readonly meanTops: number;
}

/** The defences of one enumerated threat roll, and what the engine learned under them. */
interface DefenceContext {
  readonly p: number;
  readonly defences: readonly number[];
  readonly groups: readonly Outcomes[];
  readonly fresh: Fresh;
  /** Per Resolve level r: value and decision per (value key, Aura state); NaN when not yet solved. */
  readonly value: Float64Array[];
  readonly decision: Int16Array[];
  /** Per Resolve level: E[value] of rerolling every die, per Aura state (NaN: not yet). */
  readonly rerollAll: Float64Array[];
}

/**
 * The exact engine for one Zi'Dara roll. Every defence vector is enumerated; under each, the
 * state after a roll is (multiset of die classes per group, Aura, Resolve), and the optimal
 * value is a memoised recursion over it: stop and spend, reroll all, or reroll one die.
 * Rerolling all leads to a value that depends only on (Aura, Resolve), so it is solved once.
 * Figures under the chosen policy come from one forward pass over the reachable states.
 *
 * Cost: O(Π 2C · reachable states · Σ groups' outcomes); a handful of milliseconds for the
 * rolls of the rules (up to 8 dice, 2 threats, 2 Resolve).
 * @example new RollSolver(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })).odds().expectedUtility // 0.765625
 */
export class RollSolver {
  readonly model: RollModel;
  readonly roll: Roll;
  readonly policy: Policy;
  readonly spendRules: SpendRules;
  /** Enumerated defence vectors, by index (mixed radix over the active threats). */
  readonly defenceCount: number;
  private readonly contexts: (DefenceContext | undefined)[];
  private readonly outcomeCache = new Map<string, Outcomes>();
  private readonly outcomeIds = new Map<Outcomes, number>();
  private readonly groupRollCache = new Map<string, Fresh>();
  private levelMasses: Masses[] = [];
  private readonly spare: DefenceContext[] = [];
  private readonly freshTables: Masses[] = [];
  private readonly planCache = new Map<number, SpendPlan>();
  private readonly bestCode: Float64Array;
  /** Defence-independent caches per value key (and Aura state): settled value, failed flag. */
  private readonly stopCache: Float64Array;
  private readonly failedCache: Int8Array;
  private readonly stopDecisions: Int16Array;
  private readonly terminal: Float64Array | undefined;
  private readonly stopCaches: Float64Array[];
  /** With a terminal utility: the spend rules for each Resolve level left. */
  private readonly levelRules: SpendRules[];
  private readonly best: Int32Array;
  private readonly bestValues: Int32Array;
  private readonly upper: number[];
  private readonly tolerance: number;
  private readonly auraStates: number;
  private readonly valueKeySpace: number;

  readonly rerolls: RerollKinds;
  private readonly joint: boolean;

  constructor(roll: Roll, options: SolveOptions | Policy = {}) {
    const {
      policy = PLAY_DEFAULTS.policy,
      rerolls = PLAY_DEFAULTS.rerolls,
      joint = false,
      terminal,
    } = typeof options === 'string' ? { policy: options } : options;
    this.roll = roll;
    this.policy = policy;
    this.rerolls = rerolls;
    this.joint = joint;
    this.model = new RollModel(roll);
    this.spendRules = {
      weights: roll.intents.map((i) => i.weight),
      boostsPerRoll: roll.boostsPerRoll,
      tieBreak: roll.tieBreak,
      auraValue: roll.auraValue,
      auraMax: roll.auraMax,
    };
    this.defenceCount = this.model.activeThreats.reduce(
      (n, t) => n * challengeDie(roll.threats[t]!.challenge),
      1,
    );
    this.contexts = new Array(this.defenceCount);
    this.auraStates = this.model.auraStates;
    this.valueKeySpace = this.model.valueKeySpace;
    const states = this.valueKeySpace * this.auraStates;
    if (states > MAX_STATES) {
      throw new InputError(
        `this roll has ${states.toLocaleString('en')} dice-and-Aura states, more than the exact engine's ${MAX_STATES.toLocaleString('en')}: merge dice onto fewer intents, or use \`dicelab zidara simulate\``,
      );
    }
    this.bestCode = new Float64Array(this.valueKeySpace).fill(-1);
    this.stopCache = new Float64Array(states).fill(Number.NaN);
    this.terminal = terminal ? Float64Array.from(terminal) : undefined;
    const levels = roll.resolve + 1;
    if (
      this.terminal &&
      this.terminal.length !== (this.model.intentCount + 1) * this.model.auraStates * levels
    ) {
      throw new RangeError(
        `terminal utility needs ${(this.model.intentCount + 1) * this.model.auraStates * levels} values (wins × Aura × Resolve)`,
      );
    }
    // With a terminal utility the settled value depends on the Resolve left: one cache per level.
    this.stopCaches = Array.from({ length: this.terminal ? levels : 1 }, (_, r) =>
      r === 0 ? this.stopCache : new Float64Array(states).fill(Number.NaN),
    );
    this.levelRules = this.terminal
      ? Array.from({ length: levels }, (_, r) => ({
          ...this.spendRules,
          worth: (won: number, auraEnd: number) =>
            this.terminal![(popcount(won) * this.model.auraStates + auraEnd) * levels + r]!,
        }))
      : [];
    this.failedCache = new Int8Array(this.valueKeySpace).fill(-1);
    this.stopDecisions = new Int16Array(states).fill(STOP);
    this.best = new Int32Array(this.model.intentCount);
    this.bestValues = new Int32Array(this.model.intentCount);
    const most =
      roll.intents.reduce((s, i) => s + Math.max(0, i.weight), 0) + roll.auraValue * roll.auraMax;
    const ceiling = this.terminal ? Math.max(...this.terminal) : Number.NaN;
    this.upper = Array.from({ length: roll.resolve + 1 }, (_, r) =>
      this.terminal ? ceiling : most + roll.resolveValue * r,
    );
    this.tolerance = 1e-12 * Math.max(1, ...this.upper.map(Math.abs));
  }

  /** The defence of each threat (0 for threats no intent targets) in defence vector `d`. */
  defences(d: number): number[] {
    const out = this.roll.threats.map(() => 0);
    let rest = d;
    for (const t of this.model.activeThreats) {
      const size = challengeDie(this.roll.threats[t]!.challenge);
      out[t] = (rest % size) + 1;
      rest = Math.floor(rest / size);
    }
    return out;
  }

  /** The index of a defence vector (each threat's D, inactive threats ignored). */
  defenceIndex(defences: ArrayLike<number>): number {
    let index = 0;
    let place = 1;
    for (const t of this.model.activeThreats) {
      const size = challengeDie(this.roll.threats[t]!.challenge);
      index += (defences[t]! - 1) * place;
      place *= size;
    }
    return index;
  }

  /** Aura state at the start: current Aura, or (gains held back) gains so far, 0. */
  get startAura(): number {
    return this.roll.auraGainUsableSameRoll ? this.roll.aura : 0;
  }

  /**
   * The policy's decision with Resolve `r` left, in dice state `key` with Aura state `aura`,
   * under defence vector `d`: STOP, REROLL_ALL, or a reroll-one code (see REROLL_GROUP_STRIDE).
   * A caller that already knows whether the roll has failed may say so (`failed`).
   */
  decide(d: number, key: number, aura: number, r: number, failed = this.failed(key)): number {
    if (this.policy === 'never' || r === 0) return STOP;
    if (this.policy === 'greedy') return failed ? REROLL_ALL : STOP;
    const ctx = this.context(d);
    this.value(ctx, r, key, aura);
    return ctx.decision[r]![(key % this.valueKeySpace) * this.auraStates + aura]!;
  }

  /**
   * How the policy settles dice state `key` with Aura state `aura` after its last reroll, with
   * Resolve `r` left (it matters only to a terminal utility).
   */
  settle(key: number, aura: number, r = 0): SpendPlan {
    return this.settleBest(this.bestCodeOf(key), aura, r);
  }

  /**
   * How the policy settles when intent i's best class index is digit i of `code` (base
   * `model.classes`, intent 0 lowest), with Aura state `aura`. Cached.
   */
  settleBest(code: number, aura: number, r = 0): SpendPlan {
    const level = this.terminal ? r : 0;
    const cacheKey = (code * this.auraStates + aura) * (this.roll.resolve + 1) + level;
    let plan = this.planCache.get(cacheKey);
    if (plan === undefined) {
      const best = this.bestValues;
      let rest = code;
      for (let i = 0; i < best.length; i++) {
        best[i] = (rest % this.model.classes) + this.model.floor;
        rest = Math.floor(rest / this.model.classes);
      }
      const sameRoll = this.roll.auraGainUsableSameRoll;
      const budget = sameRoll ? aura : this.roll.aura;
      const gainsAfter = sameRoll ? 0 : aura;
      const settleWith =
        this.policy === 'optimal' ? optimalSpend : this.policy === 'greedy' ? greedySpend : noSpend;
      plan = settleWith(
        this.terminal ? this.levelRules[level]! : this.spendRules,
        best,
        budget,
        gainsAfter,
      );
      this.planCache.set(cacheKey, plan);
    }
    return plan;
  }

  /** The optimal (or the policy's) expected utility and every figure of the rules page. */
  odds(): RollOdds {
    const model = this.model;
    const roll = this.roll;
    const n = model.intentCount;
    const pWin = new Float64Array(n);
    const wins = new Float64Array(n + 1);
    const areaTops = new Float64Array(model.areaMaxTops + 1);
    const endings = new Map<number, number>();
    const totals = {
      utility: 0,
      optimal: 0,
      gained: 0,
      spent: 0,
      auraEnd: 0,
      resolveEnd: 0,
      capped: 0,
    };
    this.levelMasses = [
      new Masses(model.keySpace * this.auraStates),
      new Masses(model.keySpace * this.auraStates),
    ];
    for (let d = 0; d < this.defenceCount; d++) {
      const ctx = this.context(d);
      if (this.policy === 'optimal') totals.optimal += ctx.p * this.startValue(ctx);
      this.forward(ctx, { pWin, wins, areaTops, totals, endings });
      // One defence at a time keeps memory flat; its tables serve the next one.
      this.contexts[d] = undefined;
      this.spare.push(ctx);
    }
    const expectedAuraGained = totals.gained;
    const expectedAuraShared = totals.gained - (totals.auraEnd - roll.aura + totals.spent);
    const odds: RollOdds = {
      policy: this.policy,
      expectedUtility: this.policy === 'optimal' ? totals.optimal : totals.utility,
      intents: roll.intents.map((intent, i) => ({
        pWin: pWin[i]!,
        threat: intent.threat,
        weight: intent.weight,
        dice: roll.dice.flatMap((die, index) => (die.intent === i ? [index] : [])),
      })),
      expectedWins: pWin.reduce((s, p) => s + p, 0),
      pAllWin: wins[n]!,
      winsDistribution: Array.from(wins),
      expectedAuraGained,
      expectedAuraSpent: totals.spent,
      expectedAuraShared: Math.max(0, expectedAuraShared),
      expectedAuraEnd: totals.auraEnd,
      expectedResolveEnd: totals.resolveEnd,
    };
    const extras: { pExplodeCapped?: number; area?: RollOdds['area']; joint?: RollEnding[] } = {};
    if (roll.explode) extras.pExplodeCapped = totals.capped;
    if (this.joint) {
      const R1 = roll.resolve + 1;
      extras.joint = [...endings.entries()]
        .sort(([a], [b]) => a - b)
        .map(([ending, p]) => ({
          won: Math.floor(ending / (this.auraStates * R1)),
          auraEnd: Math.floor(ending / R1) % this.auraStates,
          resolveEnd: ending % R1,
          p,
        }));
    }
    if (model.areaGroup >= 0)
      extras.area = areaReport(
        model.groups[model.areaGroup]!.sides,
        roll.explode ? roll.explodeDepth : 0,
        areaTops,
      );
    return { ...odds, ...extras };
  }

  /**
   * Every action open with Resolve `r` left in dice state `key` (see RollModel.keyOf) with Aura
   * state `aura`, under `defences` (each threat's D; threats no intent targets are ignored):
   * stop (then the policy's spends), and while the roll has failed and Resolve is left, reroll
   * one die of each class present in each group, and reroll all. Each is followed by the
   * policy's own play (the forward pass of `odds`), so its value is the engine's. Listed in the
   * engine's order among equals: stop, reroll one (by group, then class), reroll all.
   * Cost: one forward pass per action over the states it reaches (milliseconds).
   * @example
   * // d8 | d4 against C4, 3 Aura, 1 Resolve; D 5, the d8 shows 3 (class index 1), the d4 4 (2):
   * ((solver) => solver.actionsIn([5], solver.model.keyOf([1, 2]), 3, 1).map((a) => a.expectedUtility))(new RollSolver(splitRoll([[8], [4]], 4, { aura: 3, resolve: 1 })))
   * // [1, 1.5, 1, 1.125]: stop, reroll the d8, reroll the d4, reroll all
   */
  actionsIn(defences: ArrayLike<number>, key: number, aura: number, r: number): ActionValue[] {
    const ctx = this.context(this.defenceIndex(defences));
    const decisions = [STOP];
    if (r > 0 && this.failed(key)) {
      this.model.groups.forEach((group, g) => {
        const m = this.model.digit(key, g);
        for (let k = 0; k < group.classes; k++) {
          if (group.counts[m * group.classes + k] === 0) continue;
          decisions.push(g * REROLL_GROUP_STRIDE + (group.intent < 0 ? 0 : k));
        }
      });
      decisions.push(REROLL_ALL);
    }
    if (this.levelMasses.length === 0) {
      const space = this.model.keySpace * this.auraStates;
      this.levelMasses = [new Masses(space), new Masses(space)];
    }
    const n = this.model.intentCount;
    return decisions.map((decision) => {
      const acc = {
        pWin: new Float64Array(n),
        wins: new Float64Array(n + 1),
        areaTops: new Float64Array(this.model.areaMaxTops + 1),
        totals: { utility: 0, gained: 0, spent: 0, auraEnd: 0, resolveEnd: 0, capped: 0 },
        endings: new Map<number, number>(),
      };
      this.forward(ctx, acc, { key, aura, r, decision });
      return {
        decision,
        expectedUtility: acc.totals.utility,
        pWin: Array.from(acc.pWin),
        winsDistribution: Array.from(acc.wins),
      };
    });
  }

  /** E[value] of the opening roll under defence context `ctx` (optimal policy). */
  private startValue(ctx: DefenceContext): number {
    const { fresh } = ctx;
    const r = this.roll.resolve;
    const top = this.auraStates - 1;
    const a0 = this.startAura;
    let total = 0;
    for (let j = 0; j < fresh.size; j++) {
      total += fresh.p[j]! * this.value(ctx, r, fresh.key[j]!, Math.min(top, a0 + fresh.gain[j]!));
    }
    return total;
  }

  private context(d: number): DefenceContext {
    let ctx = this.contexts[d];
    if (ctx) return ctx;
    const defences = this.defences(d);
    const p = this.model.activeThreats.reduce(
      (q, t) => q / challengeDie(this.roll.threats[t]!.challenge),
      1,
    );
    const groups = this.model.groups.map((g) =>
      this.outcomes(g.sides, g.intent < 0 ? null : defences[this.roll.intents[g.intent]!.threat]!),
    );
    const spare = this.spare.pop();
    const fresh = this.freshRoll(groups, spare?.fresh);
    const size = this.policy === 'optimal' ? this.valueKeySpace * this.auraStates : 0;
    const levels = this.roll.resolve + 1;
    // Tables of a finished defence are reused (odds() solves one defence at a time): no garbage.
    ctx = {
      p,
      defences,
      groups,
      fresh,
      // With no Resolve left the value is the settled value, whatever the defences: level 0 is shared.
      value: Array.from({ length: levels }, (_, r) =>
        r === 0
          ? this.stopCache
          : (spare?.value[r]?.fill(Number.NaN) ?? new Float64Array(size).fill(Number.NaN)),
      ),
      decision: Array.from({ length: levels }, (_, r) =>
        r === 0 ? this.stopDecisions : (spare?.decision[r] ?? new Int16Array(size)),
      ),
      rerollAll: Array.from({ length: levels }, (_, r) =>
        (spare?.rerollAll[r] ?? new Float64Array(this.auraStates)).fill(Number.NaN),
      ),
    };
    this.contexts[d] = ctx;
    return ctx;
  }

  /** A die's outcomes against a defence (null: the area die), cached by (sides, defence). */
  private outcomes(sides: number, defence: number | null): Outcomes {
    const cacheKey = `${sides}/${defence}`;
    let cached = this.outcomeCache.get(cacheKey);
    if (cached) return cached;
    const roll = this.roll;
    const list = dieOutcomes(sides, defence, this.model.floor, roll.explode, roll.explodeDepth);
    const shift = defence === null ? 0 : -this.model.floor;
    cached = {
      cls: Int32Array.from(list, (o) => o.cls + shift),
      gain: Int32Array.from(list, (o) => Math.min(o.tops, roll.auraMax)),
      p: Float64Array.from(list, (o) => o.p),
      pCapped: Float64Array.from(list, (o) => o.pCapped),
      meanTops: list.reduce((s, o) => s + o.p * o.tops, 0),
    };
    this.outcomeCache.set(cacheKey, cached);
    return cached;
  }

  /** Every die rolled together: the joint distribution of (dice-state key, capped gain). */
  private freshRoll(groups: readonly Outcomes[], reuse?: Fresh): Fresh {
    const A = this.auraStates;
    const top = A - 1;
    // (key * A + gain) → p, and the part of p where a chain was capped; one reused table per group.
    const tables = this.freshTables;
    if (tables.length === 0) {
      tables.push(new Masses(1));
      for (const group of this.model.groups) tables.push(new Masses(group.stride * group.size * A));
    }
    let acc = tables[0]!;
    acc.clear();
    acc.add(0, 1, 0);
    let meanTops = 0;
    this.model.groups.forEach((group, g) => {
      const mine = this.groupRoll(g, groups[g]!);
      meanTops += group.dice.length * groups[g]!.meanTops;
      const combined = tables[g + 1]!;
      combined.clear();
      for (let i = 0; i < acc.size; i++) {
        const state = acc.states[i]!;
        const p = acc.clean[i]!;
        const pc = acc.capped[i]!;
        const key = Math.floor(state / A);
        const gain = state % A;
        for (let j = 0; j < mine.p.length; j++) {
          const q = mine.p[j]!;
          const qc = mine.pCapped[j]!;
          combined.add(
            (key + mine.key[j]! * group.stride) * A + Math.min(top, gain + mine.gain[j]!),
            p * q,
            p * q - (p - pc) * (q - qc),
          );
        }
      }
      acc = combined;
    });
    const size = acc.size;
    const old = reuse && reuse.key.length >= size ? reuse : undefined;
    const fresh = {
      size,
      key: old?.key ?? new Float64Array(size),
      gain: old?.gain ?? new Int32Array(size),
      p: old?.p ?? new Float64Array(size),
      pCapped: old?.pCapped ?? new Float64Array(size),
      meanTops,
    };
    for (let j = 0; j < size; j++) {
      fresh.key[j] = Math.floor(acc.states[j]! / A);
      fresh.gain[j] = acc.states[j]! % A;
      fresh.p[j] = acc.clean[j]!;
      fresh.pCapped[j] = acc.capped[j]!;
    }
    return fresh;
  }

  /** One group's dice rolled together: (multiset index, capped gain); cached per defence, shared by every defence vector. */
  private groupRoll(g: number, outcomes: Outcomes): Fresh {
    const cacheKey = `${g}/${this.outcomeKey(outcomes)}`;
    const cached = this.groupRollCache.get(cacheKey);
    if (cached) return cached;
    const group = this.model.groups[g]!;
    const A = this.auraStates;
    const top = A - 1;
    const n = group.dice.length;
    // Count vectors as base-(n+1) codes while dice are added one at a time.
    let mine = new Masses(1);
    mine.add(0, 1, 0);
    for (let die = 0; die < n; die++) {
      const next = new Masses((n + 1) ** group.classes * A);
      for (let i = 0; i < mine.size; i++) {
        const code = Math.floor(mine.states[i]! / A);
        const gain = mine.states[i]! % A;
        const p = mine.clean[i]!;
        const pc = mine.capped[i]!;
        for (let o = 0; o < outcomes.p.length; o++) {
          const q = outcomes.p[o]!;
          const qc = outcomes.pCapped[o]!;
          next.add(
            (code + (n + 1) ** outcomes.cls[o]!) * A + Math.min(top, gain + outcomes.gain[o]!),
            p * q,
            p * q - (p - pc) * (q - qc),
          );
        }
      }
      mine = next;
    }
    const size = mine.size;
    const roll: Fresh = {
      size,
      key: new Float64Array(size),
      gain: new Int32Array(size),
      p: new Float64Array(size),
      pCapped: new Float64Array(size),
      meanTops: n * outcomes.meanTops,
    };
    for (let j = 0; j < size; j++) {
      roll.key[j] = group.indexOfCode.get(Math.floor(mine.states[j]! / A))!;
      roll.gain[j] = mine.states[j]! % A;
      roll.p[j] = mine.clean[j]!;
      roll.pCapped[j] = mine.capped[j]!;
    }
    this.groupRollCache.set(cacheKey, roll);
    return roll;
  }

  private outcomeKey(outcomes: Outcomes): number {
    let id = this.outcomeIds.get(outcomes);
    if (id === undefined) {
      id = this.outcomeIds.size;
      this.outcomeIds.set(outcomes, id);
    }
    return id;
  }

  /** Best-class code of a dice state (mixed radix over intents), also filling `this.best`. */
  private bestCodeOf(key: number): number {
    const vk = key % this.valueKeySpace;
    const cached = this.bestCode[vk]!;
    const best = this.model.bestClasses(key, this.best);
    if (cached >= 0) return cached;
    let code = 0;
    for (let i = best.length - 1; i >= 0; i--) code = code * this.model.classes + best[i]!;
    this.bestCode[vk] = code;
    return code;
  }

  /** Some intent's best die is not above its defence (a tie counts as failed). */
  private failed(key: number): boolean {
    const vk = key % this.valueKeySpace;
    const known = this.failedCache[vk]!;
    if (known >= 0) return known === 1;
    const answer = this.isFailed(key);
    this.failedCache[vk] = answer ? 1 : 0;
    return answer;
  }

  private isFailed(key: number): boolean {
    const best = this.model.bestClasses(key, this.best);
    const won = this.model.classes - 1;
    for (let i = 0; i < best.length; i++) if (best[i]! < won) return true;
    return false;
  }

  /** The optimal value with Resolve r in dice state `key`, Aura state `aura` (memoised). */
  private value(ctx: DefenceContext, r: number, key: number, aura: number): number {
    const index = (key % this.valueKeySpace) * this.auraStates + aura;
    if (r === 0) return this.stopValue(key, aura, 0);
    if (Number.isNaN(ctx.value[r]![index]!)) this.solve(ctx, r, key, aura);
    return ctx.value[r]![index]!;
  }

  /**
   * Fills the memo with the value and decision of a state. It returns nothing on purpose: a
   * recursive call cannot be inlined, and a returned double would be boxed on the heap, about a
   * hundred thousand times a solve; callers read the typed memo instead.
   */
  private solve(ctx: DefenceContext, r: number, key: number, aura: number): void {
    const A = this.auraStates;
    const vks = this.valueKeySpace;
    const index = (key % vks) * A + aura;
    if (r === 0) {
      this.stopValue(key, aura, 0);
      return;
    }
    const memo = ctx.value[r]!;
    if (!Number.isNaN(memo[index]!)) return;
    const stop = this.stopValue(key, aura, r);
    let best = stop;
    let decision = STOP;
    if (r > 0 && stop < this.upper[r - 1]! - this.tolerance && this.failed(key)) {
      const top = A - 1;
      const groups = this.model.groups;
      const lower = ctx.value[r - 1]!;
      // When Aura has no worth of its own, or no room to grow, the value only rises with a die's
      // class: then rerolling the lowest die of a group dominates rerolling any other of it,
      // and with Aura full, rerolling a die that already wins (or the area die) cannot help.
      // (A terminal utility promises neither, so every die stays a candidate then.)
      const full = aura === top && !this.terminal;
      const monotone = !this.terminal && (full || this.roll.auraValue === 0);
      for (let g = 0; g < groups.length && this.rerolls !== 'all'; g++) {
        const group = groups[g]!;
        if (full && group.intent < 0) continue;
        const outcomes = ctx.groups[g]!;
        const { cls, gain, p } = outcomes;
        const m = Math.floor(key / group.stride) % group.size;
        const rest = key - m * group.stride;
        const classes = group.classes;
        const stride = group.stride;
        for (let k = 0; k < classes; k++) {
          if (group.counts[m * classes + k] === 0) continue;
          if (full && group.intent >= 0 && k === classes - 1) break;
          let expected = 0;
          const row = (m * classes + k) * classes;
          for (let o = 0; o < p.length; o++) {
            const next = rest + group.replace[row + cls[o]!]! * stride;
            const nextAura = Math.min(top, aura + gain[o]!);
            const at = (next % vks) * A + nextAura;
            if (Number.isNaN(lower[at]!)) this.solve(ctx, r - 1, next, nextAura);
            expected += p[o]! * lower[at]!;
          }
          if (expected > best + this.tolerance) {
            best = expected;
            decision = g * REROLL_GROUP_STRIDE + (group.intent < 0 ? 0 : k);
          }
          if (group.intent < 0 || monotone) break; // one area die: its class never changes its reroll's value
        }
      }
      let all = Number.NEGATIVE_INFINITY;
      if (this.rerolls !== 'one') {
        this.solveRerollAll(ctx, r - 1, aura);
        all = ctx.rerollAll[r - 1]![aura]!;
      }
      if (all > best + this.tolerance) {
        best = all;
        decision = REROLL_ALL;
      }
    }
    memo[index] = best;
    ctx.decision[r]![index] = decision;
  }

  /** The settled value (Resolve term aside) of a dice state: defence-independent, so cached once. */
  private stopValue(key: number, aura: number, r: number): number {
    const index = (key % this.valueKeySpace) * this.auraStates + aura;
    const cache = this.stopCaches[this.terminal ? r : 0]!;
    const known = cache[index]!;
    const extra = this.terminal ? 0 : this.roll.resolveValue * r;
    if (!Number.isNaN(known)) return known + extra;
    const value = this.settle(key, aura, r).value;
    cache[index] = value;
    return value + extra;
  }

  /** Fills the memo with E[value] of rerolling every die, landing with Resolve r, from Aura state `aura`. */
  private solveRerollAll(ctx: DefenceContext, r: number, aura: number): void {
    const memo = ctx.rerollAll[r]!;
    if (!Number.isNaN(memo[aura]!)) return;
    const { fresh } = ctx;
    const top = this.auraStates - 1;
    const A = this.auraStates;
    const vks = this.valueKeySpace;
    const level = ctx.value[r]!;
    let total = 0;
    for (let j = 0; j < fresh.size; j++) {
      const key = fresh.key[j]!;
      const nextAura = Math.min(top, aura + fresh.gain[j]!);
      const at = (key % vks) * A + nextAura;
      if (Number.isNaN(level[at]!)) this.solve(ctx, r, key, nextAura);
      total += fresh.p[j]! * level[at]!;
    }
    memo[aura] = total;
  }

  /**
   * Follows the policy from the opening roll, adding every figure (weighted by P(defences)); or,
   * given `start`, from that one state with its first decision forced (weighted 1).
   */
  private forward(
    ctx: DefenceContext,
    acc: {
      pWin: Float64Array;
      wins: Float64Array;
      areaTops: Float64Array;
      totals: Record<string, number>;
      endings: Map<number, number>;
    },
    start?: { key: number; aura: number; r: number; decision: number },
  ): void {
    const roll = this.roll;
    const model = this.model;
    const A = this.auraStates;
    const top = A - 1;
    const totals = acc.totals;
    const pd = start ? 1 : ctx.p;
    const { fresh } = ctx;
    // (key * A + aura) → mass with no capped chain, and mass with one.
    let level = this.levelMasses[0]!;
    let next = this.levelMasses[1]!;
    level.clear();
    if (start) level.add(start.key * A + start.aura, 1, 0);
    else {
      for (let j = 0; j < fresh.size; j++) {
        level.add(
          fresh.key[j]! * A + Math.min(top, this.startAura + fresh.gain[j]!),
          fresh.p[j]! - fresh.pCapped[j]!,
          fresh.pCapped[j]!,
        );
      }
      totals.gained! += pd * fresh.meanTops;
    }
    // Every state that rerolls all dice from Aura state a lands in the same distribution:
    // pool those masses and spread each pool once.
    const allClean = new Float64Array(A);
    const allCapped = new Float64Array(A);
    for (let r = start ? start.r : roll.resolve; r >= 0; r--) {
      next.clear();
      allClean.fill(0);
      allCapped.fill(0);
      for (let i = 0; i < level.size; i++) {
        const state = level.states[i]!;
        const clean = level.clean[i]!;
        const capped = level.capped[i]!;
        const mass = clean + capped;
        const key = Math.floor(state / A);
        const aura = state % A;
        const decision = start?.r === r ? start.decision : this.decideIn(ctx, r, key, aura);
        if (decision === STOP) {
          const plan = this.settle(key, aura, r);
          const w = pd * mass;
          let count = 0;
          for (let i = 0; i < model.intentCount; i++) {
            if (plan.won & (1 << i)) {
              acc.pWin[i]! += w;
              count++;
            }
          }
          acc.wins[count]! += w;
          totals.utility! += w * (plan.value + (this.terminal ? 0 : roll.resolveValue * r));
          totals.spent! += w * plan.spent;
          totals.auraEnd! += w * plan.auraEnd;
          totals.resolveEnd! += w * r;
          if (this.joint) {
            const ending = (plan.won * A + plan.auraEnd) * (roll.resolve + 1) + r;
            acc.endings.set(ending, (acc.endings.get(ending) ?? 0) + w);
          }
          totals.capped! += pd * capped;
          if (model.areaGroup >= 0) acc.areaTops[model.digit(key, model.areaGroup)]! += w;
        } else if (decision === REROLL_ALL) {
          allClean[aura]! += clean;
          allCapped[aura]! += capped;
        } else {
          const g = Math.floor(decision / REROLL_GROUP_STRIDE);
          const group = model.groups[g]!;
          const outcomes = ctx.groups[g]!;
          const m = Math.floor(key / group.stride) % group.size;
          const k = group.intent < 0 ? m : decision % REROLL_GROUP_STRIDE;
          const rest = key - m * group.stride;
          const row = (m * group.classes + k) * group.classes;
          totals.gained! += pd * mass * outcomes.meanTops;
          for (let o = 0; o < outcomes.p.length; o++) {
            const q = outcomes.p[o]!;
            const qc = outcomes.pCapped[o]!;
            const nextKey = rest + group.replace[row + outcomes.cls[o]!]! * group.stride;
            next.add(
              nextKey * A + Math.min(top, aura + outcomes.gain[o]!),
              clean * (q - qc),
              clean * qc + capped * q,
            );
          }
        }
      }
      for (let aura = 0; aura < A; aura++) {
        const clean = allClean[aura]!;
        const capped = allCapped[aura]!;
        if (clean + capped === 0) continue;
        totals.gained! += pd * (clean + capped) * fresh.meanTops;
        for (let j = 0; j < fresh.size; j++) {
          const q = fresh.p[j]!;
          const qc = fresh.pCapped[j]!;
          next.add(
            fresh.key[j]! * A + Math.min(top, aura + fresh.gain[j]!),
            clean * (q - qc),
            clean * qc + capped * q,
          );
        }
      }
      [level, next] = [next, level];
    }
  }

  private decideIn(ctx: DefenceContext, r: number, key: number, aura: number): number {
    if (this.policy !== 'optimal') return this.decide(0, key, aura, r);
    if (r === 0) return STOP;
    this.value(ctx, r, key, aura);
    return ctx.decision[r]![(key % this.valueKeySpace) * this.auraStates + aura]!;
  }
}

/**
 * Probability masses on states, in insertion order (so runs are reproducible): a dense slot
 * table when the state space is small, a Map otherwise. `clean` is the mass where no exploding
 * chain was capped, `capped` the rest (or, for a distribution, p and its capped part).
 */
class Masses {
  states = new Float64Array(64);
  clean = new Float64Array(64);
  capped = new Float64Array(64);
  size = 0;
  private readonly slots: Int32Array | Map<number, number>;

  constructor(space: number) {
    this.slots = space <= 1 << 16 ? new Int32Array(space).fill(-1) : new Map();
  }

  add(state: number, clean: number, capped: number): void {
    const slots = this.slots;
    const slot = slots instanceof Int32Array ? slots[state]! : (slots.get(state) ?? -1);
    if (slot >= 0) {
      this.clean[slot]! += clean;
      this.capped[slot]! += capped;
      return;
    }
    if (this.size === this.states.length) this.grow();
    if (slots instanceof Int32Array) slots[state] = this.size;
    else slots.set(state, this.size);
    this.states[this.size] = state;
    this.clean[this.size] = clean;
    this.capped[this.size] = capped;
    this.size++;
  }

  /** Empties the table, keeping its storage for the next use (no garbage between defences). */
  clear(): void {
    if (this.slots instanceof Int32Array)
      for (let i = 0; i < this.size; i++) this.slots[this.states[i]!] = -1;
    else this.slots.clear();
    this.size = 0;
  }

  private grow(): void {
    const bigger = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.states = bigger(this.states);
    this.clean = bigger(this.clean);
    this.capped = bigger(this.capped);
  }
}

/** The area's size from its top-face counts: given t top faces, the value is uniform over tN + 1..tN + N − 1, or (depth+1)·N when capped. */
function areaReport(
  sides: number,
  depth: number,
  tops: Float64Array,
): NonNullable<RollOdds['area']> {
  const distribution: { size: number; p: number }[] = [];
  tops.forEach((p, t) => {
    if (t <= depth)
      for (let face = 1; face < sides; face++)
        distribution.push({ size: t * sides + face, p: p / (sides - 1) });
    else distribution.push({ size: t * sides, p });
  });
  return { sides, expectedSize: distribution.reduce((s, x) => s + x.size * x.p, 0), distribution };
}
