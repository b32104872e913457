import { InputError, invalid } from '../input/input-error.ts';
import { integerText } from '../input/integer-text.ts';
import type { Shard } from '../montecarlo/run.ts';

/** A scheduler's array-job variables: this task's index (from 0) and, if it gives it, the count. */
export interface ArrayJobVariables {
  readonly scheduler: string;
  readonly index: string;
  readonly count?: string;
}

/**
 * The schedulers `--shard auto` knows, in the order they are looked for. Kubernetes gives no
 * count; AWS Batch gives none either, but `AWS_BATCH_JOB_ARRAY_SIZE` is checked when a job
 * definition sets it.
 */
export const ARRAY_JOB_VARIABLES: readonly ArrayJobVariables[] = [
  { scheduler: 'Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX' },
  { scheduler: 'Slurm job array', index: 'SLURM_ARRAY_TASK_ID', count: 'SLURM_ARRAY_TASK_COUNT' },
  {
    scheduler: 'AWS Batch array job',
    index: 'AWS_BATCH_JOB_ARRAY_INDEX',
    count: 'AWS_BATCH_JOB_ARRAY_SIZE',
  },
  { scheduler: 'Cloud Run job', index: 'CLOUD_RUN_TASK_INDEX', count: 'CLOUD_RUN_TASK_COUNT' },
];

/**
 * The shard an array task runs under `--shard auto --shards N`: its index from the one
 * scheduler whose variable is set (an empty value counts as unset), checked against N, and the
 * scheduler's count, where it gives one, checked to be N. Pure: the environment is passed in.
 * @throws InputError naming the variable, its value and what is allowed: none set, two
 *   schedulers' set, an index that is not a whole number below N, or a count other than N.
 * @example shardFromScheduler({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '8' }, 8) // { index: 3, count: 8 }
 */
export function shardFromScheduler(env: NodeJS.ProcessEnv, shards: number): Shard {
  const set = ARRAY_JOB_VARIABLES.filter((v) => env[v.index]);
  const [found, other] = set;
  if (!found)
    throw new InputError(
      `--shard auto: no array job's index is set (expected one of ${ARRAY_JOB_VARIABLES.map((v) => `${v.index} (${v.scheduler})`).join(', ')}; elsewhere give --shard i/n)`,
      '--shard',
    );
  if (other)
    throw new InputError(
      `--shard auto: both ${found.index} (${found.scheduler}) and ${other.index} (${other.scheduler}) are set (expected one scheduler's index; give --shard i/n to choose)`,
      '--shard',
    );
  const index = wholeNumber(env[found.index]!);
  if (index === undefined || index >= shards)
    throw invalid(
      found.index,
      env[found.index],
      `${integerText(0, shards - 1)}, this task's shard of --shards ${shards} (${found.scheduler}: number the tasks from 0)`,
    );
  const countText = found.count ? env[found.count] : undefined;
  if (found.count && countText) {
    const count = wholeNumber(countText);
    if (count !== shards)
      throw invalid(
        found.count,
        countText,
        `${shards}, as --shards says: the ${found.scheduler} must have one task per shard`,
      );
  }
  return { index, count: shards };
}

/** A whole number written in decimal digits (a safe integer), else undefined. */
function wholeNumber(text: string): number | undefined {
  const value = Number(text.trim());
  return /^\s*\d+\s*$/.test(text) && Number.isSafeInteger(value) ? value : undefined;
}
