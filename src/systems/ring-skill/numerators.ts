/**
 * Exact non-negative integers held as a fixed number of 26-bit limbs (least significant first)
 * in a Float64Array, for the Ring and Skill solver's numerators: its exact values are sums of
 * small multiples of numerators over one power of 12, and a limb times a multiple below 2^26,
 * summed while the multiples add up to less than 2^27, stays an exact float (below 2^53). So a
 * sum costs a few float operations per limb, where a BigInt would be allocated per term.
 */

/** Bits per limb. */
const BITS = 26;
const RADIX = 2 ** BITS;
const INVERSE = 2 ** -BITS;

/** How many limbs hold integers below 2^bits. */
export function limbsFor(bits: number): number {
  return Math.max(1, Math.ceil(bits / BITS));
}

/** Writes x (0 ≤ x < RADIX^n) into `out` from `at` as n limbs. */
export function writeLimbs(x: bigint, out: Float64Array, at: number, n: number): void {
  let rest = x;
  for (let l = 0; l < n; l++) {
    out[at + l] = Number(rest & BigInt(RADIX - 1));
    rest >>= BigInt(BITS);
  }
  if (rest !== 0n) throw new Error('a numerator outgrew its limbs');
}

/** The integer held by the n limbs of `a` from `at` (any limb may be negative or large). */
export function limbsValue(a: Float64Array, at: number, n: number): bigint {
  let x = 0n;
  for (let l = n - 1; l >= 0; l--) x = (x << BigInt(BITS)) + BigInt(a[at + l]!);
  return x;
}

/**
 * Carries the n limbs of `a` from `at` so that each is in [0, RADIX) but the last, which holds
 * the sign: the same integer. Each limb must be an exact float (|limb| < 2^53).
 */
export function carry(a: Float64Array, at: number, n: number): void {
  for (let l = at, end = at + n - 1; l < end; l++) {
    const c = Math.floor(a[l]! * INVERSE);
    a[l]! -= c * RADIX;
    a[l + 1]! += c;
  }
}

/**
 * The sign of the integer held by n carried limbs (see {@link carry}) from `at`: −1, 0 or 1.
 * O(n).
 */
export function limbsSign(a: Float64Array, at: number, n: number): number {
  // Every step taken on every call: compiled code meets no step it has not run.
  let x = 0;
  for (let l = at + n - 1; l >= at && x === 0; l--) x = a[l]!;
  return (x > 0 ? 1 : 0) - (x < 0 ? 1 : 0);
}

/** How two carried non-negative integers compare: negative, 0 or positive as a < b, =, >. */
export function compareLimbs(
  a: Float64Array,
  at: number,
  b: Float64Array,
  bt: number,
  n: number,
): number {
  for (let l = n - 1; l >= 0; l--) {
    const d = a[at + l]! - b[bt + l]!;
    if (d !== 0) return d;
  }
  return 0;
}
