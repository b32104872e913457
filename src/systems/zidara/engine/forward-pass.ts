import type { Roll } from '../roll/spec.ts';
import type { BackwardSolve, DefenceContext } from './backward-solve.ts';
import type { Fresh } from './fresh-roll.ts';
import { type Int32List, push } from './int32-list.ts';
import { type Masses, workingMasses } from './masses.ts';
import type { RollFigures } from './roll-figures.ts';
import type { RollModel } from './roll-model.ts';
import { type Policy, REROLL_ALL, REROLL_GROUP_STRIDE, STOP } from './roll-play.ts';
import type { SpendTable } from './spend.ts';

/** Where a forward pass starts: the Resolve left and the Aura state before the opening roll. */
export interface Start {
  readonly resolve: number;
  readonly aura: number;
}

/**
 * The endings of a forward pass, by (plan id, Resolve left): their mass, and which are set.
 * Shared by every pass: a pass is synchronous, never nested, and leaves them empty.
 */
const tallied: { mass: Float64Array; slots: Int32List } = {
  mass: new Float64Array(256),
  slots: { items: new Int32Array(256), size: 0 },
};

/**
 * The mass a forward pass hands to `step` or `stop`: [clean, capped]. In a typed array, not as
 * arguments: a double passed to a call that is not inlined is boxed on the heap, hundreds of
 * thousands of times a pass.
 */
const stepMass = new Float64Array(2);

/**
 * The forward half of an exact solve: follows the policy (the backward solve's decisions, or a
 * fixed policy's) over the states reached from a start, level by level, and adds every figure
 * of the rules page into a RollFigures.
 */
export class ForwardPass {
  private readonly model: RollModel;
  private readonly roll: Roll;
  private readonly policy: Policy;
  private readonly auraStates: number;
  private readonly areaStride: number;
  private readonly spends: SpendTable;
  private readonly terminal: Float64Array | undefined;
  /** A pass's rerolls of every die, pooled by the Aura state they start from: [clean, capped]. */
  private readonly allClean: Float64Array;
  private readonly allCapped: Float64Array;

  constructor(private readonly values: BackwardSolve) {
    this.model = values.model;
    this.roll = values.roll;
    this.policy = values.policy;
    this.auraStates = values.auraStates;
    this.areaStride = values.areaStride;
    this.spends = values.spends;
    this.terminal = values.terminal;
    this.allClean = new Float64Array(this.auraStates);
    this.allCapped = new Float64Array(this.auraStates);
  }

  /**
   * Follows the policy from the opening roll, adding every figure into `acc` (as if this
   * defence vector were certain: the caller weighs it).
   */
  forward(ctx: DefenceContext, start: Start, acc: RollFigures): void {
    const A = this.auraStates;
    const top = A - 1;
    const { fresh } = ctx;
    // (key * A + aura) → mass with no capped chain, and mass with one.
    const next = workingMasses(0, this.model.keySpace * A);
    // The opening roll is read from the fresh roll itself: its entries are already distinct.
    let rise = 0;
    for (let j = 0; j < fresh.size; j++) {
      const aura = Math.min(top, start.aura + fresh.gain[j]!);
      rise += fresh.p[j]! * (aura - start.aura);
      stepMass[0] = fresh.p[j]! - fresh.pCapped[j]!;
      stepMass[1] = fresh.pCapped[j]!;
      this.step(ctx, start.resolve, fresh.key[j]!, aura, acc, next);
    }
    rise += this.stopWon(fresh, start.aura, start.resolve, 1, 0, acc);
    acc.gained += fresh.meanTops;
    acc.shared += fresh.meanTops - rise;
    this.descend(ctx, start.resolve, next, acc);
  }

  /**
   * Follows the policy from one state (dice-state `key`, Aura state `aura`, Resolve r left)
   * whose first decision is `decision`, adding every figure into `acc` (mass 1, no opening roll).
   */
  forwardFrom(
    ctx: DefenceContext,
    key: number,
    aura: number,
    r: number,
    decision: number,
    acc: RollFigures,
  ): void {
    const next = workingMasses(0, this.model.keySpace * this.auraStates);
    stepMass[0] = 1;
    stepMass[1] = 0;
    this.step(ctx, r, key, aura, acc, next, decision);
    this.descend(ctx, r, next, acc);
  }

  /**
   * The rest of a forward pass once level `from` is stepped (its states' one-die rerolls in
   * `next`, its rerolls of every die pooled): level by level down to no Resolve, then the tally.
   */
  private descend(ctx: DefenceContext, from: number, next: Masses, acc: RollFigures): void {
    const A = this.auraStates;
    this.spreadRerollAll(ctx, from, acc, next);
    for (let r = from - 1; r >= 0; r--) {
      const level = next;
      if (r === 0) {
        // No Resolve left: every state stops (no decision to look up, nothing to spread).
        for (let i = 0; i < level.size; i++) {
          const state = level.states[i]!;
          const key = Math.floor(state / A);
          stepMass[0] = level.clean[i]!;
          stepMass[1] = level.capped[i]!;
          this.stop(key, state - key * A, 0, acc);
        }
        break;
      }
      next = workingMasses(r % 2 === from % 2 ? 0 : 1, this.model.keySpace * A);
      for (let i = 0; i < level.size; i++) {
        const state = level.states[i]!;
        const key = Math.floor(state / A);
        stepMass[0] = level.clean[i]!;
        stepMass[1] = level.capped[i]!;
        this.step(ctx, r, key, state - key * A, acc, next);
      }
      this.spreadRerollAll(ctx, r, acc, next);
    }
    this.endPass(acc);
  }

  /**
   * One state of a forward pass with Resolve r left: its ending is tallied by plan (see
   * endPass), a reroll of all dice is pooled by Aura state (see spreadRerollAll), a reroll of one
   * die spreads its mass into `next`. The policy decides, unless the decision is `forced`.
   */
  private step(
    ctx: DefenceContext,
    r: number,
    key: number,
    aura: number,
    acc: RollFigures,
    next: Masses,
    forced?: number,
  ): void {
    const clean = stepMass[0]!;
    const capped = stepMass[1]!;
    const mass = clean + capped;
    const decision =
      forced ??
      (r === 0 || this.policy === 'never'
        ? STOP
        : this.policy === 'optimal'
          ? this.values.optimalDecision(ctx, r, key, aura)
          : this.values.failed(key)
            ? REROLL_ALL
            : STOP);
    if (decision === STOP) {
      this.stop(key, aura, r, acc);
    } else if (decision === REROLL_ALL && this.roll.rerollKeepsBest) {
      this.spreadKeptRerollAll(ctx, key, aura, acc, next);
    } else if (decision === REROLL_ALL) {
      this.allClean[aura]! += clean;
      this.allCapped[aura]! += capped;
    } else {
      const A = this.auraStates;
      const top = A - 1;
      const g = Math.floor(decision / REROLL_GROUP_STRIDE);
      const group = this.model.groups[g]!;
      const outcomes = ctx.groups[g]!;
      const m = Math.floor(key / group.stride) % group.size;
      const k = group.intent < 0 ? m : decision % REROLL_GROUP_STRIDE;
      const rest = key - m * group.stride;
      const row = (m * group.classes + k) * group.classes;
      const keepsBest = this.roll.rerollKeepsBest;
      const lone = group.dice.length === 1;
      let rise = 0;
      for (let o = 0; o < outcomes.p.length; o++) {
        const q = outcomes.p[o]!;
        const qc = outcomes.pCapped[o]!;
        const to = keepsBest && outcomes.cls[o]! < k ? k : outcomes.cls[o]!;
        const nextKey = rest + (lone ? to : group.replace[row + to]!) * group.stride;
        const nextAura = Math.min(top, aura + outcomes.gain[o]!);
        rise += q * (nextAura - aura);
        next.add(nextKey * A + nextAura, clean * (q - qc), clean * qc + capped * q);
      }
      acc.gained += mass * outcomes.meanTops;
      acc.shared += mass * (outcomes.meanTops - rise);
    }
  }

  /** Settles the mass in {@link stepMass} in dice state `key`, Aura state `aura`, Resolve r left. */
  private stop(key: number, aura: number, r: number, acc: RollFigures): void {
    const capped = stepMass[1]!;
    const mass = stepMass[0]! + capped;
    this.tally(this.values.planIdAt(this.values.valueKey(key), aura, r), r, mass);
    acc.capped += capped;
    if (this.areaStride) acc.areaTops[Math.floor(key / this.areaStride)]! += mass;
  }

  /**
   * Rerolls every die for the masses pooled by Aura state at level r, into `next` (Resolve r − 1
   * left), and empties the pools.
   */
  private spreadRerollAll(ctx: DefenceContext, r: number, acc: RollFigures, next: Masses): void {
    const A = this.auraStates;
    const top = A - 1;
    const { fresh } = ctx;
    for (let aura = 0; aura < A; aura++) {
      const clean = this.allClean[aura]!;
      const capped = this.allCapped[aura]!;
      if (clean + capped === 0) continue;
      this.allClean[aura] = 0;
      this.allCapped[aura] = 0;
      let rise = 0;
      for (let j = 0; j < fresh.size; j++) {
        const q = fresh.p[j]!;
        const qc = fresh.pCapped[j]!;
        const nextAura = Math.min(top, aura + fresh.gain[j]!);
        rise += q * (nextAura - aura);
        next.add(fresh.key[j]! * A + nextAura, clean * (q - qc), clean * qc + capped * q);
      }
      // What wins every intent stops there (a roll that has not failed takes no reroll).
      rise += this.stopWon(fresh, aura, r - 1, clean, capped, acc);
      acc.gained += (clean + capped) * fresh.meanTops;
      acc.shared += (clean + capped) * (fresh.meanTops - rise);
    }
  }

  /** The forward pass's kept reroll of every die (rerollKeepsBest) of the mass in {@link stepMass}, into `next`. */
  private spreadKeptRerollAll(
    ctx: DefenceContext,
    key: number,
    aura: number,
    acc: RollFigures,
    next: Masses,
  ): void {
    const clean = stepMass[0]!;
    const capped = stepMass[1]!;
    const law = this.values.keptRerollAll(ctx, key, 7);
    const A = this.auraStates;
    const top = A - 1;
    let rise = 0;
    for (let j = 0; j < law.size; j++) {
      const q = law.clean[j]!;
      const qc = law.capped[j]!;
      const at = Math.floor(law.states[j]! / A);
      const nextAura = Math.min(top, aura + law.states[j]! - at * A);
      rise += q * (nextAura - aura);
      next.add(at * A + nextAura, clean * (q - qc), clean * qc + capped * q);
    }
    acc.gained += (clean + capped) * ctx.fresh.meanTops;
    acc.shared += (clean + capped) * (ctx.fresh.meanTops - rise);
  }

  /**
   * Stops, with Resolve r left, the rolls that win every intent: a fresh roll's pooled mass
   * (`clean` and `capped` scale its clean and capped parts) landing on Aura state `aura`.
   * Returns E[Aura risen] per unit mass, for the shared-Aura sum.
   */
  private stopWon(
    fresh: Fresh,
    aura: number,
    r: number,
    clean: number,
    capped: number,
    acc: RollFigures,
  ): number {
    const A = this.auraStates;
    const top = A - 1;
    let rise = 0;
    for (let b = 0; b < fresh.wonP.length; b++) {
      const p = fresh.wonP[b]!;
      if (p === 0) continue;
      const pc = fresh.wonCapped[b]!;
      const areaTops = Math.floor(b / A);
      const nextAura = Math.min(top, aura + b - areaTops * A);
      rise += p * (nextAura - aura);
      const mass = clean * p + capped * p;
      const cappedMass = clean * pc + capped * p;
      this.tally(this.spends.planId(this.values.allWonCode, nextAura, r), r, mass);
      acc.capped += cappedMass;
      if (this.areaStride) acc.areaTops[areaTops]! += mass;
    }
    return rise;
  }

  /** Adds `mass` to the endings settled by plan `id` with Resolve r left. */
  private tally(id: number, r: number, mass: number): void {
    const slot = id * (this.roll.resolve + 1) + r;
    if (slot >= tallied.mass.length) {
      const bigger = new Float64Array(Math.max(2 * tallied.mass.length, slot + 1));
      bigger.set(tallied.mass);
      tallied.mass = bigger;
    }
    if (tallied.mass[slot] === 0) push(tallied.slots, slot);
    tallied.mass[slot]! += mass;
  }

  /** Tallies the pass's endings, once per (plan, Resolve left), and empties the tally. */
  private endPass(acc: RollFigures): void {
    const levels = this.roll.resolve + 1;
    const plans = this.spends.plans;
    const slots = tallied.slots;
    const sameRoll = this.roll.auraGainUsableSameRoll;
    for (let i = 0; i < slots.size; i++) {
      const slot = slots.items[i]!;
      const id = Math.floor(slot / levels);
      const r = slot - id * levels;
      const plan = plans[id]!;
      const worth = plan.value + (this.terminal ? 0 : this.roll.resolveValue * r);
      // Gains held back to the end of the roll can pass the cap when they arrive.
      const overflow = sameRoll
        ? 0
        : this.roll.aura - plan.spent + this.spends.auraOf(id) - plan.auraEnd;
      acc.end(plan, tallied.mass[slot]!, r, worth, overflow);
      tallied.mass[slot] = 0;
    }
    slots.size = 0;
  }
}
