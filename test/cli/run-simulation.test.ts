// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPartialResultFile } from '../../src/cli/partial-result-file.ts';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import { InputError, showValue } from '../../src/input/input-error.ts';
import { type Shard, simulate } from '../../src/montecarlo/run.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { RunError } from '../../src/process/run-error.ts';
import { DICELAB_VERSION } from '../../src/process/version.ts';
import { cliInProcess } from './cli-in-process.ts';

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
    // The finished shard's file lands once the rerun plays: one of other trials already there
    // is refused before the run (see below), and this rerun has other trials to run for long.
    const elsewhere = join(dir, 'finished.json');
    await runSimulation(kernel, spec, { ...shard, partial: elsewhere, quiet: true });
    const finished = await readFile(elsewhere, 'utf8');
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
        writeFileSync(path, finished);
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
    expect((await readdir(dir)).sort()).toEqual(['finished.json', 'part-0.json']);
    expect(said).toMatch(
      /kept .*part-0\.json as it was: an interrupted run's partial result \(which merge refuses\) does not replace a file/,
    );
  });

  describe("a --partial file that holds another shard's partial result", () => {
    const refusal = (path: string, why: string) =>
      `--partial: ${showValue(path)} is not allowed (expected a new file or this shard's own partial result, but ${why})`;
    const finishedShard = async (name: string) => {
      const dir = await mkdtemp(join(tmpdir(), 'dicelab-other-shard-'));
      const path = join(dir, name);
      await runSimulation(kernel, spec, {
        ...options,
        shard: { index: 0, count: 3 },
        partial: path,
        quiet: true,
      });
      return { dir, path, finished: await readFile(path, 'utf8') };
    };

    it('is refused before the run, and kept as it was', async () => {
      const { dir, path, finished } = await finishedShard('p0.json');
      // A run of 2^53 − 1 trials would play for years: its refusal comes before the run.
      const long = Number.MAX_SAFE_INTEGER;
      const cases: [Partial<typeof options> & { shard: Shard }, unknown, string][] = [
        [
          { shard: { index: 1, count: 3 } },
          spec,
          'it holds shard 0/3 of this run: give each shard its own file',
        ],
        [
          { shard: { index: 0, count: 3 }, trials: long },
          spec,
          `it holds shard 0/3 of another run (its trials is 50000, this run's ${long}): remove it or give another file`,
        ],
        [
          { shard: { index: 0, count: 2 }, trials: long },
          spec,
          `it holds shard 0/3 of another run (its trials is 50000, this run's ${long}): remove it or give another file`,
        ],
        [
          { shard: { index: 0, count: 2 } },
          spec,
          "it holds shard 0/3 of another run (its shard.count is 3, this run's 2): remove it or give another file",
        ],
        [
          { shard: { index: 0, count: 3 }, seed: 4, trials: long },
          spec,
          "it holds shard 0/3 of another run (its seed is 3, this run's 4): remove it or give another file",
        ],
        [
          { shard: { index: 0, count: 3 }, trials: long },
          { stat: 3 },
          "it holds shard 0/3 of another run (its spec.stat is 2, this run's 3): remove it or give another file",
        ],
      ];
      for (const [flags, other, why] of cases) {
        const run = runSimulation(kernel, other, { ...options, ...flags, partial: path });
        await expect(run).rejects.toThrow(InputError);
        await expect(run).rejects.toThrow(refusal(path, why));
      }
      expect(await readFile(path, 'utf8')).toBe(finished);
      expect(await readdir(dir)).toEqual(['p0.json']);
    });

    it('is refused again before the write when it lands during the run, and kept as it was', async () => {
      const { dir, finished } = await finishedShard('p0.json');
      const path = join(dir, 'p1.json');
      // Another run's shard 0 lands at this shard's --partial once it plays (it listens for
      // Ctrl-C then); no file was there when the run was checked before it began.
      const listening = process.listenerCount('SIGINT');
      let landed = false;
      const land = setInterval(() => {
        if (process.listenerCount('SIGINT') > listening) {
          clearInterval(land);
          writeFileSync(path, finished);
          landed = true;
        }
      }, 1);
      try {
        const run = runSimulation(kernel, spec, {
          ...options,
          trials: 4_000_000,
          shard: { index: 1, count: 3 },
          partial: path,
          quiet: true,
        });
        await expect(run).rejects.toThrow(
          refusal(
            path,
            "it holds shard 0/3 of another run (its trials is 50000, this run's 4000000): remove it or give another file",
          ),
        );
      } finally {
        clearInterval(land);
      }
      expect(landed).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(finished);
    });

    it('is replaced by a rerun of the same shard, as an empty file is', async () => {
      const { path, finished } = await finishedShard('p0.json');
      await writeFile(path, finished.replace('"interrupted":false', '"interrupted":true'));
      const shard = { ...options, shard: { index: 0, count: 3 }, quiet: true as const };
      await runSimulation(kernel, spec, { ...shard, partial: path });
      expect(await readFile(path, 'utf8')).toBe(finished);
      const empty = join(dirname(path), 'empty.json');
      await writeFile(empty, '');
      await runSimulation(kernel, spec, { ...shard, partial: empty });
      expect(await readFile(empty, 'utf8')).toBe(finished);
    });

    it("a file that is no partial result, or another dicelab's, is refused; a damaged one replaced", async () => {
      const { dir, path, finished } = await finishedShard('p0.json');
      const notes = join(dir, 'notes.txt');
      const older = join(dir, 'older.json');
      const summary = join(dir, 'summary.json');
      await writeFile(notes, 'the balance notes of a whole afternoon\n');
      await writeFile(
        older,
        finished.replace(`"dicelab":"${DICELAB_VERSION}"`, '"dicelab":"0.0.1"'),
      );
      await writeFile(summary, '{"trials": 50000}\n');
      const shard = { ...options, shard: { index: 1, count: 3 }, quiet: true as const };
      for (const [file, why] of [
        [notes, 'it holds no partial result'],
        [summary, 'it holds no partial result'],
        [
          older,
          `it holds a partial result of dicelab "0.0.1" (this is ${JSON.stringify(DICELAB_VERSION)})`,
        ],
      ] as const) {
        const before = await readFile(file, 'utf8');
        await expect(runSimulation(kernel, spec, { ...shard, partial: file })).rejects.toThrow(
          refusal(file, `${why}: remove it or give another file`),
        );
        expect(await readFile(file, 'utf8')).toBe(before);
      }
      // Merge refuses a damaged file (its checksum no longer matches): a rerun may replace it.
      await writeFile(path, finished.replace('"seed":3', '"seed":30'));
      await runSimulation(kernel, spec, { ...shard, partial: path });
      expect((await readPartialResultFile(path)).partial.shard).toEqual({ index: 1, count: 3 });
    });

    it('as the CLI says it: one line naming --partial, exit status 2', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'dicelab-other-shard-'));
      const p0 = join(dir, 'p0.json');
      const roll = ['zidara', 'simulate', 'd12', 'd4', '--vs', '3', '--trials', '1e5', '-q'];
      expect((await cliInProcess(...roll, '--shard', '0/3', '--partial', p0)).status).toBe(0);
      const finished = await readFile(p0, 'utf8');
      const { status, stdout, stderr } = await cliInProcess(
        ...roll,
        '--shard',
        '1/3',
        '--partial',
        p0,
      );
      expect([status, stdout, stderr]).toEqual([
        2,
        '',
        `dicelab: ${refusal(p0, 'it holds shard 0/3 of this run: give each shard its own file')}\n`,
      ]);
      expect(await readFile(p0, 'utf8')).toBe(finished);
    });
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
