import Fraction from 'fraction.js';
import { ratio } from '../distribution/index.ts';
import { invalid } from '../input/input-error.ts';

/**
 * An exact rational number with BigInt parts, always reduced (denominator > 0): fraction.js does
 * the arithmetic; this adds what it lacks, the exact value of a typed decimal (`fromDecimal`, e
 * notation included) and a correctly rounded float (`toNumber`, whatever the size of the parts).
 * Used where a decision compares values that floats could tie or untie wrongly (utilities,
 * expected values), and for the exact fractions the CLI prints.
 * @example Rational.of(12n, 27n).toString() // "4/9"
 */
export class Rational {
  private readonly value: Fraction;

  private constructor(value: Fraction) {
    this.value = value;
    Object.freeze(this);
  }

  static readonly ZERO = new Rational(new Fraction(0n));
  static readonly ONE = new Rational(new Fraction(1n));

  /**
   * n / d, reduced.
   * @throws InputError naming `numerator` or `denominator` when it is not an integer, or the
   * denominator is 0.
   * @example Rational.of(-3n, 96n).toString() // "-1/32"
   * @example Rational.of(1n, 0n) // throws "denominator: 0n is not allowed (expected a non-zero integer, a bigint or a number)"
   */
  static of(num: bigint | number, den: bigint | number = 1n): Rational {
    const d = integer('denominator', den, 'a non-zero integer, a bigint or a number');
    if (d === 0n) throw invalid('denominator', den, 'a non-zero integer, a bigint or a number');
    return new Rational(
      new Fraction(integer('numerator', num, 'an integer, a bigint or a number'), d),
    );
  }

  /** The numerator, signed. */
  get num(): bigint {
    return this.value.s * this.value.n;
  }

  /** The denominator, > 0. */
  get den(): bigint {
    return this.value.d;
  }

  /**
   * The exact value of a number's shortest decimal text (what a user typed): 0.05 is 1/20,
   * not the binary double nearest to it.
   * @throws InputError naming `decimal` when it is not a finite number.
   * @example Rational.fromDecimal(0.05).toString() // "1/20"
   * @example Rational.fromDecimal(-1.25e-3).toString() // "-1/800"
   */
  static fromDecimal(decimal: number): Rational {
    if (typeof decimal !== 'number' || !Number.isFinite(decimal))
      throw invalid('decimal', decimal, 'a finite number');
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(decimal));
    // Unreachable for a finite number (String gives digits, a point and an exponent only).
    if (!match) throw new RangeError(`cannot read ${decimal} as a decimal`);
    const [, sign, whole, fraction = '', exponent = '0'] = match;
    const digits = BigInt(`${sign}${whole}${fraction}`);
    const shift = Number(exponent) - fraction.length;
    return shift >= 0
      ? Rational.of(digits * 10n ** BigInt(shift))
      : Rational.of(digits, 10n ** BigInt(-shift));
  }

  /** This plus `other`, exact. */
  add(other: Rational): Rational {
    return new Rational(this.value.add(other.value));
  }

  /** This minus `other`, exact. */
  sub(other: Rational): Rational {
    return new Rational(this.value.sub(other.value));
  }

  /** This times `other` (a fraction or an integer), exact. */
  mul(other: Rational | bigint): Rational {
    return new Rational(this.value.mul(typeof other === 'bigint' ? other : other.value));
  }

  /** −1, 0 or 1 as this is below, equal to or above `other`. */
  compare(other: Rational): -1 | 0 | 1 {
    return Math.sign(this.value.compare(other.value)) as -1 | 0 | 1;
  }

  /** The nearest float (correctly rounded, whatever the size of the parts). */
  toNumber(): number {
    return ratio(this.num, this.den);
  }

  /** "n/d" reduced, or "n" for an integer. */
  toString(): string {
    return this.value.toFraction();
  }
}

/** Greatest common divisor of two non-negative BigInts (gcd(0, 0) = 0). */
export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** A library caller's numerator or denominator as a bigint; BigInt would throw a RangeError. */
function integer(field: string, value: unknown, allowed: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw invalid(field, value, allowed);
}
