import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';
import {
  differenceEstimate,
  EXACT_TOLERANCE,
  exactEstimate,
  figureMoved,
  judgeBound,
  meanEstimate,
  monotoneBreak,
  proportionEstimate,
} from '../../src/scenario/judge.ts';

describe('judgeBound', () => {
  it('compares exact figures within 1e-9, in their favour, and is never undecided', () => {
    expect(judgeBound(exactEstimate(0.55), { atLeast: 0.55, atMost: 0.7 })).toBe('pass');
    expect(judgeBound(exactEstimate(0.55 - 5e-10), { atLeast: 0.55 })).toBe('pass');
    expect(judgeBound(exactEstimate(0.55 - 2e-9), { atLeast: 0.55 })).toBe('fail');
    expect(judgeBound(exactEstimate(0.7 + 2e-9), { atMost: 0.7 })).toBe('fail');
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (v, b) => {
          expect(judgeBound(exactEstimate(v), { atLeast: b })).not.toBe('undecided');
        },
      ),
    );
  });

  it('passes a simulated figure only when its whole interval is inside, fails only when wholly outside', () => {
    const x = proportionEstimate(8000, 10000); // 80% ± about 1.3 points at 99.9%
    expect(x.lo).toBeGreaterThan(0.786);
    expect(x.hi).toBeLessThan(0.814);
    expect(judgeBound(x, { atLeast: 0.75 })).toBe('pass');
    expect(judgeBound(x, { atLeast: 0.85 })).toBe('fail');
    expect(judgeBound(x, { atLeast: 0.8 })).toBe('undecided');
    expect(judgeBound(x, { atLeast: 0.7, atMost: 0.805 })).toBe('undecided');
    expect(judgeBound(x, { atMost: 0.7 })).toBe('fail');
  });

  it('uses the Wilson interval at 99.9% for a chance, and t at 99.9% for a mean', () => {
    const w = wilsonInterval(123, 1000, 0.999);
    expect(proportionEstimate(123, 1000)).toMatchObject({ lo: w.lo, hi: w.hi, successes: 123 });
    // Samples 0, 1, 2, 3 (each 250 times): mean 1.5, sd √(1.25·1000/999).
    const m = meanEstimate(1500, 3500, 1000);
    expect(m.estimate).toBe(1.5);
    expect(m.sd).toBeCloseTo(Math.sqrt((1.25 * 1000) / 999), 12);
    expect(m.hi - m.estimate).toBeCloseTo(3.3 * (m.sd! / Math.sqrt(1000)), 2);
  });
});

describe('differenceEstimate (MOVER)', () => {
  it('is exact for two exact figures, and a shift for one', () => {
    expect(differenceEstimate(exactEstimate(0.6), exactEstimate(0.45))).toEqual(
      exactEstimate(0.6 - 0.45),
    );
    const x = proportionEstimate(800, 1000);
    const d = differenceEstimate(x, exactEstimate(0.5));
    expect(d.estimate).toBeCloseTo(0.3, 12);
    expect(d.lo).toBeCloseTo(x.lo - 0.5, 12);
    expect(d.hi).toBeCloseTo(x.hi - 0.5, 12);
  });

  it("is Newcombe's hybrid score interval for two simulated chances", () => {
    const a = proportionEstimate(560, 1000);
    const b = proportionEstimate(500, 1000);
    const d = differenceEstimate(a, b);
    expect(d.lo).toBeCloseTo(0.06 - Math.sqrt((0.56 - a.lo) ** 2 + (b.hi - 0.5) ** 2), 12);
    expect(d.hi).toBeCloseTo(0.06 + Math.sqrt((a.hi - 0.56) ** 2 + (0.5 - b.lo) ** 2), 12);
    expect(d.lo).toBeLessThan(0);
    expect(d.hi).toBeGreaterThan(0.12);
  });
});

describe('monotoneBreak', () => {
  it('finds the first step the wrong way, beyond the tolerance', () => {
    expect(monotoneBreak([0.1, 0.2, 0.2, 0.5], 'nonDecreasing')).toBeUndefined();
    expect(monotoneBreak([0.1, 0.2, 0.2 - EXACT_TOLERANCE / 2], 'nonDecreasing')).toBeUndefined();
    expect(monotoneBreak([0.1, 0.3, 0.2, 0.1], 'nonDecreasing')).toEqual({ from: 1, to: 2 });
    expect(monotoneBreak([0.9, 0.5, 0.6], 'nonIncreasing')).toEqual({ from: 1, to: 2 });
  });
});

describe('figureMoved', () => {
  it('moves an exact figure by more than 1e-9 only', () => {
    expect(figureMoved(exactEstimate(0.5), exactEstimate(0.5 + 5e-10)).moved).toBe(false);
    expect(figureMoved(exactEstimate(0.5), exactEstimate(0.5 + 2e-9)).moved).toBe(true);
  });

  it('moves a simulated chance only on a significant two-proportion z (99.9%)', () => {
    expect(figureMoved(proportionEstimate(5000, 10000), proportionEstimate(5000, 10000))).toEqual({
      moved: false,
      z: 0,
    });
    const close = figureMoved(proportionEstimate(5000, 10000), proportionEstimate(5200, 10000));
    expect(close.moved).toBe(false);
    expect(close.z).toBeCloseTo(2.83, 2);
    expect(
      figureMoved(proportionEstimate(5000, 10000), proportionEstimate(5600, 10000)).moved,
    ).toBe(true);
    // A mean: Welch's z.
    const before = meanEstimate(15000, 35000, 10000);
    expect(figureMoved(before, meanEstimate(15000, 35000, 10000)).moved).toBe(false);
    expect(figureMoved(before, meanEstimate(16000, 38000, 10000)).moved).toBe(true);
  });

  it('counts a figure that changed from exact to simulated (or back) as moved', () => {
    expect(figureMoved(exactEstimate(0.5), proportionEstimate(5000, 10000)).moved).toBe(true);
  });

  it('rarely moves two samples of the same chance (about 0.1% of the time)', () => {
    // Same true p, independent samples: the test at 99.9% must almost never fire.
    let fired = 0;
    let state = 12345;
    const uniform = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 4294967296;
    };
    for (let run = 0; run < 200; run++) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < 2000; i++) {
        if (uniform() < 0.3) a++;
        if (uniform() < 0.3) b++;
      }
      if (figureMoved(proportionEstimate(a, 2000), proportionEstimate(b, 2000)).moved) fired++;
    }
    expect(fired).toBeLessThanOrEqual(2);
  });
});
