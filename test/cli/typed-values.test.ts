import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/process/exit-status.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

const AURA_CAP = 'Aura past the cap is shared, never held';

// A value refused after the command line was read quoted the value as parsed ("--aura: 9",
// "--intents: [7]", "--ring-faces: 9"), where one refused as it is read quotes it as typed
// ("--aura: \"x\""): every refusal of a flag's value now quotes it as typed.
describe('a value refused after its flag is read, quoted as typed', () => {
  it.each<[string, string[], string]>([
    [
      'a number checked against another flag',
      ['zidara', 'fight', '--vs', '4', '--tags', '2', '--steps', '6', '--aura', '9'],
      `--aura: "9" is not allowed (expected at most --aura-max (5): ${AURA_CAP})`,
    ],
    [
      'a list, read as numbers',
      ['zidara', 'splits', '--steps', '6', '--vs', '3', '--intents', '7'],
      '--intents: "7" is not allowed (expected counts a legal pool of 6 steps and 1 action can fill (each intent needs a die))',
    ],
    [
      'a flag refused beside another ("here")',
      ['zidara', 'simulate', 'd8', '--vs', '3', '--redis-give-up', '5'],
      '--redis-give-up: "5" is not allowed here (expected only with --queue URL: it is how long a queued run waits for Redis)',
    ],
    [
      'a negative number',
      ['ring-skill', 'odds', '--ring', '2', '--skill', '1', '--tn', '3', '--weight-strife', '-1'],
      '--weight-strife: "-1" is not allowed (expected only with the weighted objective (succeed-then-least-strife reads no weights))',
    ],
    [
      'one face of a list, as typed',
      ['ring-skill', 'advise', '--ring', '2', '--skill', '0', '--tn', '2', '--ring-faces', '5, 9'],
      '--ring-faces: "9" is not allowed (expected a face from 1 to 6)',
    ],
    [
      'one die of a list',
      ['d12-action', 'advise', '--rating', '3', '--capacity', '3', '--rolled', '9,13'],
      '--rolled: "13" is not allowed (expected a d12 face from 1 to 12)',
    ],
    [
      'a whole list, as typed (spaces kept)',
      [
        'ring-skill',
        'advise',
        '--ring',
        '2',
        '--skill',
        '0',
        '--tn',
        '2',
        '--ring-faces',
        '5, 6,1',
      ],
      '--ring-faces: "5, 6,1" is not allowed (expected 2 faces from 1 to 6, one per Ring die (--ring))',
    ],
    [
      'a flag typed inside --against',
      ['zidara', 'splits', '--steps', '6', '--vs', '3', '--against', '--explode-depth=5'],
      '--against: --explode-depth: "5" is not allowed (expected it only with --explode (no die explodes without it, so a depth would change nothing))',
    ],
    [
      'a flag --against refuses that was typed outside it',
      ['zidara', 'splits', '--steps', '6', '--vs', '3', '--aura', '5', '--against', '--aura-max 3'],
      `--against: --aura: "5" is not allowed (expected at most --aura-max (3): ${AURA_CAP})`,
    ],
  ])('%s', async (_, argv, said) => {
    const run = await cli(...argv);
    expect([run.status, run.stdout, run.stderr]).toEqual([EXIT.badInput, '', `dicelab: ${said}\n`]);
  });

  it('keeps a value its check shows as text, and a file’s refusals, as they were', async () => {
    // Shown as typed already: not quoted twice.
    const name = await cli('zidara', 'splits', '--steps', '6', '--vs', '3', '--name', 'x');
    expect(name.stderr).toBe(
      'dicelab: --name: "x" is not allowed (expected it only with --out (it names the chart files written there))\n',
    );
    // A value from a file is said where it is in the file, as parsed.
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-typed-'));
    const spec = join(dir, 'roll.json');
    await writeFile(
      spec,
      JSON.stringify({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 9 }),
    );
    const file = await cli('zidara', 'odds', '--spec', spec);
    expect(file.status).toBe(EXIT.badInput);
    expect(file.stderr).toMatch(
      new RegExp(`^dicelab: ${spec.replace(/[.\\/]/g, '\\$&')}:1:\\d+: aura: 9 is not allowed \\(`),
    );
  });
});
