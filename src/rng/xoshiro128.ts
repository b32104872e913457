import { integerText } from '../input/integer-text.ts';

/**
 * xoshiro128** (Blackman & Vigna): a small, fast 32-bit generator with 128 bits of state.
 * A stream is its four state words; every random function takes its stream as a parameter,
 * and hot loops copy the words into locals (about twice as fast as a method call per draw).
 */
export type Stream = Int32Array;

/** A stream with the given four state words (not all zero). */
export function streamFromState(s0: number, s1: number, s2: number, s3: number): Stream {
  if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('xoshiro128** state must not be all zero');
  return Int32Array.of(s0, s1, s2, s3);
}

/**
 * The largest seed a run takes, the one bound every seed is checked against (simulate's and
 * check's flags, the library's options): `streamFor` hashes any safe integer (2^53 − 1 at
 * most, the largest whole number a double holds exactly) through SplitMix64's 64 bits, and a
 * scenario figure's seed hashes the run's seed as text.
 */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * The independent stream for chunk `chunk` of a run seeded with `seed`, so a simulation cut
 * into chunks gives the same numbers whichever thread runs which chunk. The two integers are
 * hashed with SplitMix64 (as the xoshiro authors recommend for seeding).
 * @example nextUint32(streamFor(42, 0)) // 2768973797, on every machine
 */
export function streamFor(seed: number, chunk: number): Stream {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new RangeError(`seed must be ${integerText(0, MAX_SEED)}, got ${seed}`);
  if (!Number.isSafeInteger(chunk) || chunk < 0)
    throw new RangeError(`chunk must be a safe integer ≥ 0, got ${chunk}`);
  let state = mix64(BigInt(seed)) ^ BigInt(chunk);
  const words: number[] = [];
  for (let i = 0; i < 2; i++) {
    state = (state + GOLDEN_GAMMA) & MASK64;
    const z = mix64(state);
    words.push(Number(z & 0xffffffffn), Number(z >> 32n));
  }
  if (!words.some((w) => w !== 0)) words[0] = 1;
  return Int32Array.from(words);
}

const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

/** SplitMix64's finaliser: a bijective 64-bit mix. */
function mix64(x: bigint): bigint {
  let z = x & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/**
 * The next 32-bit output as a signed int32 (the same bits as `nextUint32`), advancing the
 * stream: the form int32 arithmetic wants. The state words are int32 too, so the JIT keeps them
 * in registers and inlines the call into hot loops (as fast as state in locals, measured).
 */
function nextInt32(s: Stream): number {
  const s0 = s[0]!;
  const s1 = s[1]!;
  const s2 = s[2]! ^ s0;
  const s3 = s[3]! ^ s1;
  s[0] = s0 ^ s3;
  s[1] = s1 ^ s2;
  s[2] = s2 ^ (s1 << 9);
  s[3] = rotl(s3, 11);
  return Math.imul(rotl(Math.imul(s1, 5), 7), 9);
}

/** The next 32-bit output (as an unsigned number), advancing the stream. */
export function nextUint32(s: Stream): number {
  return nextInt32(s) >>> 0;
}

/**
 * Fills `out` with the stream's next `out.length` outputs, advancing the stream: the state
 * lives in locals for the whole loop, so this runs at the generator's full speed (about
 * 500 M draws/s on one core here), twice what `nextUint32` in a loop manages.
 * @example fillUint32(streamFromState(1, 2, 3, 4), new Uint32Array(3)) // [11520, 0, 5927040]
 */
export function fillUint32(s: Stream, out: Uint32Array): Uint32Array {
  let s0 = s[0]!;
  let s1 = s[1]!;
  let s2 = s[2]!;
  let s3 = s[3]!;
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const r = Math.imul(s1, 5);
    out[i] = Math.imul((r << 7) | (r >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
  }
  s[0] = s0;
  s[1] = s1;
  s[2] = s2;
  s[3] = s3;
  return out;
}

/**
 * A uniform integer in 1..n (a die), unbiased: Lemire's multiply-and-reject (the high word of
 * x·n, unless the low word falls below (2^32 − n) mod n, probability under n / 2^32). For
 * n < 2^15 (every die) it runs in int32 arithmetic, which the JIT inlines into hot loops.
 * @example rollDie(streamFor(1, 0), 6) // 4 (a face from 1 to 6)
 */
export function rollDie(s: Stream, n: number): number {
  if (n >= 32768) return rollLargeDie(s, n);
  for (;;) {
    const x = nextInt32(s);
    const low = Math.imul(x, n) >>> 0;
    if (low >= n || low >= (4294967296 - n) % n) {
      return (((x >>> 16) * n + (((x & 0xffff) * n) >>> 16)) >> 16) + 1;
    }
  }
}

/** `rollDie` for n ≥ 2^15, in float arithmetic (exact: x·n < 2^53). */
function rollLargeDie(s: Stream, n: number): number {
  for (;;) {
    const m = nextUint32(s) * n;
    const low = m % 4294967296;
    if (low >= n || low >= (4294967296 - n) % n) return Math.floor(m / 4294967296) + 1;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
