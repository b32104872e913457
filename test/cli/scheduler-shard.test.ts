import { describe, expect, it } from 'vitest';
import { ARRAY_JOB_VARIABLES, shardFromScheduler } from '../../src/cli/scheduler-shard.ts';
import { InputError } from '../../src/input/input-error.ts';

describe('--shard auto: the shard from an array job', () => {
  it.each([
    ['Kubernetes Indexed Job', { JOB_COMPLETION_INDEX: '5' }],
    ['Slurm job array', { SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_COUNT: '8' }],
    ['Slurm job array without its count', { SLURM_ARRAY_TASK_ID: '5' }],
    ['AWS Batch array job', { AWS_BATCH_JOB_ARRAY_INDEX: '5' }],
    [
      'AWS Batch with its size set',
      { AWS_BATCH_JOB_ARRAY_INDEX: '5', AWS_BATCH_JOB_ARRAY_SIZE: '8' },
    ],
    ['Cloud Run job', { CLOUD_RUN_TASK_INDEX: '5', CLOUD_RUN_TASK_COUNT: '8' }],
  ])('%s', (_scheduler, env) => {
    expect(shardFromScheduler(env, 8)).toEqual({ index: 5, count: 8 });
  });

  it('takes index 0 and the last index, and ignores variables of no scheduler', () => {
    expect(shardFromScheduler({ JOB_COMPLETION_INDEX: '0', HOSTNAME: 'x' }, 8)).toEqual({
      index: 0,
      count: 8,
    });
    expect(shardFromScheduler({ CLOUD_RUN_TASK_INDEX: '7' }, 8)).toEqual({ index: 7, count: 8 });
  });

  it('refuses with one line when no scheduler set its index (an empty value is unset)', () => {
    for (const env of [{}, { JOB_COMPLETION_INDEX: '' }, { SLURM_ARRAY_TASK_COUNT: '8' }])
      expect(() => shardFromScheduler(env, 8)).toThrow(
        new InputError(
          "--shard auto: no array job's index is set (expected one of JOB_COMPLETION_INDEX (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID (Slurm job array), AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job), CLOUD_RUN_TASK_INDEX (Cloud Run job); elsewhere give --shard i/n)",
          '--shard',
        ),
      );
  });

  it("refuses when two schedulers' indexes are set", () => {
    expect(() =>
      shardFromScheduler({ JOB_COMPLETION_INDEX: '1', SLURM_ARRAY_TASK_ID: '1' }, 8),
    ).toThrow(
      '--shard auto: both JOB_COMPLETION_INDEX (Kubernetes Indexed Job) and SLURM_ARRAY_TASK_ID (Slurm job array) are set',
    );
  });

  it('refuses an index that is not a whole number below --shards, naming the variable', () => {
    for (const { index } of ARRAY_JOB_VARIABLES)
      for (const value of ['8', '-1', '1.5', 'abc', '1e3', ' 9 '])
        expect(() => shardFromScheduler({ [index]: value }, 8), `${index}=${value}`).toThrow(
          new RegExp(
            `^${index}: .* is not allowed \\(expected an integer from 0 to 7, this task's shard of --shards 8`,
          ),
        );
  });

  it('refuses a count that disagrees with --shards, naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '4' }, 'SLURM_ARRAY_TASK_COUNT: "4"'],
      [{ CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '16' }, 'CLOUD_RUN_TASK_COUNT: "16"'],
      [
        { AWS_BATCH_JOB_ARRAY_INDEX: '1', AWS_BATCH_JOB_ARRAY_SIZE: 'ten' },
        'AWS_BATCH_JOB_ARRAY_SIZE: "ten"',
      ],
    ];
    for (const [env, named] of cases)
      expect(() => shardFromScheduler(env, 8)).toThrow(
        new RegExp(
          `^${named} is not allowed \\(expected 8, as --shards says: the .* must have one task per shard\\)$`,
        ),
      );
  });
});
