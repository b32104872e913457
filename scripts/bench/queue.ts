import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** The package root: the nearest folder above this module with a package.json. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
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
 * The queue (issue 12) on this machine: trials per second of one process against the same run
 * cut into 16 shards on 1 and 2 `dicelab queue worker` processes (one thread each: the machine
 * has two cores), shards per second, the queue's own cost per shard (200 one-chunk shards), the
 * merge's cost per shard, and the size of a shard's partial result, on a real redis-server.
 * Needs `npm run build` (the workers run the compiled CLI) and redis-server
 * (`node scripts/ensure-redis.mjs`). About a minute.
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
  try {
    const run = { kernel: KERNEL, spec: ROLL, trials: TRIALS, chunkSize: CHUNK_SIZE };
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return (performance.now() - start) / 1000;
    };
    const alone1 = await timed(() => simulate({ ...run, seed: 1, threads: 1 }));
    const alone2 = await timed(() => simulate({ ...run, seed: 2, threads: 2 }));
    workers.push(await startWorker(bin, url));
    const onOne = await timed(() => simulateOnQueue({ ...run, seed: 3, shards: SHARDS }, { url }));
    workers.push(await startWorker(bin, url));
    const onTwo = await timed(() => simulateOnQueue({ ...run, seed: 4, shards: SHARDS }, { url }));
    await stopProcess(workers.pop()!);

    const tiny = { ...run, ...TINY, trials: TINY.shards * TINY.chunkSize, seed: 5 };
    const tinySeconds = await timed(() => simulateOnQueue(tiny, { url }));
    const tinyRun = runId({ ...tiny, spec: JSON.parse(JSON.stringify(ROLL)) });
    const merge = await Job.fromId(queue, mergeJobId(tinyRun));
    const shard = await Job.fromId(queue, shardJobId(tinyRun, 0));
    if (!merge?.finishedOn || !merge.processedOn || !shard)
      throw new Error('the overhead run left no merge or shard job');
    const mergeMs = merge.finishedOn - merge.processedOn;
    const computeSeconds = tiny.trials / (TRIALS / alone1);
    const shardJobBytes = Number(
      await connection.call('MEMORY', 'USAGE', `bull:${QUEUE_NAME}:${shard.id}`),
    );
    const M = (trials: number, seconds: number) => trials / seconds / 1e6;
    return [
      { name: 'queue: one process, 1 thread', value: M(TRIALS, alone1), unit: 'M trials/s' },
      { name: 'queue: one process, 2 threads', value: M(TRIALS, alone2), unit: 'M trials/s' },
      { name: `queue: 1 worker, ${SHARDS} shards`, value: M(TRIALS, onOne), unit: 'M trials/s' },
      { name: `queue: 2 workers, ${SHARDS} shards`, value: M(TRIALS, onTwo), unit: 'M trials/s' },
      { name: 'queue: 1 worker, shards', value: SHARDS / onOne, unit: 'shards/s' },
      { name: 'queue: 2 workers, shards', value: SHARDS / onTwo, unit: 'shards/s' },
      {
        name: `queue: cost of a shard (${TINY.shards} one-chunk shards)`,
        value: ((tinySeconds - computeSeconds) / TINY.shards) * 1000,
        unit: 'ms/shard',
      },
      { name: 'queue: merge, per shard', value: mergeMs / TINY.shards, unit: 'ms/shard' },
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
