import { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { describeRanges } from '../../src/cli/flags.ts';
import {
  addSimulationOptions,
  countFlag,
  redisUrlFlag,
  shardFlag,
  shardsFlag,
  threadsFlag,
  trialsFlag,
} from '../../src/cli/simulation-flags.ts';
import { REDIS_GIVE_UP_SECONDS } from '../../src/queue/queue-settings.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

describe('simulation flags', () => {
  it('reads counts plainly, with separators and in e-notation', () => {
    expect(trialsFlag('1000000')).toBe(1_000_000);
    expect(trialsFlag('1_000_000')).toBe(1_000_000);
    expect(trialsFlag('1e6')).toBe(1_000_000);
    expect(trialsFlag('2.5e6')).toBe(2_500_000);
    expect(trialsFlag('1E9')).toBe(1e9);
    for (const bad of ['0', '-5', '1.5', 'abc', '', '1e20', '1__0', '_1', '0x10', '1e-3'])
      expect(() => trialsFlag(bad), bad).toThrow(
        /is not allowed \(expected an integer from 1 to 9,007,199,254,740,991 \(2\^53 − 1\)/,
      );
    expect(() => threadsFlag('257')).toThrow(/from 1 to 256/);
    expect(countFlag(0)('0')).toBe(0);
  });

  it('reads --shard i/n, 0-based', () => {
    expect(shardFlag('0/3')).toEqual({ index: 0, count: 3 });
    expect(shardFlag(' 2 / 3 ')).toEqual({ index: 2, count: 3 });
    // n stops where --shards does: 0/100001 was taken.
    expect(shardFlag('99999/100000')).toEqual({ index: 99_999, count: 100_000 });
    expect(() => shardFlag('0/100001')).toThrow(
      '"0/100001" is not allowed (expected i/n with 0 ≤ i < n ≤ 100,000, e.g. 0/3',
    );
    for (const bad of ['3/3', '1/0', '-1/3', 'a/b', '1', '1/3/4', ''])
      expect(() => shardFlag(bad), bad).toThrow(/expected i\/n with 0 ≤ i < n/);
  });

  it('reads --shard auto, for array jobs', () => {
    expect(shardFlag('auto')).toBe('auto');
    expect(() => shardFlag('Auto')).toThrow(/or auto with --shards n in an array job/);
  });

  it('reads --shards from 1 to 100,000', () => {
    expect(shardsFlag('64')).toBe(64);
    expect(shardsFlag('1e5')).toBe(100_000);
    for (const bad of ['0', '100001', '2.5', 'x'])
      expect(() => shardsFlag(bad), bad).toThrow(/expected an integer from 1 to 100,000\)/);
  });

  it('reads a Redis URL for --queue and --redis, saying what is wrong with a bad one', () => {
    for (const good of [
      'redis://127.0.0.1:6379',
      'redis://localhost',
      'rediss://:secret@cache.internal:6380/2',
      'redis://user:pw@[::1]:6379/0',
      'redis://localhost:65535',
    ])
      expect(redisUrlFlag('--queue')(good)).toBe(good);
    const cases: [string, string][] = [
      ['127.0.0.1:6379', 'not a URL'],
      ['localhost:6379', 'its scheme is "localhost:", not redis: or rediss:'],
      ['http://127.0.0.1:6379', 'its scheme is "http:", not redis: or rediss:'],
      ['redis://', 'it names no host'],
      ['redis://h:6379/queue', 'its path /queue is not a database number'],
      // The URL parser refuses a port past 65535 as it does any text ("not a URL" it read).
      ['redis://localhost:99999', 'its port 99999 is not from 1 to 65535'],
      ['rediss://:pw@[::1]:65536/0', 'its port 65536 is not from 1 to 65535'],
      ['redis://localhost:0', 'its port 0 is not from 1 to 65535'],
      ['redis://bad host:6379', 'not a URL'],
      // ioredis read ?db=3 while dicelab's checks read the path: database 0 was used quietly.
      [
        'redis://127.0.0.1:6379?db=3',
        'it has a query, ?db=3: a database is named by the path, as in redis://host:6379/3',
      ],
      [
        'redis://h:6379/2?password=x',
        'it has a query, ?password=x: a database is named by the path, as in redis://host:6379/3',
      ],
    ];
    for (const [bad, why] of cases)
      expect(() => redisUrlFlag('--queue')(bad), bad).toThrow(
        `--queue: ${JSON.stringify(bad)} is not allowed (expected a Redis URL such as redis://127.0.0.1:6379 or rediss://:password@host:6380/0, but ${why})`,
      );
  });

  it('hides the password of a refused URL, naming the flag it came in', () => {
    expect(() => redisUrlFlag('--redis')('redis://:secret@h:6379/2?db=3')).toThrow(
      /^--redis: "redis:\/\/:\*\*\*@h:6379\/2\?db=3" is not allowed \(expected a Redis URL/,
    );
  });

  it('adds typed options with their defaults to a command', async () => {
    let seen: unknown;
    const program = new Command('t').exitOverride().configureOutput({ writeErr: () => {} });
    addSimulationOptions(program.command('simulate').exitOverride(), { trials: 5000 }).action(
      (opts) => {
        const trials: number = opts.trials;
        const shard: { index: number; count: number } | 'auto' | undefined = opts.shard;
        seen = { ...opts, trials, shard };
      },
    );
    await program.parseAsync(
      ['simulate', '--seed', '1_234', '--shard', '1/2', '--partial', 'p.json', '-q'],
      {
        from: 'user',
      },
    );
    expect(seen).toEqual({
      trials: 5000,
      seed: 1234,
      chunkSize: 65_536,
      shard: { index: 1, count: 2 },
      partial: 'p.json',
      quiet: true,
    });
    await expect(
      program.parseAsync(['simulate', '--trials', '1.5'], { from: 'user' }),
    ).rejects.toThrow(/"1.5" is not allowed/);
  });

  it('says --redis-give-up is for --queue, and its default', () => {
    const command = addSimulationOptions(new Command('simulate'));
    describeRanges(command as never);
    expect(command.helpInformation().replace(/\s+/g, ' ')).toContain(
      `with --queue: how long to wait for Redis out of reach before giving up (exit 69), 1 to 86,400 (default: ${REDIS_GIVE_UP_SECONDS})`,
    );
  });

  it('refuses --redis-give-up without --queue on every simulating command, before any work', async () => {
    const commands = [
      ['zidara', 'simulate', 'd12', '--vs', '3'],
      ['zidara', 'fight', '--vs', '3', '--tags', '1', '--steps', '4'],
      ['d6-pool', 'simulate', '--stat', '2'],
      ['tags-2d6', 'simulate'],
      ['d12-action', 'simulate', '--roll', 'risky', '--rating', '1'],
      ['ring-skill', 'simulate', '--ring', '2', '--skill', '1', '--tn', '2'],
    ];
    for (const command of commands) {
      const { status, stdout, stderr } = await cli(
        ...command,
        '--trials',
        '1000',
        '--redis-give-up',
        '5',
        '-q',
      );
      expect(status, command.join(' ')).toBe(2);
      expect(stdout, command.join(' ')).toBe('');
      expect(stderr, command.join(' ')).toBe(
        'dicelab: --redis-give-up: "5" is not allowed here (expected only with --queue URL: it is how long a queued run waits for Redis)\n',
      );
    }
  });

  it("promises no array from simulate --json, as the systems' simulate --spec takes one spec", async () => {
    for (const system of ['d6-pool', 'tags-2d6', 'd12-action', 'ring-skill']) {
      const { stdout } = await cli(system, 'simulate', '--help');
      const help = stdout.replace(/\s+/g, ' ');
      expect(help, system).toContain('--spec <file> JSON or YAML file with one spec');
      expect(help, system).toContain('--json print the summary as JSON');
      expect(help, system).not.toContain('spec array');
    }
  });
});

describe('the bounds a flag enforces, stated in its --help', () => {
  // Each was enforced but not stated (--threads 257: "expected an integer from 1 to 256").
  it.each([
    [['zidara', 'simulate'], '--threads', '1 to 256', '257'],
    [['zidara', 'simulate'], '--chunk-size', '1 to 1,073,741,824', '1073741825'],
    [['check'], '--threads', '1 to 256', '257'],
    [['baseline'], '--threads', '1 to 256', '0'],
    [['queue', 'worker'], '--threads', '1 to 256', '257'],
    [['queue', 'worker'], '--lock-duration', '1,000 to 86,400,000 ms', '86400001'],
    [['queue', 'worker'], '--stalled-interval', '1,000 to 86,400,000 ms', '999'],
    [['zidara', 'odds'], '--aura-value', '0 to 1,000,000', '1000001'],
    [['zidara', 'splits'], '--resolve-value', '0 to 1,000,000', '1000001'],
    [['zidara', 'fishing'], '--minor-weight', '0 to 1,000,000', '1000001'],
    [['zidara', 'advise'], '--resolve', '0 to 10', '11'],
    [['zidara', 'fight'], '--steps', '1 to 36', '37'],
    [['zidara', 'fight'], '--max-rounds', '1 to 50', '51'],
  ])('%s %s: %s', async (command, flag, bounds, outside) => {
    const help = (await cli(...command, '--help')).stdout.replace(/\s+/g, ' ');
    // The flag's own help, up to the next flag.
    const own = new RegExp(`${flag} <[^>]+> (.*?)(?= --[a-z]| -h,)`).exec(help)?.[1];
    expect(own).toContain(bounds);
    const refused = await cli(...command, flag, outside);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`"${outside}" is not allowed`);
    // And its refusal states them as the help does: one spelling of a bound (--chunk-size
    // said "from 1 to 1073741824", --aura-value "a number ≥ 0 and ≤ 1000000").
    expect(refused.stderr).toContain(`from ${bounds.replace(/ ms$/, '')}`);
  });
});
