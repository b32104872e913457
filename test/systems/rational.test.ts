import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import { Rational } from '../../src/systems/rational.ts';

const part = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const positive = fc.bigInt({ min: 1n, max: 10n ** 30n });
const rational = fc.tuple(part, positive);

/** a/b ⋚ c/d by cross-multiplication (b, d > 0): the definition, not the code under test. */
const cmp = ([a, b]: [bigint, bigint], [c, d]: [bigint, bigint]) =>
  a * d < c * b ? -1 : a * d > c * b ? 1 : 0;

describe('Rational', () => {
  it('keeps fractions reduced with a positive denominator, and prints them as n/d', () => {
    expect(Rational.of(12n, 27n).toString()).toBe('4/9');
    expect(Rational.of(3n, -96n).toString()).toBe('-1/32');
    expect(Rational.of(-6n, -3n).toString()).toBe('2');
    expect(Rational.of(0n, 7n).toString()).toBe('0');
    expect(Rational.of(6n, 4n)).toMatchObject({ num: 3n, den: 2n });
  });

  // ringSkill.Rational is the library's: bad input was a RangeError, where the README promises InputError.
  it('refuses a zero denominator or a part that is not an integer as an InputError naming it', () => {
    expect(() => Rational.of(1n, 0n)).toThrow(InputError);
    expect(() => Rational.of(1n, 0n)).toThrow(
      'denominator: 0n is not allowed (expected a non-zero integer, a bigint or a number)',
    );
    expect(() => Rational.of(1, 0)).toThrow(
      'denominator: 0 is not allowed (expected a non-zero integer, a bigint or a number)',
    );
    expect(() => Rational.of(1n, 0.5)).toThrow(
      'denominator: 0.5 is not allowed (expected a non-zero integer, a bigint or a number)',
    );
    expect(() => Rational.of(1.5, 2n)).toThrow(
      'numerator: 1.5 is not allowed (expected an integer, a bigint or a number)',
    );
    expect(() => Rational.fromDecimal(Number.NaN)).toThrow(
      'decimal: NaN is not allowed (expected a finite number)',
    );
    expect(Rational.of(3, 6).toString()).toBe('1/2');
  });

  it('adds, subtracts, multiplies and compares exactly', () => {
    fc.assert(
      fc.property(rational, rational, ([a, b], [c, d]) => {
        const x = Rational.of(a, b);
        const y = Rational.of(c, d);
        // (a/b + c/d) − (ad + cb)/(bd) is zero, and so on: each checked by cross-multiplication.
        expect(cmp([x.add(y).num, x.add(y).den], [a * d + c * b, b * d])).toBe(0);
        expect(cmp([x.sub(y).num, x.sub(y).den], [a * d - c * b, b * d])).toBe(0);
        expect(cmp([x.mul(y).num, x.mul(y).den], [a * c, b * d])).toBe(0);
        expect(cmp([x.mul(c).num, x.mul(c).den], [a * c, b])).toBe(0);
        expect(x.compare(y)).toBe(cmp([a, b], [c, d]));
      }),
    );
  });

  it('converts to the float nearest the exact value, however large its parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (a, b) => {
          // Below 2^53 both parts are exact doubles, and IEEE division rounds correctly.
          expect(Rational.of(a, b).toNumber()).toBe(a / b);
        },
      ),
    );
    const third = Rational.of(10n ** 400n, 3n * 10n ** 400n);
    expect(third.toNumber()).toBe(1 / 3);
  });

  it('reads the decimal a user typed exactly, e notation included', () => {
    expect(Rational.fromDecimal(0.05).toString()).toBe('1/20');
    expect(Rational.fromDecimal(-1.25e-3).toString()).toBe('-1/800');
    expect(Rational.fromDecimal(1e21).toString()).toBe('1000000000000000000000');
    expect(Rational.fromDecimal(-0.2).toString()).toBe('-1/5');
    expect(() => Rational.fromDecimal(Number.NaN)).toThrow(InputError);
  });
});
