import { availableParallelism } from 'node:os';
import type { Command } from '@commander-js/extra-typings';
import { formatCount } from '../format/format-count.ts';
import { MAX_THREADS } from '../montecarlo/chunk-plan.ts';
import {
  QUEUE_NAME,
  REDIS_GIVE_UP_LIMITS,
  REDIS_GIVE_UP_SECONDS,
  SHARD_ATTEMPTS,
  WORKER_DEFAULTS,
  WORKER_LIMITS,
} from '../queue/queue-settings.ts';
import { integerFlag } from './flags.ts';
import { countFlag, redisUrlFlag, threadsFlag } from './simulation-flags.ts';

/** The bounds of --lock-duration and --stalled-interval, as their help states them. */
const INTERVAL_RANGE = `${formatCount(WORKER_LIMITS.minIntervalMs)} to ${formatCount(WORKER_LIMITS.maxIntervalMs)} ms`;

/**
 * `dicelab queue worker --redis URL [--concurrency N] [--threads N]`: a BullMQ worker that runs
 * the shard and merge jobs of `--queue` runs until SIGTERM or Ctrl-C (`runQueueWorker`, loaded
 * only by this command). Any number of them, on any machines that reach the Redis.
 */
export function registerQueue(program: Command) {
  const queue = program
    .command('queue')
    .description('run simulations past one machine: shard jobs on BullMQ workers over Redis');
  queue
    .command('worker')
    .description(
      'run the shard jobs that --queue submits (simulate, fight, every system), until SIGTERM or Ctrl-C',
    )
    .requiredOption(
      '--redis <url>',
      'the Redis of the queue, e.g. redis://127.0.0.1:6379',
      redisUrlFlag('--redis'),
    )
    .option(
      '--concurrency <n>',
      'shards run at once',
      integerFlag(1, WORKER_LIMITS.concurrency),
      WORKER_DEFAULTS.concurrency,
    )
    .option(
      '--threads <n>',
      `worker threads per shard, 1 to ${MAX_THREADS} (default: all cores, one for small shards; with --concurrency n, cores / n)`,
      threadsFlag,
    )
    .option(
      '--lock-duration <ms>',
      `how long a shard's lock lasts without renewal: a killed worker's shard runs elsewhere after it (${INTERVAL_RANGE})`,
      countFlag(WORKER_LIMITS.minIntervalMs, WORKER_LIMITS.maxIntervalMs),
      WORKER_DEFAULTS.lockDurationMs,
    )
    .option(
      '--stalled-interval <ms>',
      `how often this worker looks for shards whose worker died (${INTERVAL_RANGE})`,
      countFlag(WORKER_LIMITS.minIntervalMs, WORKER_LIMITS.maxIntervalMs),
      WORKER_DEFAULTS.stalledIntervalMs,
    )
    .option(
      '--redis-give-up <seconds>',
      'how long to wait for Redis out of reach before giving up (exit 69)',
      countFlag(REDIS_GIVE_UP_LIMITS.min, REDIS_GIVE_UP_LIMITS.max),
      REDIS_GIVE_UP_SECONDS,
    )
    .addHelpText(
      'after',
      `
Every simulating command takes --queue URL --shards N: it submits N shard jobs and a merge to
the BullMQ queue "${QUEUE_NAME}" and prints exactly what one process prints. Workers play
shards (seeded by the run's seed and each chunk, never by the worker) and merge each run once.
A shard that throws is tried ${SHARD_ATTEMPTS} times; a killed worker's shard is picked up by
another once its lock runs out; SIGTERM hands the shards in flight back and stops. Jobs carry
dicelab's version: a worker of another version refuses them.

Examples:
  dicelab queue worker --redis redis://127.0.0.1:6379
  dicelab queue worker --redis redis://queue.internal:6379 --concurrency 2 --threads 1
  dicelab zidara simulate d12 d4 --vs 3 --trials 1e9 --queue redis://127.0.0.1:6379 --shards 64`,
    )
    .action(async (options) => {
      const { loadQueueModule } = await import('../queue/queue-packages.ts');
      const { runQueueWorker } = await loadQueueModule(() => import('../queue/worker.ts'));
      const cores = availableParallelism();
      const threads =
        options.threads ??
        (options.concurrency > 1
          ? Math.max(1, Math.floor(cores / options.concurrency))
          : undefined);
      const status = await runQueueWorker({
        redis: options.redis,
        concurrency: options.concurrency,
        threads,
        lockDurationMs: options.lockDuration,
        stalledIntervalMs: options.stalledInterval,
        giveUpSeconds: options.redisGiveUp,
        log: (line) => process.stderr.write(`dicelab worker: ${line}\n`),
      });
      // Stopped: exit now. While Redis is out of reach, BullMQ's closed connections leave
      // reconnection timers that would hold the process for seconds more (over 10 s seen).
      process.exit(status);
    });
  return program;
}
