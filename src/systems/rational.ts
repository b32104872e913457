import { ratio } from '../distribution/index.ts';

/**
 * An exact rational number with BigInt parts, always reduced, denominator > 0. Used where a
 * decision compares values that floats could tie or untie wrongly (utilities, expected values).
 * @example Rational.of(12n, 27n).toString() // "4/9"
 */
export class Rational {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
    Object.freeze(this);
  }

  static readonly ZERO = new Rational(0n, 1n);
  static readonly ONE = new Rational(1n, 1n);

  /** n / d, reduced. @example Rational.of(-3n, 96n).toString() // "-1/32" */
  static of(num: bigint | number, den: bigint | number = 1n): Rational {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('a rational needs a non-zero denominator');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    return g === 1n ? new Rational(n, d) : new Rational(n / g, d / g);
  }

  /**
   * The exact value of a number's shortest decimal text (what a user typed): 0.05 is 1/20,
   * not the binary double nearest to it.
   * @example Rational.fromDecimal(0.05).toString() // "1/20"
   * @example Rational.fromDecimal(-1.25e-3).toString() // "-1/800"
   */
  static fromDecimal(x: number): Rational {
    if (!Number.isFinite(x)) throw new RangeError(`${x} is not a finite number`);
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
    if (!match) throw new RangeError(`cannot read ${x} as a decimal`);
    const [, sign, whole, fraction = '', exponent = '0'] = match;
    const digits = BigInt(`${sign}${whole}${fraction}`);
    const shift = Number(exponent) - fraction.length;
    return shift >= 0
      ? Rational.of(digits * 10n ** BigInt(shift))
      : Rational.of(digits, 10n ** BigInt(-shift));
  }

  add(other: Rational): Rational {
    return Rational.of(this.num * other.den + other.num * this.den, this.den * other.den);
  }

  sub(other: Rational): Rational {
    return Rational.of(this.num * other.den - other.num * this.den, this.den * other.den);
  }

  mul(other: Rational | bigint): Rational {
    return typeof other === 'bigint'
      ? Rational.of(this.num * other, this.den)
      : Rational.of(this.num * other.num, this.den * other.den);
  }

  /** −1, 0 or 1 as this is below, equal to or above `other`. */
  compare(other: Rational): -1 | 0 | 1 {
    const a = this.num * other.den;
    const b = other.num * this.den;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  toNumber(): number {
    return ratio(this.num, this.den);
  }

  /** "n/d" reduced, or "n" for an integer. */
  toString(): string {
    return this.den === 1n ? String(this.num) : `${this.num}/${this.den}`;
  }
}

/** Greatest common divisor of two non-negative BigInts (gcd(0, 0) = 0). */
export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
