import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { simulate } from '../../src/montecarlo/run.ts';
import { mergeJobId, runId, shardJobId } from '../../src/queue/queue-job.ts';
import { QUEUE_NAME } from '../../src/queue/queue-settings.ts';
import { simulateOnQueue } from '../../src/queue/simulate-on-queue.ts';
import { parseRoll } from '../../src/systems/zidara/roll/spec.ts';
import { simulationSpec } from '../../src/systems/zidara/simulate.ts';
import { startRedis, stopProcess } from '../redis-server.ts';
import type { BenchRow } from './bench-row.ts';

/** The README's example roll: d12 and d4 on two intents against C3, with 1 Resolve. */
const ROLL = simulationSpec(
  parseRoll({
    threats: [{ challenge: 3 }],
    dice: [
      { sides: 12, intent: 0 },
      { sides: 4, intent: 1 },
    ],
    resolve: 1,
  }),
  'optimal',
);
const KERNEL = 'systems/zidara/simulate' as const;
const TRIALS = 10_000_000;
const SHARDS = 16;
const CHUNK_SIZE = 65_536;
/** The overhead run: many shards of one small chunk each, so the queue's own cost shows. */
const TINY = { shards: 200, chunkSize: 1024 };
/** Linux's clock ticks per second in /proc/PID/stat (USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/** The package root: the nearest folder above this module with a package.json. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds this process has used so far. */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Starts `dicelab queue worker --threads 1` (the compiled CLI) and waits until it is ready. */
function startWorker(bin: string, url: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [bin, 'queue', 'worker', '--redis', url, '--threads', '1'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let log = '';
    child.stderr?.on('data', (chunk) => {
      log += chunk;
      if (log.includes('ready:')) resolve(child);
    });
    child.on('exit', () => reject(new Error(`the worker exited before it was ready:\n${log}`)));
  });
}

/**
 * The queue (issue 12) on this machine, on a real redis-server: the same 10⁷-trial run in one
 * process (1 and 2 threads) and as 16 shards on 1 and 2 `dicelab queue worker` processes (one
 * thread each: the machine has two cores), in trials per second of wall-clock time and per
 * CPU-second of every process involved (workers, Redis, the submitter: what the work costs,
 * whatever else the machine runs); shards per second; the queue's own cost per shard from 200
 * one-chunk shards; the merge's cost per shard; and the size of a shard's partial result and of
 * its finished job in Redis. Needs `npm run build` (the workers run the compiled CLI) and
 * redis-server (`node scripts/ensure-redis.mjs`). About 30 s.
 */
export async function benchQueue(): Promise<BenchRow[]> {
  const root = packageRoot();
  const bin = join(root, 'bin', 'dicelab.js');
  if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
    process.stderr.write('bench: dist/ is missing (npm run build): no queue rows\n');
    return [];
  }
  const redis = await startRedis();
  const url = redis.url(0);
  const workers: ChildProcess[] = [];
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE_NAME, { connection });
  /** Wall and CPU seconds of some work, the CPU of this process, Redis and the workers. */
  const measured = async (work: () => Promise<unknown>) => {
    const cpu = () =>
      ownCpuSeconds() +
      cpuSecondsOf(redis.pid) +
      workers.reduce((sum, w) => sum + cpuSecondsOf(w.pid!), 0);
    const cpuBefore = cpu();
    const start = performance.now();
    await work();
    return { wall: (performance.now() - start) / 1000, cpu: cpu() - cpuBefore };
  };
  try {
    const run = { kernel: KERNEL, spec: ROLL, trials: TRIALS, chunkSize: CHUNK_SIZE };
    await simulate({ ...run, trials: TRIALS / 10, seed: 0, threads: 1 }); // warm up
    const alone1 = await measured(() => simulate({ ...run, seed: 1, threads: 1 }));
    const alone2 = await measured(() => simulate({ ...run, seed: 2, threads: 2 }));
    workers.push(await startWorker(bin, url));
    const queued = (seed: number) => simulateOnQueue({ ...run, seed, shards: SHARDS }, { url });
    const onOne = await measured(() => queued(3));
    workers.push(await startWorker(bin, url));
    const onTwo = await measured(() => queued(4));
    await stopProcess(workers.pop()!);

    const tiny = { ...run, ...TINY, trials: TINY.shards * TINY.chunkSize, seed: 5 };
    const overhead = await measured(() => simulateOnQueue(tiny, { url }));
    const tinyRun = runId({ ...tiny, spec: JSON.parse(JSON.stringify(ROLL)) });
    const merge = await Job.fromId(queue, mergeJobId(tinyRun));
    const shard = await Job.fromId(queue, shardJobId(tinyRun, 0));
    if (!merge?.finishedOn || !merge.processedOn || !shard)
      throw new Error('the overhead run left no merge or shard job');
    const perCpuSecond = TRIALS / alone1.cpu;
    const computeCpu = tiny.trials / perCpuSecond;
    const computeWall = tiny.trials / (TRIALS / alone1.wall);
    const shardJobBytes = Number(
      await connection.call('MEMORY', 'USAGE', `bull:${QUEUE_NAME}:${shard.id}`, 'SAMPLES', '0'),
    );
    const rates = (name: string, { wall, cpu }: { wall: number; cpu: number }): BenchRow[] => [
      { name: `queue: ${name}`, value: TRIALS / wall / 1e6, unit: 'M trials/s' },
      { name: `queue: ${name}, per CPU-s`, value: TRIALS / cpu / 1e6, unit: 'M trials/CPU-s' },
    ];
    return [
      ...rates('one process, 1 thread', alone1),
      ...rates('one process, 2 threads', alone2),
      ...rates(`1 worker, ${SHARDS} shards`, onOne),
      ...rates(`2 workers, ${SHARDS} shards`, onTwo),
      { name: 'queue: 1 worker', value: SHARDS / onOne.wall, unit: 'shards/s' },
      { name: 'queue: 2 workers', value: SHARDS / onTwo.wall, unit: 'shards/s' },
      {
        name: `queue: cost of a shard, wall (${TINY.shards} one-chunk shards)`,
        value: ((overhead.wall - computeWall) / TINY.shards) * 1000,
        unit: 'ms/shard',
      },
      {
        name: `queue: cost of a shard, CPU (${TINY.shards} one-chunk shards)`,
        value: ((overhead.cpu - computeCpu) / TINY.shards) * 1000,
        unit: 'CPU-ms/shard',
      },
      {
        name: 'queue: merge, per shard',
        value: (merge.finishedOn - merge.processedOn) / TINY.shards,
        unit: 'ms/shard',
      },
      {
        name: 'queue: partial result of a shard',
        value: Buffer.byteLength(String(shard.returnvalue)),
        unit: 'bytes',
      },
      { name: 'queue: a finished shard job in Redis', value: shardJobBytes, unit: 'bytes' },
    ];
  } finally {
    await queue.close();
    connection.disconnect();
    await Promise.all(workers.map(stopProcess));
    await redis.stop();
  }
}
