import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';
import { formatConfidence, looksUpTo } from '../../src/scenario/check-scenarios.ts';
import {
  DETECTION_POWER,
  differenceEstimate,
  EXACT_TOLERANCE,
  exactEstimate,
  falseAlarmShare,
  figureMoved,
  judgeBound,
  meanEstimate,
  monotoneBreak,
  proportionEstimate,
  RUN_FALSE_ALARM,
  smallestDetectableMove,
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

/** A seeded uniform on [0, 1) for the sampling tests (an LCG: independent of the simulator). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

describe("a run's false-alarm budget", () => {
  it('gives each of n tests α/n (Bonferroni), α being 1 in 1,000', () => {
    expect(RUN_FALSE_ALARM).toBe(0.001);
    expect(falseAlarmShare(94)).toBeCloseTo(0.001 / 94, 15);
    expect(falseAlarmShare(0)).toBe(0.001);
    // The looks of a judgement: 20k, 80k, 320k, 1M.
    expect(looksUpTo(20_000, 1_000_000)).toBe(4);
    expect(looksUpTo(20_000, 20_000)).toBe(1);
    expect(looksUpTo(20_000, 80_001)).toBe(3);
  });

  it('shows a confidence with the digits that tell it from 100%, never rounded up', () => {
    expect(formatConfidence(0.999)).toBe('99.9%');
    expect(formatConfidence(0.95)).toBe('95.0%');
    expect(formatConfidence(1 - 2.6e-6)).toBe('99.9997%');
    expect(formatConfidence(1 - 4e-7)).toBe('99.99996%');
  });

  it('tests a move at the level it is given', () => {
    const a = proportionEstimate(5000, 10000);
    const b = proportionEstimate(5300, 10000); // z ≈ 4.24
    expect(figureMoved(a, b, 1e-3).moved).toBe(true);
    expect(figureMoved(a, b, 1e-5).moved).toBe(false);
  });
});

describe('smallestDetectableMove', () => {
  it('is (z(α/2) + z(power))·se for a chance at ½ and for a mean', () => {
    // At p = ½ the variance hardly changes with a small move: δ ≈ (4.417 + 1.645)·√(2·¼/n).
    const half = smallestDetectableMove(proportionEstimate(10000, 20000), 20000, 1e-5);
    expect(half).toBeGreaterThan(6.06 * Math.sqrt(0.5 / 20000) * 0.99);
    expect(half).toBeLessThan(6.07 * Math.sqrt(0.5 / 20000) * 1.01);
    const mean = meanEstimate(15000, 35000, 10000); // sd ≈ 1.1181
    expect(smallestDetectableMove(mean, 10000, 1e-3)).toBeCloseTo(
      (3.2905 + 1.6449) * mean.sd! * Math.sqrt(2 / 10000),
      3,
    );
  });

  it('is smaller near 0 and 1, and positive even for a chance seen always or never', () => {
    const at = (successes: number) =>
      smallestDetectableMove(proportionEstimate(successes, 20000), 20000, 1e-5);
    expect(at(19980)).toBeLessThan(at(18000));
    expect(at(18000)).toBeLessThan(at(10000));
    expect(at(20000)).toBeGreaterThan(0);
    expect(at(0)).toBeCloseTo(at(20000), 12);
  });

  it('is caught with the stated power: two samples that far apart are called moved about 95% of the time', () => {
    const uniform = lcg(2026);
    const n = 2000;
    const alpha = 1e-3;
    for (const p of [0.3, 0.9]) {
      const delta = smallestDetectableMove(proportionEstimate(Math.round(p * n), n), n, alpha);
      const q = p < 0.5 ? p + delta : p - delta; // towards ½, the direction it is stated for
      let fired = 0;
      const runs = 1000;
      for (let run = 0; run < runs; run++) {
        let a = 0;
        let b = 0;
        for (let i = 0; i < n; i++) {
          if (uniform() < p) a++;
          if (uniform() < q) b++;
        }
        if (figureMoved(proportionEstimate(a, n), proportionEstimate(b, n), alpha).moved) fired++;
      }
      // 95% power: 950 of 1000 expected, ±7 being one standard deviation.
      expect(fired / runs, `p = ${p}`).toBeGreaterThan(DETECTION_POWER - 0.025);
      expect(fired / runs, `p = ${p}`).toBeLessThan(DETECTION_POWER + 0.025);
    }
  });
});
