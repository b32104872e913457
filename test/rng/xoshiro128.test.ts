import { describe, expect, it } from 'vitest';
import {
  fillUint32,
  nextUint32,
  rollDie,
  streamFor,
  streamFromState,
} from '../../src/rng/index.ts';

describe('xoshiro128**', () => {
  it('matches the reference vectors for the state {1, 2, 3, 4}', () => {
    // The first ten outputs of the authors' reference xoshiro128starstar.c from s = {1, 2, 3, 4}
    // (the same vectors the rand_xoshiro crate tests against).
    const s = streamFromState(1, 2, 3, 4);
    expect(Array.from({ length: 10 }, () => nextUint32(s))).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597,
      4258142804,
    ]);
  });

  it('gives the same stream for the same (seed, chunk) and different ones otherwise', () => {
    const draw = (seed: number, chunk: number) => {
      const s = streamFor(seed, chunk);
      return Array.from({ length: 4 }, () => nextUint32(s));
    };
    expect(draw(7, 3)).toEqual(draw(7, 3));
    expect(draw(7, 3)).not.toEqual(draw(7, 4));
    expect(draw(7, 3)).not.toEqual(draw(8, 3));
  });

  it('rolls every face of a die about equally often', () => {
    const s = streamFor(1, 0);
    const counts = new Array(7).fill(0);
    const n = 600_000;
    for (let i = 0; i < n; i++) counts[rollDie(s, 6)]++;
    expect(counts[0]).toBe(0);
    // Each face is Binomial(n, 1/6): sd ≈ 289; 6 sd is a bound no correct generator misses.
    for (let face = 1; face <= 6; face++)
      expect(Math.abs(counts[face] - n / 6)).toBeLessThan(6 * 289);
  });
});

describe('fillUint32', () => {
  it('gives the same outputs as nextUint32 and leaves the stream where nextUint32 would', () => {
    const bulk = streamFor(5, 9);
    const single = streamFor(5, 9);
    const out = fillUint32(bulk, new Uint32Array(1000));
    expect(Array.from(out)).toEqual(Array.from({ length: 1000 }, () => nextUint32(single)));
    expect(Array.from(bulk)).toEqual(Array.from(single));
    expect(nextUint32(bulk)).toBe(nextUint32(single));
  });

  it('starts from the reference vectors for the state {1, 2, 3, 4}', () => {
    expect(Array.from(fillUint32(streamFromState(1, 2, 3, 4), new Uint32Array(4)))).toEqual([
      11520, 0, 5927040, 70819200,
    ]);
  });
});
