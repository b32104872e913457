import { invalid } from '../input/input-error.ts';
import { integerAtLeastText, integerText } from '../input/integer-text.ts';

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
  /** Copies summed by `repeat` (1000 d6s take about 0.3 s). */
  repeat: 1_000,
  /**
   * Size of a result of `add` or `repeat`, its possible outcomes times the bits of its total
   * weight, bounded before any work: the outcomes alone do not bound it (200 copies of a d1000
   * hold 199,801 outcomes of 1,994-bit weights, 50 MB). A d100000 plus a d100000 is 6.8 million
   * bits, 1000 d6s 13 million; at the limit a sum takes about 2 s.
   */
  resultBits: 100_000_000,
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
          `a weight of outcome ${outcome}: a bigint or ${integerAtLeastText(0)}`,
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
      throw invalid('sides', sides, integerText(1, DIST_LIMITS.sides));
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

  /**
   * The distribution of X + Y for independent X, Y (convolution), at most
   * {@link DIST_LIMITS}`.resultBits` in size.
   */
  add(other: Dist): Dist {
    checkDist('other', other);
    const step = gcd(this.step(), other.step());
    const span = step === 0 ? 1 : (this.max - this.min + other.max - other.min) / step + 1;
    const pairs = this.outcomes.length * other.outcomes.length;
    const total = this.total * other.total;
    const bits = checkSize('other', other, Math.min(span, pairs), total);
    checkSums(this.min + other.min, this.max + other.max);
    if (span * bits <= DIST_LIMITS.resultBits)
      return Dist.lattice(
        this.min + other.min,
        step,
        span,
        pack(this.dense(step), total) * pack(other.dense(step), total),
        total,
      );
    // Sparse (e.g. outcomes 0 and 1e9): accumulate by sum, one entry per distinct sum.
    const merged = new Map<number, bigint>();
    this.outcomes.forEach((a, i) => {
      other.outcomes.forEach((b, j) => {
        merged.set(a + b, (merged.get(a + b) ?? 0n) + this.weights[i]! * other.weights[j]!);
      });
    });
    const outcomes = [...merged.keys()].sort((a, b) => a - b);
    return new Dist(
      outcomes,
      outcomes.map((o) => merged.get(o)!),
    );
  }

  /**
   * The sum of `count` independent copies (0 to {@link DIST_LIMITS}`.repeat`; 0 copies is the
   * constant 0), at most {@link DIST_LIMITS}`.resultBits` in size.
   */
  repeat(count: number): Dist {
    if (!Number.isSafeInteger(count) || count < 0 || count > DIST_LIMITS.repeat)
      throw invalid('count', count, integerText(0, DIST_LIMITS.repeat));
    if (count === 0) return Dist.constant(0);
    const step = this.step();
    const span = step === 0 ? 1 : ((this.max - this.min) / step) * count + 1;
    // Sums of `count` copies are multisets of this many outcomes: fewer than the span if sparse.
    const multisets = choose(count + this.outcomes.length - 1, count);
    const outcomes = Math.min(span, multisets);
    // Its total alone past the limit is refused before its power is worked out (a BigInt of
    // 2^30 bits or more is a RangeError).
    checkSize('count', count, 1, {
      atLeast: count * (this.total.toString(2).length - 1) + 1,
    });
    const total = this.total ** BigInt(count);
    const bits = checkSize('count', count, outcomes, total);
    checkSums(this.min * count, this.max * count);
    if (span * bits <= DIST_LIMITS.resultBits)
      // The weights are the coefficients of this one's polynomial to the power `count`.
      return Dist.lattice(
        this.min * count,
        step,
        span,
        pack(this.dense(step), total) ** BigInt(count),
        total,
      );
    let acc: Dist = this;
    for (let i = 1; i < count; i++) acc = acc.add(this);
    return acc;
  }

  /** The gcd of the gaps between outcomes (0 for one outcome): every outcome is min + k·step. */
  private step(): number {
    return this.outcomes.reduce((g, o) => gcd(g, o - this.min), 0);
  }

  /** The weights of min, min + step, …, max, 0n where there is no outcome. */
  private dense(step: number): bigint[] {
    const weights = new Array<bigint>(step === 0 ? 1 : (this.max - this.min) / step + 1).fill(0n);
    this.outcomes.forEach((o, i) => {
      weights[step === 0 ? 0 : (o - this.min) / step] = this.weights[i]!;
    });
    return weights;
  }

  /**
   * The Dist of outcomes base + k·step for k < span, the weight of each the k-th digit of
   * `packed` in base 2^slot(total) (a polynomial's coefficients, from a BigInt product).
   */
  private static lattice(
    base: number,
    step: number,
    span: number,
    packed: bigint,
    total: bigint,
  ): Dist {
    const digits = slotHexDigits(total);
    const hex = packed.toString(16).padStart(span * digits, '0');
    const outcomes: number[] = [];
    const weights: bigint[] = [];
    for (let k = 0; k < span; k++) {
      const end = hex.length - k * digits;
      const weight = BigInt(`0x${hex.slice(end - digits, end)}`);
      if (weight > 0n) {
        outcomes.push(base + k * step);
        weights.push(weight);
      }
    }
    return new Dist(outcomes, weights);
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

/**
 * Throws an InputError naming `field` unless a result of `outcomes` possible outcomes over
 * `total` fits {@link DIST_LIMITS}`.resultBits`; returns the bits of `total`.
 */
function checkSize(
  field: string,
  value: unknown,
  outcomes: number,
  total: bigint | { readonly atLeast: number },
): number {
  const bits = typeof total === 'bigint' ? total.toString(2).length : total.atLeast;
  if (outcomes * bits > DIST_LIMITS.resultBits)
    throw invalid(
      field,
      value,
      `a result of at most ${DIST_LIMITS.resultBits} bits, DIST_LIMITS.resultBits: this sum has up to ${outcomes} outcomes of ${typeof total === 'bigint' ? '' : 'at least '}${bits}-bit weights, ${outcomes * bits} bits`,
    );
  return bits;
}

/** Throws an InputError unless every sum from `min` to `max` is a safe integer outcome. */
function checkSums(min: number, max: number): void {
  for (const sum of [min, max])
    if (!Number.isSafeInteger(sum)) throw invalid('sum', sum, 'an integer outcome');
}

/**
 * Hex digits of one coefficient in a packed polynomial: every coefficient of a product is at
 * most the product of the totals, so `total`'s bits hold it.
 */
function slotHexDigits(total: bigint): number {
  return Math.ceil(total.toString(2).length / 4);
}

/** The weights as one BigInt, weights[k] at digit k in base 2^slot (Kronecker substitution). */
function pack(weights: readonly bigint[], total: bigint): bigint {
  const digits = slotHexDigits(total);
  const parts = weights.map((w) => w.toString(16).padStart(digits, '0')).reverse();
  return BigInt(`0x${parts.join('')}`);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** C(n, k) as a number (Infinity past 2^1024, which is past every limit). */
function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - Math.min(k, n - k) + i)) / i;
  return Math.round(c);
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
