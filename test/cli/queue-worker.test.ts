import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/format/format-count.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { WORKER_DEFAULTS } from '../../src/queue/queue-settings.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

describe('dicelab queue worker', () => {
  it('needs --redis, a Redis URL', async () => {
    const none = await cli('queue', 'worker');
    expect([none.status, none.stderr]).toEqual([
      EXIT.badInput,
      'dicelab: --redis: missing (expected the Redis of the queue, e.g. redis://127.0.0.1:6379)\n',
    ]);
    const bad = await cli('queue', 'worker', '--redis', 'localhost:6379');
    expect(bad.status).toBe(EXIT.badInput);
    expect(bad.stderr).toMatch(
      /^dicelab: --redis: "localhost:6379" is not allowed \(expected a Redis URL .*, but its scheme is "localhost:", not redis: or rediss:\)\n$/,
    );
    // ?db=3 was read by ioredis but not by dicelab's checks: database 0 was used quietly.
    const query = await cli('queue', 'worker', '--redis', 'redis://:secret@127.0.0.1:1?db=3');
    expect([query.status, query.stderr]).toEqual([
      EXIT.badInput,
      'dicelab: --redis: "redis://:***@127.0.0.1:1?db=3" is not allowed (expected a Redis URL such as redis://127.0.0.1:6379 or rediss://:password@host:6380/0, but it has a query, ?db=3: a database is named by the path, as in redis://host:6379/3)\n',
    ]);
  });

  it('says in one line, with status 69, when Redis cannot be reached', async () => {
    const run = await cli('queue', 'worker', '--redis', 'redis://127.0.0.1:1');
    expect([run.status, run.stdout, run.stderr]).toEqual([
      EXIT.unavailable,
      '',
      'dicelab: --redis: cannot reach Redis at redis://127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1)\n',
    ]);
  });

  it('documents its defaults from the shared constants', async () => {
    const help = await cli('queue', 'worker', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(`(default: ${formatCount(WORKER_DEFAULTS.lockDurationMs)})`);
    expect(help.stdout).toContain(`(default: ${formatCount(WORKER_DEFAULTS.stalledIntervalMs)})`);
    expect(help.stdout).toContain('dicelab queue worker --redis redis://127.0.0.1:6379');
  });
});

describe('--queue on a simulating command', () => {
  it.each([
    ['--shard', ['--shard', '0/2', '--partial', 'p.json']],
    ['--threads', ['--threads', '2']],
  ])(
    'refuses %s with it: the queue runs every shard, each worker its threads',
    async (other, flags) => {
      const run = await cli(
        'zidara',
        'simulate',
        'd12',
        '--vs',
        '3',
        '--queue',
        'redis://127.0.0.1:1',
        '--shards',
        '2',
        ...flags,
      );
      expect(run.status).toBe(EXIT.badInput);
      expect(run.stderr).toBe(
        `dicelab: ${other}: cannot be used with --queue (drop one of them)\n`,
      );
    },
  );

  it('is on every simulating command', async () => {
    for (const command of [
      ['zidara', 'simulate'],
      ['zidara', 'fight'],
      ['d6-pool', 'simulate'],
      ['tags-2d6', 'simulate'],
      ['d12-action', 'simulate'],
      ['ring-skill', 'simulate'],
    ]) {
      const help = await cli(...command, '--help');
      expect(help.stdout, command.join(' ')).toMatch(/--queue <url>/);
      expect(help.stdout, command.join(' ')).toMatch(/--shards <n>/);
    }
  });
});
