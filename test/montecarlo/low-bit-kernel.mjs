// A plain-JS test kernel (so compiled workers can load it without tsx): per trial, `rounds`
// xoshiro128** draws (default 1); tally[0] counts draws with any of the `bits` set, tally[1]
// counts trials.
/** @type {import('../../src/montecarlo/kernel.ts').Kernel<{ bits: number, rounds?: number }, { bits: number, rounds: number }>} */
export const kernel = {
  prepare: (spec) => ({ bits: spec.bits, rounds: spec.rounds ?? 1 }),
  tallySize: () => 2,
  // Draws with a bit set can number `rounds` a trial: a sum; tally[1] counts every trial once.
  tallyShape: ({ rounds }) => [
    { kind: 'sum', name: 'draws with a bit set', slot: 0, max: rounds },
    { kind: 'count', name: 'trials', slot: 1 },
  ],
  run({ bits, rounds }, stream, trials, tally) {
    let s0 = stream[0];
    let s1 = stream[1];
    let s2 = stream[2];
    let s3 = stream[3];
    let ones = 0;
    for (let i = 0; i < trials * rounds; i++) {
      const r = Math.imul(s1, 5);
      ones += (Math.imul((r << 7) | (r >>> 25), 9) & bits) === 0 ? 0 : 1;
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
    tally[0] += ones;
    tally[1] += trials;
  },
  summarize: (_prepared, tally, trials) => ({ ones: tally[0], trials, counted: tally[1] }),
};
