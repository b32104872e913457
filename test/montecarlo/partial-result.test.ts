import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input-error.ts';
import {
  PARTIAL_RESULT_FORMAT,
  PARTIAL_RESULT_VERSION,
  parsePartialResult,
  toPartialResult,
} from '../../src/montecarlo/partial-result.ts';
import type { SimulationResult } from '../../src/montecarlo/run.ts';

const result: SimulationResult = {
  kernel: 'systems/d6-pool/simulate',
  spec: { stat: 3 },
  seed: 7,
  trials: 1000,
  chunkSize: 100,
  shard: { index: 1, count: 2 },
  chunksDone: 5,
  completedTrials: 500,
  tally: [120, 380],
  interrupted: false,
};

describe('partial result files', () => {
  it('round-trips through JSON text with its format tag and version', () => {
    const partial = toPartialResult(result);
    expect(partial).toMatchObject({
      format: PARTIAL_RESULT_FORMAT,
      version: PARTIAL_RESULT_VERSION,
    });
    expect(parsePartialResult(JSON.parse(JSON.stringify(partial)), 'p.json')).toEqual(partial);
  });

  it('records an unsharded run as shard 0 of 1', () => {
    const { shard: _, ...whole } = result;
    expect(toPartialResult(whole).shard).toEqual({ index: 0, count: 1 });
  });

  it('rejects anything else, naming the file and the field', () => {
    const good = toPartialResult(result) as unknown as Record<string, unknown>;
    const cases: [unknown, RegExp][] = [
      [[], /^p\.json: not a dicelab partial result/],
      [{ ...good, format: 'other' }, /^p\.json: format: "other" is not allowed/],
      [{ ...good, version: 2 }, /^p\.json: version: 2 is not allowed/],
      [{ ...good, kernel: 3 }, /^p\.json: kernel: 3/],
      [{ ...good, seed: -1 }, /^p\.json: seed: -1/],
      [{ ...good, trials: 0 }, /^p\.json: trials: 0/],
      [{ ...good, shard: { index: 2, count: 2 } }, /^p\.json: shard\.index: 2 .*from 0 to 1/],
      [{ ...good, shard: null }, /^p\.json: shard: null/],
      [{ ...good, interrupted: 'no' }, /^p\.json: interrupted: "no"/],
      [{ ...good, tally: [1, 2.5] }, /^p\.json: tally\[1\]: 2\.5 is not allowed/],
      [{ ...good, tally: 'x' }, /^p\.json: tally: "x"/],
    ];
    for (const [value, message] of cases) {
      expect(() => parsePartialResult(value, 'p.json')).toThrow(InputError);
      expect(() => parsePartialResult(value, 'p.json')).toThrow(message);
    }
    const { spec: _, ...noSpec } = good;
    expect(() => parsePartialResult(noSpec, 'p.json')).toThrow(/^p\.json: spec: nothing/);
  });
});
