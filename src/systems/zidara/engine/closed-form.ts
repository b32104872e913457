import { challengeDie } from '../roll/pool.ts';
import type { Roll } from '../roll/spec.ts';
import {
  areaClasses,
  areaValueTable,
  classDefence,
  classFloor,
  outcomeKey,
  outcomeTable,
  tiesBought,
} from './die-outcome.ts';
import { FigureSums, intentDice, RollFigures } from './roll-figures.ts';
import type { Policy, RollOdds, SolveOptions } from './roll-play.ts';
import { rollShape } from './roll-shape.ts';
import { type SpendPlan, type SpendTable, spendTableInputsOf, spendTableOf } from './spend.ts';

/** Most (best classes, Aura) states the closed form tabulates per defence; larger rolls go to the engine. */
const MAX_CLOSED_STATES = 1 << 16;

/**
 * Whether no reroll can happen in `roll` under `options`: the `never` policy, or no Resolve
 * (and no terminal utility, whose worth depends on the Resolve left). Then a roll ends after
 * its opening roll, and {@link closedFormOdds} gives its figures without the engine's search.
 * @example noRerollPossible(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }], resolve: 1 }), { policy: 'never' }) // true
 */
export function noRerollPossible(roll: Roll, options: SolveOptions = {}): boolean {
  return !options.terminal && ((options.policy ?? 'optimal') === 'never' || roll.resolve === 0);
}

/**
 * The figures of rolls where no reroll can happen (see {@link noRerollPossible}), all of one
 * shape (see `rollShape`), without the engine's search: under each defence vector, intent i's
 * best class is at most k with chance Π over its dice of P(class ≤ k), a product of die CDFs,
 * each a polynomial in the top faces the die shows (capped at the Aura cap, as Aura is).
 * Intents on a defence are independent, so their joint law is the product of theirs (when no
 * spend is possible only won / not won matters: a Poisson-binomial over the intents); the
 * spends are then settled by the engine's own {@link SpendTable}. Every Challenge and start of
 * the batch shares each defence's work, as in `RollSolver.oddsFor`.
 * Returns undefined when the roll has too many (best classes × Aura) states for this route.
 * Cost: O(defences · (intents · classes · dice · A² + states)), microseconds a roll.
 * @example closedFormOdds([parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }, { sides: 4, intent: 0 }], auraMax: 0 })])[0].intents[0].pWin // 1 − Σ_D (D/12)·(min(D,4)/4)/6 = 107/144 ≈ 0.74306
 */
export function closedFormOdds(
  rolls: readonly Roll[],
  options: SolveOptions = {},
): RollOdds[] | undefined {
  const first = rolls[0];
  if (!first) return [];
  const policy = options.policy ?? 'optimal';
  const shape = closedShape(first, policy);
  if (!shape) return undefined;
  const { L, A, codes, active } = shape;
  const top = A - 1;
  const sameRoll = first.auraGainUsableSameRoll;

  // The questions: each roll's defences, weight, and where it starts (Resolve, Aura state).
  const T = active.length;
  const n = rolls.length;
  const limits = new Int32Array(n * T);
  const weight = new Float64Array(n);
  const startOf = new Int32Array(n);
  const sizes = new Int32Array(T);
  const starts: { resolve: number; aura: number }[] = [];
  for (let q = 0; q < n; q++) {
    const roll = rolls[q]!;
    let w = 1;
    for (let i = 0; i < T; i++) {
      const size = challengeDie(roll.threats[active[i]!]!.challenge);
      limits[q * T + i] = size;
      sizes[i] = Math.max(sizes[i]!, size);
      w /= size;
    }
    weight[q] = w;
    const aura = sameRoll ? roll.aura : 0;
    let s = 0;
    while (s < starts.length && (starts[s]!.resolve !== roll.resolve || starts[s]!.aura !== aura))
      s++;
    if (s === starts.length) starts.push({ resolve: roll.resolve, aura });
    startOf[q] = s;
  }
  // Endings are coded with room for the most Resolve any roll keeps (never: all it has).
  const levels = 1 + starts.reduce((most, start) => Math.max(most, start.resolve), 0);
  const joint = options.joint ?? false;
  const I = first.intents.length;
  const figures = new FigureSums(n, I, shape.areaStates, A, levels, joint);
  const scratch = new RollFigures(I, shape.areaStates, A, levels, joint);

  const defence = new Int32Array(T);
  const meets = new Uint8Array(n);
  let defenceCount = 1;
  for (let i = 0; i < T; i++) defenceCount *= sizes[i]!;
  const work = workspace(L, A, codes);
  for (let d = 0; d < defenceCount; d++) {
    let rest = d;
    for (let i = 0; i < T; i++) {
      defence[i] = (rest % sizes[i]!) + 1;
      rest = Math.floor(rest / sizes[i]!);
    }
    let any = false;
    for (let q = 0; q < n; q++) {
      let inside = 1;
      for (let i = 0; i < T; i++) if (defence[i]! > limits[q * T + i]!) inside = 0;
      meets[q] = inside;
      any ||= inside === 1;
    }
    if (!any) continue;
    const joint = jointLaw(shape, defence, work);
    for (let s = 0; s < starts.length; s++) {
      let needed = false;
      for (let q = 0; q < n; q++) needed ||= meets[q] === 1 && startOf[q] === s;
      if (!needed) continue;
      const { resolve: r, aura: a0 } = starts[s]!;
      scratch.clear();
      let rise = 0;
      for (let c = 0; c < codes; c++)
        for (let t = 0; t < A; t++) {
          const p = joint[c * A + t]!;
          if (p === 0) continue;
          const aura = Math.min(top, a0 + t);
          rise += p * (aura - a0);
          const plan = planOf(shape, c, aura);
          // Gains held back to the end of the roll can pass the cap when they arrive.
          const overflow = sameRoll ? 0 : first.aura - plan.spent + aura - plan.auraEnd;
          scratch.end(plan, p, r, plan.value + first.resolveValue * r, overflow);
        }
      scratch.gained = shape.gained;
      scratch.shared += shape.gained - rise;
      scratch.capped = shape.pCapped;
      const area = shape.areaTops;
      if (area) for (let t = 0; t < area.length; t++) scratch.areaTops[t] = area[t]!;
      scratch.optimal = scratch.utility / scratch.total; // a mean, as the engine's start value
      figures.addMet(scratch, meets, s, startOf, weight);
    }
  }
  return rolls.map((roll, q) => figures.odds(q, roll, policy, shape.diceOfIntent));
}

/** What the closed form of a roll shape needs that no defence changes, made once per shape. */
interface ClosedShape {
  /** Classes kept per intent (2: won or not, when no spend is possible), Aura states, codes. */
  readonly L: number;
  readonly K: number;
  readonly A: number;
  readonly codes: number;
  /** The engine's best-class code (base K, intent 0 lowest) of each of ours (base L). */
  readonly engineCode: Float64Array;
  /** Threats some intent targets, and each intent's place among them. */
  readonly active: readonly number[];
  readonly slotOfIntent: Int32Array;
  /** Each intent's dice as (sides, count), flat: dice of one size multiply one polynomial. */
  readonly stackStart: Int32Array;
  readonly stackSides: Int32Array;
  readonly stackCount: Int32Array;
  readonly gained: number;
  readonly pCapped: number;
  /** The area die: chance of each top-face count, and of each capped gain (null: none). */
  readonly areaTops: Float64Array | null;
  readonly areaGain: Float64Array | null;
  readonly areaStates: number;
  readonly floor: number;
  readonly wonOnly: boolean;
  readonly roll: Roll;
  readonly spends: SpendTable;
  /** The spend plan of each (code, Aura state), [code · A + aura], filled as asked (see {@link planOf}). */
  readonly plans: (SpendPlan | undefined)[];
  readonly diceOfIntent: number[][];
}

const SHAPE_CACHE_SIZE = 1024;
const shapeCache = new Map<string, ClosedShape | null>();

/**
 * Whether {@link closedFormOdds} answers `roll` under `options` (no reroll possible, and few
 * enough best-class and Aura states), so that the engine's search never solves it. Microseconds.
 * @example closedFormTakes(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }], resolve: 0 })) // true
 */
export function closedFormTakes(roll: Roll, options: SolveOptions = {}): boolean {
  if (!noRerollPossible(roll, options)) return false;
  const { L, I, A } = closedLevels(roll, options.policy ?? 'optimal');
  return L ** I * A <= MAX_CLOSED_STATES;
}

/**
 * What the closed form's states of a roll are made of: the engine's classes K (from the class
 * floor), the Aura states A, whether only won / not won matters, the levels L an intent's best
 * class takes, and the intents I; there are L^I · A of them.
 */
function closedLevels(first: Roll, policy: Policy) {
  const floor = classFloor(Math.min(first.boostsPerRoll, first.auraMax), first.boostSize);
  const K = 2 - floor;
  const A = first.auraMax + 1;
  // With no spend possible, only won / not won matters to how a roll ends.
  const wonOnly =
    policy === 'never' ||
    first.auraMax === 0 ||
    (first.boostsPerRoll === 0 && !tiesBought(first)) ||
    (!first.auraGainUsableSameRoll && first.aura === 0);
  const L = wonOnly ? 2 : K;
  return { floor, K, A, wonOnly, L, I: first.intents.length };
}

/** The {@link ClosedShape} of a roll under a policy (cached by shape), or null when too wide. */
function closedShape(first: Roll, policy: Policy): ClosedShape | null {
  const key = `${policy}|${rollShape(first)}`;
  const cached = shapeCache.get(key);
  if (cached !== undefined) return cached;
  const { floor, K, A, wonOnly, L, I } = closedLevels(first, policy);
  let shape: ClosedShape | null = null;
  if (L ** I * A <= MAX_CLOSED_STATES) {
    const codes = L ** I;
    const engineCode = new Float64Array(codes);
    for (let c = 0; c < codes; c++) {
      let rest = c;
      let place = 1;
      for (let i = 0; i < I; i++) {
        const digit = rest % L;
        rest = Math.floor(rest / L);
        engineCode[c]! += (wonOnly ? (digit === 1 ? K - 1 : 0) : digit) * place;
        place *= K;
      }
    }
    // What does not depend on the defences: Aura gained, capped chains, the area die.
    const diceOf: number[][] = first.intents.map(() => []);
    let gained = 0;
    let clean = 1;
    let areaTops: Float64Array | null = null;
    let areaGain: Float64Array | null = null;
    for (const die of first.dice) {
      const outcomes = outcomeTable(
        die.sides,
        die.area ? null : 1,
        floor,
        first.auraMax,
        first.explode,
        first.explodeDepth,
        first.auraPerTopFace,
      );
      gained += outcomes.meanTops;
      clean *= 1 - outcomes.pCapped.reduce((s, q) => s + q, 0);
      if (die.area) {
        // With kept rerolls the area's figures are by value, as the engine's (see RollModel).
        const byValue = first.rerollKeepsBest;
        const table = byValue
          ? areaValueTable(
              die.sides,
              first.auraMax,
              first.explode,
              first.explodeDepth,
              first.auraPerTopFace,
            )
          : outcomes;
        areaTops = new Float64Array(
          areaClasses(die.sides, byValue, first.explode, first.explodeDepth),
        );
        areaGain = new Float64Array(A);
        for (let o = 0; o < table.p.length; o++) {
          areaTops[table.cls[o]!]! += table.p[o]!;
          areaGain[table.gain[o]!]! += table.p[o]!;
        }
      } else diceOf[die.intent]!.push(die.sides);
    }
    const stackStart = new Int32Array(I + 1);
    const sides: number[] = [];
    const counts: number[] = [];
    diceOf.forEach((dice, i) => {
      for (const n of [...new Set(dice)]) {
        sides.push(n);
        counts.push(dice.filter((x) => x === n).length);
      }
      stackStart[i + 1] = sides.length;
    });
    const active = [...new Set(first.intents.map((i) => i.threat))].sort((a, b) => a - b);
    shape = {
      L,
      K,
      A,
      codes,
      engineCode,
      active,
      slotOfIntent: Int32Array.from(first.intents, (i) => active.indexOf(i.threat)),
      stackStart,
      stackSides: Int32Array.from(sides),
      stackCount: Int32Array.from(counts),
      gained,
      pCapped: 1 - clean,
      areaTops,
      areaGain,
      areaStates: areaTops ? areaTops.length : 0,
      floor,
      wonOnly,
      roll: first,
      spends: spendTableOf(spendTableInputsOf(first, policy, floor)),
      plans: [],
      diceOfIntent: intentDice(first),
    };
  }
  if (shapeCache.size >= SHAPE_CACHE_SIZE) shapeCache.clear();
  shapeCache.set(key, shape);
  return shape;
}

/** How the spend table settles our code `c` with Aura state `aura`: one array read once made. */
function planOf(shape: ClosedShape, c: number, aura: number): SpendPlan {
  const at = c * shape.A + aura;
  let plan = shape.plans[at];
  if (!plan) {
    plan = shape.spends.plan(shape.engineCode[c]!, aura);
    shape.plans[at] = plan;
  }
  return plan;
}

/** Working arrays of {@link jointLaw}, reused from defence to defence. */
interface Workspace {
  readonly cdf: Float64Array;
  readonly product: Float64Array;
  readonly work: Float64Array;
  readonly best: Float64Array;
  /** Each dice stack's cumulative table under the defence at hand. */
  readonly stackTables: Float64Array[];
  joint: Float64Array;
  spare: Float64Array;
}

function workspace(L: number, A: number, codes: number): Workspace {
  return {
    cdf: new Float64Array(L * A),
    product: new Float64Array(A),
    work: new Float64Array(A),
    best: new Float64Array(L * A),
    stackTables: [],
    joint: new Float64Array(codes * A),
    spare: new Float64Array(codes * A),
  };
}

/**
 * The joint law of (every intent's best class, top faces of all dice) under one defence vector,
 * intent by intent: [code · A + capped top faces]. Valid until the next call with `ws`.
 */
function jointLaw(shape: ClosedShape, defence: Int32Array, ws: Workspace): Float64Array {
  const { L, A, roll } = shape;
  const top = A - 1;
  const { cdf, product, work, best, stackTables } = ws;
  let joint = ws.joint;
  let spare = ws.spare;
  joint.fill(0);
  joint[0] = 1;
  let filled = 1;
  const { stackStart, stackSides, stackCount, floor, wonOnly } = shape;
  for (let i = 0; i < shape.slotOfIntent.length; i++) {
    const D = defence[shape.slotOfIntent[i]!]!;
    const from = stackStart[i]!;
    const to = stackStart[i + 1]!;
    for (let j = from; j < to; j++)
      stackTables[j] = cumulative(
        stackSides[j]!,
        classDefence(roll, D),
        floor,
        roll.auraMax,
        roll.explode,
        roll.explodeDepth,
        roll.auraPerTopFace,
        wonOnly,
      );
    for (let k = 0; k < L; k++) {
      product.fill(0);
      product[0] = 1;
      for (let j = from; j < to; j++) {
        const die = stackTables[j]!;
        for (let c = stackCount[j]!; c > 0; c--) multiply(product, die, k * A, top, work);
      }
      cdf.set(product, k * A);
    }
    // P(best = k, t) = P(best ≤ k, t) − P(best ≤ k − 1, t).
    for (let k = 0; k < L; k++)
      for (let t = 0; t < A; t++)
        best[k * A + t] = Math.max(0, cdf[k * A + t]! - (k > 0 ? cdf[(k - 1) * A + t]! : 0));
    spare.fill(0, 0, filled * L * A);
    const place = L ** i;
    for (let c = 0; c < filled; c++)
      for (let t = 0; t < A; t++) {
        const p = joint[c * A + t]!;
        if (p === 0) continue;
        for (let k = 0; k < L; k++)
          for (let u = 0; u < A; u++) {
            const q = best[k * A + u]!;
            if (q !== 0) spare[(c + k * place) * A + Math.min(top, t + u)]! += p * q;
          }
      }
    const filledJoint = spare;
    spare = joint;
    joint = filledJoint;
    filled *= L;
  }
  if (shape.areaGain) {
    // The area die's top faces add to the Aura like any die's.
    for (let c = 0; c < shape.codes; c++) {
      for (let t = 0; t < A; t++) product[t] = joint[c * A + t]!;
      multiply(product, shape.areaGain, 0, top, work);
      joint.set(product, c * A);
    }
  }
  ws.joint = joint;
  ws.spare = spare;
  return joint;
}

/** Most cumulative tables kept across rolls; past it the cache starts again. */
const CUMULATIVE_CACHE_SIZE = 4096;
const cumulativeCache = new Map<number, Float64Array>();

/**
 * One die against defence D (as classes count it: `classDefence`): Σ P(class ≤ k, Aura t) z^t for each class index k (won / not
 * won only, when `wonOnly`), as a table [k · (auraMax + 1) + t]; cached across rolls.
 */
function cumulative(
  sides: number,
  D: number,
  floor: number,
  auraMax: number,
  exploding: boolean,
  depth: number,
  perTop: number,
  wonOnly: boolean,
): Float64Array {
  const key =
    outcomeKey(sides, D, floor, auraMax, exploding, depth, perTop) * 2 + (wonOnly ? 1 : 0);
  let cdf = cumulativeCache.get(key);
  if (cdf) return cdf;
  const outcomes = outcomeTable(sides, D, floor, auraMax, exploding, depth, perTop);
  const K = 2 - floor;
  const L = wonOnly ? 2 : K;
  const A = auraMax + 1;
  cdf = new Float64Array(L * A);
  for (let o = 0; o < outcomes.p.length; o++) {
    const cls = wonOnly ? (outcomes.cls[o] === K - 1 ? 1 : 0) : outcomes.cls[o]!;
    for (let k = cls; k < L; k++) cdf[k * A + outcomes.gain[o]!]! += outcomes.p[o]!;
  }
  if (cumulativeCache.size >= CUMULATIVE_CACHE_SIZE) cumulativeCache.clear();
  cumulativeCache.set(key, cdf);
  return cdf;
}

/**
 * a ← a · b as polynomials in z, b's coefficients read from `b[from…]`, the degree capped at
 * `top` (what passes it lands on it); `work` is scratch of a's length.
 */
function multiply(
  a: Float64Array,
  b: Float64Array,
  from: number,
  top: number,
  work: Float64Array,
): void {
  if (top === 0) {
    a[0] = a[0]! * b[from]!;
    return;
  }
  work.fill(0);
  for (let s = 0; s <= top; s++) {
    const x = a[s]!;
    if (x === 0) continue;
    for (let t = 0; t <= top; t++) {
      const y = b[from + t]!;
      if (y !== 0) work[Math.min(top, s + t)]! += x * y;
    }
  }
  a.set(work);
}
