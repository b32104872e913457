import { formatCount } from '../../../format/format-count.ts';
import { namingFields } from '../../../input/input-error.ts';
import { challengeDie } from '../roll/pool.ts';
import type { RuleOptionName } from '../roll/rule-options.ts';
import type { Roll } from '../roll/spec.ts';
import { areaValueTable, classDefence, type OutcomeTable, outcomeTable } from './die-outcome.ts';
import { type Fresh, type FreshSetup, freshRoll } from './fresh-roll.ts';
import { type Int32List, push } from './int32-list.ts';
import { type Masses, workingMasses } from './masses.ts';
import { moveEntriesOf, RollModel, valueKeySpaceOf } from './roll-model.ts';
import {
  type Policy,
  REROLL_ALL,
  REROLL_GROUP_STRIDE,
  type RerollKinds,
  STOP,
} from './roll-play.ts';
import {
  LEAF_OP,
  MEAN_OP,
  type ProgramMemory,
  type SolveProgram,
  SolveRecording,
  STATE_OP,
} from './solve-program.ts';
import { type SpendTable, spendTableInputsOf, spendTableOf } from './spend.ts';
import { meanTables, valueTables } from './table-pool.ts';

/** The most (dice state × Aura state) pairs one exact solve keeps: about 64 MB a Resolve level. */
export const MAX_STATES = 1 << 23;
/**
 * The most entries of a solve's one-die-move tables (`Group.replace`, built before it starts):
 * 1 GiB, some ten seconds to build (six d12 on one intent with ten +2s; seven took a minute and 4 GB).
 */
export const MAX_MOVES = 1 << 28;

/** An exact solve's size, counted before anything is built (see {@link exactSolveSize}). */
export interface ExactSolveSize {
  /** Dice-and-Aura states its tables keep (a Resolve level's). */
  readonly states: number;
  /** Entries of its one-die-move tables. */
  readonly moves: number;
  /**
   * Past the engine's bounds: which (`states` or `moves`), by how much ("9,765,625
   * dice-and-Aura states, more than …") and what to lower.
   */
  readonly excess?: {
    readonly bound: 'states' | 'moves';
    readonly what: string;
    readonly levers: readonly SizeLever[];
  };
}

/**
 * A way to lower an exact solve's size: what to do, and the roll's fields it changes, which each
 * surface names its own way (the library by the fields, the CLI by their flags).
 */
export interface SizeLever {
  readonly words: string;
  readonly fields: readonly RuleOptionName[];
}

/**
 * Levers in words, each with the fields it changes named by `name` (the fields themselves, as
 * the library names them, by default).
 * @example leversText([{ words: 'lower the Aura cap', fields: ['auraMax'] }]) // "lower the Aura cap (auraMax)"
 */
export function leversText(
  levers: readonly SizeLever[],
  name: (field: string) => string = (field) => field,
): string {
  return levers
    .map(({ words, fields }) =>
      fields.length === 0 ? words : `${words} (${fields.map(name).join(', ')})`,
    )
    .join('; ');
}

/** The lever of the +2s: the fewer that may be made, or the smaller, the fewer classes a die has. */
const BOOSTS_LEVER: SizeLever = {
  words: 'allow fewer or smaller +2s a roll',
  fields: ['boostsPerRoll', 'boostSize'],
};

/**
 * The size of an exact solve of `roll` holding the Aura states from `lowestAura` up, and, when it
 * is past the engine's bounds, why: what the solver checks before it builds its model, counted
 * without building anything (microseconds), so a caller with many rolls can check them all
 * before it solves one.
 * @example exactSolveSize(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }, { sides: 8, intent: 0 }] }), 0).states // 90 (15 dice states × 6 Aura states)
 */
export function exactSolveSize(roll: Roll, lowestAura: number): ExactSolveSize {
  const heldAura = roll.auraMax + 1 - lowestAura;
  const states = valueKeySpaceOf(roll) * heldAura;
  const moves = moveEntriesOf(roll);
  if (states > MAX_STATES) {
    return {
      states,
      moves,
      excess: {
        bound: 'states',
        what: `${formatCount(states)} dice-and-Aura states, more than the exact engine's ${formatCount(MAX_STATES)}`,
        levers: statesLevers(roll, heldAura),
      },
    };
  }
  if (moves > MAX_MOVES) {
    return {
      states,
      moves,
      excess: {
        bound: 'moves',
        what: `${formatCount(moves)} one-die moves to tabulate (its like dice's multisets × their classes squared), more than the exact engine's ${formatCount(MAX_MOVES)}`,
        levers: [{ words: 'put fewer dice of one size on one intent', fields: [] }, BOOSTS_LEVER],
      },
    };
  }
  return { states, moves };
}

/**
 * What lowers a roll's dice-and-Aura states, each named only where lowering it does: the dice's
 * multisets by intent, their classes (the +2s that can matter), the Aura states held.
 */
function statesLevers(roll: Roll, heldAura: number): SizeLever[] {
  const levers: SizeLever[] = [
    { words: 'roll fewer dice or put like dice on fewer intents', fields: [] },
  ];
  if (Math.min(roll.boostsPerRoll, roll.auraMax) > 0) levers.push(BOOSTS_LEVER);
  if (heldAura > 1) levers.push({ words: 'lower the Aura cap', fields: ['auraMax'] });
  return levers;
}

/** The defences of one enumerated threat roll, and what the engine learned under them. */
export interface DefenceContext {
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

/** What a backward solve is set up with: RollSolver's options, resolved. */
export interface BackwardSetup {
  readonly policy: Policy;
  readonly rerolls: RerollKinds;
  /** The terminal utility of each lane (none: the rules' utility, one lane). */
  readonly terminals: readonly Float64Array[] | undefined;
  readonly lowestAura: number;
}

/**
 * The backward half of an exact solve (RollSolver is its face): per defence vector, the
 * optimal value and decision of every state reached, a memoised recursion from the opening
 * roll down the Resolve levels, one value per lane. A forward pass reads its decisions.
 */
export class BackwardSolve {
  readonly model: RollModel;
  readonly roll: Roll;
  readonly policy: Policy;
  readonly rerolls: RerollKinds;
  /** Enumerated defence vectors, by index (mixed radix over the active threats). */
  readonly defenceCount: number;
  private readonly contexts: (DefenceContext | undefined)[];
  private readonly spare: DefenceContext[] = [];
  /** Lane 0's spend table (the forward pass's, which runs with one lane). */
  readonly spends: SpendTable;
  /**
   * Terminal utilities solved side by side (see `SolveOptions.terminals`): every value table
   * holds `lanes` values per state, lane j under terminal j, each decided as its own solve would.
   */
  readonly lanes: number;
  private readonly spendTables: readonly SpendTable[];
  /** Per value key: best-class code (−1: not yet) and failed flag (−1: not yet). */
  private readonly bestCode: Float64Array;
  private readonly failedCache: Int8Array;
  /**
   * Defence-independent, per (value key, Aura state): the settled value and plan id per level
   * kept. Made when a solve or a pass first needs them: a replay reads the spend tables instead.
   */
  private stopCache!: Float64Array;
  private stopCaches: Float64Array[] = [];
  private stopPlans!: Int32Array[];
  /** Lane 0's terminal utility, if any. */
  readonly terminal: Float64Array | undefined;
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
  readonly laneStart: Float64Array;
  readonly auraStates: number;
  /**
   * The value tables' Aura states: `lowAura` to the cap, `heldAura` of them; (value key, Aura
   * state) is entry `vk · heldAura + aura − lowAura` (see `lowestAura`).
   */
  readonly lowAura: number;
  private readonly heldAura: number;
  private readonly valueKeySpace: number;
  /** Best-class code of a roll that wins every intent, and its settled value per (level kept, Aura state). */
  readonly allWonCode: number;
  private readonly wonValues: Float64Array;
  /** Place value of the area die's digit in a dice-state key (0: no area die), and its states. */
  readonly areaStride: number;
  private readonly areaStates: number;
  /** What {@link freshRoll} draws each defence's opening roll from. */
  private readonly freshSetup: FreshSetup;
  /**
   * The defence being solved is recorded here (see solve-program.ts), every option explored
   * whatever the values, so that another terminal's solve can replay it.
   */
  recording: SolveRecording | undefined;

  constructor(roll: Roll, setup: BackwardSetup) {
    const { policy, rerolls, terminals: tables, lowestAura } = setup;
    this.roll = roll;
    this.policy = policy;
    this.rerolls = rerolls;
    this.auraStates = roll.auraMax + 1;
    if (!Number.isInteger(lowestAura) || lowestAura < 0 || lowestAura >= this.auraStates)
      throw new RangeError(`lowestAura must be an Aura state, 0 to ${this.auraStates - 1}`);
    this.lowAura = lowestAura;
    this.heldAura = this.auraStates - lowestAura;
    // Counted before the model is built: a roll past the bounds could not build it.
    const { excess } = exactSolveSize(roll, lowestAura);
    // The simulator plays this engine's decisions, so it is no way round.
    if (excess)
      throw namingFields(
        (name) =>
          `this roll has ${excess.what}, which bound the simulator too (it plays the exact engine's decisions); any of these lowers them: ${leversText(excess.levers, name)}`,
      );
    this.model = new RollModel(roll);
    this.defenceCount = this.model.activeThreats.reduce(
      (n, t) => n * challengeDie(roll.threats[t]!.challenge),
      1,
    );
    this.contexts = new Array(this.defenceCount);
    this.valueKeySpace = this.model.valueKeySpace;
    const lanes = tables?.length ?? 1;
    this.lanes = lanes;
    const levels = roll.resolve + 1;
    for (const table of tables ?? []) {
      if (table.length !== (this.model.intentCount + 1) * this.model.auraStates * levels)
        throw new RangeError(
          `terminal utility needs ${(this.model.intentCount + 1) * this.model.auraStates * levels} values (wins × Aura × Resolve)`,
        );
    }
    this.terminal = tables?.[0];
    // Pushed, not mapped, as the outcome tables are (see context).
    const spendTables: SpendTable[] = [];
    for (const t of tables ?? [undefined])
      spendTables.push(spendTableOf(spendTableInputsOf(roll, policy, this.model.floor, t, levels)));
    this.spendTables = spendTables;
    this.spends = this.spendTables[0]!;
    this.bestCode = new Float64Array(this.valueKeySpace).fill(-1);
    this.failedCache = new Int8Array(this.valueKeySpace).fill(-1);
    // With a terminal utility the settled value depends on the Resolve left: one cache per level.
    const kept = this.terminal ? levels : 1;
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

  /** Makes the settled values' and plans' caches, once (see {@link stopCaches}). */
  private settledCaches(): void {
    if (this.stopCaches.length > 0) return;
    const size = this.valueKeySpace * this.heldAura * this.lanes;
    const kept = this.terminal ? this.roll.resolve + 1 : 1;
    this.stopCaches = Array.from({ length: kept }, () => new Float64Array(size).fill(Number.NaN));
    this.stopCache = this.stopCaches[0]!;
    this.stopPlans = Array.from({ length: kept }, () => new Int32Array(size).fill(-1));
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

  /** E[value] of the opening roll under defence context `ctx` (optimal policy), per lane into `laneStart`. */
  startValue(ctx: DefenceContext, r: number, startAura: number): void {
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
    // Recorded once per (level, Aura): the opening roll and a reroll of every die are one mean.
    const recording = this.recording;
    const rec = recording && recording.fresh[r * A + aura]! < 0 ? recording : undefined;
    const operands = rec?.operands[r];
    out.fill(0);
    let mass = 0;
    for (let j = 0; j < fresh.size; j++) {
      const key = fresh.key[j]!;
      const nextAura = Math.min(top, aura + fresh.gain[j]!);
      const p = fresh.p[j]!;
      const at = (this.valueKey(key) * this.heldAura + nextAura - this.lowAura) * L;
      if (Number.isNaN(level[at]!)) this.solve(ctx, r, key, nextAura);
      if (operands) push(operands, rec!.operand(r, at / L));
      for (let lane = 0; lane < L; lane++) out[lane]! += p * level[at + lane]!;
      mass += p;
    }
    if (rec) this.recordFresh(rec, ctx, r, aura);
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

  context(d: number): DefenceContext {
    let ctx = this.contexts[d];
    if (ctx) return ctx;
    this.settledCaches();
    const roll = this.roll;
    const defences = this.defences(d);
    // A die's gains are capped where the fresh roll's are (see freshRoll), so outcomes that
    // differ only past that cap are one.
    // Pushed, not mapped: `map` hands back packed arrays from the interpreter and holey ones
    // from compiled code, and the solve's compiled loops deoptimize on meeting the other kind.
    const groups: OutcomeTable[] = [];
    for (const g of this.model.groups)
      groups.push(
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
  valueKey(key: number): number {
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
  planIdAt(vk: number, aura: number, r: number, lane = 0): number {
    this.settledCaches();
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
  failed(key: number): boolean {
    const vk = this.valueKey(key);
    if (this.failedCache[vk]! < 0) this.classify(vk);
    return this.failedCache[vk] === 1;
  }

  /** The optimal decision with Resolve r > 0 left (solved if not yet), of lane 0. */
  optimalDecision(ctx: DefenceContext, r: number, key: number, aura: number): number {
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
    // A lane whose stop already reaches the highest value left takes no reroll. The settled
    // values are read from their cache here, not through stopValue: this runs for every state.
    const stops = this.stopCaches[this.terminal ? r : 0]!;
    const extra = this.terminal ? 0 : this.roll.resolveValue * r;
    let anyOpen = false;
    for (let lane = 0; lane < L; lane++) {
      const cached = stops[base + lane]!;
      const stop = Number.isNaN(cached) ? this.stopValue(key, aura, r, lane) : cached + extra;
      best[lane] = stop;
      decisions[lane] = STOP;
      const reroll = stop < this.upper[(r - 1) * L + lane]! - tolerance[tol + lane]!;
      open[lane] = reroll ? 1 : 0;
      anyOpen ||= reroll;
    }
    const vk = areaStride ? key % areaStride : key;
    if (this.failedCache[vk]! < 0) this.classify(vk);
    const rec = this.recording;
    if ((anyOpen || rec) && this.failedCache[vk] === 1) {
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
          // The option's mean per lane: read where it is kept (typed-array builtins such as fill
          // and set cost more than these few lanes' loops: this runs millions of times a fight).
          let means: Float64Array = mean;
          let from = 0;
          if (slot >= 0 && !Number.isNaN(once![slot]!)) {
            means = once!;
            from = slot;
            if (rec) rec.option(r, rec.onceNode[r - 1]![slot / L]!);
          } else {
            for (let lane = 0; lane < L; lane++) mean[lane] = 0;
            let mass = 0;
            for (let o = 0; o < p.length; o++) {
              // Rule variant rerollKeepsBest: the die stays on the better of its two results.
              const to = keepsBest && cls[o]! < k ? k : cls[o]!;
              const next = rest + (lone ? to : replace[row + to]!) * stride;
              const nextAura = Math.min(top, aura + gain[o]!);
              const at = ((areaStride ? next % areaStride : next) * H + nextAura - low) * L;
              if (Number.isNaN(lower[at]!)) this.solve(ctx, r - 1, next, nextAura);
              if (rec) push(rec.operands[r - 1]!, rec.operand(r - 1, at / L));
              const q = p[o]!;
              for (let lane = 0; lane < L; lane++) mean[lane]! += q * lower[at + lane]!;
              mass += q;
            }
            // A mean by its own mass, as startValue's.
            for (let lane = 0; lane < L; lane++) mean[lane]! /= mass;
            if (slot >= 0) for (let lane = 0; lane < L; lane++) once![slot + lane] = mean[lane]!;
            if (rec) {
              const node = rec.mean(r - 1, p);
              if (slot >= 0) rec.onceNode[r - 1]![slot / L] = node;
              rec.option(r, node);
            }
          }
          const decision = g * REROLL_GROUP_STRIDE + (group.intent < 0 ? 0 : k);
          for (let lane = 0; lane < L; lane++) {
            const value = means[from + lane]!;
            if (open[lane] === 1 && value > best[lane]! + tolerance[tol + lane]!) {
              best[lane] = value;
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
          if (rec) rec.option(r, rec.fresh[(r - 1) * A + aura]!);
        }
        for (let lane = 0; lane < L; lane++) {
          if (open[lane] === 1 && all[at + lane]! > best[lane]! + tolerance[tol + lane]!) {
            best[lane] = all[at + lane]!;
            decisions[lane] = REROLL_ALL;
          }
        }
      }
    }
    const decided = ctx.decision[r]!;
    for (let lane = 0; lane < L; lane++) {
      memo[base + lane] = best[lane]!;
      decided[base + lane] = decisions[lane]!;
    }
    push(ctx.solved[r]!, index);
    if (rec) rec.state(r, index);
  }

  /**
   * A recording of the next defence solved (see {@link recording}), sized to this solve's tables,
   * into `memory`.
   */
  startRecording(memory: ProgramMemory): SolveRecording {
    const entries = this.valueKeySpace * this.heldAura;
    return new SolveRecording(
      this.roll.resolve + 1,
      this.auraStates,
      entries,
      this.model.groups.length,
      (i) => this.settleKey(i),
      memory,
    );
  }

  /**
   * What entry i (value key · Aura states held + Aura) of a level's tables is settled from: its
   * best-class code · Aura states + its Aura state (see SpendTable.settledValue).
   */
  private settleKey(i: number): number {
    const vk = Math.floor(i / this.heldAura);
    return this.bestCodeOf(vk) * this.auraStates + i - vk * this.heldAura + this.lowAura;
  }

  /**
   * Records a roll of every die from Aura state `aura` landing on level r: the mean of its
   * outcomes (their nodes gathered in `operands[r]`) and of its won rolls, in freshMean's order.
   */
  private recordFresh(rec: SolveRecording, ctx: DefenceContext, r: number, aura: number): void {
    const { fresh } = ctx;
    const A = this.auraStates;
    const operands = rec.operands[r]!;
    for (let b = 0; b < fresh.wonP.length; b++) {
      if (fresh.wonP[b] === 0) continue;
      push(operands, rec.won(r, Math.min(A - 1, aura + (b % A))));
    }
    rec.fresh[r * A + aura] = rec.mean(r, fresh.p, fresh.size, fresh.wonP);
  }

  /**
   * Replays a recorded defence (see solve-program.ts) under this solve's terminals: every node's
   * value per lane into `values` (node · lanes + lane), by the very operations, in the very order,
   * the recursion ({@link solve}, {@link freshMean}) did them, so each value is what a solve of
   * this defence gives, to the bit; only the leaves (settled values) are this solve's own, read
   * from the lanes' spend tables (shared by every solve of a fight's round with as many intents).
   */
  replay(program: SolveProgram, values: Float64Array): void {
    const L = this.lanes;
    const { ops, probs, starts, masses } = program;
    const upper = this.upper;
    const tolerance = this.tolerance;
    const tables = this.spendTables;
    const settled: (Float64Array | undefined)[] = [];
    for (const table of tables) settled.push(table.values);
    const stride = tables[0]!.levels;
    const perLevel = this.terminal !== undefined;
    let at = 0;
    for (let node = 0; node < program.nodes; node++) {
      const op = ops[at++]!;
      const base = node * L;
      if (op === MEAN_OP) {
        const n = ops[at++]!;
        const law = ops[at++]!;
        for (let lane = 0; lane < L; lane += 4) {
          const width = Math.min(4, L - lane);
          meanOfBlock(values, base, L, lane, width, ops, at, probs, starts[law]!, n, masses[law]!);
        }
        at += n;
      } else if (op === STATE_OP) {
        const r = ops[at++]!;
        const settle = ops[at++]!;
        const n = ops[at++]!;
        const key = settle * stride + (perLevel ? r : 0);
        const extra = perLevel ? 0 : this.roll.resolveValue * r;
        const end = at + n;
        for (let lane = 0; lane < L; lane++) {
          const table = settled[lane];
          let stop = table ? table[key]! : Number.NaN;
          if (Number.isNaN(stop)) stop = tables[lane]!.settledValue(settle, r);
          let best = stop + extra;
          const tol = tolerance[r * L + lane]!;
          if (best < upper[(r - 1) * L + lane]! - tol) {
            // `bar` is best + tol, worked out once per new best.
            let bar = best + tol;
            for (let k = at; k < end; k++) {
              const value = values[ops[k]! * L + lane]!;
              if (value > bar) {
                best = value;
                bar = value + tol;
              }
            }
          }
          values[base + lane] = best;
        }
        at = end;
      } else if (op === LEAF_OP) {
        const settle = ops[at++]!;
        const key = settle * stride;
        for (let lane = 0; lane < L; lane++) {
          const table = settled[lane];
          const stop = table ? table[key]! : Number.NaN;
          values[base + lane] = Number.isNaN(stop) ? tables[lane]!.settledValue(settle, 0) : stop;
        }
      } else {
        const r = ops[at++]!;
        const aura = ops[at++]!;
        for (let lane = 0; lane < L; lane++) values[base + lane] = this.wonValue(aura, r, lane);
      }
    }
  }

  /** The settled value of a dice state with Resolve r left under lane `lane`'s terminal: defence-independent, so cached once. */
  private stopValue(key: number, aura: number, r: number, lane = 0): number {
    this.settledCaches();
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
  keptRerollAll(ctx: DefenceContext, key: number, role: number): Masses {
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

  /** Fills the memo with E[value] of rerolling every die, landing with Resolve r, from Aura state `aura` (every lane). */
  private solveRerollAll(ctx: DefenceContext, r: number, aura: number): void {
    const L = this.lanes;
    const memo = ctx.rerollAll[r]!;
    if (!Number.isNaN(memo[aura * L]!)) return;
    const total = this.laneTotal[r]!;
    this.freshMean(ctx, r, aura, total);
    memo.set(total, aura * L);
  }

  /** Defence vector `d` is done: its context's tables go to the next defence asked. */
  retire(d: number): void {
    const ctx = this.contexts[d];
    if (!ctx) return;
    this.contexts[d] = undefined;
    this.spare.push(ctx);
  }

  /** The solve is done: its tables go back to the pools, for the next solve of this roll or another. */
  release(): void {
    for (const ctx of this.spare.splice(0)) {
      resetSolved(ctx, this.lanes);
      for (let r = 1; r < ctx.value.length; r++)
        valueTables.give({ value: ctx.value[r]!, decision: ctx.decision[r]! });
      for (const table of ctx.rerollOne) if (table) meanTables.give(table.fill(Number.NaN));
    }
  }
}

/**
 * A recorded mean replayed, lanes `lane…lane + width − 1` (width 1 to 4): node `base`'s value
 * per lane, Σ p·value over its n operands (nodes `ops[at…]`, masses `probs[pr…]`), in their
 * order, over their total `mass`. The sums in locals, four lanes at most a pass (each summed
 * as it would be alone): a replay's hottest loop.
 */
function meanOfBlock(
  values: Float64Array,
  base: number,
  L: number,
  lane: number,
  width: number,
  ops: Int32Array,
  at: number,
  probs: Float64Array,
  pr: number,
  n: number,
  mass: number,
): void {
  const end = at + n;
  const to = base + lane;
  if (width === 1) {
    let s0 = 0;
    for (let k = at, q = pr; k < end; k++, q++) s0 += probs[q]! * values[ops[k]! * L + lane]!;
    values[to] = s0 / mass;
  } else if (width === 2) {
    let s0 = 0;
    let s1 = 0;
    for (let k = at, q = pr; k < end; k++, q++) {
      const p = probs[q]!;
      const o = ops[k]! * L + lane;
      s0 += p * values[o]!;
      s1 += p * values[o + 1]!;
    }
    values[to] = s0 / mass;
    values[to + 1] = s1 / mass;
  } else if (width === 3) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let k = at, q = pr; k < end; k++, q++) {
      const p = probs[q]!;
      const o = ops[k]! * L + lane;
      s0 += p * values[o]!;
      s1 += p * values[o + 1]!;
      s2 += p * values[o + 2]!;
    }
    values[to] = s0 / mass;
    values[to + 1] = s1 / mass;
    values[to + 2] = s2 / mass;
  } else {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let k = at, q = pr; k < end; k++, q++) {
      const p = probs[q]!;
      const o = ops[k]! * L + lane;
      s0 += p * values[o]!;
      s1 += p * values[o + 1]!;
      s2 += p * values[o + 2]!;
      s3 += p * values[o + 3]!;
    }
    values[to] = s0 / mass;
    values[to + 1] = s1 / mass;
    values[to + 2] = s2 / mass;
    values[to + 3] = s3 / mass;
  }
}
