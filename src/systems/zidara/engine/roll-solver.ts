import { formatCount } from '../../../format/format-count.ts';
import { InputError } from '../../../input/input-error.ts';
import { challengeDie } from '../roll/pool.ts';
import type { Roll } from '../roll/spec.ts';
import { areaValueTable, classDefence, type OutcomeTable, outcomeTable } from './die-outcome.ts';
import { type Fresh, type FreshSetup, freshRoll } from './fresh-roll.ts';
import { type Masses, workingMasses } from './masses.ts';
import { FigureSums, intentDice, RollFigures } from './roll-figures.ts';
import { RollModel } from './roll-model.ts';
import {
  type ActionValue,
  PLAY_DEFAULTS,
  type Policy,
  REROLL_ALL,
  REROLL_GROUP_STRIDE,
  type RerollKinds,
  type RollOdds,
  type SolveOptions,
  STOP,
  startAuraState,
} from './roll-play.ts';
import { rollShape } from './roll-shape.ts';
import {
  type SpendPlan,
  type SpendRules,
  type SpendTable,
  spendRulesOf,
  spendTableOf,
} from './spend.ts';
import { meanTables, valueTables } from './table-pool.ts';

/** The most (dice state × Aura state) pairs one exact solve keeps: about 64 MB a Resolve level. */
const MAX_STATES = 1 << 23;

/** The defences of one enumerated threat roll, and what the engine learned under them. */
interface DefenceContext {
  /** These three change when a finished defence's context is taken over by the next. */
  defences: readonly number[];
  groups: readonly OutcomeTable[];
  fresh: Fresh;
  /** Per Resolve level r: value and decision per (value key, Aura state); NaN when not yet solved. */
  readonly value: Float64Array[];
  readonly decision: Int16Array[];
  /** Per Resolve level: E[value] of rerolling every die, per Aura state (NaN: not yet). */
  readonly rerollAll: Float64Array[];
  /**
   * Per Resolve level landed on (see {@link REROLL_ONE_MEMO}): E[value] of rerolling one die of
   * group g, by (g, value key of the dice state with that die at class 0, Aura state); NaN: not yet.
   */
  readonly rerollOne: (Float64Array | undefined)[];
  /** Per Resolve level: the indices solved, so a reused table is reset where it was written only. */
  readonly solved: Int32List[];
}

/** Level 0 takes no decision (no Resolve left): its table is never read. */
const NO_DECISIONS = new Int16Array(0);

/**
 * The endings of a forward pass, by (plan id, Resolve left): their mass, and which are set.
 * Shared by every solver: a pass is synchronous, never nested, and leaves them empty.
 */
const tallied = { mass: new Float64Array(256), slots: { items: new Int32Array(256), size: 0 } };

/**
 * The mass a forward pass hands to `step` or `stop`: [clean, capped]. In a typed array, not as
 * arguments: a double passed to a call that is not inlined is boxed on the heap, hundreds of
 * thousands of times a pass.
 */
const stepMass = new Float64Array(2);

/**
 * Most entries (groups × value keys × Aura states) of a level's reroll-one memo. Rerolling one
 * die of a group leads to the same mean from every state that differs only in that die's class,
 * so the mean is kept by the dice left (the die set to class 0 stands for "removed"), not
 * recomputed per class: a few times fewer sums. Larger rolls solve without it.
 */
const REROLL_ONE_MEMO = 1 << 20;

/** Resets a context's value tables where they were written (NaN: not solved), every lane. */
function resetSolved(ctx: DefenceContext, lanes: number): void {
  for (let r = 1; r < ctx.value.length; r++) {
    const memo = ctx.value[r]!;
    const list = ctx.solved[r]!;
    for (let i = 0; i < list.size; i++) {
      const at = list.items[i]! * lanes;
      memo.fill(Number.NaN, at, at + lanes);
    }
    list.size = 0;
  }
}

/** A growable list of indices. */
interface Int32List {
  items: Int32Array;
  size: number;
}

/** Where a forward pass starts: the Resolve left and the Aura state before the opening roll. */
interface Start {
  readonly resolve: number;
  readonly aura: number;
}

/** A roll a solve answers: its Challenge dice, its weight 1/Π(2C) and its start's index. */
interface Question {
  readonly roll: Roll;
  readonly limits: readonly number[];
  readonly weight: number;
  readonly start: number;
}

/**
 * The exact engine for one Zi'Dara roll. Every defence vector is enumerated; under each, the
 * state after a roll is (multiset of die classes per group, Aura, Resolve), and the optimal
 * value is a memoised recursion over it: stop and spend, reroll all, or reroll one die.
 * Rerolling all leads to a value that depends only on (Aura, Resolve), so it is solved once.
 * Figures under the chosen policy come from one forward pass over the reachable states.
 *
 * One solve answers many questions (`oddsFor`): what is learned under a defence D is the same
 * for every Challenge that can roll it (only its weight 1/(2C) changes), and the level-r tables
 * do not depend on the Resolve or Aura a roll starts with; so the solver of the largest
 * Challenges and Resolve of a shape runs one forward pass per start over shared tables.
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
  readonly rerolls: RerollKinds;
  private readonly joint: boolean;
  private readonly contexts: (DefenceContext | undefined)[];
  private readonly spare: DefenceContext[] = [];
  private readonly spends: SpendTable;
  /**
   * Terminal utilities solved side by side (see `SolveOptions.terminals`): every value table
   * holds `lanes` values per state, lane j under terminal j, each decided as its own solve would.
   */
  readonly lanes: number;
  private readonly spendTables: readonly SpendTable[];
  /** Per value key: best-class code (−1: not yet) and failed flag (−1: not yet). */
  private readonly bestCode: Float64Array;
  private readonly failedCache: Int8Array;
  /** Defence-independent, per (value key, Aura state): the settled value and plan id per level kept. */
  private readonly stopCache: Float64Array;
  private readonly stopCaches: Float64Array[];
  private readonly stopPlans: Int32Array[];
  private readonly terminal: Float64Array | undefined;
  private readonly best: Int32Array;
  /** Highest value reachable with Resolve r left, and the tolerance of comparisons at level r, per lane (r · lanes + j). */
  private readonly upper: Float64Array;
  private readonly tolerance: Float64Array;
  /**
   * Per Resolve level: a solve's working values by lane (the recursion goes one level down at a
   * time, so each level's own arrays serve it): best so far, an option's mean, the lanes still
   * open to a reroll, their decisions; and the sums of a reroll of every die landing on the level.
   */
  private readonly laneBest: Float64Array[];
  private readonly laneMean: Float64Array[];
  private readonly laneOpen: Uint8Array[];
  private readonly laneDecision: Int16Array[];
  private readonly laneTotal: Float64Array[];
  /** The opening roll's value per lane, as {@link startValue} leaves it. */
  private readonly laneStart: Float64Array;
  private readonly auraStates: number;
  /**
   * The value tables' Aura states: `lowAura` to the cap, `heldAura` of them; (value key, Aura
   * state) is entry `vk · heldAura + aura − lowAura` (see `lowestAura`).
   */
  private readonly lowAura: number;
  private readonly heldAura: number;
  private readonly valueKeySpace: number;
  private readonly allClean: Float64Array;
  private readonly allCapped: Float64Array;
  /** Best-class code of a roll that wins every intent, and its settled value per (level kept, Aura state). */
  private readonly allWonCode: number;
  private readonly wonValues: Float64Array;
  /** Place value of the area die's digit in a dice-state key (0: no area die), and its states. */
  private readonly areaStride: number;
  private readonly areaStates: number;
  /** What {@link freshRoll} draws each defence's opening roll from. */
  private readonly freshSetup: FreshSetup;

  constructor(roll: Roll, options: SolveOptions | Policy = {}) {
    const {
      policy = PLAY_DEFAULTS.policy,
      rerolls = PLAY_DEFAULTS.rerolls,
      joint = false,
      terminal,
      terminals: several,
      lowestAura = 0,
    } = typeof options === 'string' ? { policy: options } : options;
    this.roll = roll;
    this.policy = policy;
    this.rerolls = rerolls;
    this.joint = joint;
    this.model = new RollModel(roll);
    this.spendRules = spendRulesOf(roll);
    this.defenceCount = this.model.activeThreats.reduce(
      (n, t) => n * challengeDie(roll.threats[t]!.challenge),
      1,
    );
    this.contexts = new Array(this.defenceCount);
    this.auraStates = this.model.auraStates;
    if (!Number.isInteger(lowestAura) || lowestAura < 0 || lowestAura >= this.auraStates)
      throw new RangeError(`lowestAura must be an Aura state, 0 to ${this.auraStates - 1}`);
    this.lowAura = lowestAura;
    this.heldAura = this.auraStates - lowestAura;
    this.valueKeySpace = this.model.valueKeySpace;
    const states = this.valueKeySpace * this.heldAura;
    if (states > MAX_STATES) {
      throw new InputError(
        `this roll has ${formatCount(states)} dice-and-Aura states, more than the exact engine's ${formatCount(MAX_STATES)}: merge dice onto fewer intents, or use \`dicelab zidara simulate\``,
      );
    }
    if (terminal && several) throw new RangeError('RollSolver: a terminal or terminals, not both');
    if (several?.length === 0) throw new RangeError('RollSolver: terminals is empty');
    const terminals = several ?? (terminal ? [terminal] : undefined);
    const lanes = terminals?.length ?? 1;
    this.lanes = lanes;
    const levels = roll.resolve + 1;
    const tables = terminals?.map((t) => Float64Array.from(t));
    for (const table of tables ?? []) {
      if (table.length !== (this.model.intentCount + 1) * this.model.auraStates * levels)
        throw new RangeError(
          `terminal utility needs ${(this.model.intentCount + 1) * this.model.auraStates * levels} values (wins × Aura × Resolve)`,
        );
    }
    this.terminal = tables?.[0];
    this.spendTables = (tables ?? [undefined]).map((t) =>
      spendTableOf(roll, policy, this.model.floor, t, levels),
    );
    this.spends = this.spendTables[0]!;
    this.bestCode = new Float64Array(this.valueKeySpace).fill(-1);
    this.failedCache = new Int8Array(this.valueKeySpace).fill(-1);
    // With a terminal utility the settled value depends on the Resolve left: one cache per level.
    const kept = this.terminal ? levels : 1;
    this.stopCaches = Array.from({ length: kept }, () =>
      new Float64Array(states * lanes).fill(Number.NaN),
    );
    this.stopCache = this.stopCaches[0]!;
    this.stopPlans = Array.from({ length: kept }, () => new Int32Array(states * lanes).fill(-1));
    this.best = new Int32Array(this.model.intentCount);
    const most =
      roll.intents.reduce((s, i) => s + Math.max(0, i.weight), 0) + roll.auraValue * roll.auraMax;
    const ceilings = tables?.map((t) => Math.max(...t));
    this.upper = Float64Array.from({ length: levels * lanes }, (_, i) =>
      ceilings ? ceilings[i % lanes]! : most + roll.resolveValue * Math.floor(i / lanes),
    );
    // Per level, so a solve shared by several starting Resolve levels decides as each alone would.
    this.tolerance = this.upper.map((u) => 1e-12 * Math.max(1, Math.abs(u)));
    const perLevel = <T>(make: () => T) => Array.from({ length: levels }, make);
    this.laneBest = perLevel(() => new Float64Array(lanes));
    this.laneMean = perLevel(() => new Float64Array(lanes));
    this.laneOpen = perLevel(() => new Uint8Array(lanes));
    this.laneDecision = perLevel(() => new Int16Array(lanes));
    this.laneTotal = perLevel(() => new Float64Array(lanes));
    this.laneStart = new Float64Array(lanes);
    this.allClean = new Float64Array(this.auraStates);
    this.allCapped = new Float64Array(this.auraStates);
    this.allWonCode = this.model.classes ** this.model.intentCount - 1;
    this.wonValues = new Float64Array(kept * this.auraStates * lanes).fill(Number.NaN);
    const area = this.model.groups[this.model.areaGroup];
    this.areaStride = area ? area.stride : 0;
    this.areaStates = area ? area.size : 1;
    this.freshSetup = {
      roll,
      model: this.model,
      auraStates: this.auraStates,
      lowAura: this.lowAura,
      areaStride: this.areaStride,
      areaStates: this.areaStates,
      failed: (key) => this.failed(key),
    };
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
    return startAuraState(this.roll);
  }

  /** Refuses an Aura state below the tables' lowest (see `lowestAura`). */
  private held(aura: number): number {
    if (aura < this.lowAura)
      throw new RangeError(
        `RollSolver: Aura state ${aura} is below the lowest this solver holds (${this.lowAura})`,
      );
    return aura;
  }

  /**
   * The policy's decision with Resolve `r` left, in dice state `key` with Aura state `aura`,
   * under defence vector `d`: STOP, REROLL_ALL, or a reroll-one code (see REROLL_GROUP_STRIDE).
   * A caller that already knows whether the roll has failed may say so (`failed`).
   */
  decide(d: number, key: number, aura: number, r: number, failed = this.failed(key)): number {
    if (this.policy === 'never' || r === 0) return STOP;
    if (this.policy === 'greedy') return failed ? REROLL_ALL : STOP;
    return this.optimalDecision(this.context(d), r, key, this.held(aura));
  }

  /**
   * How the policy settles dice state `key` with Aura state `aura` after its last reroll, with
   * Resolve `r` left (it matters only to a terminal utility).
   */
  settle(key: number, aura: number, r = 0): SpendPlan {
    return this.spends.plans[this.planIdAt(this.valueKey(key), this.held(aura), r)]!;
  }

  /**
   * How the policy settles when intent i's best class index is digit i of `code` (base
   * `model.classes`, intent 0 lowest), with Aura state `aura`. Cached.
   */
  settleBest(code: number, aura: number, r = 0): SpendPlan {
    return this.spends.plan(code, aura, r);
  }

  /** The optimal (or the policy's) expected utility and every figure of the rules page. */
  odds(): RollOdds {
    return this.oddsFor([this.roll])[0]!;
  }

  /**
   * The figures of several rolls of this solver's shape (see {@link rollShape}), each with
   * Challenges at most the solver's and Resolve at most the solver's, from one pass over the
   * defences: each defence vector's tables are built once and serve every roll that can meet
   * it (weighed by its own 1/(2C)), and one forward pass per distinct start (Resolve, Aura)
   * serves every roll that starts there. Throws a RangeError for a roll it cannot answer.
   * @example new RollSolver(parseRoll({ threats: [{ challenge: 6 }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 })).oddsFor([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 })])[0].intents[0].pWin // 0.4375
   */
  oddsFor(rolls: readonly Roll[]): RollOdds[] {
    if (this.lanes > 1)
      throw new RangeError('RollSolver.oddsFor: several terminals give utilities only');
    const model = this.model;
    const A = this.auraStates;
    const levels = this.roll.resolve + 1;
    const { questions, starts } = this.questionsOf(rolls);
    const areaStates = model.areaClasses;
    const figures = new FigureSums(
      questions.length,
      model.intentCount,
      areaStates,
      A,
      levels,
      this.joint,
    );
    const scratch = new RollFigures(model.intentCount, areaStates, A, levels, this.joint);
    const startOf = questions.map((q) => q.start);
    const weight = questions.map((q) => q.weight);
    this.eachDefence(questions, starts, (ctx, s, meets) => {
      const start = starts[s]!;
      scratch.clear();
      if (this.policy === 'optimal') {
        this.startValue(ctx, start.resolve, start.aura);
        scratch.optimal = this.laneStart[0]!;
      }
      this.forward(ctx, start, scratch);
      figures.addMet(scratch, meets, s, startOf, weight);
    });
    const dice = intentDice(this.roll);
    return questions.map((q, i) => figures.odds(i, q.roll, this.policy, dice));
  }

  /**
   * The expected utility of each roll of this solver's shape (as {@link oddsFor} gives it), and
   * nothing else: under optimal play that is the tables' own value, so no forward pass is run
   * (about a third of a solve). Another policy's utility needs its forward pass: `oddsFor`.
   * @example new RollSolver(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })).utilitiesFor([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })]) // [0.765625]
   */
  utilitiesFor(rolls: readonly Roll[]): number[] {
    if (this.policy !== 'optimal') return this.oddsFor(rolls).map((odds) => odds.expectedUtility);
    if (this.lanes > 1)
      throw new RangeError('RollSolver.utilitiesFor: several terminals: see laneUtilitiesFor');
    return this.laneUtilitiesFor(rolls)[0]!;
  }

  /**
   * {@link utilitiesFor} under each of the solver's terminals (`SolveOptions.terminals`), from
   * one solve: `[lane][roll]`, each exactly what a solver of that terminal alone gives.
   * @example new RollSolver(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 0, auraMax: 0 }), { terminals: [[0, 1], [1, 1]] }).laneUtilitiesFor([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 0, auraMax: 0 })]) // [[0.4375], [1]] (a d8 against the d8: 28 of 64)
   */
  laneUtilitiesFor(rolls: readonly Roll[]): number[][] {
    if (this.policy !== 'optimal')
      throw new RangeError('RollSolver.laneUtilitiesFor: the optimal policy only');
    const { questions, starts } = this.questionsOf(rolls);
    const L = this.lanes;
    const sums = new Float64Array(questions.length * L);
    // Over the summed weight of the defences, as FigureSums.odds has it (bit for bit).
    const weights = new Float64Array(questions.length);
    this.eachDefence(questions, starts, (ctx, s, meets) => {
      const start = starts[s]!;
      this.startValue(ctx, start.resolve, start.aura);
      for (let q = 0; q < questions.length; q++)
        if (meets[q] === 1 && questions[q]!.start === s) {
          const weight = questions[q]!.weight;
          for (let j = 0; j < L; j++) sums[q * L + j]! += weight * this.laneStart[j]!;
          weights[q]! += weight;
        }
    });
    return Array.from({ length: L }, (_, j) =>
      Array.from(weights, (weight, q) => sums[q * L + j]! / weight),
    );
  }

  /**
   * The rolls a solve answers, checked against its shape, Challenges and Resolve: each with its
   * Challenge dice, its weight 1/Π(2C) and its start; the distinct starts (Resolve, Aura).
   * @throws RangeError for a roll it cannot answer.
   */
  private questionsOf(rolls: readonly Roll[]): { questions: Question[]; starts: Start[] } {
    const active = this.model.activeThreats;
    const A = this.auraStates;
    const levels = this.roll.resolve + 1;
    const shape = rolls.length === 1 && rolls[0] === this.roll ? '' : rollShape(this.roll);
    const sizes = active.map((t) => challengeDie(this.roll.threats[t]!.challenge));
    const starts: Start[] = [];
    const startOf = new Map<number, number>();
    const questions = rolls.map((roll) => {
      if (shape !== '' && rollShape(roll) !== shape)
        throw new RangeError('RollSolver.oddsFor: a roll of another shape than the solver’s');
      const limits = active.map((t) => challengeDie(roll.threats[t]!.challenge));
      if (roll.resolve >= levels || limits.some((size, i) => size > sizes[i]!))
        throw new RangeError(
          'RollSolver.oddsFor: a roll with more Resolve or a larger Challenge than the solver’s',
        );
      const start = { resolve: roll.resolve, aura: this.held(startAuraState(roll)) };
      const startKey = start.resolve * A + start.aura;
      let s = startOf.get(startKey);
      if (s === undefined) {
        s = starts.length;
        starts.push(start);
        startOf.set(startKey, s);
      }
      const weight = limits.reduce((w, size) => w / size, 1);
      return { roll, limits, weight, start: s };
    });
    return { questions, starts };
  }

  /**
   * Solves defence vector after defence vector, calling `visit` once for each start some
   * question that can meet that defence starts from (`meets[q]` is 1 for those questions).
   * One defence at a time keeps memory flat; its tables serve the next one.
   */
  private eachDefence(
    questions: readonly Question[],
    starts: readonly Start[],
    visit: (ctx: DefenceContext, s: number, meets: Uint8Array) => void,
  ): void {
    const active = this.model.activeThreats;
    const sizes = active.map((t) => challengeDie(this.roll.threats[t]!.challenge));
    const meets = new Uint8Array(questions.length);
    const defence = new Int32Array(active.length);
    for (let d = 0; d < this.defenceCount; d++) {
      let rest = d;
      for (let i = 0; i < active.length; i++) {
        defence[i] = (rest % sizes[i]!) + 1;
        rest = Math.floor(rest / sizes[i]!);
      }
      let any = false;
      for (let q = 0; q < questions.length; q++) {
        const { limits } = questions[q]!;
        let inside = 1;
        for (let i = 0; i < limits.length; i++) if (defence[i]! > limits[i]!) inside = 0;
        meets[q] = inside;
        any ||= inside === 1;
      }
      if (!any) continue;
      const ctx = this.context(d);
      for (let s = 0; s < starts.length; s++) {
        let needed = false;
        for (let q = 0; q < questions.length; q++)
          needed ||= meets[q] === 1 && questions[q]!.start === s;
        if (needed) visit(ctx, s, meets);
      }
      this.contexts[d] = undefined;
      this.spare.push(ctx);
    }
    // The next solve, of this roll or another, takes the tables over.
    for (const ctx of this.spare.splice(0)) {
      resetSolved(ctx, this.lanes);
      for (let r = 1; r < ctx.value.length; r++)
        valueTables.give({ value: ctx.value[r]!, decision: ctx.decision[r]! });
      for (const table of ctx.rerollOne) if (table) meanTables.give(table.fill(Number.NaN));
    }
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
    this.held(aura);
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
    const model = this.model;
    const areaStates = model.areaClasses;
    return decisions.map((decision) => {
      const acc = new RollFigures(
        model.intentCount,
        areaStates,
        this.auraStates,
        this.roll.resolve + 1,
        false,
      );
      this.forwardFrom(ctx, key, aura, r, decision, acc);
      // Over the mass of every ending, as FigureSums.odds has it: certain is exactly 1.
      return {
        decision,
        expectedUtility: acc.utility / acc.total,
        pWin: acc.pWin.map((p) => p / acc.total),
        winsDistribution: acc.wins.map((p) => p / acc.total),
      };
    });
  }

  /** E[value] of the opening roll under defence context `ctx` (optimal policy), per lane into `laneStart`. */
  private startValue(ctx: DefenceContext, r: number, startAura: number): void {
    this.freshMean(ctx, r, startAura, this.laneStart);
  }

  /**
   * E[value] of a roll of every die from Aura state `aura`, landing with Resolve r, per lane into
   * `out`: the opening roll, and a reroll of every die. A mean over the roll's outcomes, by their
   * own summed mass: a mean of equal values is that value exactly (a certain win is 1, not 1 − 1e-16).
   */
  private freshMean(ctx: DefenceContext, r: number, aura: number, out: Float64Array): void {
    const { fresh } = ctx;
    const A = this.auraStates;
    const top = A - 1;
    const L = this.lanes;
    const level = ctx.value[r]!;
    out.fill(0);
    let mass = 0;
    for (let j = 0; j < fresh.size; j++) {
      const key = fresh.key[j]!;
      const nextAura = Math.min(top, aura + fresh.gain[j]!);
      const p = fresh.p[j]!;
      const at = (this.valueKey(key) * this.heldAura + nextAura - this.lowAura) * L;
      if (Number.isNaN(level[at]!)) this.solve(ctx, r, key, nextAura);
      for (let lane = 0; lane < L; lane++) out[lane]! += p * level[at + lane]!;
      mass += p;
    }
    for (let b = 0; b < fresh.wonP.length; b++) {
      const p = fresh.wonP[b]!;
      if (p !== 0) {
        const wonAura = Math.min(top, aura + (b % A));
        for (let lane = 0; lane < L; lane++) out[lane]! += p * this.wonValue(wonAura, r, lane);
        mass += p;
      }
    }
    for (let lane = 0; lane < L; lane++) out[lane]! /= mass;
  }

  private context(d: number): DefenceContext {
    let ctx = this.contexts[d];
    if (ctx) return ctx;
    const roll = this.roll;
    const defences = this.defences(d);
    // A die's gains are capped where the fresh roll's are (see freshRoll), so outcomes that
    // differ only past that cap are one.
    const groups = this.model.groups.map((g) =>
      g.intent < 0 && this.model.areaByValue
        ? areaValueTable(
            g.sides,
            this.auraStates - 1 - this.lowAura,
            roll.explode,
            roll.explodeDepth,
            roll.auraPerTopFace,
          )
        : outcomeTable(
            g.sides,
            g.intent < 0 ? null : classDefence(roll, defences[roll.intents[g.intent]!.threat]!),
            this.model.floor,
            this.auraStates - 1 - this.lowAura,
            roll.explode,
            roll.explodeDepth,
            roll.auraPerTopFace,
          ),
    );
    const spare = this.spare.pop();
    const fresh = freshRoll(this.freshSetup, defences, spare?.fresh);
    // A finished defence's context is taken over whole (oddsFor solves one defence at a time):
    // no garbage, and only the entries it solved are reset.
    if (spare) {
      resetSolved(spare, this.lanes);
      for (const table of spare.rerollAll) table.fill(Number.NaN);
      for (const table of spare.rerollOne) table?.fill(Number.NaN);
      spare.defences = defences;
      spare.groups = groups;
      spare.fresh = fresh;
      this.contexts[d] = spare;
      return spare;
    }
    const L = this.lanes;
    const size = this.policy === 'optimal' ? this.valueKeySpace * this.heldAura * L : 0;
    const levels = roll.resolve + 1;
    // Level 0's value is the settled value, whatever the defences: its table is shared.
    const value: Float64Array[] = [this.stopCache];
    const decision: Int16Array[] = [NO_DECISIONS];
    const rerollAll: Float64Array[] = [];
    const oneSize = this.model.groups.length * this.valueKeySpace * this.heldAura * L;
    const rerollOne: (Float64Array | undefined)[] = [];
    const solved: Int32List[] = [];
    for (let r = 0; r < levels; r++) {
      if (r > 0) {
        const table = valueTables.take(size);
        value.push(table?.value ?? new Float64Array(size).fill(Number.NaN));
        decision.push(table?.decision ?? new Int16Array(size));
      }
      rerollAll.push(new Float64Array(this.auraStates * L).fill(Number.NaN));
      rerollOne.push(
        r < levels - 1 && this.policy === 'optimal' && oneSize <= REROLL_ONE_MEMO
          ? (meanTables.take(oneSize) ?? new Float64Array(oneSize).fill(Number.NaN))
          : undefined,
      );
      solved.push({ items: new Int32Array(64), size: 0 });
    }
    ctx = { defences, groups, fresh, value, decision, rerollAll, rerollOne, solved };
    this.contexts[d] = ctx;
    return ctx;
  }

  /** A dice-state key without the area die's digit (which never changes a decision's value). */
  private valueKey(key: number): number {
    return this.areaStride ? key % this.areaStride : key;
  }

  /** Best-class code of a value key (mixed radix over intents), cached. */
  private bestCodeOf(vk: number): number {
    const cached = this.bestCode[vk]!;
    if (cached >= 0) return cached;
    this.classify(vk);
    return this.bestCode[vk]!;
  }

  /**
   * Caches both what a value key's best classes say: their code, and whether the roll has
   * failed (some intent's best die is not above its defence). One pass over the groups.
   */
  private classify(vk: number): void {
    const best = this.model.bestClasses(vk, this.best);
    const won = this.model.classes - 1;
    let code = 0;
    let failed = 0;
    for (let i = best.length - 1; i >= 0; i--) {
      code = code * this.model.classes + best[i]!;
      if (best[i]! < won) failed = 1;
    }
    this.bestCode[vk] = code;
    this.failedCache[vk] = failed;
  }

  /** The settled plan's id of (value key, Aura state) with Resolve r left, cached per level kept. */
  private planIdAt(vk: number, aura: number, r: number, lane = 0): number {
    const plans = this.stopPlans[this.terminal ? r : 0]!;
    const index = (vk * this.heldAura + aura - this.lowAura) * this.lanes + lane;
    let id = plans[index]!;
    if (id < 0) {
      id = this.spendTables[lane]!.planId(this.bestCodeOf(vk), aura, r);
      plans[index] = id;
    }
    return id;
  }

  /** Some intent's best die is not above its defence (a tie counts as failed). */
  private failed(key: number): boolean {
    const vk = this.valueKey(key);
    if (this.failedCache[vk]! < 0) this.classify(vk);
    return this.failedCache[vk] === 1;
  }

  /** The optimal decision with Resolve r > 0 left (solved if not yet), of lane 0. */
  private optimalDecision(ctx: DefenceContext, r: number, key: number, aura: number): number {
    const index = (this.valueKey(key) * this.heldAura + aura - this.lowAura) * this.lanes;
    if (Number.isNaN(ctx.value[r]![index]!)) this.solve(ctx, r, key, aura);
    return ctx.decision[r]![index]!;
  }

  /**
   * Fills the memo with the value and decision of a state, every lane. It returns nothing on
   * purpose: a recursive call cannot be inlined, and a returned double would be boxed on the
   * heap, about a hundred thousand times a solve; callers read the typed memo instead.
   */
  private solve(ctx: DefenceContext, r: number, key: number, aura: number): void {
    const L = this.lanes;
    if (r === 0) {
      for (let lane = 0; lane < L; lane++) this.stopValue(key, aura, 0, lane);
      return;
    }
    const A = this.auraStates;
    const H = this.heldAura;
    const low = this.lowAura;
    const areaStride = this.areaStride;
    const index = (areaStride ? key % areaStride : key) * H + aura - low;
    const memo = ctx.value[r]!;
    const base = index * L;
    if (!Number.isNaN(memo[base]!)) return;
    const best = this.laneBest[r]!;
    const decisions = this.laneDecision[r]!;
    const open = this.laneOpen[r]!;
    const mean = this.laneMean[r]!;
    const tolerance = this.tolerance;
    const tol = r * L;
    // A lane whose stop already reaches the highest value left takes no reroll.
    let anyOpen = false;
    for (let lane = 0; lane < L; lane++) {
      const stop = this.stopValue(key, aura, r, lane);
      best[lane] = stop;
      decisions[lane] = STOP;
      const reroll = stop < this.upper[(r - 1) * L + lane]! - tolerance[tol + lane]!;
      open[lane] = reroll ? 1 : 0;
      anyOpen ||= reroll;
    }
    if (anyOpen && this.failed(key)) {
      const top = A - 1;
      const groups = this.model.groups;
      const lower = ctx.value[r - 1]!;
      const once = ctx.rerollOne[r - 1];
      const space = this.valueKeySpace;
      // When Aura has no worth of its own, or no room to grow, the value only rises with a die's
      // class: then rerolling the lowest die of a group dominates rerolling any other of it,
      // and with Aura full, rerolling a die that already wins (or the area die) cannot help.
      // (A terminal utility promises neither, so every die stays a candidate then.)
      const full = aura === top && !this.terminal;
      const monotone = !this.terminal && (full || this.roll.auraValue === 0);
      const keepsBest = this.roll.rerollKeepsBest;
      for (let g = 0; g < groups.length && this.rerolls !== 'all'; g++) {
        const group = groups[g]!;
        if (full && group.intent < 0) continue;
        const outcomes = ctx.groups[g]!;
        const { cls, gain, p } = outcomes;
        const stride = group.stride;
        const m = ((key / stride) | 0) % group.size;
        const rest = key - m * stride;
        const classes = group.classes;
        const replace = group.replace;
        const lone = group.dice.length === 1;
        const counts = group.counts;
        for (let k = 0; k < classes; k++) {
          if (counts[m * classes + k] === 0) continue;
          if (full && group.intent >= 0 && k === classes - 1) break;
          const row = (m * classes + k) * classes;
          // A reroll's mean is the same from every class of the rerolled die, so it is kept by the
          // dice left; not under rerollKeepsBest, where the old class floors the new one.
          let slot = -1;
          if (once && !keepsBest) {
            const left = rest + (lone ? 0 : replace[row]!) * stride;
            slot = ((g * space + (areaStride ? left % areaStride : left)) * H + aura - low) * L;
          }
          if (slot >= 0 && !Number.isNaN(once![slot]!)) {
            for (let lane = 0; lane < L; lane++) mean[lane] = once![slot + lane]!;
          } else {
            mean.fill(0);
            let mass = 0;
            for (let o = 0; o < p.length; o++) {
              // Rule variant rerollKeepsBest: the die stays on the better of its two results.
              const to = keepsBest && cls[o]! < k ? k : cls[o]!;
              const next = rest + (lone ? to : replace[row + to]!) * stride;
              const nextAura = Math.min(top, aura + gain[o]!);
              const at = ((areaStride ? next % areaStride : next) * H + nextAura - low) * L;
              if (Number.isNaN(lower[at]!)) this.solve(ctx, r - 1, next, nextAura);
              const q = p[o]!;
              for (let lane = 0; lane < L; lane++) mean[lane]! += q * lower[at + lane]!;
              mass += q;
            }
            // A mean by its own mass, as startValue's.
            for (let lane = 0; lane < L; lane++) mean[lane]! /= mass;
            if (slot >= 0) once!.set(mean, slot);
          }
          const decision = g * REROLL_GROUP_STRIDE + (group.intent < 0 ? 0 : k);
          for (let lane = 0; lane < L; lane++) {
            if (open[lane] === 1 && mean[lane]! > best[lane]! + tolerance[tol + lane]!) {
              best[lane] = mean[lane]!;
              decisions[lane] = decision;
            }
          }
          if (group.intent < 0 || monotone) break; // one area die: its class never changes its reroll's value
        }
      }
      if (this.rerolls !== 'one') {
        let all: Float64Array;
        let at = 0;
        if (keepsBest) {
          all = this.laneTotal[r - 1]!;
          this.keptRerollAllValue(ctx, r - 1, key, aura);
        } else {
          this.solveRerollAll(ctx, r - 1, aura);
          all = ctx.rerollAll[r - 1]!;
          at = aura * L;
        }
        for (let lane = 0; lane < L; lane++) {
          if (open[lane] === 1 && all[at + lane]! > best[lane]! + tolerance[tol + lane]!) {
            best[lane] = all[at + lane]!;
            decisions[lane] = REROLL_ALL;
          }
        }
      }
    }
    memo.set(best, base);
    ctx.decision[r]!.set(decisions, base);
    push(ctx.solved[r]!, index);
  }

  /** The settled value of a dice state with Resolve r left under lane `lane`'s terminal: defence-independent, so cached once. */
  private stopValue(key: number, aura: number, r: number, lane = 0): number {
    const vk = this.valueKey(key);
    const index = (vk * this.heldAura + aura - this.lowAura) * this.lanes + lane;
    const cache = this.stopCaches[this.terminal ? r : 0]!;
    const extra = this.terminal ? 0 : this.roll.resolveValue * r;
    let value = cache[index]!;
    if (Number.isNaN(value)) {
      value = this.spendTables[lane]!.plans[this.planIdAt(vk, aura, r, lane)]!.value;
      cache[index] = value;
    }
    return value + extra;
  }

  /** The value of a roll that wins every intent, in Aura state `aura` with Resolve r left: no reroll. */
  private wonValue(aura: number, r: number, lane = 0): number {
    const index = ((this.terminal ? r : 0) * this.auraStates + aura) * this.lanes + lane;
    let value = this.wonValues[index]!;
    if (Number.isNaN(value)) {
      value = this.spendTables[lane]!.plan(this.allWonCode, aura, r).value;
      this.wonValues[index] = value;
    }
    return value + (this.terminal ? 0 : this.roll.resolveValue * r);
  }

  /**
   * Rule variant rerollKeepsBest: the law of (dice-state key · A + Aura gained, capped) after
   * rerolling every die of state `key`, each die left on the better of its old and new result,
   * into working table `role` (p and its capped part). Dice are independent, so the dice are
   * rerolled one at a time; a group's classes from the highest down, so the dice at a class
   * are always ones not yet rerolled (a rerolled die only rises).
   */
  private keptRerollAll(ctx: DefenceContext, key: number, role: number): Masses {
    const A = this.auraStates;
    const top = A - 1;
    const groups = this.model.groups;
    const space = this.model.keySpace * A;
    let from = workingMasses(role, space);
    from.add(key * A, 1, 0);
    let turn = 0;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g]!;
      const { cls, gain, p, pCapped } = ctx.groups[g]!;
      const classes = group.classes;
      const lone = group.dice.length === 1;
      const m0 = Math.floor(key / group.stride) % group.size;
      for (let k = classes - 1; k >= 0; k--) {
        for (let c = group.counts[m0 * classes + k]!; c > 0; c--) {
          const to = workingMasses(role + 1 + (turn++ % 2), space);
          for (let i = 0; i < from.size; i++) {
            const state = from.states[i]!;
            const pi = from.clean[i]!;
            const pc = from.capped[i]!;
            const at = Math.floor(state / A);
            const gained = state - at * A;
            const m = Math.floor(at / group.stride) % group.size;
            const rest = at - m * group.stride;
            const row = (m * classes + k) * classes;
            for (let o = 0; o < p.length; o++) {
              const q = p[o]!;
              const qc = pCapped[o]!;
              const kept = Math.max(cls[o]!, k);
              const next = rest + (lone ? kept : group.replace[row + kept]!) * group.stride;
              to.add(
                next * A + Math.min(top, gained + gain[o]!),
                pi * q,
                pi * q - (pi - pc) * (q - qc),
              );
            }
          }
          from = to;
        }
      }
    }
    return from;
  }

  /**
   * E[value] of a kept reroll of every die (rerollKeepsBest) from state (key, aura), landing
   * with Resolve r, per lane into `laneTotal[r]`.
   */
  private keptRerollAllValue(ctx: DefenceContext, r: number, key: number, aura: number): void {
    const law = this.keptRerollAll(ctx, key, 7);
    // Copied: the values below may solve further states, which reuse the working tables.
    const states = law.states.slice(0, law.size);
    const p = law.clean.slice(0, law.size);
    const A = this.auraStates;
    const top = A - 1;
    const L = this.lanes;
    const level = ctx.value[r]!;
    const out = this.laneTotal[r]!;
    out.fill(0);
    let mass = 0;
    for (let j = 0; j < states.length; j++) {
      const next = Math.floor(states[j]! / A);
      const nextAura = Math.min(top, aura + states[j]! - next * A);
      const at = (this.valueKey(next) * this.heldAura + nextAura - this.lowAura) * L;
      if (Number.isNaN(level[at]!)) this.solve(ctx, r, next, nextAura);
      for (let lane = 0; lane < L; lane++) out[lane]! += p[j]! * level[at + lane]!;
      mass += p[j]!;
    }
    for (let lane = 0; lane < L; lane++) out[lane]! /= mass; // a mean by its own mass, as startValue's
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
    const law = this.keptRerollAll(ctx, key, 7);
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

  /** Fills the memo with E[value] of rerolling every die, landing with Resolve r, from Aura state `aura` (every lane). */
  private solveRerollAll(ctx: DefenceContext, r: number, aura: number): void {
    const L = this.lanes;
    const memo = ctx.rerollAll[r]!;
    if (!Number.isNaN(memo[aura * L]!)) return;
    const total = this.laneTotal[r]!;
    this.freshMean(ctx, r, aura, total);
    memo.set(total, aura * L);
  }

  /**
   * Follows the policy from the opening roll, adding every figure into `acc` (as if this
   * defence vector were certain: the caller weighs it).
   */
  private forward(ctx: DefenceContext, start: Start, acc: RollFigures): void {
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
  private forwardFrom(
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
          ? this.optimalDecision(ctx, r, key, aura)
          : this.failed(key)
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
    this.tally(this.planIdAt(this.valueKey(key), aura, r), r, mass);
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
      this.tally(this.spends.planId(this.allWonCode, nextAura, r), r, mass);
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

function push(list: Int32List, item: number): void {
  if (list.size === list.items.length) {
    const bigger = new Int32Array(2 * list.size);
    bigger.set(list.items);
    list.items = bigger;
  }
  list.items[list.size++] = item;
}
