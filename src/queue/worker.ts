// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { type Job, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { countOf, formatCount } from '../format/format-count.ts';
import { InputError } from '../input/input-error.ts';
import { mergePartials } from '../montecarlo/merge-partials.ts';
import {
  type NamedPartial,
  parsePartialResult,
  serializePartialResult,
} from '../montecarlo/partial-result.ts';
import { simulate } from '../montecarlo/run.ts';
import { EXIT, type ExitStatus } from '../process/exit-status.ts';
import { DICELAB_VERSION } from '../process/version.ts';
import {
  checkQueueJob,
  JOB_NAMES,
  type QueueJobData,
  RefusedJob,
  runId,
  STORED_ON_QUEUE,
  shardJobId,
} from './queue-job.ts';
import { QUEUE_NAME, WORKER_DEFAULTS } from './queue-settings.ts';
import { connectRedis } from './redis-connection.ts';
import { shownUrl } from './redis-url.ts';

/** How a worker runs (`dicelab queue worker`'s flags). */
export interface QueueWorkerOptions {
  /** Redis, as `redis://host:port[/db]` or `rediss://…`. */
  redis: string;
  /** Shards run at once; default `WORKER_DEFAULTS.concurrency`. */
  concurrency?: number;
  /** Worker threads per shard (as `simulate --threads`); default all cores, or one for small shards. */
  threads?: number | undefined;
  /** See `WORKER_DEFAULTS`. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Where the worker says what it does (one line per event). */
  log: (line: string) => void;
  /** The environment, for the test hook `DICELAB_TEST_FAIL_SHARD` (see `injectedFault`). */
  env?: NodeJS.ProcessEnv;
  /** Seconds to wait for Redis out of reach before giving up (default `REDIS_GIVE_UP_SECONDS`). */
  giveUpSeconds?: number;
}

/** A full Redis: the first pause of a worker's taking jobs (ms), doubled each time, up to a minute. */
const FULL_BACKOFF_MS = 5_000;
const FULL_BACKOFF_MAX_MS = 60_000;
/** The same error is logged once in this long, with how often it came meanwhile (ms). */
const ERROR_LOG_INTERVAL_MS = 60_000;
/**
 * How long a stopping worker (a signal, or Redis given up on) waits for its shards in flight to
 * stop and be handed back (ms): their runs stop within about 100 ms, but a hand-back or a close
 * may wait on a Redis that is gone, and the worker must end within a few seconds all the same.
 */
const STOP_WAIT_MS = 3_000;

/**
 * Runs a BullMQ worker for dicelab's queue until SIGTERM or SIGINT: it plays shard jobs
 * (`simulate` on the shard's chunks, seeded by the run's seed and each chunk's index, never by
 * the worker) and returns each as a partial result (`serializePartialResult`, checksummed), and
 * merges a run's shards once they are all done (each read back by `parsePartialResult`, then
 * `mergePartials`). A job of another dicelab version, or whose data does not hold together, is
 * refused at once and not retried; a shard that throws is retried by BullMQ up to its attempts.
 * On SIGTERM or SIGINT it takes no new job, stops the shards in flight within about 100 ms (their
 * runs' abort signal, as Ctrl-C stops a run) and hands them back to the queue for another worker
 * (they lose no attempt), then closes, within `STOP_WAIT_MS` even while Redis is out of reach
 * (its shards then go back when their locks run out); a second signal exits at once. If it is
 * killed outright, its shards go back to the queue when their locks run out (`lockDurationMs`),
 * found by another worker's stalled-job check; so do those of a worker that gives up on Redis,
 * which stops them first. With no shard in flight, a signal stops it at once (even while Redis is
 * out of reach). A full
 * Redis (OOM replies) pauses it, 5 s then doubling up to a minute; a repeated error is logged
 * once a minute.
 * @returns the exit status: `EXIT.terminated` (SIGTERM) or `EXIT.interrupted` (SIGINT).
 * @throws RunError (`EXIT.unavailable`) when Redis cannot be reached at start, or has been out
 *   of reach for `giveUpSeconds` (the shards in flight stopped first, unfinished).
 */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<ExitStatus> {
  const { log } = options;
  const concurrency = options.concurrency ?? WORKER_DEFAULTS.concurrency;
  const link = await connectRedis(options.redis, '--redis', options.giveUpSeconds);
  const redis = link.client;
  const env = options.env ?? process.env;
  // What each finished shard did, said once BullMQ has taken its result (a worker that lost its
  // lock finishes in vain: another worker has its shard by then, and BullMQ refuses the result).
  const finished = new Map<string, string>();
  // The jobs being played, each settled once its processor returns or throws.
  const inFlight = new Set<Promise<unknown>>();
  const reachable = () => redis.status === 'ready';
  const worker = new Worker<QueueJobData, string>(
    QUEUE_NAME,
    (job, token, signal) => {
      const played = (async () => {
        try {
          return await processJob(
            job,
            token,
            signal,
            options.threads,
            env,
            log,
            finished,
            reachable,
          );
        } catch (error) {
          // Bad data does not get better with retries: fail it now, saying why.
          if (error instanceof RefusedJob || error instanceof InputError)
            throw new UnrecoverableError(error.message);
          throw error;
        }
      })();
      const settled = played.then(
        () => {},
        () => {},
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return played;
    },
    {
      connection: redis,
      concurrency,
      lockDuration: options.lockDurationMs ?? WORKER_DEFAULTS.lockDurationMs,
      stalledInterval: options.stalledIntervalMs ?? WORKER_DEFAULTS.stalledIntervalMs,
      maxStalledCount: WORKER_DEFAULTS.maxStalledCount,
      autorun: false,
    },
  );
  const logError = onceAMinute(log);
  let backoff = FULL_BACKOFF_MS;
  let pausedForFull = false;
  worker.on('error', (error) => {
    logError(`error: ${error.message}`);
    // A full Redis refuses every write: stop taking shards for a while rather than run them
    // in vain, longer each time it is still full.
    if (/\bOOM\b|EXECABORT/.test(error.message) && !pausedForFull) {
      pausedForFull = true;
      log(
        `Redis at ${shownUrl(options.redis)} is full (it refuses writes): taking no shard for ${backoff / 1000} s`,
      );
      worker.pause(true);
      setTimeout(() => {
        pausedForFull = false;
        worker.resume();
      }, backoff).unref();
      backoff = Math.min(backoff * 2, FULL_BACKOFF_MAX_MS);
    }
  });
  worker.on('completed', (job) => {
    backoff = FULL_BACKOFF_MS;
    log(`${describeJob(job)} done${finished.get(String(job.id)) ?? ''}`);
    finished.delete(String(job.id));
  });
  worker.on('failed', (job, error) => {
    if (!job) return;
    const tries = Math.max(1, job.opts.attempts ?? 1);
    // A refused job fails at once, tries left or not: "the last" said of try 1 of 3 read as a bug.
    const after =
      error instanceof UnrecoverableError && job.attemptsMade < tries
        ? ', not retried: a refused job fails the same every try'
        : job.attemptsMade >= tries
          ? ', the last'
          : '';
    log(
      `${describeJob(job)} failed (try ${job.attemptsMade} of ${tries}${after}): ${error.message}`,
    );
  });
  worker.on('stalled', (jobId) =>
    log(`job ${jobId} stalled (its worker stopped answering): back on the queue`),
  );

  // Stops the shards in flight as Ctrl-C stops a run (their simulations' abort signal: each
  // returns the chunks it finished, marked interrupted, and processJob hands it back), then
  // closes the worker (`force`: without waiting on Redis), and waits for both, but never longer
  // than STOP_WAIT_MS. Cancelled before the close: a forced close drops the jobs it tracks, their
  // abort controllers with them. Waiting for the close too: a shard that had just finished is
  // written to Redis by it, not lost to a replay after a stall.
  const stopShards = async (reason: string, force: boolean) => {
    worker.cancelAllJobs(reason);
    const closing = worker.close(force).catch(() => {});
    await Promise.race([
      Promise.all([...inFlight, closing]),
      new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
    ]);
  };
  const stopped = new Promise<ExitStatus>((resolve) => {
    const stop = (signalName: 'SIGTERM' | 'SIGINT') => {
      const status = signalName === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
      process.on(signalName, () => process.exit(status)); // a second signal: quit now
      if (inFlight.size === 0) {
        // Nothing to hand back: stop now, even while Redis is out of reach (a graceful close
        // would wait for it).
        log(`${signalName}: stopping (no shard in flight)`);
        void worker.close(true).catch(() => {});
        resolve(status);
        return;
      }
      log(`${signalName}: stopping; shards in flight go back to the queue`);
      // A graceful close: a shard handed back is not followed by a new one, and a finished one's
      // result is written; waited for at most STOP_WAIT_MS, as Redis may be out of reach.
      void stopShards(`worker stopping on ${signalName}`, false).then(() => resolve(status));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  // Redis gone for good: stop the shards in flight (they cannot be handed back), and let the CLI
  // say so (exit 69).
  const gaveUp = link.lost.then(async (error) => {
    await stopShards('Redis out of reach', true);
    return error;
  });

  const ready = await Promise.race([worker.waitUntilReady().then(() => undefined), gaveUp]);
  if (ready) {
    await link.close();
    throw ready;
  }
  log(
    `ready: dicelab ${DICELAB_VERSION}, queue ${QUEUE_NAME} on ${shownUrl(options.redis)}, ${concurrency} shard${concurrency === 1 ? '' : 's'} at a time (SIGTERM or Ctrl-C stops it)`,
  );
  const running = worker
    .run()
    .catch((error: Error) => log(`stopped taking jobs: ${error.message}`));
  const ended = await Promise.race([stopped, gaveUp]);
  if (typeof ended !== 'number') {
    await link.close();
    throw ended;
  }
  await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  await link.close();
  log('stopped');
  return ended;
}

/** A log for errors that may come many times a second: each once a minute, with its count. */
function onceAMinute(log: (line: string) => void): (line: string) => void {
  const last = new Map<string, { at: number; more: number }>();
  return (line) => {
    const now = Date.now();
    const seen = last.get(line);
    if (seen && now - seen.at < ERROR_LOG_INTERVAL_MS) {
      seen.more++;
      return;
    }
    log(seen?.more ? `${line} (and ${seen.more} more times in the last minute)` : line);
    last.set(line, { at: now, more: 0 });
  };
}

/** Runs one job: a shard, or the merge of a run's shards. */
async function processJob(
  job: Job<QueueJobData, string>,
  token: string | undefined,
  signal: AbortSignal | undefined,
  threads: number | undefined,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  finished: Map<string, string>,
  reachable: () => boolean,
): Promise<string> {
  const data = checkQueueJob(String(job.id), job.name, job.data);
  if (data.shard === undefined) return mergeShards(job, data, finished);
  const fault = injectedFault(env, data.shard, job.attemptsMade);
  if (fault) throw new Error(fault);
  log(`${describeJob(job)} started (try ${job.attemptsMade + 1})`);
  const start = performance.now();
  const result = await simulate({
    kernel: data.kernel,
    spec: data.spec,
    trials: data.trials,
    seed: data.seed,
    chunkSize: data.chunkSize,
    shard: { index: data.shard, count: data.shards },
    threads,
    signal,
  });
  if (result.interrupted) {
    // Stopping: the shard goes back to the queue whole, without using up a try; with Redis out
    // of reach it cannot be handed back, and goes back once its lock runs out (another worker's
    // stalled-job check), if Redis comes back.
    if (reachable()) {
      await job.moveToWait(token);
      log(`${describeJob(job)} handed back`);
    } else
      log(
        `${describeJob(job)} stopped unfinished: Redis is out of reach, so it goes back to the queue only once its lock runs out`,
      );
    throw new WaitingError();
  }
  const seconds = (performance.now() - start) / 1000;
  finished.set(
    String(job.id),
    `: ${formatCount(result.completedTrials)} trials in ${seconds.toFixed(2)} s`,
  );
  return serializePartialResult(result);
}

/**
 * The merge job of a run: reads every shard's partial result (checksum, version, plan, tallies:
 * `parsePartialResult`), checks each is a shard of this run, and merges them (`mergePartials`,
 * which takes each shard exactly once). Returns the whole run as one partial result (shard 0/1).
 */
async function mergeShards(
  job: Job<QueueJobData, string>,
  data: QueueJobData,
  finished: Map<string, string>,
): Promise<string> {
  const values = await job.getChildrenValues<string>();
  const parts: NamedPartial[] = [];
  for (const [key, text] of Object.entries(values)) {
    const jobId = key.slice(key.lastIndexOf(':') + 1);
    const source = `shard job ${jobId}`;
    if (typeof text !== 'string')
      throw new InputError(`${source}: its result is not a partial result file's text`);
    const partial = await parsePartialResult(text, source, STORED_ON_QUEUE);
    const identity = { ...partial, shards: partial.shard.count };
    if (runId(identity) !== data.run || shardJobId(data.run, partial.shard.index) !== jobId)
      throw new InputError(
        `${source}: its partial result is not the shard its id names (shard ${partial.shard.index}/${partial.shard.count} of run ${runId(identity)})`,
      );
    parts.push({ source, partial });
  }
  const merged = mergePartials(parts);
  finished.set(
    String(job.id),
    `: ${countOf(parts.length, 'shard')} merged, ${formatCount(merged.completedTrials)} trials`,
  );
  return serializePartialResult(merged);
}

/**
 * A test hook, read only here at the worker's edge: `DICELAB_TEST_FAIL_SHARD=i` makes shard i
 * of any run throw on its first try, and `i:k` on its first k tries, so that tests can watch
 * BullMQ retry a real failure (or give up after its attempts). Unset in normal use.
 * @example injectedFault({ DICELAB_TEST_FAIL_SHARD: '1' }, 1, 0) // 'injected fault …'
 * @example injectedFault({ DICELAB_TEST_FAIL_SHARD: '1' }, 1, 1) // undefined: the retry runs
 */
export function injectedFault(
  env: NodeJS.ProcessEnv,
  shard: number,
  attemptsMade: number,
): string | undefined {
  const setting = env.DICELAB_TEST_FAIL_SHARD;
  const match = setting ? /^(\d+)(?::(\d+))?$/.exec(setting) : null;
  if (!match || Number(match[1]) !== shard || attemptsMade >= Number(match[2] ?? 1))
    return undefined;
  return `injected fault (DICELAB_TEST_FAIL_SHARD=${setting}): shard ${shard}, try ${attemptsMade + 1}`;
}

/**
 * "shard 3/8 of run 3f0c…" or "merge of run 3f0c…", for log lines; a job that is neither (not
 * dicelab's, or damaged: the worker refuses it) by its id and name alone, not as "shard
 * 0/undefined of run undefined".
 */
function describeJob(job: Job<QueueJobData, string>): string {
  const data = (job.data ?? {}) as Partial<QueueJobData>;
  if (job.name === JOB_NAMES.merge && typeof data.shard !== 'number')
    return `merge of run ${typeof data.run === 'string' ? data.run : job.id}`;
  if (
    job.name === JOB_NAMES.shard &&
    Number.isInteger(data.shard) &&
    Number.isInteger(data.shards) &&
    typeof data.run === 'string'
  )
    return `shard ${data.shard}/${data.shards} of run ${data.run}`;
  return `job ${job.id} (${JSON.stringify(job.name)}, not one this dicelab can read)`;
}
