// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { FlowProducer, Job, Queue } from 'bullmq';
import { formatCount } from '../format/format-count.ts';
import { invalid } from '../input/input-error.ts';
import { chunksInRun } from '../montecarlo/chunk-plan.ts';
import { loadKernel } from '../montecarlo/load-kernel.ts';
import { parsePartialResult } from '../montecarlo/partial-result.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { EXIT } from '../process/exit-status.ts';
import { RunError } from '../process/run-error.ts';
import type { KernelId } from '../systems/systems.ts';
import {
  JOB_NAMES,
  mergeJobId,
  type QueueJobData,
  queueJobData,
  type RunIdentity,
  runId,
  STORED_ON_QUEUE,
  shardJobId,
} from './queue-job.ts';
import {
  KEEP_FINISHED_SECONDS,
  POLL_INTERVAL_MS,
  QUEUE_NAME,
  RETRY_DELAY_MS,
  SHARD_ATTEMPTS,
} from './queue-settings.ts';
import { connectRedis, fullRedisError, type RedisLink } from './redis-connection.ts';
import { shownUrl } from './redis-url.ts';

/** A run to cut into shard jobs: what decides its result. */
export interface QueueRunRequest {
  kernel: KernelId;
  spec: unknown;
  trials: number;
  seed: number;
  chunkSize: number;
  /** Shard jobs, 1 to the run's chunks. */
  shards: number;
}

/** Where to submit a run and what to tell the user while it runs. */
export interface QueueRunOptions {
  /** Redis, as `redis://host:port[/db]` or `rediss://…` (`--queue`). */
  url: string;
  /** After each look at the run: shards done so far, of all. */
  onProgress?: (doneShards: number, shards: number) => void;
  /** A line for the user (submitted, reused, Redis errors retried). */
  note?: (line: string) => void;
  /**
   * A line the user needs even when notes are off (`--quiet`): no worker has come to the run,
   * which waits until one does. Default: `note`.
   */
  warn?: (line: string) => void;
  /** Stop waiting (Ctrl-C): the run stays on the queue, and the same command picks it up. */
  signal?: AbortSignal;
  /** Seconds to wait for Redis out of reach before giving up (default `REDIS_GIVE_UP_SECONDS`). */
  giveUpSeconds?: number;
}

/** After this long with no worker on the queue, the user is told to start one (ms). */
const NO_WORKER_HINT_MS = 5_000;

/**
 * Runs a simulation as shard jobs on BullMQ workers (`dicelab queue worker`) and returns
 * exactly what one `simulate` of the same request returns: the same tallies, bit for bit.
 *
 * It submits one BullMQ flow: a merge job whose children are the run's `shards` shard jobs
 * (shard i plays the chunks c with c % shards === i), each tried up to `SHARD_ATTEMPTS` times;
 * a shard that fails on every try fails the run. Job ids come from the run's id (a digest of
 * everything that decides the result, `runId`), so the same command submitted again finds its
 * jobs: a finished run's result is read back, a run in progress is waited for, and after a
 * failure the finished shards are kept and only the failed ones run again. A shard is never
 * merged twice: BullMQ keeps one result per child job, and the merge takes each shard index
 * exactly once (`mergePartials`). Every shard and the merged result cross Redis as checksummed
 * partial results, read back by `parsePartialResult`.
 * @throws InputError for a bad spec or too many shards (before anything is submitted);
 *   RunError `EXIT.unavailable` when Redis is out of reach or the run fails (naming the shard),
 *   `EXIT.interrupted` when the wait is stopped.
 * @example await simulateOnQueue({ kernel: 'systems/d6-pool/simulate', spec: { stat: 3 }, trials: 1e8, seed: 1, chunkSize: 65536, shards: 8 }, { url: 'redis://127.0.0.1:6379' }) // not run: needs a Redis and workers
 */
export async function simulateOnQueue(
  request: QueueRunRequest,
  options: QueueRunOptions,
): Promise<SimulationResult> {
  const identity = await checkedIdentity(request);
  const run = runId(identity);
  const mergeId = mergeJobId(run);
  const note = options.note ?? (() => {});
  let link: RedisLink;
  try {
    link = await connectRedis(options.url, '--queue', options.giveUpSeconds, options.signal);
  } catch (error) {
    // Ctrl-C while Redis does not answer yet: nothing was submitted.
    if (options.signal?.aborted)
      throw new RunError(
        `interrupted: nothing submitted (Redis at ${shownUrl(options.url)} had not answered yet)`,
        EXIT.interrupted,
      );
    throw error;
  }
  const redis = link.client;
  const queue = new Queue<QueueJobData, string>(QUEUE_NAME, { connection: redis });
  const flows = new FlowProducer({ connection: redis });
  // Redis errors while connected are retried by the client; say each kind once.
  const said = new Set<string>();
  const onError = (error: Error) => {
    if (!said.has(error.message)) note(`Redis: ${error.message}`);
    said.add(error.message);
  };
  queue.on('error', onError);
  flows.on('error', onError);
  const flow = flowOf(identity, run);
  let shownDone = 0;
  const work = async (): Promise<SimulationResult> => {
    const earlier = await Job.fromId<QueueJobData, string>(queue, mergeId);
    const earlierState = earlier ? await earlier.getState() : undefined;
    if (earlierState === 'completed')
      note(`run ${run} was done on the queue already: its result is read back`);
    else if (earlierState === 'failed') {
      const kept = await forgetFailure(queue, earlier!, identity.shards);
      note(
        `run ${run} failed before: its ${kept} finished shard${kept === 1 ? ' is' : 's are'} kept, the others run again`,
      );
    } else if (earlierState !== undefined)
      note(`run ${run} is on the queue already (submitted before): waiting for it`);
    if (earlierState !== 'completed') {
      await flows.add(flow);
      if (earlierState === undefined || earlierState === 'failed')
        note(
          `submitted run ${run}: ${identity.shards} shard job${identity.shards === 1 ? '' : 's'} and a merge on ${shownUrl(options.url)}`,
        );
    }
    return await waitForRun(
      queue,
      redis.options.db ?? 0,
      identity,
      run,
      {
        ...options,
        onProgress: (done, shards) => {
          shownDone = done;
          options.onProgress?.(done, shards);
        },
      },
      note,
    );
  };
  // Whatever the work waits on, Redis given up on or a Ctrl-C ends the wait at once: a
  // command stuck on a Redis that is gone must not keep the user waiting.
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(interrupted(run, shownDone, identity.shards));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work(), link.lost.then((error) => Promise.reject(error)), aborted]);
  } catch (error) {
    // About what the jobs take in Redis: their data, and some 600 bytes of BullMQ's own a job.
    const needed = Buffer.byteLength(JSON.stringify(flow)) + 600 * (identity.shards + 1);
    throw (await fullRedisError(error, redis, options.url, needed)) ?? error;
  } finally {
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    // Closing waits on Redis: not more than a second on one that is gone.
    await Promise.race([
      Promise.allSettled([queue.close(), flows.close()]),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
    await link.close();
  }
}

/** The RunError of a wait stopped by Ctrl-C: the run stays on the queue. */
function interrupted(run: string, done: number, shards: number): RunError {
  return new RunError(
    `interrupted: run ${run} stays on the queue (${done} of ${shards} shards done); the same command waits for it again`,
    EXIT.interrupted,
  );
}

/** The request after a JSON round trip of its spec, checked as `simulate` would, plus shards. */
async function checkedIdentity(request: QueueRunRequest): Promise<RunIdentity> {
  const json = JSON.stringify(request.spec);
  if (json === undefined) throw invalid('spec', request.spec, 'a JSON value');
  const spec: unknown = JSON.parse(json);
  (await loadKernel(request.kernel)).prepare(spec); // a bad spec is refused here, not on a worker
  const chunks = chunksInRun({ ...request, shardIndex: 0, shardCount: 1 });
  if (request.shards > chunks)
    throw invalid(
      '--shards',
      request.shards,
      `1 to ${chunks}: the run has ${chunks} chunk${chunks === 1 ? '' : 's'} of ${formatCount(request.chunkSize)} trials and a shard plays whole chunks; give more --trials or a smaller --chunk-size`,
    );
  return { ...request, spec };
}

/** The run as one BullMQ flow: the merge job, parent of every shard job. */
function flowOf(identity: RunIdentity, run: string) {
  const keep = { age: KEEP_FINISHED_SECONDS };
  return {
    name: JOB_NAMES.merge,
    queueName: QUEUE_NAME,
    data: queueJobData(identity),
    opts: { jobId: mergeJobId(run), removeOnComplete: keep, removeOnFail: keep },
    children: Array.from({ length: identity.shards }, (_, index) => ({
      name: JOB_NAMES.shard,
      queueName: QUEUE_NAME,
      data: queueJobData(identity, index),
      opts: {
        jobId: shardJobId(run, index),
        attempts: SHARD_ATTEMPTS,
        backoff: { type: 'exponential', delay: RETRY_DELAY_MS },
        failParentOnFailure: true,
        removeOnComplete: keep,
        removeOnFail: keep,
      },
    })),
  };
}

/**
 * Clears a failed run so the same flow can be added again: its failed shard jobs and its merge
 * job are removed; its finished shard jobs stay, and the new merge job takes their results.
 * Returns how many finished shards are kept.
 */
async function forgetFailure(
  queue: Queue<QueueJobData, string>,
  merge: Job<QueueJobData, string>,
  shards: number,
): Promise<number> {
  let kept = 0;
  const run = merge.data.run;
  for (let index = 0; index < shards; index++) {
    const shard = await Job.fromId(queue, shardJobId(run, index));
    const state = shard ? await shard.getState() : undefined;
    if (state === 'completed') kept++;
    else if (state === 'failed') await shard!.remove();
  }
  await merge.remove({ removeChildren: false });
  return kept;
}

/**
 * Watches the merge job until it is done (its result) or failed (why, naming the shard); says
 * once when no worker is on the queue (of Redis database `db`).
 */
async function waitForRun(
  queue: Queue<QueueJobData, string>,
  db: number,
  identity: RunIdentity,
  run: string,
  options: QueueRunOptions,
  note: (line: string) => void,
): Promise<SimulationResult> {
  const mergeId = mergeJobId(run);
  const started = Date.now();
  let workerHinted = false;
  let done = 0;
  for (;;) {
    const merge = await Job.fromId<QueueJobData, string>(queue, mergeId);
    if (!merge)
      throw new RunError(
        `run ${run}: its merge job ${mergeId} was removed from the queue while it ran; submit it again`,
        EXIT.unavailable,
      );
    const state = await merge.getState();
    if (state === 'completed') {
      options.onProgress?.(identity.shards, identity.shards);
      // Read again: the job read above may be from before it completed, its result not yet in.
      const done = await Job.fromId<QueueJobData, string>(queue, mergeId);
      if (!done)
        throw new RunError(
          `run ${run}: its merge job ${mergeId} was removed from the queue as it finished; submit it again`,
          EXIT.unavailable,
        );
      return mergedResult(done, identity, run);
    }
    const counts = await merge.getDependenciesCount();
    if (state === 'failed' || (counts.failed ?? 0) > 0)
      throw await failureOf(queue, merge, identity, run);
    done = counts.processed ?? 0;
    options.onProgress?.(done, identity.shards);
    if (!workerHinted && Date.now() - started > NO_WORKER_HINT_MS) {
      workerHinted = true;
      if ((await workersOnQueue(queue, db)) === 0)
        (options.warn ?? note)(
          `no worker is on the queue yet: start some with dicelab queue worker --redis ${shownUrl(options.url)}`,
        );
    }
    try {
      await sleep(POLL_INTERVAL_MS, undefined, { signal: options.signal });
    } catch {
      throw interrupted(run, done, identity.shards);
    }
  }
}

/**
 * How many workers serve this queue: those on its Redis database. Redis names the clients of
 * the whole server, so BullMQ's own count takes a worker of another database (which never sees
 * this run's jobs) for one of this queue's.
 */
async function workersOnQueue(queue: Queue<QueueJobData, string>, db: number): Promise<number> {
  const workers = await queue.getWorkers();
  // A server that lists no clients (BullMQ then gives one entry with no database) counts as served.
  return workers.filter((worker) => worker.db === undefined || Number(worker.db) === db).length;
}

/** The merge job's result: the whole run, read back and checked like any partial result. */
async function mergedResult(
  merge: Job<QueueJobData, string>,
  identity: RunIdentity,
  run: string,
): Promise<SimulationResult> {
  // What Redis holds is not the user's input: a result that does not read is the queue's failure.
  const partial = await parsePartialResult(
    String(merge.returnvalue),
    `merge job ${merge.id}`,
    STORED_ON_QUEUE,
  ).catch((error: Error) => {
    throw new RunError(error.message, EXIT.unavailable);
  });
  if (runId({ ...partial, shards: identity.shards }) !== run || partial.interrupted)
    throw new RunError(
      `merge job ${merge.id}: its result is not the whole of run ${run}`,
      EXIT.unavailable,
    );
  return {
    kernel: partial.kernel,
    spec: partial.spec,
    seed: partial.seed,
    trials: partial.trials,
    chunkSize: partial.chunkSize,
    chunksDone: partial.chunksDone,
    completedTrials: partial.completedTrials,
    tally: [...partial.tally],
    interrupted: false,
  };
}

/** Why a run failed, naming the shard (and its last error) when a shard was the cause. */
async function failureOf(
  queue: Queue<QueueJobData, string>,
  merge: Job<QueueJobData, string>,
  identity: RunIdentity,
  run: string,
): Promise<RunError> {
  const { failed } = await merge.getDependencies({ failed: { count: 1 } });
  const key =
    failed?.[0] ?? /^child (\S+) failed$/.exec(merge.failedReason ?? '')?.[1] ?? undefined;
  const shardId = key?.slice(key.lastIndexOf(':') + 1);
  const shard = shardId ? await Job.fromId<QueueJobData, string>(queue, shardId) : undefined;
  if (shard) {
    const tries = shard.attemptsMade;
    return new RunError(
      `shard ${shard.data.shard} of ${identity.shards} (job ${shard.id}) failed after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${shard.failedReason}; the same command runs it again and keeps the finished shards`,
      EXIT.unavailable,
    );
  }
  return new RunError(
    `run ${run}: its merge job ${merge.id} failed: ${merge.failedReason}`,
    EXIT.unavailable,
  );
}
