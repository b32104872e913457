import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.ts';

/** What a first-time user typed, and what dicelab answers (issue 14's list). */
describe('what a newcomer tries', () => {
  it('odds takes a split as splits print it: "d8 | d4" is d8 d4', async () => {
    const piped = await runInProcess(['zidara', 'odds', 'd8 | d4', '--vs', '4', '--json']);
    const words = await runInProcess(['zidara', 'odds', 'd8', 'd4', '--vs', '4', '--json']);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toEqual(JSON.parse(words.stdout));
  });

  it.each([
    [['zidra', 'odds'], /^dicelab: unknown command 'zidra' \(did you mean zidara\?\)/],
    // With --help, or as `help`'s topic, a typo is still reported, not answered by the group's help.
    [['zidra', '--help'], /^dicelab: unknown command 'zidra' \(did you mean zidara\?\)/],
    [['zidara', 'odd', '-h'], /^dicelab: unknown command 'odd' \(did you mean odds\?\)/],
    [['help', 'zidara', 'bogus'], /^dicelab: unknown command 'bogus'/],
    // A group named alone lists its commands.
    [
      [],
      /^dicelab: no command given \(expected one of zidara, .*ring-skill; see dicelab --help\)$/m,
    ],
    [
      ['zidara'],
      /^dicelab: zidara: no command given \(expected one of odds, simulate, .*; see dicelab zidara --help\)$/m,
    ],
    [
      ['zidara', 'odds', 'd12', '--vs', '3', '--resolv', '1'],
      /^dicelab: unknown option '--resolv' \(did you mean --resolve\?\)/,
    ],
  ])('%j gets a "did you mean", on one line, exit status 2', async (args, message) => {
    const { code, stderr } = await runInProcess(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['splits', ['--steps', '8', '--vs', '3', '--top', '2']],
    ['tune', ['--steps', '6', '--vs', '1-2']],
  ])('%s prints the setup it was run with above its table', async (analysis, args) => {
    const { code, stdout } = await runInProcess([
      'zidara',
      analysis,
      ...args,
      '--aura',
      '3',
      '--resolve',
      '1',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 4).join('\n')).toContain(
      'Aura 3 of 5 · 1 Resolve · one +2 a roll',
    );
  });

  it('odds with no Aura cap does not claim ties are bought with Aura', async () => {
    const { stdout } = await runInProcess(['zidara', 'odds', 'd8', '--vs', '4', '--aura-max', '0']);
    expect(stdout).not.toContain('ties bought with Aura');
    expect(stdout).toContain('ties lost (no Aura to buy them)');
  });

  it('a scenario bound no chance can reach is bad input (exit 2), not a failed check', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-bound-'));
    try {
      const file = join(dir, 'bound.yaml');
      await writeFile(
        file,
        [
          'scenario: bounds',
          'characters:',
          '  vesk: { actions: { locks: 5 } }',
          'threats:',
          '  lock: { challenge: 3 }',
          'expectations:',
          '  - expect: more than certain',
          '    figure: winChance',
          '    of: { character: vesk, action: locks, vs: lock }',
          '    atLeast: 175%',
          '',
        ].join('\n'),
      );
      const { code, stderr } = await runInProcess(['check', file]);
      expect(code).toBe(2);
      expect(stderr).toContain(
        `${file}:10:14: expectations[0].atLeast: "175%" is not allowed (expected a chance from 0% to 100%`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
