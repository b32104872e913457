// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import { mergePartials } from '../../src/montecarlo/merge-partials.ts';
import {
  type NamedPartial,
  type PartialResult,
  parsePartialResult,
  serializePartialResult,
} from '../../src/montecarlo/partial-result.ts';
import { type SimulationResult, simulate } from '../../src/montecarlo/run.ts';
import { summarizeResult } from '../../src/montecarlo/summarize-result.ts';
import { DICELAB_VERSION } from '../../src/process/version.ts';

const request = {
  kernel: 'systems/d6-pool/simulate' as const,
  spec: { stat: 3 },
  trials: 250_001,
  seed: 31,
  chunkSize: 4096,
  threads: 1,
};

/** Shard i of n as it comes back from a file: through JSON text and the format check. */
async function shardFile(index: number, count: number): Promise<NamedPartial> {
  const result = await simulate({ ...request, shard: { index, count } });
  const source = `part-${index}.json`;
  return { source, partial: await parsePartialResult(serializePartialResult(result), source) };
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

  // Partials as a caller could hand them over in memory (past the file checks).
  const change = (i: number, edit: (p: PartialResult) => PartialResult): NamedPartial[] =>
    parts.map((part, j) =>
      j === i ? { ...part, partial: edit(structuredClone(part.partial)) } : part,
    );

  it.each<[string, () => NamedPartial[], RegExp]>([
    ['no files', () => [], /^merge: no partial results given/],
    ['a missing shard', () => [parts[0]!, parts[2]!], /^merge: shard 1\/3 is missing/],
    [
      'a shard twice',
      () => [parts[0]!, parts[1]!, { ...parts[1]!, source: 'copy-of-1.json' }, parts[2]!],
      /^copy-of-1\.json: shard\.index: 1 is not allowed \(expected each shard once \(part-1\.json is shard 1 too\)\)$/,
    ],
    ['the same file twice', () => [parts[0]!, parts[1]!, parts[1]!], /^part-1\.json: given twice/],
    [
      'another seed',
      () => change(1, (p) => ({ ...p, seed: 32 })),
      /^part-1\.json: seed: 32 is not allowed \(expected 31 as in part-0\.json\)/,
    ],
    [
      'another kernel',
      () => change(2, (p) => ({ ...p, kernel: 'systems/tags-2d6/simulate' })),
      /^part-2\.json: kernel: "systems\/tags-2d6\/simulate" is not allowed \(expected "systems\/d6-pool\/simulate" as in part-0\.json\)/,
    ],
    [
      'another spec',
      () => change(2, (p) => ({ ...p, spec: { stat: 4 } })),
      /^part-2\.json: spec\.stat: 4 is not allowed \(expected 3 as in part-0\.json: shards of one run share its spec\)$/,
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
      'another dicelab',
      () => change(1, (p) => ({ ...p, dicelab: '9.9.9' })),
      new RegExp(
        `^part-1\\.json: dicelab: "9\\.9\\.9" is not allowed \\(expected "${DICELAB_VERSION.replaceAll('.', '\\.')}" as in part-0\\.json\\)`,
      ),
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
    const mixed = parts.map((part, j) => ({
      ...part,
      partial: { ...part.partial, spec: j === 1 ? { b: [2, 3], a: 1 } : { a: 1, b: [2, 3] } },
    }));
    expect(mergePartials(mixed).tally).toEqual(whole.tally);
  });
});
