import { describe, expect, it } from 'vitest';
import {
  type AnalysisJob,
  checkAnalysis,
  InputError,
  odds,
  runAnalysis,
  simulate,
  splits,
} from '../../src/api/zidara.ts';

/**
 * How a roll is played (`policy`, `rerolls`) is `splits`' field but `odds`' and `simulate`'s
 * second argument: written into the spec, as `splits` takes it, the refusal says where it goes.
 */
const SPEC = { threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] };

describe('odds and simulate, given how to play inside the spec', () => {
  it("say that policy and rerolls are options, the second argument's fields", async () => {
    expect(splits({ steps: 3, challenge: 3, policy: 'greedy' })).toHaveLength(3);
    const inSpec = { ...SPEC, policy: 'greedy' };
    expect(() => odds(inSpec as typeof SPEC)).toThrow(InputError);
    expect(() => odds(inSpec as typeof SPEC)).toThrow(
      'policy: a field of the options, not of the roll (expected odds(spec, { policy: "greedy" }))',
    );
    expect(() => odds([SPEC, { ...SPEC, rerolls: 'one' }] as (typeof SPEC)[])).toThrow(
      '[1].rerolls: a field of the options, not of the roll (expected odds(specs, { rerolls: "one" }))',
    );
    await expect(simulate(inSpec as typeof SPEC, { trials: 100 })).rejects.toThrow(
      'policy: a field of the options, not of the roll (expected simulate(spec, { policy: "greedy" }))',
    );
    // Any other unknown field is refused as before.
    expect(() => odds({ ...SPEC, dies: 3 } as typeof SPEC)).toThrow(/^dies: no such field/);
  });
});

describe('runAnalysis and checkAnalysis', () => {
  it("name a field of the options options.<field>, as the analyses themselves do, and the job's own fields as they are", () => {
    const splitsJob = (options: object) =>
      ({ analysis: 'splits', options: { challenge: 3, ...options } }) as AnalysisJob;
    for (const check of [runAnalysis, checkAnalysis]) {
      expect(() => check(splitsJob({ steps: 0 }))).toThrow(/^options\.steps: 0 is not allowed \(/);
      expect(() => check(splitsJob({ steps: 4, bogus: 1 }))).toThrow(
        /^options\.bogus: no such field /,
      );
      expect(() => check({ analysis: 'splits', options: {}, bogus: 1 } as never)).toThrow(
        /^bogus: no such field /,
      );
      expect(() => check({ analysis: 'nope', options: {} } as never)).toThrow(/^analysis: "nope"/);
      expect(() =>
        check({ analysis: 'stated-splits', splits: ['d12', 'd6+q'], options: { challenge: 3 } }),
      ).toThrow(/^splits\[1\]: /);
    }
    expect(() => splits({ steps: 0, challenge: 3 })).toThrow(
      /^options\.steps: 0 is not allowed \(/,
    );
  });
});
