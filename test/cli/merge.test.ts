import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import type { SimulationOptions } from '../../src/cli/simulation-flags.ts';
import { simulate } from '../../src/montecarlo/run.ts';
import { summarizeResult } from '../../src/montecarlo/summarize-result.ts';
import { cliInProcess } from './cli-in-process.ts';

const kernel = new URL('../montecarlo/high-faces-kernel.ts', import.meta.url).href;
const spec = { dice: 5, sides: 6, atLeast: 6 };
const options: SimulationOptions = {
  trials: 300_000,
  seed: 77,
  chunkSize: 8192,
  threads: 1,
  quiet: true,
};

const cli = cliInProcess;

describe('dicelab merge', () => {
  let dir: string;
  let files: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dicelab-merge-'));
    files = [0, 1, 2].map((i) => join(dir, `part-${i}.json`));
    for (const [i, partial] of files.entries())
      await runSimulation(kernel, spec, { ...options, shard: { index: i, count: 3 }, partial });
  });
  afterEach(() => vi.restoreAllMocks());

  it('prints exactly the summary of one unsharded run (--json)', async () => {
    const whole = await simulate({ kernel, spec, ...options });
    const { status, stdout, stderr } = await cli(
      'merge',
      files[2]!,
      files[0]!,
      files[1]!,
      '--json',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toBe(`${JSON.stringify(await summarizeResult(whole), null, 2)}\n`);
  });

  it('prints a readable header and the summary without --json', async () => {
    const { status, stdout } = await cli('merge', ...files);
    expect(status).toBe(0);
    expect(stdout).toMatch(
      /^merged 3 shards of .*high-faces-kernel\.ts: 300,000 trials, seed 77, chunk size 8192\n\{/,
    );
  });

  it('writes a partial file in the documented format', async () => {
    const partial = JSON.parse(await readFile(files[1]!, 'utf8'));
    expect(partial).toMatchObject({
      format: 'dicelab-partial-result',
      version: 1,
      kernel,
      spec,
      seed: 77,
      trials: 300_000,
      chunkSize: 8192,
      shard: { index: 1, count: 3 },
      interrupted: false,
    });
  });

  it('rejects sets that do not belong together: one line, exit status 2', async () => {
    const missing = await cli('merge', files[0]!, files[2]!);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^dicelab: merge: shard 1\/3 is missing .*\n$/);
    expect(missing.stdout).toBe('');

    const other = join(dir, 'other-seed.json');
    await runSimulation(kernel, spec, {
      ...options,
      seed: 78,
      shard: { index: 1, count: 3 },
      partial: other,
    });
    const mixed = await cli('merge', files[0]!, other, files[2]!);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toBe(
      `dicelab: ${other}: seed: 78 is not allowed (expected 77 as in ${files[0]})\n`,
    );

    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"format": "dicelab-partial-result", "version": 9}');
    expect((await cli('merge', broken)).stderr).toBe(
      `dicelab: ${broken}: version: 9 is not allowed (expected 1 (written by this dicelab))\n`,
    );
    expect((await cli('merge', join(dir, 'nope.json'))).stderr).toMatch(
      /nope\.json: cannot be read \(ENOENT\)/,
    );
    expect((await cli('merge')).status).toBe(2);
  });
});
