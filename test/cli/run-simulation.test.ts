import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPartialResultFile } from '../../src/cli/partial-result-file.ts';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import { InputError } from '../../src/input-error.ts';
import { simulate } from '../../src/montecarlo/run.ts';

const kernel = 'systems/d6-pool/simulate';
const spec = { stat: 2 };
const options = { trials: 50_000, seed: 3, chunkSize: 4096, threads: 1 };

describe('runSimulation', () => {
  it('runs the request the flags describe', async () => {
    const result = await runSimulation(kernel, spec, { ...options, quiet: true });
    expect(result).toEqual(await simulate({ kernel, spec, ...options }));
  });

  it('refuses --shard without --partial before any work', async () => {
    const run = runSimulation(kernel, spec, { ...options, shard: { index: 0, count: 2 } });
    await expect(run).rejects.toThrow(InputError);
    await expect(run).rejects.toThrow(/^--partial: nothing is not allowed/);
  });

  it('writes the partial file atomically (no temporary file left) and reads it back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-partial-'));
    const path = join(dir, 'shard-1.json');
    const stderr = Object.assign(new PassThrough(), {
      isTTY: false,
    }) as unknown as NodeJS.WriteStream;
    let said = '';
    stderr.on('data', (chunk) => {
      said += String(chunk);
    });
    const result = await runSimulation(
      kernel,
      spec,
      { ...options, shard: { index: 1, count: 2 }, partial: path },
      stderr,
    );
    expect(await readdir(dir)).toEqual(['shard-1.json']);
    const back = await readPartialResultFile(path);
    expect(back.partial.tally).toEqual(result.tally);
    expect(back.partial.shard).toEqual({ index: 1, count: 2 });
    expect(said).toMatch(/wrote .*shard-1\.json \(shard 1\/2, \d+ trials\)/);
  });
});
