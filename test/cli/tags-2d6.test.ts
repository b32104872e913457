import { describe, expect, it } from 'vitest';
import { cliInProcess as cli } from './cli-in-process.ts';

describe('dicelab tags-2d6', () => {
  it('odds --json gives the bands as fractions and the weakness verdict', async () => {
    const { status, stdout } = await cli(
      'tags-2d6',
      'odds',
      '--tags',
      '1',
      '--item',
      'hinder',
      '--weakness',
      '--json',
    );
    expect(status).toBe(0);
    const r = JSON.parse(stdout);
    // 2d6 + 1 − 1 − 1 = 2d6 − 1: clean on 11+ (3/36), cost 8..10 (12/36), miss (21/36).
    expect(r.outcomes.map((o: { fraction: string }) => o.fraction)).toEqual([
      '1/12',
      '1/3',
      '7/12',
    ]);
    expect(r.improvementPoints).toBe(1);
    expect(r.weakness.verdict).toBe('invoke');
  });

  it('answers "is the weakness worth it" for the value given', async () => {
    const { stdout } = await cli('tags-2d6', 'odds', '--improvement-value', '0.1');
    expect(stdout).toMatch(/Invoking the weakness is not worth it at 0\.1 per improvement point/);
    const even = await cli('tags-2d6', 'odds', '--improvement-value', '0.125');
    expect(even.stdout).toMatch(/exactly even/);
  });

  it('heads a simulation with the roll as odds heads it: its modifier, not its tags', async () => {
    const flags = ['--tags', '1', '--item', 'hinder', '--weakness'];
    const odds = await cli('tags-2d6', 'odds', ...flags);
    const simulated = await cli('tags-2d6', 'simulate', ...flags, '--trials', '1000', '--quiet');
    expect(simulated.status).toBe(0);
    const title = '2d6 -1 (1 tag, item hinder, weakness invoked)';
    expect(odds.stdout.split('\n')[0]).toBe(title);
    expect(simulated.stdout.split('\n')[0]).toBe(`${title}: 1,000 trials`);
  });

  it('refuses a bad item in one line, exit 2', async () => {
    const { status, stderr } = await cli('tags-2d6', 'odds', '--item', 'rope');
    expect(status).toBe(2);
    expect(stderr).toMatch(/"rope" is not allowed \(expected one of help, hinder, none\)/);
  });

  it('simulate refuses the band and improvement values, which only odds reads', async () => {
    const because =
      '(expected only with tags-2d6 odds: simulate estimates how often each band comes up, not what it is worth)';
    for (const [flag, value] of [
      ['--improvement-value', '0.5'],
      ['--clean-value', '2'],
      ['--cost-value', '0.25'],
      ['--miss-value', '-1'],
    ] as const) {
      const { status, stdout, stderr } = await cli(
        'tags-2d6',
        'simulate',
        '--tags',
        '1',
        flag,
        value,
        '--trials',
        '1000',
        '-q',
      );
      expect(status, flag).toBe(2);
      expect(stdout, flag).toBe('');
      expect(stderr, flag).toBe(`dicelab: ${flag}: ${value} is not allowed ${because}\n`);
    }
  });
});
