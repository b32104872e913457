import { invalid } from '../input/input-error.ts';

/**
 * Bounds of the algebra's sizes: far above any roll (dicelab's largest die is a d12, its deepest
 * explosion 100 extra rolls, Zi'Dara's `explodeDepth` limit, its largest sum 2d6), and below what
 * exhausts the heap or spins for minutes (`Dist.die(1e9)` ran Node out of memory, exit 134, which
 * no caller can catch). Past one, the call throws an InputError.
 */
export const DIST_LIMITS = {
  /** Sides of `Dist.die` (a d100000 builds in about 0.1 s). */
  sides: 100_000,
  /** Extra rolls of `explode` (a d20 to depth 1000 takes about 4 s). */
  explodeDepth: 1_000,
  /** Copies summed by `repeat` (1000 d6s take about 4 s). */
  repeat: 1_000,
} as const;

/**
 * An immutable distribution over integer outcomes with exact BigInt weights
 * (icepool's `Counts`): probabilities are derived, never stored.
 */
export class Dist {
  /** Outcomes in ascending order, each with a positive weight. */
  readonly outcomes: readonly number[];
  readonly weights: readonly bigint[];
  /** Sum of the weights: the denominator of every probability. */
  readonly total: bigint;

  private constructor(outcomes: number[], weights: bigint[]) {
    this.outcomes = Object.freeze(outcomes);
    this.weights = Object.freeze(weights);
    this.total = weights.reduce((a, b) => a + b, 0n);
    Object.freeze(this);
  }

  /**
   * A distribution from (outcome, weight) pairs; equal outcomes merge, zero weights drop.
   * @example Dist.of([[1, 1n], [2, 3n]]).probability(2) // 0.75
   */
  static of(entries: Iterable<readonly [number, bigint | number]>): Dist {
    if (typeof (entries as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] !== 'function')
      throw invalid('entries', entries, 'an iterable of [outcome, weight] pairs');
    const merged = new Map<number, bigint>();
    let i = 0;
    for (const entry of entries) {
      if (!Array.isArray(entry)) throw invalid(`entries[${i}]`, entry, 'an [outcome, weight] pair');
      const [outcome, weight] = entry;
      if (!Number.isSafeInteger(outcome))
        throw invalid(`entries[${i}][0]`, outcome, 'an integer outcome');
      // BigInt's own words for 1.5 or "a" would not say which weight, nor what is allowed.
      if ((typeof weight !== 'bigint' && !Number.isSafeInteger(weight)) || weight < 0)
        throw invalid(
          `entries[${i}][1]`,
          weight,
          `a weight of outcome ${outcome}: a bigint or an integer ≥ 0`,
        );
      merged.set(outcome, (merged.get(outcome) ?? 0n) + BigInt(weight));
      i++;
    }
    const outcomes = [...merged.keys()].filter((o) => merged.get(o)! > 0n).sort((a, b) => a - b);
    if (outcomes.length === 0)
      throw invalid('entries', entries, 'at least one outcome of positive weight');
    return new Dist(
      outcomes,
      outcomes.map((o) => merged.get(o)!),
    );
  }

  /**
   * A fair die with faces 1..sides, at most {@link DIST_LIMITS}`.sides`.
   * @example Dist.die(6).mean() // 3.5
   */
  static die(sides: number): Dist {
    if (!Number.isSafeInteger(sides) || sides < 1 || sides > DIST_LIMITS.sides)
      throw invalid('sides', sides, `an integer from 1 to ${DIST_LIMITS.sides}`);
    return Dist.of(Array.from({ length: sides }, (_, i) => [i + 1, 1n] as const));
  }

  /** The distribution that always gives `value`. */
  static constant(value: number): Dist {
    if (!Number.isSafeInteger(value)) throw invalid('value', value, 'an integer outcome');
    return Dist.of([[value, 1n]]);
  }

  /** P(X = outcome) as a float (0 for a number that is not an outcome). */
  probability(outcome: number): number {
    checkOutcome(outcome);
    const i = this.outcomes.indexOf(outcome);
    return i < 0 ? 0 : ratio(this.weights[i]!, this.total);
  }

  /** The exact weight of `outcome` (over `total`; 0n for a number that is not an outcome). */
  weight(outcome: number): bigint {
    checkOutcome(outcome);
    return this.weightOf(outcome);
  }

  /** `weight` unchecked, for the loops inside (compare). */
  private weightOf(x: number): bigint {
    const i = this.outcomes.indexOf(x);
    return i < 0 ? 0n : this.weights[i]!;
  }

  /** (outcome, probability) pairs in ascending outcome order. */
  entries(): [number, number][] {
    return this.outcomes.map((o, i) => [o, ratio(this.weights[i]!, this.total)]);
  }

  /** The expected outcome, Σ x·P(x). @example Dist.die(6).mean() // 3.5 */
  mean(): number {
    let s = 0n;
    this.outcomes.forEach((o, i) => {
      s += BigInt(o) * this.weights[i]!;
    });
    return ratio(s, this.total);
  }

  get min(): number {
    return this.outcomes[0]!;
  }

  get max(): number {
    return this.outcomes[this.outcomes.length - 1]!;
  }

  /** The distribution of f(X). O(outcomes). @example Dist.die(6).map((x) => x >= 5 ? 1 : 0).probability(1) // 1/3 */
  map(f: (outcome: number) => number): Dist {
    if (typeof f !== 'function') throw invalid('f', f, 'a function of an outcome');
    return Dist.of(
      this.outcomes.map((o, i) => {
        const image = f(o);
        // Dist.of would name its own entries[i][0], which the caller never wrote.
        if (!Number.isSafeInteger(image)) throw invalid(`f(${o})`, image, 'an integer outcome');
        return [image, this.weights[i]!] as const;
      }),
    );
  }

  /** The distribution of X + Y for independent X, Y (convolution). O(|X|·|Y|). */
  add(other: Dist): Dist {
    checkDist('other', other);
    const pairs: [number, bigint][] = [];
    this.outcomes.forEach((a, i) => {
      other.outcomes.forEach((b, j) => {
        pairs.push([a + b, this.weights[i]! * other.weights[j]!]);
      });
    });
    return Dist.of(pairs);
  }

  /**
   * The sum of `count` independent copies (0 to {@link DIST_LIMITS}`.repeat`; 0 copies is the
   * constant 0).
   */
  repeat(count: number): Dist {
    if (!Number.isSafeInteger(count) || count < 0 || count > DIST_LIMITS.repeat)
      throw invalid('count', count, `an integer from 0 to ${DIST_LIMITS.repeat}`);
    let acc = Dist.constant(0);
    for (let i = 0; i < count; i++) acc = acc.add(this);
    return acc;
  }

  /** Weight of outcomes ≤ x (over `total`). */
  weightAtMost(x: number): bigint {
    checkOutcome(x, 'x');
    return this.weightAtMostOf(x);
  }

  /** `weightAtMost` unchecked, for the loops inside (compare, maxOf). */
  private weightAtMostOf(x: number): bigint {
    let s = 0n;
    for (let i = 0; i < this.outcomes.length && this.outcomes[i]! <= x; i++) s += this.weights[i]!;
    return s;
  }

  /**
   * The exact chances that X > Y, X = Y and X < Y for independent X (this) and Y,
   * as weights over `this.total * other.total` and as floats; they sum to 1.
   */
  compare(other: Dist): Comparison {
    checkDist('other', other);
    let greater = 0n;
    let equal = 0n;
    this.outcomes.forEach((a, i) => {
      const wa = this.weights[i]!;
      greater += wa * other.weightAtMostOf(a - 1);
      equal += wa * other.weightOf(a);
    });
    const total = this.total * other.total;
    const less = total - greater - equal;
    return {
      total,
      weights: { greater, equal, less },
      greater: ratio(greater, total),
      equal: ratio(equal, total),
      less: ratio(less, total),
    };
  }
}

/** How two distributions compare: P(X > Y), P(X = Y), P(X < Y). */
export interface Comparison {
  readonly total: bigint;
  readonly weights: { readonly greater: bigint; readonly equal: bigint; readonly less: bigint };
  readonly greater: number;
  readonly equal: number;
  readonly less: number;
}

/** The highest of several independent values (advantage), from the product of their CDFs. */
export function maxOf(...dists: Dist[]): Dist {
  if (dists.length === 0) throw invalid('dists', dists, `at least one ${DIST}`);
  for (const [i, d] of dists.entries()) checkDist(`dists[${i}]`, d);
  const outcomes = [...new Set(dists.flatMap((d) => d.outcomes))].sort((a, b) => a - b);
  const total = dists.reduce((t, d) => t * d.total, 1n);
  let below = 0n;
  const pairs: [number, bigint][] = [];
  for (const x of outcomes) {
    const atMost = dists.reduce((t, d) => t * d.weightAtMost(x), 1n);
    pairs.push([x, atMost - below]);
    below = atMost;
  }
  const result = Dist.of(pairs);
  if (result.total !== total) throw new Error('maxOf lost weight');
  return result;
}

/** a / b as a float, correctly rounded to about 2^-60 even when both exceed 2^53. */
export function ratio(a: bigint, b: bigint): number {
  if (typeof a !== 'bigint') throw invalid('a', a, 'a bigint');
  if (typeof b !== 'bigint' || b <= 0n) throw invalid('b', b, 'a bigint > 0n (a total weight)');
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  const magnitude = a < 0n ? -a : a;
  if (magnitude <= safe && b <= safe) return Number(a) / Number(b);
  // Keep a quotient of about 64 significant bits, then scale back by a power of two.
  const k = b.toString(2).length - magnitude.toString(2).length + 64;
  const q = k >= 0 ? (magnitude << BigInt(k)) / b : magnitude / (b << BigInt(-k));
  const value = Number(q) * 2 ** -k;
  return a < 0n ? -value : value;
}

/** What a Dist argument is, as a message says it. */
const DIST = 'Dist (from Dist.die, Dist.of or Dist.constant)';

/**
 * Throws an InputError naming `field` (the function's argument) unless `value` is a Dist: a
 * plain JS caller's `undefined` would otherwise fail inside, in the engine's words.
 */
export function checkDist(field: string, value: unknown): void {
  if (!(value instanceof Dist)) throw invalid(field, value, `a ${DIST}`);
}

/**
 * Throws an InputError unless `value` is a number (any number but NaN: one that is not an
 * outcome has weight 0); "x" or null read as no outcome, a silent 0.
 */
function checkOutcome(value: unknown, field = 'outcome'): void {
  if (typeof value !== 'number' || Number.isNaN(value)) throw invalid(field, value, 'a number');
}
