import type { Kernel } from '../../src/montecarlo/kernel.ts';

/**
 * The trivial kernel the rng benchmark runs through the pool: one xoshiro128** draw per trial
 * (state in locals), counting draws with the top bit set so the work cannot be skipped. What
 * it measures is the generator plus the pool's overhead.
 */
export const kernel: Kernel<null, null> = {
  prepare: () => null,
  tallySize: () => 1,
  tallyShape: () => [{ kind: 'count', name: 'draws with the top bit set', slot: 0 }],
  run(_prepared, stream, trials, tally) {
    let s0 = stream[0]!;
    let s1 = stream[1]!;
    let s2 = stream[2]!;
    let s3 = stream[3]!;
    let high = 0;
    for (let i = 0; i < trials; i++) {
      const r = Math.imul(s1, 5);
      high += Math.imul((r << 7) | (r >>> 25), 9) >>> 31;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    stream[0] = s0;
    stream[1] = s1;
    stream[2] = s2;
    stream[3] = s3;
    tally[0] = tally[0]! + high;
  },
  summarize: (_prepared, tally, trials) => ({ highBitShare: tally[0]! / trials }),
};
