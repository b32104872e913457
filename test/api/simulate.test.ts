import { describe, expect, it } from 'vitest';
import { simulate as d6Simulate } from '../../src/api/d6-pool.ts';
import { simulate as d12Simulate } from '../../src/api/d12-action.ts';
import { simulate as ringSimulate } from '../../src/api/ring-skill.ts';
import { simulate as tagsSimulate } from '../../src/api/tags-2d6.ts';
import { simulateFight, simulate as zidaraSimulate } from '../../src/api/zidara.ts';
import type { SimulateOptions } from '../../src/montecarlo/simulate-summary.ts';

/**
 * Every entry's `simulate`, given options a JavaScript caller could get wrong: each is refused
 * before the run as `options.<field>`, as their other options are (`options.policy`), never a
 * TypeError from inside the run nor a field named as if the caller had passed it bare.
 */
const SIMULATES: Record<string, (options: SimulateOptions) => Promise<unknown>> = {
  zidara: (o) =>
    zidaraSimulate({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] }, o),
  'zidara fight': (o) => simulateFight({ challenge: 3, tags: 1, pool: [8] }, o),
  'd6-pool': (o) => d6Simulate({ stat: 3 }, o),
  'tags-2d6': (o) => tagsSimulate({ tags: 1 }, o),
  'd12-action': (o) => d12Simulate({ roll: 'safe', rating: 2, capacity: 3 }, o),
  'ring-skill': (o) => ringSimulate({ ring: 2, skill: 1, tn: 2 }, o),
};

const WRONG: [Record<string, unknown>, RegExp][] = [
  [{ trials: 0 }, /^options\.trials: 0 is not allowed \(expected an integer ≥ 1/],
  [{ trials: '1000' }, /^options\.trials: "1000" is not allowed /],
  [{ seed: -1 }, /^options\.seed: -1 is not allowed \(expected an integer ≥ 0/],
  [{ threads: 0 }, /^options\.threads: 0 is not allowed \(expected an integer from 1 to 256\)$/],
  // The CLI's --threads bound: 64 threads on 2 cores took 1.5 GB, and 1000 ran.
  [
    { trials: 10, threads: 1000 },
    /^options\.threads: 1000 is not allowed \(expected an integer from 1 to 256\)$/,
  ],
  [{ chunkSize: 0.5 }, /^options\.chunkSize: 0\.5 is not allowed /],
  // Once a batch was done, these were a TypeError from inside the run (or nothing at all).
  [
    { trials: 10, threads: 1, onProgress: 1 },
    /^options\.onProgress: 1 is not allowed \(expected a function\)$/,
  ],
  [
    { trials: 10, threads: 1, signal: {} },
    /^options\.signal: \{\} is not allowed \(expected an AbortSignal\)$/,
  ],
  // null is a value, refused as threads: null always was: trials, seed and chunkSize read it as
  // left out, so trials: null ran the default 1,000,000 trials without a word.
  [
    { trials: null },
    /^options\.trials: null \(an empty value\) is not allowed \(expected an integer ≥ 1/,
  ],
  [
    { trials: 10, seed: null },
    /^options\.seed: null \(an empty value\) is not allowed \(expected an integer ≥ 0/,
  ],
  [
    { trials: 10, chunkSize: null },
    /^options\.chunkSize: null \(an empty value\) is not allowed \(expected an integer from 1 to /,
  ],
  [
    { trials: 10, threads: null },
    /^options\.threads: null \(an empty value\) is not allowed \(expected an integer from 1 to 256\)$/,
  ],
  [
    { trials: 10, onProgress: null },
    /^options\.onProgress: null \(an empty value\) is not allowed \(expected a function\)$/,
  ],
];

describe("the library's simulate options", () => {
  it('are refused as options.<field>, in one line', async () => {
    for (const [entry, simulate] of Object.entries(SIMULATES))
      for (const [options, message] of WRONG) {
        const error = await simulate(options as SimulateOptions).catch((e: unknown) => e);
        expect(error, `${entry} ${JSON.stringify(options)}`).toMatchObject({
          name: 'InputError',
          message: expect.stringMatching(message),
        });
      }
  });

  it('with a signal aborted before any trial, reject with its reason (there is nothing to summarise)', async () => {
    const reason = new Error('the player closed the window');
    for (const [entry, simulate] of Object.entries(SIMULATES)) {
      const signal = AbortSignal.abort(reason);
      await expect(simulate({ trials: 10, threads: 1, signal }), entry).rejects.toBe(reason);
    }
    // A signal not aborted changes nothing.
    const signal = new AbortController().signal;
    const run = (await SIMULATES['d6-pool']!({ trials: 10, threads: 1, signal })) as {
      trials: number;
    };
    expect(run.trials).toBe(10);
  });

  it('stopped by its signal, resolve with the partial summary led by interrupted: true, as the CLI prints it', async () => {
    for (const [entry, simulate] of Object.entries(SIMULATES)) {
      const controller = new AbortController();
      const stopped = (await simulate({
        trials: 1e9,
        threads: 1,
        chunkSize: 1000,
        signal: controller.signal,
        // The first batch done: the run then stops before the next.
        onProgress: () => controller.abort(),
      })) as { interrupted?: boolean; seed: number; trials: number };
      expect(Object.keys(stopped).slice(0, 2), entry).toEqual(['interrupted', 'seed']);
      expect(stopped.interrupted, entry).toBe(true);
      expect(stopped.trials, entry).toBeLessThan(1e9);
    }
    const whole = await SIMULATES['d6-pool']!({ trials: 10, threads: 1 });
    expect(whole).not.toHaveProperty('interrupted');
  });
});
