import type { Roll } from '../roll/spec.ts';
import { classFloor, outcomeKey, outcomeTable } from './die-outcome.ts';
import { intentDice, RollFigures } from './roll-figures.ts';
import type { RollOdds, SolveOptions } from './roll-solver.ts';
import { spendTableOf } from './spend.ts';

/** Most (best classes, Aura) states the closed form tabulates per defence; larger rolls go to the engine. */
const MAX_CLOSED_STATES = 1 << 16;

/**
 * Whether no reroll can happen in `roll` under `options`: the `never` policy, or no Resolve
 * (and no terminal utility, whose worth depends on the Resolve left). Then a roll ends after
 * its opening roll, and {@link closedFormOdds} gives its figures without the engine's search.
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
 * @example closedFormOdds([parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }, { sides: 4, intent: 0 }], auraMax: 0 })])[0].intents[0].pWin // 1 − Σ_D (D/12)·(min(D,4)/4)/6 = 0.7986…
 */
export function closedFormOdds(
  rolls: readonly Roll[],
  options: SolveOptions = {},
): RollOdds[] | undefined {
  const first = rolls[0];
  if (!first) return [];
  const policy = options.policy ?? 'optimal';
  const floor = classFloor(Math.min(first.boostsPerRoll, first.auraMax));
  const K = 2 - floor;
  const A = first.auraMax + 1;
  const top = A - 1;
  const sameRoll = first.auraGainUsableSameRoll;
  // With no spend possible, only won / not won matters to how a roll ends.
  const spendFree =
    policy === 'never' ||
    first.auraMax === 0 ||
    (first.boostsPerRoll === 0 && !first.tieBreak) ||
    (!sameRoll && first.aura === 0);
  const L = spendFree ? 2 : K;
  const I = first.intents.length;
  if (L ** I * A > MAX_CLOSED_STATES) return undefined;
  const codes = L ** I;
  // The engine's best-class code of each of ours (base K, intent 0 lowest).
  const engineCode = new Float64Array(codes);
  for (let c = 0; c < codes; c++) {
    let rest = c;
    let place = 1;
    for (let i = 0; i < I; i++) {
      const digit = rest % L;
      rest = Math.floor(rest / L);
      engineCode[c]! += (spendFree ? (digit === 1 ? K - 1 : 0) : digit) * place;
      place *= K;
    }
  }
  const table = (sides: number, defence: number | null) =>
    outcomeTable(sides, defence, floor, first.auraMax, first.explode, first.explodeDepth);

  // What does not depend on the defences: Aura gained, capped chains, the area die.
  const diceOf: number[][] = first.intents.map(() => []);
  let gained = 0;
  let clean = 1;
  let area: { tops: Float64Array; gain: Float64Array } | undefined;
  for (const die of first.dice) {
    const outcomes = table(die.sides, die.area ? null : 1);
    gained += outcomes.meanTops;
    clean *= 1 - outcomes.pCapped.reduce((s, q) => s + q, 0);
    if (die.area) {
      const tops = new Float64Array(first.explode ? first.explodeDepth + 2 : 2);
      const gain = new Float64Array(A);
      outcomes.cls.forEach((t, o) => {
        tops[t]! += outcomes.p[o]!;
        gain[outcomes.gain[o]!]! += outcomes.p[o]!;
      });
      area = { tops, gain };
    } else diceOf[die.intent]!.push(die.sides);
  }
  const pCapped = 1 - clean;

  // The questions: each roll's defences, weight, and where it starts (Resolve, Aura state).
  const active = [...new Set(first.intents.map((i) => i.threat))].sort((a, b) => a - b);
  const slotOfIntent = first.intents.map((i) => active.indexOf(i.threat));
  const sizes = active.map((t) => Math.max(...rolls.map((r) => 2 * r.threats[t]!.challenge)));
  const starts: { resolve: number; aura: number }[] = [];
  const startOf = new Map<number, number>();
  const questions = rolls.map((roll) => {
    const limits = active.map((t) => 2 * roll.threats[t]!.challenge);
    const start = { resolve: roll.resolve, aura: sameRoll ? roll.aura : 0 };
    const startKey = start.resolve * A + start.aura;
    let s = startOf.get(startKey);
    if (s === undefined) {
      s = starts.length;
      starts.push(start);
      startOf.set(startKey, s);
    }
    return { roll, limits, weight: limits.reduce((w, n) => w / n, 1), start: s };
  });
  const spends = spendTableOf(first, policy, floor);
  const areaStates = area ? area.tops.length : 0;
  const sums = () => new RollFigures(I, areaStates, A, first.resolve + 1, options.joint ?? false);
  const figures = questions.map(sums);
  const scratch = sums();

  const defence = new Int32Array(active.length);
  const meets = new Uint8Array(questions.length);
  const defenceCount = sizes.reduce((n, size) => n * size, 1);
  // Each intent's dice as (sides, count): dice of one size multiply the same polynomial.
  const stacks = diceOf.map((dice) => {
    const counts = new Map<number, number>();
    for (const sides of dice) counts.set(sides, (counts.get(sides) ?? 0) + 1);
    return [...counts.entries()];
  });
  const dieCdf = (sides: number, D: number) =>
    cumulative(sides, D, floor, first.auraMax, first.explode, first.explodeDepth, spendFree);
  // Working polynomials: per class k, Σ P(best ≤ k, top faces t) z^t of an intent.
  const cdf = new Float64Array(L * A);
  const product = new Float64Array(A);
  const work = new Float64Array(A);
  const best = new Float64Array(L * A);
  let joint = new Float64Array(codes * A);
  let spare = new Float64Array(codes * A);
  for (let d = 0; d < defenceCount; d++) {
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

    // The joint law of (every intent's best class, top faces of all dice), intent by intent.
    joint.fill(0);
    joint[0] = 1;
    let filled = 1;
    for (let i = 0; i < I; i++) {
      const D = defence[slotOfIntent[i]!]!;
      for (let k = 0; k < L; k++) {
        product.fill(0);
        product[0] = 1;
        for (const [sides, count] of stacks[i]!) {
          const die = dieCdf(sides, D);
          for (let n = 0; n < count; n++) multiply(product, die, k * A, top, work);
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
      [joint, spare] = [spare, joint];
      filled *= L;
    }
    if (area) {
      // The area die's top faces add to the Aura like any die's.
      for (let c = 0; c < codes; c++) {
        for (let t = 0; t < A; t++) product[t] = joint[c * A + t]!;
        multiply(product, area.gain, 0, top, work);
        joint.set(product, c * A);
      }
    }

    for (let s = 0; s < starts.length; s++) {
      let needed = false;
      for (let q = 0; q < questions.length; q++)
        needed ||= meets[q] === 1 && questions[q]!.start === s;
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
          const id = spends.planId(engineCode[c]!, aura, 0);
          const plan = spends.plans[id]!;
          // Gains held back to the end of the roll can pass the cap when they arrive.
          const overflow = sameRoll ? 0 : first.aura - plan.spent + aura - plan.auraEnd;
          scratch.end(plan, p, r, plan.value + first.resolveValue * r, overflow);
        }
      scratch.gained = gained;
      scratch.shared += gained - rise;
      scratch.capped = pCapped;
      if (area) for (let t = 0; t < area.tops.length; t++) scratch.areaTops[t] = area.tops[t]!;
      scratch.optimal = scratch.utility;
      for (let q = 0; q < questions.length; q++)
        if (meets[q] === 1 && questions[q]!.start === s)
          figures[q]!.addScaled(scratch, questions[q]!.weight);
    }
  }
  const dice = intentDice(first);
  return questions.map((q, i) => figures[i]!.odds(q.roll, policy, dice));
}

/** Most cumulative tables kept across rolls; past it the cache starts again. */
const CUMULATIVE_CACHE_SIZE = 4096;
const cumulativeCache = new Map<number, Float64Array>();

/**
 * One die against defence D: Σ P(class ≤ k, top faces t) z^t for each class index k (won / not
 * won only, when `wonOnly`), as a table [k · (auraMax + 1) + t]; cached across rolls.
 */
function cumulative(
  sides: number,
  D: number,
  floor: number,
  auraMax: number,
  exploding: boolean,
  depth: number,
  wonOnly: boolean,
): Float64Array {
  const key = outcomeKey(sides, D, floor, auraMax, exploding, depth) * 2 + (wonOnly ? 1 : 0);
  let cdf = cumulativeCache.get(key);
  if (cdf) return cdf;
  const outcomes = outcomeTable(sides, D, floor, auraMax, exploding, depth);
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
