import type { Kernel } from '../../montecarlo/kernel.ts';
import { meanIntervalWithin } from '../../montecarlo/mean-interval.ts';
import { wilsonInterval } from '../../montecarlo/wilson-interval.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { classOf, topFaces } from './engine/die-outcome.ts';
import type { RollModel } from './engine/roll-model.ts';
import {
  PLAY_DEFAULTS,
  type Policy,
  REROLL_ALL,
  REROLL_GROUP_STRIDE,
  type RerollKinds,
  type RollOdds,
  STOP,
  startAuraState,
} from './engine/roll-play.ts';
import { RollSolver } from './engine/roll-solver.ts';
import { challengeDie } from './roll/pool.ts';
import {
  parseRoll,
  type Roll,
  type RollHeading,
  type RollSpec,
  rollHeading,
  rollToSpec,
} from './roll/spec.ts';

/** What the simulator is asked: a roll spec and who decides. */
export interface SimulationSpec {
  readonly roll: RollSpec;
  readonly policy?: Policy;
  readonly rerolls?: RerollKinds;
  /** A terminal utility for the optimal play (see `SolveOptions.terminal`): a whole fight's rounds. */
  readonly terminal?: readonly number[];
}

/**
 * A simulated roll: the exact engine's figures (same names), each with its 95% interval, after
 * the system and the roll as simulated (`rollHeading`, as the exact odds are headed).
 */
export type RollSimulation = RollHeading &
  Pick<
    RollOdds,
    | 'policy'
    | 'expectedUtility'
    | 'expectedWins'
    | 'pAllWin'
    | 'winsDistribution'
    | 'expectedAuraGained'
    | 'expectedAuraSpent'
    | 'expectedAuraShared'
    | 'expectedAuraEnd'
    | 'expectedResolveEnd'
    | 'pExplodeCapped'
  > & {
    readonly trials: number;
    /** The area die's mean size (`area.expectedSize` of the exact figures), when the roll has one. */
    readonly areaSize?: number;
    readonly intents: readonly {
      readonly pWin: number;
      readonly ci95: readonly [number, number];
    }[];
    /**
     * 95% intervals of the roll's figures: Wilson for chances, Student t for means, each mean's
     * held to what it can be (expectedWins 0 to the intents, expectedAuraGained and
     * expectedAuraShared from 0, expectedAuraSpent and expectedAuraEnd 0 to auraMax,
     * expectedResolveEnd 0 to the roll's Resolve, areaSize a face of the area die's chain,
     * expectedUtility between its least and greatest outcome); one trial gives that whole range
     * (from 0, no bound above: null in JSON, for Aura gained and shared).
     */
    readonly ci95: RollIntervals;
  };

/** A 95% interval, [lo, hi]. */
export type Range = readonly [number, number];

/** The intervals of a simulated roll's figures, by the figure's name (see `RollSimulation.ci95`). */
export interface RollIntervals {
  readonly expectedUtility: Range;
  readonly expectedWins: Range;
  readonly pAllWin: Range;
  readonly expectedAuraGained: Range;
  /** One per entry of `winsDistribution`: the chance of k intents won. */
  readonly winsDistribution: readonly Range[];
  readonly expectedAuraSpent: Range;
  readonly expectedAuraShared: Range;
  readonly expectedAuraEnd: Range;
  readonly expectedResolveEnd: Range;
  /** When the dice explode. */
  readonly pExplodeCapped?: Range;
  /** When the roll has an area die. */
  readonly areaSize?: Range;
}

/**
 * Everything one worker needs to play a roll: the exact engine (whose decisions and spends the
 * simulator plays, so there is one statement of the rules), and flat tables for the hot loop.
 */
export interface PreparedRoll {
  readonly roll: Roll;
  readonly policy: Policy;
  readonly solver: RollSolver;
  readonly model: RollModel;
  readonly sides: Int32Array;
  /** Active-threat slot of each die (−1: the area die), and its intent (−1: the area die). */
  readonly dieSlot: Int32Array;
  readonly dieIntent: Int32Array;
  /** Per active threat: its die's sides, and its place value in a defence index. */
  readonly threatSides: Int32Array;
  readonly threatPlace: Int32Array;
  /** Settled plans by (best-class code, Aura state): won mask, Aura spent, Aura at the end; −1 unknown. */
  readonly planWon: Int32Array;
  readonly planSpent: Int32Array;
  readonly planEnd: Int32Array;
  /** Tally layout. */
  readonly layout: TallyLayout;
  /**
   * Working arrays of `playRolls` (a fight calls it once a round, so they are made once): dice
   * values and class indices, defences, best class per intent, and the dice to roll in a pass:
   * `all` of them, or the one in `pending` a reroll names.
   */
  readonly scratch: {
    readonly values: Int32Array;
    readonly cls: Int32Array;
    readonly defence: Int32Array;
    readonly best: Int32Array;
    readonly pending: Int32Array;
    readonly all: Int32Array;
  };
  /** Tabulated passes (see `tabulateJointPasses`); null: play die by die. */
  readonly joint: JointPasses | null;
}

/** A prepared roll before its passes are tabulated (what tabulating them reads). */
type RollTables = Omit<PreparedRoll, 'joint'>;

/**
 * A pass's joint outcomes: index = defence digits + `defences` × face digits. Per outcome:
 * the best-class code of the pass and its top faces; and, when the first pass ends the roll,
 * its tally slot (else −1), Aura spent and shared.
 */
interface JointPasses {
  readonly defences: number;
  readonly faces: number;
  readonly code: Int32Array;
  readonly gained: Int32Array;
  readonly settled: Int32Array;
  readonly spent: Int32Array;
  readonly shared: Int32Array;
}

interface TallyLayout {
  /** Histogram of (won mask, Aura at the end, Resolve at the end): everything U depends on. */
  readonly outcomes: number;
  readonly gained: number;
  readonly gainedSquares: number;
  readonly spent: number;
  readonly spentSquares: number;
  readonly shared: number;
  readonly sharedSquares: number;
  readonly capped: number;
  readonly areaSum: number;
  readonly areaSquares: number;
  readonly size: number;
}

const MAX_PLAN_TABLE = 1 << 22;
const PREFILLED_PLANS = 1 << 16;
/**
 * Most joint outcomes tabulated: 4 dice up to d12 against one Challenge die (12^5 = 248 832)
 * fit, in 5 MiB of tables and ~40 ms of work per thread; a draw stays exact (n·2^32 < 2^53).
 */
const MAX_JOINT_OUTCOMES = 1 << 18;

/**
 * Readies a roll for `playRolls`. `tabulate` works out the joint outcomes of a roll whose only
 * choices are "stop" and "reroll all" up front (up to ~40 ms), so each pass is one draw: worth it
 * for long runs, not for a fight's single rolls.
 */
export function prepareRoll(
  spec: SimulationSpec,
  options: { tabulate?: boolean } = {},
): PreparedRoll {
  const roll = parseRoll(spec.roll, 'roll.');
  const policy = spec.policy ?? PLAY_DEFAULTS.policy;
  // Held from the roll's start up, as the exact answer's tables are (Aura only rises within a
  // roll): the same decisions, and as large a roll as the exact engine takes.
  const lowestAura = startAuraState(roll);
  const solver = new RollSolver(roll, {
    policy,
    rerolls: spec.rerolls ?? PLAY_DEFAULTS.rerolls,
    lowestAura,
    ...(spec.terminal ? { terminal: spec.terminal } : {}),
  });
  const model = solver.model;
  const active = model.activeThreats;
  const slotOf = new Map(active.map((t, i) => [t, i]));
  const threatSides = Int32Array.from(active, (t) => challengeDie(roll.threats[t]!.challenge));
  const threatPlace = new Int32Array(active.length);
  let place = 1;
  for (let i = 0; i < active.length; i++) {
    threatPlace[i] = place;
    place *= threatSides[i]!;
  }
  const A = model.auraStates;
  const codes = model.classes ** model.intentCount * A;
  // With a terminal utility the plan also depends on the Resolve left: no table, ask the engine.
  const planSize = codes <= MAX_PLAN_TABLE && !spec.terminal ? codes : 0;
  const outcomes = (1 << model.intentCount) * A * (roll.resolve + 1);
  const layout: TallyLayout = {
    outcomes: 0,
    gained: outcomes,
    gainedSquares: outcomes + 1,
    spent: outcomes + 2,
    spentSquares: outcomes + 3,
    shared: outcomes + 4,
    sharedSquares: outcomes + 5,
    capped: outcomes + 6,
    areaSum: outcomes + 7,
    areaSquares: outcomes + 8,
    size: outcomes + 9,
  };
  const planWon = new Int32Array(planSize).fill(-1);
  const planSpent = new Int32Array(planSize);
  const planEnd = new Int32Array(planSize);
  // Small tables are filled now, so the hot loop never meets an unfilled entry (a JIT deopt).
  if (planSize <= PREFILLED_PLANS) {
    for (let index = 0; index < planSize; index++) {
      if (index % A < lowestAura) continue;
      const plan = solver.settleBest(Math.floor(index / A), index % A);
      planWon[index] = plan.won;
      planSpent[index] = plan.spent;
      planEnd[index] = plan.auraEnd;
    }
  }
  const tables: RollTables = {
    roll,
    policy,
    solver,
    model,
    sides: Int32Array.from(roll.dice, (d) => d.sides),
    dieSlot: Int32Array.from(roll.dice, (d) =>
      d.area ? -1 : slotOf.get(roll.intents[d.intent]!.threat)!,
    ),
    dieIntent: Int32Array.from(roll.dice, (d) => d.intent),
    threatSides,
    threatPlace,
    planWon,
    planSpent,
    planEnd,
    layout,
    scratch: {
      values: new Int32Array(roll.dice.length),
      cls: new Int32Array(roll.dice.length),
      defence: new Int32Array(active.length),
      best: new Int32Array(model.intentCount),
      pending: new Int32Array(roll.dice.length),
      all: Int32Array.from(roll.dice, (_, j) => j),
    },
  };
  // One object shape whether tabulated or not, so hot loops see one map.
  return { ...tables, joint: options.tabulate ? tabulateJointPasses(tables) : null };
}

/**
 * Plays `trials` rolls: defences, dice (exploding chains included), Aura with its cap, then the
 * policy's rerolls and spends, asked of the exact engine state by state. Randomness comes only
 * from `stream` (`rollDie`, which the JIT inlines here).
 */
export function playRolls(
  prep: PreparedRoll,
  stream: Stream,
  trials: number,
  tally: Float64Array,
): number {
  const { roll, model, solver, sides, dieSlot, threatSides, threatPlace, layout } = prep;
  const { planWon, planSpent } = prep;
  const n = sides.length;
  const threats = threatSides.length;
  const intents = model.intentCount;
  const K = model.classes;
  const floor = model.floor;
  const A = model.auraStates;
  const top = A - 1;
  const R = roll.resolve;
  const explode = roll.explode;
  const depth = roll.explodeDepth;
  const a0 = roll.aura;
  const startAura = roll.auraGainUsableSameRoll ? a0 : 0;
  const decides = prep.policy !== 'never' && R > 0;
  // The rule variants, played as the rules page words them (not read from the engine's tables).
  const perTop = roll.auraPerTopFace;
  const keepsBest = roll.rerollKeepsBest;
  const tieShift = roll.tiesGoTo === 'roller' ? 1 : 0;
  const areaByValue = model.areaByValue;
  if (prep.joint) return playJointRolls(prep, prep.joint, stream, trials, tally);
  const planTable = planWon.length > 0;
  const areaDie = model.areaGroup >= 0 ? model.groups[model.areaGroup]!.dice[0]! : -1;
  const { values, cls, defence, best, pending, all } = prep.scratch;
  // The code with every intent at the won class: nothing left to reroll for.
  const allWon = K ** intents - 1;
  let gainedSum = 0;
  let gainedSquares = 0;
  let spentSum = 0;
  let spentSquares = 0;
  let sharedSum = 0;
  let sharedSquares = 0;
  let cappedSum = 0;
  let areaSum = 0;
  let areaSquares = 0;
  let lastSlot = -1;
  for (let trial = 0; trial < trials; trial++) {
    let d = 0;
    for (let t = 0; t < threats; t++) {
      const D = rollDie(stream, threatSides[t]!);
      defence[t] = D;
      d += (D - 1) * threatPlace[t]!;
    }
    let aura = startAura;
    let gained = 0;
    let capped = 0;
    let r = R;
    let toRoll = all;
    let count = n;
    let code = 0;
    let rerolling = false;
    for (;;) {
      for (let q = 0; q < count; q++) {
        const j = toRoll[q]!;
        const size = sides[j]!;
        let value = 0;
        let extra = 0;
        for (;;) {
          const face = rollDie(stream, size);
          value += face;
          if (face !== size || !explode) break;
          if (extra === depth) {
            capped = 1;
            break;
          }
          extra++;
        }
        // A rolled top face gives its Aura whether or not the value is kept (rerollKeepsBest).
        const tops = topFaces(value, size);
        const aurae = tops * perTop;
        gained += aurae;
        aura = Math.min(top, aura + aurae);
        if (keepsBest && rerolling && values[j]! > value) value = values[j]!;
        values[j] = value;
        const slot = dieSlot[j]!;
        cls[j] =
          slot < 0
            ? areaByValue
              ? value - 1
              : topFaces(value, size)
            : classOf(value, defence[slot]! - tieShift, floor) - floor;
      }
      code = bestClassCode(prep, cls, best);
      const failed = code !== allWon;
      if (!decides || r === 0 || !failed) break;
      // Only the optimal policy needs the dice state itself (a key costs a lookup per group).
      const key = prep.policy === 'optimal' ? model.keyOf(cls) : -1;
      const decision = solver.decide(d, key, aura, r, true);
      if (decision === STOP) break;
      r--;
      rerolling = true;
      if (decision === REROLL_ALL) {
        toRoll = all;
        count = n;
      } else {
        const group = model.groups[Math.floor(decision / REROLL_GROUP_STRIDE)]!;
        const k = decision % REROLL_GROUP_STRIDE;
        // The lowest-index die of the group showing that class (the area die: the one die).
        pending[0] = group.intent < 0 ? group.dice[0]! : group.dice.find((j) => cls[j] === k)!;
        toRoll = pending;
        count = 1;
      }
    }
    const planIndex = code * A + aura;
    if (!planTable || planWon[planIndex]! < 0) {
      // Big rolls only (small plan tables are filled in `prepareRoll`).
      lastSlot = settleSlowly(prep, code, aura, planIndex, r, gained, capped, tally);
      if (!planTable) {
        if (areaDie >= 0) {
          areaSum += values[areaDie]!;
          areaSquares += values[areaDie]! * values[areaDie]!;
        }
        continue;
      }
    }
    lastSlot = settledSlot(prep, planIndex, r);
    tally[lastSlot]! += 1;
    const spent = planSpent[planIndex]!;
    const shared = sharedAura(prep, planIndex, gained);
    spentSum += spent;
    spentSquares += spent * spent;
    sharedSum += shared;
    sharedSquares += shared * shared;
    gainedSum += gained;
    gainedSquares += gained * gained;
    cappedSum += capped;
    if (areaDie >= 0) {
      areaSum += values[areaDie]!;
      areaSquares += values[areaDie]! * values[areaDie]!;
    }
  }
  tally[layout.gained]! += gainedSum;
  tally[layout.gainedSquares]! += gainedSquares;
  tally[layout.spent]! += spentSum;
  tally[layout.spentSquares]! += spentSquares;
  tally[layout.shared]! += sharedSum;
  tally[layout.sharedSquares]! += sharedSquares;
  tally[layout.capped]! += cappedSum;
  tally[layout.areaSum]! += areaSum;
  tally[layout.areaSquares]! += areaSquares;
  return lastSlot;
}

/**
 * Settles a roll whose plan is not in the table: fills the table, or (no table: a roll with
 * very many intents) records the trial itself. Kept out of the hot loop on purpose.
 */
function settleSlowly(
  prep: PreparedRoll,
  code: number,
  aura: number,
  planIndex: number,
  r: number,
  gained: number,
  capped: number,
  tally: Float64Array,
): number {
  if (prep.planWon.length > 0) {
    fillPlan(prep, code, aura, planIndex);
    return -1;
  }
  const plan = prep.solver.settleBest(code, aura, r);
  const { layout, roll } = prep;
  const A = prep.model.auraStates;
  const slot = (plan.won * A + plan.auraEnd) * (roll.resolve + 1) + r;
  tally[slot]! += 1;
  const shared = gained - (plan.auraEnd - roll.aura + plan.spent);
  tally[layout.spent]! += plan.spent;
  tally[layout.spentSquares]! += plan.spent * plan.spent;
  tally[layout.shared]! += shared;
  tally[layout.sharedSquares]! += shared * shared;
  tally[layout.gained]! += gained;
  tally[layout.gainedSquares]! += gained * gained;
  tally[layout.capped]! += capped;
  return slot;
}

/** Settles (code, Aura) into the plan table. */
function fillPlan(prep: PreparedRoll, code: number, aura: number, planIndex: number): void {
  const plan = prep.solver.settleBest(code, aura);
  prep.planWon[planIndex] = plan.won;
  prep.planSpent[planIndex] = plan.spent;
  prep.planEnd[planIndex] = plan.auraEnd;
}

/** The tally slot of a roll settled by plan `planIndex` with Resolve `r` left. */
function settledSlot(prep: RollTables, planIndex: number, r: number): number {
  const won = prep.planWon[planIndex]!;
  return (won * prep.model.auraStates + prep.planEnd[planIndex]!) * (prep.roll.resolve + 1) + r;
}

/** Aura a roll that gained `gained` shared past the cap: Aura is conserved, so what was not kept or spent. */
function sharedAura(prep: RollTables, planIndex: number, gained: number): number {
  return gained - (prep.planEnd[planIndex]! - prep.roll.aura + prep.planSpent[planIndex]!);
}

/**
 * Each intent's best class index (the area die aside), as digits of a code in base
 * `model.classes`, intent 0 lowest: what the spends depend on. `best` is scratch.
 */
function bestClassCode(prep: RollTables, cls: Int32Array, best: Int32Array): number {
  const { dieIntent } = prep;
  best.fill(0);
  for (let j = 0; j < cls.length; j++) {
    const i = dieIntent[j]!;
    if (i >= 0 && cls[j]! > best[i]!) best[i] = cls[j]!;
  }
  let code = 0;
  for (let i = best.length - 1; i >= 0; i--) code = code * prep.model.classes + best[i]!;
  return code;
}

/**
 * Tabulates the passes of a roll whose only decisions are "stop" or "reroll all" (the `never`
 * and `greedy` policies, or no Resolve), with no exploding chains and no area die. The defence
 * dice and the pool's dice read as one mixed-radix number (defences lowest), so a pass is a
 * single uniform draw, and a reroll of all dice redraws the upper digits. Each outcome's best
 * classes and top faces are worked out once, by the rules the die-by-die loop plays. Null when
 * the roll does not qualify or has too many outcomes to tabulate.
 */
function tabulateJointPasses(prep: RollTables): JointPasses | null {
  const { roll, model, sides, dieSlot, threatSides } = prep;
  const onlyRerollsAll = prep.policy !== 'optimal' || roll.resolve === 0;
  const planned = prep.planWon.length > 0 && prep.planWon.length <= PREFILLED_PLANS;
  // A kept reroll (rerollKeepsBest) is no redraw of the upper digits: played die by die.
  if (!onlyRerollsAll || roll.explode || model.areaGroup >= 0 || !planned || roll.rerollKeepsBest)
    return null;
  const defences = threatSides.reduce((product, s) => product * s, 1);
  const faces = sides.reduce((product, s) => product * s, 1);
  if (defences * faces > MAX_JOINT_OUTCOMES) return null;
  const size = defences * faces;
  const defence = new Int32Array(threatSides.length);
  const cls = new Int32Array(sides.length);
  const best = new Int32Array(model.intentCount);
  const code = new Int32Array(size);
  const gained = new Int32Array(size);
  const settled = new Int32Array(size);
  const spent = new Int32Array(size);
  const shared = new Int32Array(size);
  const A = model.auraStates;
  const R = roll.resolve;
  const startAura = roll.auraGainUsableSameRoll ? roll.aura : 0;
  const decides = prep.policy !== 'never' && R > 0;
  const allWon = model.classes ** model.intentCount - 1;
  for (let index = 0; index < size; index++) {
    let rest = index;
    for (let t = 0; t < threatSides.length; t++) {
      defence[t] = (rest % threatSides[t]!) + 1;
      rest = Math.floor(rest / threatSides[t]!);
    }
    let tops = 0;
    for (let j = 0; j < sides.length; j++) {
      const face = (rest % sides[j]!) + 1;
      rest = Math.floor(rest / sides[j]!);
      tops += topFaces(face, sides[j]!) * roll.auraPerTopFace;
      const D = defence[dieSlot[j]!]! - (roll.tiesGoTo === 'roller' ? 1 : 0);
      cls[j] = classOf(face, D, model.floor) - model.floor;
    }
    code[index] = bestClassCode(prep, cls, best);
    gained[index] = tops;
    const aura = Math.min(A - 1, startAura + tops);
    const rerolls =
      decides &&
      code[index] !== allWon &&
      prep.solver.decide(index % defences, -1, aura, R, true) === REROLL_ALL;
    const planIndex = code[index]! * A + aura;
    settled[index] = rerolls ? -1 : settledSlot(prep, planIndex, R);
    spent[index] = prep.planSpent[planIndex]!;
    shared[index] = sharedAura(prep, planIndex, tops);
  }
  return { defences, faces, code, gained, settled, spent, shared };
}

/**
 * The hot loop for a roll with tabulated passes: one draw a pass, then the spends from the plan
 * table. Plays the same rules as `playRolls` die by die (the tests hold both to the exact engine).
 */
function playJointRolls(
  prep: PreparedRoll,
  joint: JointPasses,
  stream: Stream,
  trials: number,
  tally: Float64Array,
): number {
  const { roll, model, solver, layout, planSpent } = prep;
  const { defences, faces, code: passCode, gained: passGained } = joint;
  const { settled, spent: settledSpent, shared: settledShared } = joint;
  const A = model.auraStates;
  const top = A - 1;
  const R = roll.resolve;
  const a0 = roll.aura;
  const startAura = roll.auraGainUsableSameRoll ? a0 : 0;
  const allWon = model.classes ** model.intentCount - 1;
  let gainedSum = 0;
  let gainedSquares = 0;
  let spentSum = 0;
  let spentSquares = 0;
  let sharedSum = 0;
  let sharedSquares = 0;
  let lastSlot = -1;
  for (let trial = 0; trial < trials; trial++) {
    let index = rollDie(stream, defences * faces) - 1;
    let gained = passGained[index]!;
    const slot = settled[index]!;
    if (slot >= 0) {
      lastSlot = slot;
      tally[slot]! += 1;
      spentSum += settledSpent[index]!;
      spentSquares += settledSpent[index]! * settledSpent[index]!;
      sharedSum += settledShared[index]!;
      sharedSquares += settledShared[index]! * settledShared[index]!;
      gainedSum += gained;
      gainedSquares += gained * gained;
      continue;
    }
    // The policy rerolls all dice (see `tabulateJointPasses`), maybe again after that.
    let code: number;
    let aura = Math.min(top, startAura + gained);
    let r = R;
    for (;;) {
      const d = index % defences;
      r--;
      index = d + defences * (rollDie(stream, faces) - 1);
      code = passCode[index]!;
      const tops = passGained[index]!;
      gained += tops;
      aura = Math.min(top, aura + tops);
      if (r === 0 || code === allWon || solver.decide(d, -1, aura, r, true) !== REROLL_ALL) break;
    }
    const planIndex = code * A + aura;
    lastSlot = settledSlot(prep, planIndex, r);
    tally[lastSlot]! += 1;
    const spent = planSpent[planIndex]!;
    const shared = sharedAura(prep, planIndex, gained);
    spentSum += spent;
    spentSquares += spent * spent;
    sharedSum += shared;
    sharedSquares += shared * shared;
    gainedSum += gained;
    gainedSquares += gained * gained;
  }
  tally[layout.gained]! += gainedSum;
  tally[layout.gainedSquares]! += gainedSquares;
  tally[layout.spent]! += spentSum;
  tally[layout.spentSquares]! += spentSquares;
  tally[layout.shared]! += sharedSum;
  tally[layout.sharedSquares]! += sharedSquares;
  return lastSlot;
}

/** Turns a run's tallies into the figures of `RollOdds`, with 95% intervals. */
function summarizeRolls(prep: PreparedRoll, tally: Float64Array, trials: number): RollSimulation {
  const { roll, model, layout } = prep;
  const I = model.intentCount;
  const A = model.auraStates;
  const R = roll.resolve;
  const wins = new Float64Array(I);
  const winsDist = new Float64Array(I + 1);
  let utility = 0;
  let utilitySquares = 0;
  let auraEnd = 0;
  let auraEndSquares = 0;
  let resolveEnd = 0;
  let resolveEndSquares = 0;
  let winSum = 0;
  let winSquares = 0;
  // The range of the utility, over every outcome the tally can hold (played or not).
  let utilityMin = Number.POSITIVE_INFINITY;
  let utilityMax = Number.NEGATIVE_INFINITY;
  for (let mask = 0; mask < 1 << I; mask++) {
    let count = 0;
    let weight = 0;
    for (let i = 0; i < I; i++) {
      if (mask & (1 << i)) {
        count++;
        weight += roll.intents[i]!.weight;
      }
    }
    for (let end = 0; end < A; end++) {
      for (let r = 0; r <= R; r++) {
        const u = weight + roll.auraValue * end + roll.resolveValue * r;
        utilityMin = Math.min(utilityMin, u);
        utilityMax = Math.max(utilityMax, u);
        const c = tally[(mask * A + end) * (R + 1) + r]!;
        if (c === 0) continue;
        for (let i = 0; i < I; i++) if (mask & (1 << i)) wins[i]! += c;
        winsDist[count]! += c;
        winSum += c * count;
        winSquares += c * count * count;
        utility += c * u;
        utilitySquares += c * u * u;
        auraEnd += c * end;
        auraEndSquares += c * end * end;
        resolveEnd += c * r;
        resolveEndSquares += c * r * r;
      }
    }
  }
  const interval = (lo: number, hi: number): [number, number] => [lo, hi];
  const chance = (count: number) => {
    const w = wilsonInterval(count, trials);
    return interval(w.lo, w.hi);
  };
  // Each mean held to what its quantity can be; one trial gives that whole range.
  const mean = (sum: number, squares: number, range: readonly [number, number]) => {
    const m = meanIntervalWithin(sum, squares, trials, range);
    return interval(m.lo, m.hi);
  };
  const result: RollSimulation = {
    ...rollHeading(roll),
    trials,
    policy: prep.policy,
    expectedUtility: utility / trials,
    intents: Array.from(wins, (c) => ({ pWin: c / trials, ci95: chance(c) })),
    expectedWins: winSum / trials,
    pAllWin: winsDist[I]! / trials,
    winsDistribution: Array.from(winsDist, (c) => c / trials),
    expectedAuraGained: tally[layout.gained]! / trials,
    expectedAuraSpent: tally[layout.spent]! / trials,
    expectedAuraShared: tally[layout.shared]! / trials,
    expectedAuraEnd: auraEnd / trials,
    expectedResolveEnd: resolveEnd / trials,
    ci95: {
      expectedUtility: mean(utility, utilitySquares, [utilityMin, utilityMax]),
      expectedWins: mean(winSum, winSquares, [0, I]),
      pAllWin: chance(winsDist[I]!),
      // Aura gained has no bound above short of the dice's explosions and rerolls.
      expectedAuraGained: mean(tally[layout.gained]!, tally[layout.gainedSquares]!, [
        0,
        Number.POSITIVE_INFINITY,
      ]),
      winsDistribution: Array.from(winsDist, chance),
      // Spends and what is left come out of the Aura held, never past the cap; shared Aura, like
      // Aura gained, has no bound above.
      expectedAuraSpent: mean(tally[layout.spent]!, tally[layout.spentSquares]!, [0, A - 1]),
      expectedAuraShared: mean(tally[layout.shared]!, tally[layout.sharedSquares]!, [
        0,
        Number.POSITIVE_INFINITY,
      ]),
      expectedAuraEnd: mean(auraEnd, auraEndSquares, [0, A - 1]),
      expectedResolveEnd: mean(resolveEnd, resolveEndSquares, [0, R]),
    },
  };
  const extras: { pExplodeCapped?: number; areaSize?: number } = {};
  const ci95: { pExplodeCapped?: Range; areaSize?: Range } = {};
  if (roll.explode) {
    extras.pExplodeCapped = tally[layout.capped]! / trials;
    ci95.pExplodeCapped = chance(tally[layout.capped]!);
  }
  if (model.areaGroup >= 0) {
    extras.areaSize = tally[layout.areaSum]! / trials;
    // A face of the area die, or (exploding) its chain total, at most depth + 1 top faces.
    const sides = roll.dice[model.groups[model.areaGroup]!.dice[0]!]!.sides;
    const most = roll.explode ? (roll.explodeDepth + 1) * sides : sides;
    ci95.areaSize = mean(tally[layout.areaSum]!, tally[layout.areaSquares]!, [1, most]);
  }
  return { ...result, ...extras, ci95: { ...result.ci95, ...ci95 } };
}

/** The Zi'Dara roll kernel for the worker pool (`systems/zidara/simulate`). */
export const kernel: Kernel<SimulationSpec, PreparedRoll> = {
  prepare: (spec) => prepareRoll(spec, { tabulate: true }),
  tallySize: (prep) => prep.layout.size,
  tallyShape: ({ layout }) => [
    { kind: 'distribution', name: 'outcomes', from: layout.outcomes, to: layout.gained },
    { kind: 'sumAndSquares', name: 'Aura gained', slot: layout.gained },
    { kind: 'sumAndSquares', name: 'Aura spent', slot: layout.spent },
    { kind: 'sumAndSquares', name: 'Aura shared', slot: layout.shared },
    { kind: 'count', name: 'explosions capped', slot: layout.capped },
    { kind: 'sumAndSquares', name: 'area die sizes', slot: layout.areaSum },
  ],
  run: (prep, stream, trials, tally) => {
    playRolls(prep, stream, trials, tally);
  },
  summarize: summarizeRolls,
};

/** The simulation spec for a validated roll (every field explicit, so workers agree). */
export function simulationSpec(
  roll: Roll,
  policy: Policy = PLAY_DEFAULTS.policy,
  rerolls: RerollKinds = PLAY_DEFAULTS.rerolls,
): SimulationSpec {
  return { roll: rollToSpec(roll), policy, rerolls };
}
