import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { invalid } from '../input/input-error.ts';
import { integerAtLeastText, integerText } from '../input/integer-text.ts';
import { FROM_SOURCES, workerPool } from '../process/worker-pool.ts';
import { MAX_SEED } from '../rng/index.ts';
import {
  type ChunkPlan,
  chunksInShard,
  DEFAULT_CHUNK_SIZE,
  MAX_CHUNK_SIZE,
  MAX_THREADS,
  runChunks,
  trialsInChunks,
} from './chunk-plan.ts';
import {
  type AnyKernel,
  checkKernelRef,
  type KernelRef,
  kernelSource,
  loadKernel,
} from './load-kernel.ts';
import type { BatchResult, BatchTask } from './simulation-worker.ts';
import { tallyProblem } from './tally-shape.ts';

/** Part `index` of `count` of a run: the chunks c with c % count === index. */
export interface Shard {
  index: number;
  count: number;
}

/** What to simulate and how. Only `kernel`, `spec`, `trials`, `seed`, `chunkSize` and `shard` decide the result. */
export interface SimulationRequest {
  /** One of dicelab's kernels by id (e.g. 'systems/d6-pool/simulate'), or a `LocalKernel` made in code. */
  kernel: KernelRef;
  /** JSON-serialisable; each thread prepares it once (after a JSON round trip). */
  spec: unknown;
  /** Trials in the whole run (all shards together). */
  trials: number;
  /** Any safe integer ≥ 0. */
  seed: number;
  /**
   * Worker threads. 1 runs in this thread, without a pool, while its chunks are short (see
   * `IN_THREAD_CHUNK_MS`), else on one worker thread; n ≥ 2 a pool of n (at most one per chunk).
   * Unset: starts in this thread and hands the rest to a pool of `os.availableParallelism()`
   * threads once the work left looks longer than `poolThresholdMs`, so small runs never pay the
   * pool's start-up.
   */
  threads?: number;
  /**
   * With `threads` unset: the estimated work left (ms, in one thread) above which a pool takes
   * over. Default 300 ms compiled, 2 000 ms from TypeScript sources (tsx, vitest), where each
   * worker needs ~1 s to start instead of ~0.1 s. Does not change the result.
   */
  poolThresholdMs?: number;
  /** Trials per chunk (chunk c draws from `streamFor(seed, c)`); default 65 536. */
  chunkSize?: number;
  /** Run only the chunks c with c % count === index. */
  shard?: Shard;
  /** Called after each finished batch (every ~100 ms per thread on big runs). */
  onProgress?: (doneTrials: number, totalTrials: number) => void;
  /**
   * Stop at once and resolve with `interrupted: true`: a batch playing in this thread finishes
   * (~100 ms), those on worker threads are dropped.
   */
  signal?: AbortSignal;
}

/** Summed tallies of a run (or of one shard of it), with everything that identifies it. */
export interface SimulationResult {
  kernel: KernelRef;
  /** The spec after a JSON round trip (what every thread prepared). */
  spec: unknown;
  seed: number;
  /** Trials in the whole run (all shards together). */
  trials: number;
  chunkSize: number;
  /** Present only for a shard's result. */
  shard?: Shard;
  chunksDone: number;
  /** Trials actually played: the shard's (or run's) trials unless interrupted. */
  completedTrials: number;
  /** Integer counts, exact: the same numbers on any thread count. */
  tally: number[];
  interrupted: boolean;
}

/**
 * Runs a simulation on a piscina pool (or in this thread: see `threads`), cut into fixed
 * chunks so the tallies are bit-identical on any thread count and shards merge exactly
 * (`mergePartials`). Memory is the tallies only, whatever `trials` is.
 * Batches of consecutive chunks are sized from measured speed to about 100 ms of work each
 * (but at least 4 per thread remaining, for load balance), so messages stay few.
 * @throws InputError for a bad request field or spec (before any thread starts).
 * @example await simulate({ kernel: 'systems/d6-pool/simulate', spec, trials: 1e6, seed: 1 }) // not run: starts a worker pool (test/montecarlo/run.test.ts runs it)
 */
export async function simulate(req: SimulationRequest): Promise<SimulationResult> {
  const plan = checkedPlan(req);
  const kernelRef = checkKernelRef(req.kernel);
  const specJson = JSON.stringify(req.spec);
  if (specJson === undefined) throw invalid('spec', req.spec, 'a JSON value');
  const spec: unknown = JSON.parse(specJson);
  const kernel = await loadKernel(kernelRef);
  const prepared = preparedFor(kernel, `${kernelRef}\n${specJson}`, spec);
  const size = kernel.tallySize(prepared);
  if (!Number.isSafeInteger(size) || size < 0)
    throw new RangeError(`kernel ${req.kernel}: tallySize must be an integer ≥ 0, got ${size}`);

  const chunks = chunksInShard(plan);
  const job: Job = {
    plan,
    chunks,
    totalTrials: trialsInChunks(plan, 0, chunks),
    tally: new Float64Array(size),
    next: 0,
    chunksDone: 0,
    completedTrials: 0,
    msPerChunk: undefined,
    kernelName: String(kernelRef),
    onProgress: req.onProgress,
    signal: req.signal,
  };
  const threads = Math.min(req.threads ?? availableParallelism(), chunks);
  const task = { kernel: kernelSource(kernelRef), specJson, plan };
  if (threads >= 2 && req.threads !== undefined) {
    await runInPool(job, threads, task);
  } else {
    // One thread, or `auto`: start here and hand over to a pool once the rest looks worth it,
    // or once a chunk proves long. A chunk cannot be cut short, and while one plays here nothing
    // else runs (Ctrl-C, a queue worker's lock renewals): one bigger than the default, which is
    // short on every kernel, goes to a worker thread from the start.
    const threshold = req.poolThresholdMs ?? (FROM_SOURCES ? 2000 : 300);
    const handOver = (remainingMs: number) =>
      job.msPerChunk! > IN_THREAD_CHUNK_MS || (threads >= 2 && remainingMs > threshold);
    if (Math.min(plan.chunkSize, plan.trials) <= DEFAULT_CHUNK_SIZE)
      await runInThisThread(job, kernel, prepared, handOver);
    if (job.next < chunks && !job.signal?.aborted) await runInPool(job, threads, task);
  }
  // A kernel whose tallies break its own shape has a bug: say so rather than summarise them.
  const broken = tallyProblem(kernel.tallyShape(prepared), job.tally, job.completedTrials);
  if (broken) throw new Error(`kernel ${kernelRef}: ${broken}`);

  return {
    kernel: kernelRef,
    spec,
    seed: plan.seed,
    trials: plan.trials,
    chunkSize: plan.chunkSize,
    ...(req.shard ? { shard: { index: plan.shardIndex, count: plan.shardCount } } : {}),
    chunksDone: job.chunksDone,
    completedTrials: job.completedTrials,
    tally: Array.from(job.tally),
    interrupted: job.chunksDone < chunks,
  };
}

/** How many recent specs keep their prepared value (see `preparedFor`). */
const RECENTLY_PREPARED = 4;
/** Prepared values of the latest runs' specs, by kernel and spec JSON; the latest last. */
const recentlyPrepared = new Map<string, unknown>();

/**
 * The kernel's prepared value for a spec, reused from a recent run of the same spec: `prepare`
 * is pure (worker threads keep theirs for good), and a hot loop given the same prepared value run
 * after run stays fast, where a fresh one each run cost a queue worker playing shard after shard
 * of one spec about a quarter of its speed.
 */
function preparedFor(kernel: AnyKernel, key: string, spec: unknown): unknown {
  const prepared = recentlyPrepared.has(key) ? recentlyPrepared.get(key) : kernel.prepare(spec);
  recentlyPrepared.delete(key);
  recentlyPrepared.set(key, prepared);
  if (recentlyPrepared.size > RECENTLY_PREPARED)
    recentlyPrepared.delete(recentlyPrepared.keys().next().value!);
  return prepared;
}

/** A run in progress: chunks k < next are dispatched; tallies are summed as batches finish. */
interface Job {
  plan: ChunkPlan;
  chunks: number;
  totalTrials: number;
  tally: Float64Array;
  next: number;
  chunksDone: number;
  completedTrials: number;
  /** Milliseconds per chunk in the last finished batch (sizes the next ones). */
  msPerChunk: number | undefined;
  kernelName: string;
  onProgress: SimulationRequest['onProgress'];
  signal: AbortSignal | undefined;
}

/** Work per batch: long enough that messages cost nothing, short enough for progress and Ctrl-C. */
const TARGET_BATCH_MS = 100;
/** A chunk measured slower than this (ms) hands the rest of a run in this thread to a worker thread. */
const IN_THREAD_CHUNK_MS = 250;
/** Chunks for the next batch: ~100 ms at the last measured speed, ≤ remaining/(4·threads). */
function batchSize(job: Job, threads: number): number {
  const remaining = job.chunks - job.next;
  if (job.msPerChunk === undefined) return 1;
  const balanced = Math.ceil(remaining / (4 * threads));
  const timed = Math.floor(TARGET_BATCH_MS / Math.max(job.msPerChunk, 1e-6));
  return Math.max(1, Math.min(balanced, timed));
}

/** Adds a batch's tally, refusing non-integers (they would make sums order-dependent). */
function addBatch(job: Job, tally: Float64Array, chunks: number, trials: number, ms: number): void {
  if (tally.length !== job.tally.length)
    throw new RangeError(
      `kernel ${job.kernelName}: a batch sent ${tally.length} tally slots, not ${job.tally.length}`,
    );
  for (let i = 0; i < tally.length; i++) {
    const count = tally[i]!;
    if (!Number.isSafeInteger(count))
      throw new RangeError(
        `kernel ${job.kernelName}: tally[${i}] is ${count}, not an integer count`,
      );
    job.tally[i] = job.tally[i]! + count;
  }
  job.chunksDone += chunks;
  job.completedTrials += trials;
  job.msPerChunk = ms / chunks;
  job.onProgress?.(job.completedTrials, job.totalTrials);
}

/**
 * Plays batches in this thread, yielding between them so signals and progress get through,
 * until the run is done, aborted, or `handOver(estimated ms left)` says a pool should finish it.
 */
async function runInThisThread(
  job: Job,
  kernel: AnyKernel,
  prepared: unknown,
  handOver: (remainingMs: number) => boolean,
): Promise<void> {
  while (job.next < job.chunks && !job.signal?.aborted) {
    const from = job.next;
    const to = from + batchSize(job, 1);
    const tally = new Float64Array(job.tally.length);
    const start = performance.now();
    const trials = runChunks(kernel, prepared, job.plan, from, to, tally);
    job.next = to;
    addBatch(job, tally, to - from, trials, performance.now() - start);
    if (job.next >= job.chunks || handOver((job.chunks - job.next) * job.msPerChunk!)) return;
    await nextTurn();
  }
}

/**
 * Plays the chunks from `job.next` on a piscina pool, two batches in flight per worker; always
 * destroyed. On abort it returns at once, the batches in flight dropped (destroying the pool
 * stops them: a long chunk would otherwise hold the run for as long as it plays).
 */
async function runInPool(
  job: Job,
  threads: number,
  task: Omit<BatchTask, 'from' | 'to'>,
): Promise<void> {
  if (job.signal?.aborted) return;
  const pool = workerPool<BatchTask, BatchResult>(
    new URL('./simulation-worker', import.meta.url),
    threads,
  );
  let onAbort: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let inFlight = 0;
      let failure: unknown;
      const aborted = () => job.signal?.aborted === true;
      const settleIfDone = () => {
        if (failure !== undefined && inFlight === 0) reject(failure);
        else if (aborted() || (inFlight === 0 && job.next >= job.chunks)) resolve();
      };
      const dispatch = () => {
        while (
          failure === undefined &&
          !aborted() &&
          inFlight < 2 * threads &&
          job.next < job.chunks
        ) {
          const from = job.next;
          const to = from + batchSize(job, threads);
          job.next = to;
          inFlight++;
          pool.run({ ...task, from, to }).then(
            (result) => {
              inFlight--;
              try {
                if (failure === undefined && !aborted())
                  addBatch(job, result.tally, to - from, result.trials, result.ms);
              } catch (error) {
                failure ??= error;
              }
              dispatch();
              settleIfDone();
            },
            (error: unknown) => {
              inFlight--;
              failure ??= error;
              settleIfDone();
            },
          );
        }
      };
      onAbort = () => settleIfDone();
      job.signal?.addEventListener('abort', onAbort, { once: true });
      dispatch();
      settleIfDone();
    });
  } finally {
    if (onAbort) job.signal?.removeEventListener('abort', onAbort);
    await pool.destroy();
  }
}

function checkedPlan(req: SimulationRequest): ChunkPlan {
  const { trials, seed } = req;
  // A library caller's null is refused, as its threads: null is, not read as left out.
  const chunkSize = req.chunkSize === undefined ? DEFAULT_CHUNK_SIZE : req.chunkSize;
  const shard = req.shard ?? { index: 0, count: 1 };
  if (!Number.isSafeInteger(trials) || trials < 1)
    throw invalid('trials', trials, `${integerAtLeastText(1)} (at most 2^53 − 1)`);
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw invalid('seed', seed, `${integerAtLeastText(0)} (at most 2^53 − 1)`);
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_CHUNK_SIZE)
    throw invalid('chunkSize', chunkSize, integerText(1, MAX_CHUNK_SIZE));
  if (
    req.threads !== undefined &&
    (!Number.isSafeInteger(req.threads) || req.threads < 1 || req.threads > MAX_THREADS)
  )
    throw invalid('threads', req.threads, integerText(1, MAX_THREADS));
  if (req.poolThresholdMs !== undefined && !(req.poolThresholdMs >= 0))
    throw invalid('poolThresholdMs', req.poolThresholdMs, 'a number of milliseconds ≥ 0');
  if (!Number.isSafeInteger(shard.count) || shard.count < 1)
    throw invalid('shard.count', shard.count, integerAtLeastText(1));
  if (!Number.isSafeInteger(shard.index) || shard.index < 0 || shard.index >= shard.count)
    throw invalid('shard.index', shard.index, integerText(0, shard.count - 1));
  return { seed, trials, chunkSize, shardIndex: shard.index, shardCount: shard.count };
}
