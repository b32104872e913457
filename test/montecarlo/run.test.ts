// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import { LocalKernel } from '../../src/montecarlo/load-kernel.ts';
import { type SimulationRequest, simulate } from '../../src/montecarlo/run.ts';
import { builtUrl } from '../built.ts';

const highFaces = new LocalKernel(new URL('./high-faces-kernel.ts', import.meta.url));
const lowBitUrl = new URL('./low-bit-kernel.mjs', import.meta.url);
const lowBit = new LocalKernel(lowBitUrl);
const spec = { dice: 4, sides: 6, atLeast: 5 };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('simulate', () => {
  const base: SimulationRequest = {
    kernel: highFaces,
    spec,
    trials: 600_000,
    seed: 11,
    chunkSize: 8192,
  };

  it('gives bit-identical tallies in one thread and when handing over to a 2-thread pool', async () => {
    const progress: number[] = [];
    const one = await simulate({ ...base, threads: 1 });
    // threads unset and a zero threshold: the first batch here, the rest on a pool.
    const handedOver = await simulate({
      ...base,
      poolThresholdMs: 0,
      onProgress: (done, total) => {
        expect(total).toBe(600_000);
        progress.push(done);
      },
    });
    expect(handedOver).toEqual(one);
    expect(await simulate({ ...base })).toEqual(one); // small: stays in this thread
    expect(one).toMatchObject({
      trials: 600_000,
      chunksDone: 74,
      completedTrials: 600_000,
      interrupted: false,
    });
    expect(one.shard).toBeUndefined();
    expect(sum(one.tally)).toBe(600_000);
    // Progress went up to the total, in batches (fewer messages than chunks).
    expect(progress.at(-1)).toBe(600_000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeLessThan(74);
  });

  it('depends on the seed and the chunk size (both are part of the identity)', async () => {
    const small = { ...base, trials: 50_000, threads: 1 };
    const a = await simulate(small);
    expect((await simulate(small)).tally).toEqual(a.tally);
    expect((await simulate({ ...small, seed: 12 })).tally).not.toEqual(a.tally);
    expect((await simulate({ ...small, chunkSize: 4096 })).tally).not.toEqual(a.tally);
  });

  it('runs one shard: its chunks only, and says which shard it is', async () => {
    const shard = await simulate({ ...base, threads: 1, shard: { index: 1, count: 3 } });
    // 74 chunks: shard 1 has chunks 1, 4, …, 73 (25 of them); chunk 73 is short (2 000 + … trials).
    expect(shard.shard).toEqual({ index: 1, count: 3 });
    expect(shard.chunksDone).toBe(25);
    expect(shard.completedTrials).toBe(24 * 8192 + (600_000 - 73 * 8192));
    expect(sum(shard.tally)).toBe(shard.completedTrials);
    const empty = await simulate({
      ...base,
      trials: 10,
      threads: 1,
      shard: { index: 2, count: 3 },
    });
    expect(empty).toMatchObject({ chunksDone: 0, completedTrials: 0, interrupted: false });
  });

  it('stops on abort, on a pool and in one thread', async () => {
    for (const threads of [2, 1]) {
      const controller = new AbortController();
      const result = await simulate({
        ...base,
        trials: 20_000_000,
        threads,
        onProgress: () => controller.abort(),
        signal: controller.signal,
      });
      expect(result.interrupted).toBe(true);
      expect(result.chunksDone).toBeGreaterThan(0);
      expect(result.completedTrials).toBeLessThan(20_000_000);
      expect(sum(result.tally)).toBe(result.completedTrials);
    }
    const already = AbortSignal.abort();
    const none = await simulate({ ...base, threads: 2, signal: already });
    expect(none).toMatchObject({ chunksDone: 0, completedTrials: 0, interrupted: true });
  });

  it('plays chunks bigger than the default on a worker thread: an abort stops even one long chunk', async () => {
    // The same tallies on one thread (a worker's) as on a pool of two.
    const big = { ...base, trials: 400_000, chunkSize: 200_000 };
    expect(await simulate({ ...big, threads: 1 })).toEqual(await simulate({ ...big, threads: 2 }));
    // One chunk of 2^28 trials, far longer than this test: played in this thread, the timer
    // could not fire until it was done.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 500);
    const stopped = await simulate({
      ...base,
      trials: 2 ** 28,
      chunkSize: 2 ** 28,
      threads: 1,
      signal: controller.signal,
    });
    clearTimeout(timer);
    expect(stopped).toMatchObject({ chunksDone: 0, completedTrials: 0, interrupted: true });
  }, 60_000);

  it('rejects a bad request before any work, naming the field', async () => {
    const bad: [Partial<SimulationRequest>, RegExp][] = [
      [{ trials: 0 }, /^trials: 0 is not allowed/],
      [{ trials: 1.5 }, /^trials/],
      [{ seed: -1 }, /^seed: -1/],
      [{ chunkSize: 0 }, /^chunkSize/],
      [{ threads: 0 }, /^threads/],
      [{ poolThresholdMs: -1 }, /^poolThresholdMs/],
      [{ shard: { index: 3, count: 3 } }, /^shard.index: 3 .*from 0 to 2/],
      [{ shard: { index: 0, count: 0 } }, /^shard.count/],
      [{ kernel: '../etc/passwd' as never }, /^kernel: "..\/etc\/passwd" is not allowed/],
      [{ kernel: 'systems/no-such-system/simulate' as never }, /^kernel: .* is not allowed/],
      [
        { kernel: lowBitUrl.href as never },
        // The URL is cut to a readable length when the clone's path is long.
        /^kernel: "file:[^"]*"(\.\.\. \(\d+ characters\))? is not allowed \(expected one of dicelab's kernels/,
      ],
      [{ spec: { dice: 0, sides: 6, atLeast: 5 } }, /^dice: 0 is not allowed/],
    ];
    for (const [change, message] of bad) {
      const attempt = simulate({ ...base, ...change });
      await expect(attempt).rejects.toThrow(InputError);
      await expect(attempt).rejects.toThrow(message);
    }
  });

  it('refuses a kernel that tallies non-integers (sums would depend on the order)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-kernel-'));
    const file = join(dir, 'half-kernel.mjs');
    await writeFile(
      file,
      'export const kernel = { prepare: (s) => s, tallySize: () => 1, tallyShape: () => [], run: (p, s, n, t) => { t[0] += 0.5; }, summarize: () => null };\n',
    );
    await expect(
      simulate({
        kernel: new LocalKernel(pathToFileURL(file)),
        spec: null,
        trials: 10,
        seed: 1,
        threads: 1,
      }),
    ).rejects.toThrow(/tally\[0\] is 0.5, not an integer count/);
  });

  it("refuses tallies that break the kernel's own shape (a kernel bug, not bad input)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-kernel-'));
    const file = join(dir, 'double-count-kernel.mjs');
    await writeFile(
      file,
      "export const kernel = { prepare: (s) => s, tallySize: () => 2, tallyShape: () => [{ kind: 'distribution', name: 'outcomes', from: 0, to: 2 }], run: (p, s, n, t) => { t[0] += n; t[1] += 1; }, summarize: () => null };\n",
    );
    const run = simulate({
      kernel: new LocalKernel(pathToFileURL(file)),
      spec: null,
      trials: 10,
      seed: 1,
      threads: 1,
    });
    await expect(run).rejects.toThrow(/tally\[0\.\.1\] \(outcomes\) sum to 11, not the 10 trials/);
    await expect(run).rejects.not.toBeInstanceOf(InputError);
  });
});

describe('simulate in a process of its own', () => {
  it('runs a 2-thread pool, agrees with this thread, and lets the process exit', async () => {
    const runUrl = new URL('../../src/montecarlo/run.ts', import.meta.url).href;
    const loadUrl = new URL('../../src/montecarlo/load-kernel.ts', import.meta.url).href;
    const request = { spec: { bits: 1 }, trials: 3_000_000, seed: 5 };
    const code = `import { simulate } from ${JSON.stringify(runUrl)};
      import { LocalKernel } from ${JSON.stringify(loadUrl)};
      const kernel = new LocalKernel(${JSON.stringify(lowBitUrl.href)});
      const r = await simulate({ ...${JSON.stringify(request)}, kernel, threads: 2 });
      console.log(JSON.stringify(r.tally));`;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code],
      {
        encoding: 'utf8',
        // Only a hang is killed: a process the pool kept alive never exits by itself.
        timeout: 50_000,
      },
    );
    expect(child.stderr).toBe('');
    expect(child.signal).toBeNull(); // not killed by the timeout: the pool let the process go
    expect(child.status).toBe(0);
    const here = await simulate({ ...request, kernel: lowBit, threads: 1 });
    expect(JSON.parse(child.stdout)).toEqual(here.tally);
    expect(here.tally[1]).toBe(3_000_000);
  });
});

describe('simulate from the compiled build (dist/)', () => {
  const distRun = builtUrl('dist/montecarlo/run.js');
  const srcRun = new URL('../../src/montecarlo/run.ts', import.meta.url);
  // `npm test` builds first; a bare `vitest run` may find no build, or an old one.
  const fresh = existsSync(distRun) && statSync(distRun).mtimeMs >= statSync(srcRun).mtimeMs;
  let distSimulate: typeof simulate;
  let DistLocalKernel: typeof LocalKernel;
  beforeAll(async () => {
    if (!fresh) return;
    ({ simulate: distSimulate } = await import(distRun.href));
    const distLoad = builtUrl('dist/montecarlo/load-kernel.js');
    ({ LocalKernel: DistLocalKernel } = await import(distLoad.href));
  });

  it.skipIf(!fresh)('runs JS workers with no tsx and gives the same tallies', async () => {
    const request = { spec: { bits: 1 }, trials: 2_000_000, seed: 8, chunkSize: 32_768 };
    // Each build checks for its own LocalKernel class.
    const compiled = await distSimulate({
      ...request,
      kernel: new DistLocalKernel(lowBitUrl),
      threads: 2,
    });
    const sources = await simulate({ ...request, kernel: lowBit, threads: 1 });
    expect(compiled.tally).toEqual(sources.tally);
    expect({ ...compiled, kernel: String(compiled.kernel) }).toEqual({
      ...sources,
      kernel: String(sources.kernel),
    });
  });

  it("prepares a spec once for shard after shard (a queue worker's day), and again for another spec", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-kernel-'));
    const file = join(dir, 'counting-kernel.mjs');
    await writeFile(
      file,
      "export let prepares = 0;\nexport const kernel = { prepare: (s) => { prepares++; return { k: s.k }; }, tallySize: () => 1, tallyShape: () => [{ kind: 'count', name: 'ones', slot: 0 }], run: (p, s, n, t) => { t[0] += s[0] & 1 ? n : 0; }, summarize: () => null };\n",
    );
    const kernel = new LocalKernel(pathToFileURL(file));
    const counted = (await import(pathToFileURL(file).href)) as { prepares: number };
    const run = (k: number, index: number) =>
      simulate({
        kernel,
        spec: { k },
        trials: 4000,
        chunkSize: 1000,
        seed: 3,
        threads: 1,
        shard: { index, count: 4 },
      });
    const shards = [];
    for (let index = 0; index < 4; index++) shards.push(await run(1, index));
    expect(counted.prepares).toBe(1);
    await run(2, 0);
    expect(counted.prepares).toBe(2);
    // The same tallies as one run: the reused prepared value changes nothing.
    const whole = await simulate({
      kernel,
      spec: { k: 1 },
      trials: 4000,
      chunkSize: 1000,
      seed: 3,
      threads: 1,
    });
    expect(whole.tally[0]).toBeGreaterThan(0);
    expect(sum(shards.map((r) => r.tally[0]!))).toBe(whole.tally[0]);
  });
});
