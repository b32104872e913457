import { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import {
  addSimulationOptions,
  countFlag,
  shardFlag,
  threadsFlag,
  trialsFlag,
} from '../../src/cli/simulation-flags.ts';

describe('simulation flags', () => {
  it('reads counts plainly, with separators and in e-notation', () => {
    expect(trialsFlag('1000000')).toBe(1_000_000);
    expect(trialsFlag('1_000_000')).toBe(1_000_000);
    expect(trialsFlag('1e6')).toBe(1_000_000);
    expect(trialsFlag('2.5e6')).toBe(2_500_000);
    expect(trialsFlag('1E9')).toBe(1e9);
    for (const bad of ['0', '-5', '1.5', 'abc', '', '1e20', '1__0', '_1', '0x10', '1e-3'])
      expect(() => trialsFlag(bad), bad).toThrow(/is not allowed \(expected a whole number ≥ 1/);
    expect(() => threadsFlag('257')).toThrow(/from 1 to 256/);
    expect(countFlag(0)('0')).toBe(0);
  });

  it('reads --shard i/n, 0-based', () => {
    expect(shardFlag('0/3')).toEqual({ index: 0, count: 3 });
    expect(shardFlag(' 2 / 3 ')).toEqual({ index: 2, count: 3 });
    for (const bad of ['3/3', '1/0', '-1/3', 'a/b', '1', '1/3/4', ''])
      expect(() => shardFlag(bad), bad).toThrow(/expected i\/n with 0 ≤ i < n/);
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
});
