// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { describe, expect, it } from 'vitest';
import { DICELAB_VERSION } from '../../src/process/version.ts';
import {
  checkQueueJob,
  JOB_NAMES,
  mergeJobId,
  queueJobData,
  RefusedJob,
  type RunIdentity,
  runId,
  shardJobId,
} from '../../src/queue/queue-job.ts';
import { injectedFault } from '../../src/queue/worker.ts';

const identity: RunIdentity = {
  kernel: 'systems/d6-pool/simulate',
  spec: { stat: 3, label: 'a' },
  seed: 7,
  trials: 1_000_000,
  chunkSize: 65_536,
  shards: 4,
};

describe('runId', () => {
  it('names a run by everything that decides its result, and nothing else', () => {
    const id = runId(identity);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    // The spec by content: the order of its keys does not matter.
    expect(runId({ ...identity, spec: { label: 'a', stat: 3 } })).toBe(id);
    const changes: Partial<RunIdentity>[] = [
      { kernel: 'systems/tags-2d6/simulate' },
      { spec: { stat: 4, label: 'a' } },
      { seed: 8 },
      { trials: 1_000_001 },
      { chunkSize: 65_535 },
      { shards: 5 },
    ];
    const ids = changes.map((change) => runId({ ...identity, ...change }));
    expect(new Set([id, ...ids]).size).toBe(changes.length + 1);
  });

  it('gives shard and merge job ids without ":" (BullMQ refuses it in custom ids)', () => {
    const id = runId(identity);
    expect(shardJobId(id, 3)).toBe(`${id}-3`);
    expect(mergeJobId(id)).toBe(`${id}-merge`);
  });
});

describe('checkQueueJob', () => {
  const run = runId(identity);

  it('accepts the data the submitter writes, for shard and merge jobs', () => {
    const shard = queueJobData(identity, 2);
    expect(shard).toMatchObject({
      format: 'dicelab-queue-job',
      version: 1,
      dicelab: DICELAB_VERSION,
      run,
      shard: 2,
    });
    expect(checkQueueJob(shardJobId(run, 2), JOB_NAMES.shard, shard)).toEqual(shard);
    const merge = queueJobData(identity);
    expect('shard' in merge).toBe(false);
    expect(checkQueueJob(mergeJobId(run), JOB_NAMES.merge, merge)).toEqual(merge);
  });

  it('refuses a job of another dicelab version, or another layout, naming both', () => {
    const other = { ...queueJobData(identity, 0), dicelab: '9.9.9' };
    expect(() => checkQueueJob('x-0', 'shard', other)).toThrow(
      new RefusedJob(
        `job x-0: submitted by dicelab 9.9.9 (job layout 1), but this worker is dicelab ${DICELAB_VERSION} (job layout 1): run workers of the submitter's version`,
      ),
    );
    expect(() =>
      checkQueueJob('x-0', 'shard', { ...queueJobData(identity, 0), version: 2 }),
    ).toThrow(/submitted by dicelab .* \(job layout 2\), but this worker is .* \(job layout 1\)/);
  });

  it('refuses data that is not a job, or whose fields do not hold together', () => {
    const good = queueJobData(identity, 1);
    const id = shardJobId(run, 1);
    const cases: [unknown, RegExp][] = [
      [null, /^job .*: not a dicelab job \(format undefined\)$/],
      ['text', /not a dicelab job/],
      [{ ...good, kernel: 'file:///tmp/evil.mjs' }, /kernel: one of dicelab's kernels/],
      [{ ...good, seed: -1 }, /seed: /],
      [{ ...good, shards: 0 }, /shards: /],
      [{ ...good, extra: true }, /Unrecognized key/],
      [
        { ...good, spec: { stat: 4, label: 'a' } },
        /is not the digest of the job's data: it changed/,
      ],
    ];
    for (const [data, message] of cases)
      expect(() => checkQueueJob(id, 'shard', data), JSON.stringify(data)).toThrow(message);
  });

  it('refuses a job that is not where its id and name say', () => {
    const shard = queueJobData(identity, 1);
    for (const [id, name, data] of [
      [shardJobId(run, 2), 'shard', shard],
      [mergeJobId(run), 'merge', shard],
      [shardJobId(run, 1), 'merge', shard],
      [mergeJobId(run), 'shard', queueJobData(identity)],
      [shardJobId(run, 4), 'shard', { ...shard, shard: 4 }],
    ] as const)
      expect(() => checkQueueJob(id, name, data), `${name} ${id}`).toThrow(
        /is not what its id names/,
      );
  });
});

describe('the worker test hook DICELAB_TEST_FAIL_SHARD', () => {
  it('fails the named shard on its first try, or its first k tries; nothing when unset', () => {
    expect(injectedFault({}, 0, 0)).toBeUndefined();
    expect(injectedFault({ DICELAB_TEST_FAIL_SHARD: '1' }, 1, 0)).toBe(
      'injected fault (DICELAB_TEST_FAIL_SHARD=1): shard 1, try 1',
    );
    expect(injectedFault({ DICELAB_TEST_FAIL_SHARD: '1' }, 1, 1)).toBeUndefined();
    expect(injectedFault({ DICELAB_TEST_FAIL_SHARD: '1' }, 0, 0)).toBeUndefined();
    expect(injectedFault({ DICELAB_TEST_FAIL_SHARD: '2:3' }, 2, 2)).toMatch(/shard 2, try 3$/);
    expect(injectedFault({ DICELAB_TEST_FAIL_SHARD: '2:3' }, 2, 3)).toBeUndefined();
    expect(injectedFault({ DICELAB_TEST_FAIL_SHARD: 'all' }, 0, 0)).toBeUndefined();
  });
});
