import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/input-error.ts';
import { mergePartials, type NamedPartial } from '../../src/montecarlo/merge-partials.ts';
import {
  type PartialResult,
  parsePartialResult,
  toPartialResult,
} from '../../src/montecarlo/partial-result.ts';
import { type SimulationResult, simulate } from '../../src/montecarlo/run.ts';
import { summarizeResult } from '../../src/montecarlo/summarize-result.ts';

const kernel = new URL('./high-faces-kernel.ts', import.meta.url).href;
const request = {
  kernel,
  spec: { dice: 3, sides: 6, atLeast: 5 },
  trials: 250_001,
  seed: 31,
  chunkSize: 4096,
  threads: 1,
};

/** Shard i of n as it comes back from a file: through JSON text and the format check. */
async function shardFile(index: number, count: number): Promise<NamedPartial> {
  const result = await simulate({ ...request, shard: { index, count } });
  const source = `part-${index}.json`;
  const text = JSON.stringify(toPartialResult(result));
  return { source, partial: parsePartialResult(JSON.parse(text), source) };
}

describe('mergePartials', () => {
  let whole: SimulationResult;
  let parts: NamedPartial[];
  beforeAll(async () => {
    whole = await simulate(request);
    parts = await Promise.all([0, 1, 2].map((i) => shardFile(i, 3)));
  });

  it('gives exactly the result of one run: same tallies, same summary', async () => {
    const merged = mergePartials(parts);
    expect(merged).toEqual(whole);
    expect(merged.tally).toEqual(whole.tally);
    expect(JSON.stringify(await summarizeResult(merged))).toBe(
      JSON.stringify(await summarizeResult(whole)),
    );
    // In any order.
    expect(mergePartials([parts[2]!, parts[0]!, parts[1]!])).toEqual(whole);
  });

  it('merges a single 0/1 partial into the whole run', async () => {
    expect(mergePartials([await shardFile(0, 1)])).toEqual(whole);
  });

  const change = (i: number, edit: (p: PartialResult) => PartialResult): NamedPartial[] =>
    parts.map((part, j) =>
      j === i ? { ...part, partial: edit(structuredClone(part.partial)) } : part,
    );

  it.each<[string, () => NamedPartial[], RegExp]>([
    ['no files', () => [], /^merge: no partial results given/],
    ['a missing shard', () => [parts[0]!, parts[2]!], /^merge: shard 1\/3 is missing/],
    [
      'a shard twice',
      () => [parts[0]!, parts[1]!, parts[1]!],
      /^part-1\.json: shard\.index: 1 .*each shard once/,
    ],
    [
      'another seed',
      () => change(1, (p) => ({ ...p, seed: 32 })),
      /^part-1\.json: seed: 32 is not allowed \(expected 31 as in part-0\.json\)/,
    ],
    [
      'another kernel',
      () => change(2, (p) => ({ ...p, kernel: 'x/y' })),
      /^part-2\.json: kernel: "x\/y"/,
    ],
    [
      'another spec',
      () => change(2, (p) => ({ ...p, spec: { dice: 4, sides: 6, atLeast: 5 } })),
      /^part-2\.json: spec:/,
    ],
    [
      'another trials',
      () => change(1, (p) => ({ ...p, trials: 250_000 })),
      /^part-1\.json: trials: 250000/,
    ],
    [
      'another chunk size',
      () => change(1, (p) => ({ ...p, chunkSize: 2048 })),
      /^part-1\.json: chunkSize: 2048/,
    ],
    [
      'another shard count',
      () => change(2, (p) => ({ ...p, shard: { index: 2, count: 4 } })),
      /^part-2\.json: shard\.count: 4/,
    ],
    [
      'an interrupted shard',
      () => change(0, (p) => ({ ...p, interrupted: true })),
      /^part-0\.json: interrupted: true/,
    ],
    [
      'a short shard',
      () => change(0, (p) => ({ ...p, chunksDone: p.chunksDone - 1 })),
      /^part-0\.json: chunksDone:/,
    ],
    [
      'wrong trial count',
      () => change(0, (p) => ({ ...p, completedTrials: 5 })),
      /^part-0\.json: completedTrials: 5/,
    ],
    [
      'another tally size',
      () => change(1, (p) => ({ ...p, tally: [1, 2] })),
      /^part-1\.json: tally: "2 slots"/,
    ],
  ])('rejects %s, naming the file and the field', (_name, parts, message) => {
    expect(() => mergePartials(parts())).toThrow(InputError);
    expect(() => mergePartials(parts())).toThrow(message);
  });

  it('compares specs by content, not key order', () => {
    const reordered = change(1, (p) => ({ ...p, spec: { atLeast: 5, sides: 6, dice: 3 } }));
    expect(mergePartials(reordered).tally).toEqual(whole.tally);
  });
});
