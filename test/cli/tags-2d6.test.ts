import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('simulate refuses the band and improvement values, which only odds reads, by flag or file', async () => {
    const because =
      '(expected only with tags-2d6 odds: simulate estimates how often each band comes up, not what it is worth)';
    const simulate = (...args: string[]) =>
      cli('tags-2d6', 'simulate', ...args, '--trials', '1000', '-q');
    for (const [flag, value] of [
      ['--improvement-value', '0.5'],
      ['--clean-value', '2'],
      ['--cost-value', '0.25'],
      ['--miss-value', '-1'],
    ] as const) {
      const { status, stdout, stderr } = await simulate('--tags', '1', flag, value);
      expect(status, flag).toBe(2);
      expect(stdout, flag).toBe('');
      expect(stderr, flag).toBe(`dicelab: ${flag}: "${value}" is not allowed ${because}\n`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'dicelab-tags-'));
    for (const [spec, field, value] of [
      [{ tags: 1, improvementValue: 0.5 }, 'improvementValue', '0.5'],
      [{ bandValues: { clean: 2 } }, 'bandValues.clean', '2'],
    ] as const) {
      const file = join(dir, `${field}.json`);
      writeFileSync(file, JSON.stringify(spec));
      const { status, stdout, stderr } = await simulate('--spec', file);
      expect(status, field).toBe(2);
      expect(stdout, field).toBe('');
      expect(stderr, field).toMatch(`: ${field}: ${value} is not allowed ${because}\n`);
    }
  });

  // simulate --help listed --improvement-value, --clean-value, --cost-value and --miss-value,
  // which it refuses unless at their defaults.
  it('lists the band and improvement values in odds --help alone', async () => {
    const flags = ['--improvement-value', '--clean-value', '--cost-value', '--miss-value'];
    const odds = (await cli('tags-2d6', 'odds', '--help')).stdout;
    const simulate = (await cli('tags-2d6', 'simulate', '--help')).stdout;
    for (const flag of flags) {
      expect(odds).toContain(`${flag} <v>`);
      expect(simulate).not.toContain(flag);
    }
    expect(odds).not.toContain('odds only');
  });

  it('simulate takes the values at their defaults, as flags or as the spec odds echoes', async () => {
    const flags = ['--tags', '1', '--improvement-value', '0.25', '--clean-value', '1'];
    const odds = await cli('tags-2d6', 'odds', ...flags, '--json');
    const simulated = await cli('tags-2d6', 'simulate', ...flags, '--trials', '1000', '-q');
    expect(simulated.status).toBe(0);
    expect(simulated.stdout).toMatch(/^2d6 \+1 \(1 tag, item none\): 1,000 trials/);
    const file = join(mkdtempSync(join(tmpdir(), 'dicelab-tags-')), 'echoed.json');
    writeFileSync(file, JSON.stringify(JSON.parse(odds.stdout).spec));
    const fromFile = await cli('tags-2d6', 'simulate', '--spec', file, '--trials', '1000', '-q');
    expect(fromFile.status).toBe(0);
    expect(fromFile.stdout).toBe(simulated.stdout);
  });
});
