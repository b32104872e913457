// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import { LocalKernel } from '../../src/montecarlo/load-kernel.ts';
import {
  PARTIAL_RESULT_FORMAT,
  PARTIAL_RESULT_VERSION,
  parsePartialResult,
  partialChecksum,
  serializePartialResult,
} from '../../src/montecarlo/partial-result.ts';
import { type SimulationResult, simulate } from '../../src/montecarlo/run.ts';
import { summarizeResult } from '../../src/montecarlo/summarize-result.ts';
import { DICELAB_VERSION } from '../../src/process/version.ts';
import { STORED_ON_QUEUE } from '../../src/queue/queue-job.ts';
import { parseRoll } from '../../src/systems/zidara/roll/spec.ts';
import { simulationSpec } from '../../src/systems/zidara/simulate.ts';

/** A real shard of a real run: d6 pool, stat 4 (three outcomes, summing to the trials). */
const shard = await simulate({
  kernel: 'systems/d6-pool/simulate',
  spec: { stat: 4 },
  trials: 50_000,
  seed: 7,
  chunkSize: 4096,
  threads: 1,
  shard: { index: 1, count: 3 },
});
const text = serializePartialResult(shard);
type Fields = Record<string, unknown> & { tally: number[] };

/** The file's content after `edit`, with its checksum made to match (so the invariants speak). */
function edited(edit: (fields: Fields) => void, base = text): string {
  const fields = JSON.parse(base) as Fields;
  edit(fields);
  return JSON.stringify({ ...fields, checksum: partialChecksum(fields) });
}

describe('partial result files', () => {
  it('round-trip through their text: format, versions, checksum, every field', async () => {
    const parsed = await parsePartialResult(text, 'p.json');
    expect(parsed).toEqual({
      format: PARTIAL_RESULT_FORMAT,
      version: PARTIAL_RESULT_VERSION,
      dicelab: DICELAB_VERSION,
      kernel: 'systems/d6-pool/simulate',
      spec: { stat: 4 },
      seed: 7,
      trials: 50_000,
      chunkSize: 4096,
      shard: { index: 1, count: 3 },
      chunksDone: shard.chunksDone,
      completedTrials: shard.completedTrials,
      interrupted: false,
      tally: shard.tally,
    });
    expect(JSON.parse(text).checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The checksum is of the values, not the layout: a reformatted file still reads.
    await expect(
      parsePartialResult(JSON.stringify(JSON.parse(text), null, 4), 'p.json'),
    ).resolves.toEqual(parsed);
  });

  it('records an unsharded run as shard 0 of 1', () => {
    const { shard: _, ...whole } = shard;
    expect(JSON.parse(serializePartialResult(whole)).shard).toEqual({ index: 0, count: 1 });
  });

  it("will not write a local kernel's run: a file can only name dicelab's own kernels", () => {
    const local: SimulationResult = {
      ...shard,
      kernel: new LocalKernel(new URL('./high-faces-kernel.ts', import.meta.url)),
    };
    expect(() => serializePartialResult(local)).toThrow(/cannot be written as a partial result/);
  });

  it('catches a file changed or damaged after it was written (checksum)', async () => {
    const fields = JSON.parse(text) as Fields;
    const oneSlot = JSON.stringify({
      ...fields,
      tally: [fields.tally[0]! + 1, ...fields.tally.slice(1)],
    });
    await expect(parsePartialResult(oneSlot, 'p.json')).rejects.toThrow(
      /^p\.json: checksum: "?sha256:[0-9a-f]{64}"? does not match the content \(sha256:[0-9a-f]{64}\): the file was damaged or changed/,
    );
    // Read back from Redis there is no file: it said "the file was damaged" all the same.
    await expect(parsePartialResult(oneSlot, 'shard job r-0', STORED_ON_QUEUE)).rejects.toThrow(
      /^shard job r-0: checksum: .* does not match the content \(sha256:[0-9a-f]{64}\): the result stored on the queue was damaged or changed after it was written$/,
    );
    const noChecksum = JSON.stringify({ ...fields, checksum: undefined });
    await expect(parsePartialResult(noChecksum, 'p.json')).rejects.toThrow(
      /^p\.json: checksum: undefined does not match/,
    );
    await expect(parsePartialResult(text.slice(0, 100), 'p.json')).rejects.toThrow(
      /^p\.json:1:\d+: not JSON \(/,
    );
  });

  it.each<[string, (f: Fields) => void, RegExp]>([
    [
      'another format',
      (f) => {
        f.format = 'other';
      },
      /^p\.json: format: "other" is not allowed/,
    ],
    [
      'another format version',
      (f) => {
        f.version = 1;
      },
      /^p\.json: version: 1 is not allowed/,
    ],
    [
      'another dicelab version',
      (f) => {
        f.dicelab = '0.0.9';
      },
      new RegExp(
        `^p\\.json: dicelab: "0\\.0\\.9" is not allowed \\(expected "${DICELAB_VERSION.replaceAll('.', '\\.')}": run every shard and the merge with one dicelab version\\)`,
      ),
    ],
    [
      'a file of another dicelab whose layout differs too, by that dicelab',
      (f) => {
        f.dicelab = '0.3.0';
        f.version = 3;
      },
      /^p\.json: dicelab: "0\.3\.0" is not allowed \(expected "[^"]+": run every shard and the merge with one dicelab version\)/,
    ],
    [
      'an unknown field',
      (f) => {
        f.extra = 1;
      },
      /^p\.json: extra: 1 is not allowed \(expected no such field/,
    ],
    [
      'a kernel given as a file URL',
      (f) => {
        f.kernel = 'file:///tmp/evil.mjs';
      },
      /^p\.json: kernel: "file:\/\/\/tmp\/evil\.mjs" is not allowed \(expected one of dicelab's kernels: /,
    ],
    [
      'a kernel id off the registry',
      (f) => {
        f.kernel = '__proto__';
      },
      /^p\.json: kernel: "__proto__"/,
    ],
    [
      'a negative seed',
      (f) => {
        f.seed = -1;
      },
      /^p\.json: seed: -1 is not allowed/,
    ],
    [
      'no trials',
      (f) => {
        f.trials = 0;
      },
      /^p\.json: trials: 0/,
    ],
    [
      'a chunk size beyond 2^30',
      (f) => {
        f.chunkSize = 2 ** 31;
      },
      /^p\.json: chunkSize: 2147483648/,
    ],
    [
      'a shard index past the count',
      (f) => {
        f.shard = { index: 3, count: 3 };
      },
      /^p\.json: shard\.index: 3 is not allowed \(expected an integer from 0 to 2\)/,
    ],
    [
      'no shard',
      (f) => {
        f.shard = null;
      },
      /^p\.json: shard: null/,
    ],
    [
      'more chunks than the shard has',
      (f) => {
        f.chunksDone = 99;
      },
      /^p\.json: chunksDone: 99 is not allowed \(expected an integer from 0 to 4\)/,
    ],
    [
      'trials that do not match the chunks',
      (f) => {
        f.completedTrials = 5;
      },
      /^p\.json: completedTrials: 5 is not allowed \(expected 16384, the trials of its 4 chunks\)/,
    ],
    [
      'a complete shard marked interrupted',
      (f) => {
        f.interrupted = true;
      },
      /^p\.json: interrupted: true is not allowed \(expected false \(the shard has 4 chunks and 4 were played\)\)/,
    ],
    [
      'a count set to −5000',
      (f) => {
        f.tally[0] = -5000;
      },
      /^p\.json: tally\[0\]: -5000 is not allowed \(expected a whole number of counts ≥ 0\)/,
    ],
    [
      'a count that is not whole',
      (f) => {
        f.tally[1] = 2.5;
      },
      /^p\.json: tally\[1\]: 2\.5/,
    ],
    [
      'one count changed',
      (f) => {
        f.tally[2] = f.tally[2]! + 1;
      },
      /^p\.json: tally\[0\.\.2\] \(outcomes\) sum to \d+, not the \d+ trials: no run gives these counts/,
    ],
    [
      'a count 1000 times the trials',
      (f) => {
        f.tally[1] = 1000 * (f.completedTrials as number);
      },
      /^p\.json: tally\[0\.\.2\] \(outcomes\) sum to/,
    ],
    [
      'a slot too many',
      (f) => {
        f.tally.push(0);
      },
      /^p\.json: tally: "4 slots" is not allowed \(expected 3 slots/,
    ],
    [
      'a spec the kernel refuses',
      (f) => {
        f.spec = { stat: 0 };
      },
      /^p\.json: spec: stat: 0 is not allowed/,
    ],
  ])('refuses %s, naming the file and the field (exit 2)', async (_name, edit, message) => {
    const attempt = parsePartialResult(edited(edit), 'p.json');
    await expect(attempt).rejects.toThrow(InputError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('says a summary printed with --json (a merged result) is not one, and what merge reads', async () => {
    const summary = `${JSON.stringify(await summarizeResult(shard), null, 2)}\n`;
    await expect(parsePartialResult(summary, 'merged.json')).rejects.toThrow(
      'merged.json: not a dicelab partial result (no "format" field: a summary printed with --json cannot be merged again; give merge the files --partial wrote)',
    );
  });

  it("refuses a Zi'Dara partial whose tally would give a negative win chance", async () => {
    const roll = parseRoll({
      threats: [{ challenge: 3 }],
      dice: [
        { sides: 12, intent: 0 },
        { sides: 4, intent: 1 },
      ],
    });
    const run = await simulate({
      kernel: 'systems/zidara/simulate',
      spec: simulationSpec(roll),
      trials: 20_000,
      seed: 3,
      threads: 1,
    });
    const base = serializePartialResult(run);
    const first = (JSON.parse(base) as Fields).tally.findIndex((n) => n > 0);
    await expect(
      parsePartialResult(
        edited((f) => {
          f.tally[first] = -5000;
        }, base),
        'z.json',
      ),
    ).rejects.toThrow(/^z\.json: tally\[\d+\]: -5000 is not allowed/);
    await expect(
      parsePartialResult(
        edited((f) => {
          f.tally[first] = f.tally[first]! - 1;
        }, base),
        'z.json',
      ),
    ).rejects.toThrow(
      /^z\.json: tally\[0\.\.\d+\] \(outcomes\) sum to 19999, not the 20000 trials/,
    );
  });
});
