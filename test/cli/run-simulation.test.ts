// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPartialResultFile } from '../../src/cli/partial-result-file.ts';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import { InputError } from '../../src/input/input-error.ts';
import { simulate } from '../../src/montecarlo/run.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { RunError } from '../../src/process/run-error.ts';

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
    await expect(run).rejects.toThrow(
      /^--partial: missing \(expected a file to write the shard's partial result to, with --shard\)$/,
    );
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
      { stderr },
    );
    expect(await readdir(dir)).toEqual(['shard-1.json']);
    const back = await readPartialResultFile(path);
    expect(back.partial.tally).toEqual(result.tally);
    expect(back.partial.shard).toEqual({ index: 1, count: 2 });
    expect(said).toMatch(/wrote .*shard-1\.json \(shard 1\/2, [\d,]+ trials\)/);
  });

  it('stopped by Ctrl-C, keeps a partial file already there (a finished shard rerun is not lost)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-kept-'));
    const path = join(dir, 'part-0.json');
    const shard = { ...options, shard: { index: 0, count: 2 }, partial: path };
    await runSimulation(kernel, spec, { ...shard, quiet: true });
    const finished = await readFile(path, 'utf8');
    const stderr = new PassThrough();
    let said = '';
    stderr.on('data', (chunk) => {
      said += String(chunk);
    });
    // Ctrl-C once the rerun listens for it (2^53 − 1 trials: it would run for years).
    const listening = process.listenerCount('SIGINT');
    const press = setInterval(() => {
      if (process.listenerCount('SIGINT') > listening) {
        clearInterval(press);
        process.emit('SIGINT');
      }
    }, 5);
    const exitCode = process.exitCode;
    try {
      const rerun = await runSimulation(
        kernel,
        spec,
        { ...shard, trials: Number.MAX_SAFE_INTEGER },
        { stderr: stderr as unknown as NodeJS.WriteStream },
      );
      expect(rerun.interrupted).toBe(true);
      expect(process.exitCode).toBe(EXIT.interrupted);
    } finally {
      clearInterval(press);
      process.exitCode = exitCode;
    }
    expect(await readFile(path, 'utf8')).toBe(finished);
    expect(await readdir(dir)).toEqual(['part-0.json']);
    expect(said).toMatch(
      /kept .*part-0\.json as it was: an interrupted run's partial result \(which merge refuses\) does not replace a file/,
    );
  });

  it('--shard auto writes the same partial file as the --shard i/n the array job names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-auto-'));
    const [auto, given] = [join(dir, 'auto.json'), join(dir, 'given.json')];
    const quiet = { ...options, quiet: true as const };
    const env = { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '3' };
    await runSimulation(
      kernel,
      spec,
      { ...quiet, shard: 'auto', shards: 3, partial: auto },
      { env },
    );
    await runSimulation(kernel, spec, { ...quiet, shard: { index: 2, count: 3 }, partial: given });
    expect(await readFile(auto, 'utf8')).toBe(await readFile(given, 'utf8'));
  });

  it('refuses --shards without --queue or --shard auto, and --queue or --shard auto without it', async () => {
    const cases: [object, RegExp][] = [
      [
        { shards: 3 },
        /^--shards: 3 is not allowed here \(expected only with --queue URL or --shard auto\)$/,
      ],
      [
        { shards: 3, shard: { index: 0, count: 3 }, partial: 'p.json' },
        /--shard i\/n gives the count itself/,
      ],
      [
        { queue: 'redis://127.0.0.1:1' },
        /^--shards: missing \(expected how many shard jobs --queue submits/,
      ],
      [{ shard: 'auto', partial: 'p.json' }, /^--shards: missing \(expected how many array tasks/],
    ];
    for (const [flags, message] of cases)
      await expect(
        runSimulation(kernel, spec, { ...options, ...flags }),
        JSON.stringify(flags),
      ).rejects.toThrow(message);
  });

  it('says which Redis it cannot reach, with status 69 (unavailable)', async () => {
    const run = runSimulation(kernel, spec, {
      ...options,
      quiet: true,
      queue: 'redis://:secret@127.0.0.1:1/0',
      shards: 2,
    });
    await expect(run).rejects.toThrow(RunError);
    await expect(run).rejects.toMatchObject({
      status: EXIT.unavailable,
      message:
        '--queue: cannot reach Redis at redis://:***@127.0.0.1:1/0 (connect ECONNREFUSED 127.0.0.1:1)',
    });
  });

  // /proc is there but takes no new file: a --partial there could never be written.
  it.skipIf(!existsSync('/proc/self'))(
    'refuses a --partial it cannot write before the run, not once it is done',
    async () => {
      // A shard of 2^53 − 1 trials would run for years before writing its file.
      const shard = runSimulation(kernel, spec, {
        ...options,
        trials: Number.MAX_SAFE_INTEGER,
        shard: { index: 0, count: 2 },
        partial: '/proc/dicelab-part-0.json',
      });
      await expect(shard).rejects.toThrow(
        '--partial: "/proc/dicelab-part-0.json" is not allowed (expected a file dicelab can write, but writing it fails: no such file or folder (ENOENT))',
      );
      // Before Redis too (none is at port 1: connecting first would say so instead).
      const queued = runSimulation(kernel, spec, {
        ...options,
        queue: 'redis://127.0.0.1:1',
        shards: 2,
        partial: '/proc/dicelab-parts/whole.json',
      });
      await expect(queued).rejects.toThrow(
        '--partial: "/proc/dicelab-parts/whole.json" is not allowed (expected a file dicelab can write, but making the folder /proc/dicelab-parts fails: no such file or folder (ENOENT))',
      );
    },
  );

  it('tries a --partial without leaving anything: no file, and no folder made', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-try-'));
    const path = join(dir, 'new', 'part.json');
    await runSimulation(kernel, spec, {
      ...options,
      queue: 'redis://127.0.0.1:1',
      shards: 2,
      partial: path,
    }).catch(() => {});
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses more shards than the run has chunks before it connects', async () => {
    const run = runSimulation(kernel, spec, {
      ...options,
      queue: 'redis://127.0.0.1:1',
      shards: 14,
    });
    await expect(run).rejects.toThrow(
      '--shards: 14 is not allowed (expected 1 to 13: the run has 13 chunks of 4,096 trials and a shard plays whole chunks; give more --trials or a smaller --chunk-size)',
    );
  });
});
