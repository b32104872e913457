import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRedis, startRedis, stopProcess } from '../../scripts/redis-server.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { DICELAB_VERSION } from '../../src/process/version.ts';
import { QUEUE_NAME, SHARD_ATTEMPTS } from '../../src/queue/queue-settings.ts';
import { dicelab, startDicelab, startWorker, type WorkerProcess } from './dicelab-process.ts';

/**
 * The queue end to end, as users run it: a real redis-server, `dicelab queue worker` processes
 * (compiled CLI), and the simulating commands with --queue, compared byte for byte with the same
 * command run in one process. Faults are real: a shard made to throw by the worker's test hook
 * (DICELAB_TEST_FAIL_SHARD), a worker killed with SIGKILL or stopped with SIGTERM mid-shard.
 */

let redis: LocalRedis;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await Promise.all(workers.map((w) => stopProcess(w.child)));
  await redis?.stop();
});

async function worker(url: string, env: NodeJS.ProcessEnv = {}) {
  const started = await startWorker(url, env);
  workers.push(started);
  return started;
}

/** Every line of the workers' logs that matches `pattern`. */
function lines(ws: WorkerProcess[], pattern: RegExp): string[] {
  return ws.flatMap((w) => w.log().split('\n')).filter((line) => pattern.test(line));
}

describe('a run on two worker processes', () => {
  it('prints the one-process output byte for byte, retries a shard that throws once, and reads a finished run back', async () => {
    const url = redis.url(1);
    const ws = await Promise.all([
      worker(url, { DICELAB_TEST_FAIL_SHARD: '1' }),
      worker(url, { DICELAB_TEST_FAIL_SHARD: '1' }),
    ]);
    const roll = ['zidara', 'simulate', 'd12', 'd4', '--vs', '3', '--resolve', '1'];
    const args = [...roll, '--trials', '3e6', '--seed', '7', '--json'];
    const queued = [...args, '--queue', url, '--shards', '6'];
    const [local, remote] = await Promise.all([dicelab(args), dicelab(queued)]);
    expect(remote.stderr).toMatch(/^dicelab: submitted run [0-9a-f]{24}: 6 shard jobs and a merge/);
    expect(remote.code).toBe(0);
    expect(local.stdout).toMatch(/^\{\n {2}"seed": 7,/);
    expect(remote.stdout).toBe(local.stdout);

    // Shard 1 threw on its first try (on whichever worker took it) and was done on its second.
    expect(lines(ws, /shard 1\/6 .* failed \(try 1 of 3\): injected fault/)).toHaveLength(1);
    expect(lines(ws, /shard 1\/6 .* done:/)).toHaveLength(1);
    expect(lines(ws, /shard \d\/6 .* done:/)).toHaveLength(6);

    // The same command again reads the finished run back: nothing runs, nothing merges twice.
    const again = await dicelab(queued);
    expect(again.stderr).toMatch(/was done on the queue already: its result is read back/);
    expect(again.stdout).toBe(local.stdout);
    expect(lines(ws, /shard \d\/6 .* done:/)).toHaveLength(6);
    expect(lines(ws, /merge of run \w+ done: 6 shards merged/)).toHaveLength(1);

    // The other systems' simulate commands, on the same workers, as text this time.
    for (const system of [
      ['tags-2d6', 'simulate', '--tags', '2'],
      ['d12-action', 'simulate', '--roll', 'risky', '--rating', '2'],
      ['ring-skill', 'simulate', '--ring', '2', '--skill', '1', '--tn', '3'],
    ]) {
      const command = [...system, '--trials', '300000', '--seed', '3', '--chunk-size', '50000'];
      const [alone, shared] = await Promise.all([
        dicelab(command),
        dicelab([...command, '--queue', url, '--shards', '3', '--quiet']),
      ]);
      expect(alone.code, alone.stderr).toBe(0);
      expect([shared.code, shared.stderr]).toEqual([0, '']);
      expect(shared.stdout).toBe(alone.stdout);
    }

    await Promise.all(ws.map((w) => stopProcess(w.child)));
    expect(await Promise.all(ws.map((w) => w.exited))).toEqual([EXIT.terminated, EXIT.terminated]);
  }, 180_000);

  it('gives the same fight when a worker is killed with SIGKILL mid-shard, and another stops on SIGTERM mid-shard', async () => {
    const url = redis.url(2);
    const [a, b] = await Promise.all([worker(url), worker(url)]);
    const fight = ['zidara', 'fight', '--vs', '4', '--tags', '3', '--steps', '8', '--no-exact'];
    const args = [...fight, '--trials', '1_000_000', '--chunk-size', '12500', '--seed', '3'];
    const local = dicelab([...args, '--json']);
    const remote = dicelab([...args, '--json', '--queue', url, '--shards', '5']);

    // A is killed outright while it plays a shard: its lock runs out, B's check puts it back.
    const [killedLine, killed] = (await a.waitFor(/shard (\d)\/5 of run \w+ started/)) as string[];
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe(null);
    expect(a.log()).not.toMatch(new RegExp(`shard ${killed}/5 .* done`));
    expect(killedLine).toBeDefined();

    // B is stopped cleanly while it plays its second shard: it hands that shard back.
    await b.waitFor(/started[\s\S]*started/);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(EXIT.terminated);
    const [, handedBack] = b.log().match(/shard (\d)\/5 of run \w+ handed back/) ?? [];
    expect(handedBack).toBeDefined();

    // C finishes the run, the killed shard and the handed-back one included.
    const c = await worker(url);
    const [alone, shared] = await Promise.all([local, remote]);
    expect(shared.code, shared.stderr).toBe(0);
    expect(shared.stdout).toBe(alone.stdout);
    expect(c.log()).toMatch(new RegExp(`shard ${killed}/5 .* done`));
    expect(c.log()).toMatch(new RegExp(`shard ${handedBack}/5 .* done`));
    const logs = [a, b, c].map((w) => w.log()).join('\n');
    expect(lines([a, b, c], /shard \d\/5 .* done:/), logs).toHaveLength(5);
    expect(lines([b, c], /stalled \(its worker stopped answering\)/).length).toBeGreaterThan(0);
  }, 180_000);
});

describe('a shard of chunks longer than the lock', () => {
  it('keeps its lock on a --threads 1 worker, and SIGTERM hands it back mid-chunk', async () => {
    // A chunk played in the worker's main thread held its event loop: the lock (5 s here) was
    // not renewed, the live shard was taken for stalled, and the run failed (exit 69).
    const url = redis.url(5);
    const [a, b] = await Promise.all([worker(url), worker(url)]);
    const fight = ['zidara', 'fight', '--vs', '4', '--tags', '3', '--steps', '8', '--no-exact'];
    const args = [...fight, '--trials', '12e6', '--chunk-size', '6e6', '--seed', '2', '--json'];
    const shared = await dicelab([...args, '--queue', url, '--shards', '2', '--quiet']);
    expect(shared.code, shared.stderr).toBe(0);
    expect(lines([a, b], /stalled/)).toEqual([]);
    const alone = await dicelab([...args, '--threads', '2']);
    expect(shared.stdout).toBe(alone.stdout);

    // One chunk of 1e9 trials (many minutes): SIGTERM stops it at once, not once it is done.
    const endless = startDicelab([
      ...fight,
      '--trials',
      '1e9',
      '--chunk-size',
      '1e9',
      '--queue',
      url,
      '--shards',
      '1',
    ]);
    await Promise.all([a.child.kill('SIGTERM'), a.exited]);
    await b.waitFor(/shard 0\/1 of run \w+ started/);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(EXIT.terminated);
    expect(b.log()).toMatch(/shard 0\/1 of run \w+ handed back/);
    endless.child.kill('SIGINT');
    expect((await endless.done).code).toBe(EXIT.interrupted);
  }, 240_000);
});

describe('a shard that fails on every try', () => {
  it('fails the run with one line naming the shard; the same command then reruns only that shard', async () => {
    const url = redis.url(3);
    const failing = await worker(url, { DICELAB_TEST_FAIL_SHARD: '0:99' });
    const args = ['d6-pool', 'simulate', '--stat', '3', '--trials', '1e6', '--seed', '5'];
    const queued = [...args, '--queue', url, '--shards', '4'];
    const failed = await dicelab([...queued, '--quiet']);
    expect(failed.code).toBe(EXIT.unavailable);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(
      new RegExp(
        `^dicelab: shard 0 of 4 \\(job [0-9a-f]{24}-0\\) failed after ${SHARD_ATTEMPTS} tries: injected fault \\(DICELAB_TEST_FAIL_SHARD=0:99\\): shard 0, try ${SHARD_ATTEMPTS}; the same command runs it again and keeps the finished shards\\n$`,
      ),
    );
    expect(lines([failing], /shard 0\/4 .* failed/)).toHaveLength(SHARD_ATTEMPTS);
    await stopProcess(failing.child);

    const healthy = await worker(url);
    const [alone, rerun] = await Promise.all([dicelab(args), dicelab(queued)]);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toMatch(
      /failed before: its 3 finished shards are kept, the others run again/,
    );
    expect(rerun.stdout).toBe(alone.stdout);
    expect(lines([healthy], /shard \d\/4 .* done:/)).toEqual([
      expect.stringMatching(/shard 0\/4 .* done:/),
    ]);
  }, 180_000);

  it('is refused at once, without retries, when another dicelab version submitted it', async () => {
    const url = redis.url(4);
    const w = await worker(url);
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection });
    try {
      const job = await queue.add(
        'shard',
        { format: 'dicelab-queue-job', version: 1, dicelab: '0.0.1', shard: 0 },
        { jobId: 'from-another-version', attempts: SHARD_ATTEMPTS },
      );
      let state = await job.getState();
      for (let i = 0; i < 100 && state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        state = await job.getState();
      }
      const refused = await Job.fromId(queue, 'from-another-version');
      expect(state).toBe('failed');
      expect(refused?.failedReason).toBe(
        `job from-another-version: submitted by dicelab 0.0.1 (job layout 1), but this worker is dicelab ${DICELAB_VERSION} (job layout 1): run workers of the submitter's version`,
      );
      expect(refused?.attemptsMade).toBe(1);
      // Its log said "shard 0/undefined of run undefined … (try 1 of 3, the last)" of a job
      // this worker cannot read and never tried again.
      expect(lines([w], /from-another-version/)).toEqual([
        expect.stringMatching(
          /job from-another-version \("shard", not one this dicelab can read\) failed \(try 1 of 3, not retried: a refused job fails the same every try\): job from-another-version: submitted by dicelab 0\.0\.1/,
        ),
      ]);

      // And "1 shards merged" of a run of one shard.
      const one = await dicelab([
        ...['zidara', 'simulate', 'd12', '--vs', '3', '--trials', '1e4'],
        ...['--queue', url, '--shards', '1', '--quiet'],
      ]);
      expect(one.code, one.stderr).toBe(0);
      expect(lines([w], /merge of run \w+ done: 1 shard merged, 10,000 trials/)).toHaveLength(1);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }, 60_000);
});
