import { z } from '#zod';
import type { KernelId } from '../montecarlo/load-kernel.ts';
import { partialChecksum } from '../montecarlo/partial-result.ts';
import { DICELAB_VERSION } from '../process/version.ts';
import { MAX_SEED } from '../rng/index.ts';
import { isKernelId, KERNEL_IDS } from '../systems/systems.ts';
import { MAX_SHARDS } from './queue-settings.ts';

/** Where a job's result is kept, as a message about a damaged one says it. */
export const STORED_ON_QUEUE = 'the result stored on the queue';

/** The format tag every dicelab job's data starts with. */
export const QUEUE_JOB_FORMAT = 'dicelab-queue-job';
/** The layout of a job's data (this code writes and reads 1); a worker refuses any other. */
export const QUEUE_JOB_VERSION = 1;

/**
 * What decides a run's result, so what names it: the kernel, its spec, the seed, the trials,
 * the chunk size, and how many shard jobs it is cut into.
 */
export interface RunIdentity {
  readonly kernel: KernelId;
  readonly spec: unknown;
  readonly seed: number;
  readonly trials: number;
  readonly chunkSize: number;
  readonly shards: number;
}

/**
 * The data of a dicelab job on the queue. Every job carries the dicelab version that submitted
 * it and the version of this layout, so that a worker of another version refuses it by name
 * before reading anything else; and its run's id, a digest of all of it (spec included), so a
 * job whose data changed in Redis is refused too.
 *
 * ```json
 * { "format": "dicelab-queue-job", "version": 1, "dicelab": "0.1.0", "run": "3f0c…",
 *   "kernel": "systems/zidara/simulate", "spec": { … }, "seed": 7, "trials": 100000000,
 *   "chunkSize": 65536, "shards": 8, "shard": 3 }
 * ```
 * A shard job has `shard` (its index, 0-based); the run's one merge job has none.
 */
export interface QueueJobData extends RunIdentity {
  readonly format: typeof QUEUE_JOB_FORMAT;
  readonly version: typeof QUEUE_JOB_VERSION;
  readonly dicelab: string;
  readonly run: string;
  readonly shard?: number;
}

/** The two kinds of job (BullMQ job names): a shard of a run, and the merge of its shards. */
export const JOB_NAMES = { shard: 'shard', merge: 'merge' } as const;

/**
 * A run's id: 24 hex digits of the SHA-256 of its identity and dicelab's version (the same
 * canonical JSON digest a partial result's checksum uses), so the same command submitted twice
 * names the same jobs, and any change — spec, seed, trials, shards, version — names others.
 * @example runId({ kernel: 'systems/d6-pool/simulate', spec: { stat: 3 }, seed: 1, trials: 1e6, chunkSize: 65536, shards: 4 }).length
 * // 24 (hex digits, the same on every machine)
 */
export function runId(identity: RunIdentity): string {
  const digest = partialChecksum({
    format: QUEUE_JOB_FORMAT,
    version: QUEUE_JOB_VERSION,
    dicelab: DICELAB_VERSION,
    ...identityOf(identity),
  });
  return digest.slice('sha256:'.length, 'sha256:'.length + 24);
}

/** The id of shard `index` of run `run` (BullMQ job ids may not hold ':'). */
export function shardJobId(run: string, index: number): string {
  return `${run}-${index}`;
}

/** The id of run `run`'s merge job. */
export function mergeJobId(run: string): string {
  return `${run}-merge`;
}

/** The data of shard `index` of a run (or of its merge job, when `index` is undefined). */
export function queueJobData(identity: RunIdentity, index?: number): QueueJobData {
  return {
    format: QUEUE_JOB_FORMAT,
    version: QUEUE_JOB_VERSION,
    dicelab: DICELAB_VERSION,
    run: runId(identity),
    ...identityOf(identity),
    ...(index === undefined ? {} : { shard: index }),
  };
}

/** A job this worker will not run: failed at once, never retried, the message saying why. */
export class RefusedJob extends Error {
  override readonly name = 'RefusedJob';
}

const count = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);

const jobDataSchema = z.strictObject({
  format: z.literal(QUEUE_JOB_FORMAT),
  version: z.literal(QUEUE_JOB_VERSION),
  dicelab: z.string(),
  run: z.string().regex(/^[0-9a-f]{24}$/),
  kernel: z.string().refine(isKernelId, `one of dicelab's kernels: ${KERNEL_IDS.join(', ')}`),
  spec: z.unknown(),
  seed: count(0, MAX_SEED),
  trials: count(1),
  chunkSize: count(1),
  shards: count(1, MAX_SHARDS),
  shard: count(0).optional(),
});

/**
 * Checks a job's data as read from Redis before anything runs: first that this dicelab and
 * this layout wrote it (a worker of another version says so, naming both versions), then every
 * field, then that its run id is the digest of its identity and the job is where its id says.
 * The spec itself is checked by the kernel when the shard runs.
 * @throws RefusedJob naming the job, the field and what this worker accepts.
 */
export function checkQueueJob(jobId: string, name: string, data: unknown): QueueJobData {
  const refuse = (why: string) => new RefusedJob(`job ${jobId}: ${why}`);
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (d.format !== QUEUE_JOB_FORMAT)
    throw refuse(`not a dicelab job (format ${JSON.stringify(d.format)})`);
  if (d.dicelab !== DICELAB_VERSION || d.version !== QUEUE_JOB_VERSION)
    throw refuse(
      `submitted by dicelab ${String(d.dicelab)} (job layout ${String(d.version)}), but this worker is dicelab ${DICELAB_VERSION} (job layout ${QUEUE_JOB_VERSION}): run workers of the submitter's version`,
    );
  const parsed = jobDataSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuse(`${issue.path.join('.') || 'data'}: ${issue.message}`);
  }
  const job = parsed.data as QueueJobData;
  if (runId(job) !== job.run)
    throw refuse(
      `run ${job.run} is not the digest of the job's data: it changed after it was submitted`,
    );
  const expected =
    name === JOB_NAMES.merge
      ? job.shard === undefined && mergeJobId(job.run)
      : name === JOB_NAMES.shard &&
        job.shard !== undefined &&
        job.shard < job.shards &&
        shardJobId(job.run, job.shard);
  if (expected !== jobId)
    throw refuse(
      `a ${JSON.stringify(name)} job with shard ${job.shard ?? 'none'} of ${job.shards} is not what its id names`,
    );
  return job;
}

/** Just the identity fields, in a fixed order. */
function identityOf(identity: RunIdentity): RunIdentity {
  const { kernel, spec, seed, trials, chunkSize, shards } = identity;
  return { kernel, spec, seed, trials, chunkSize, shards };
}
