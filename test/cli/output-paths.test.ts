import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.ts';

const scenario = fileURLToPath(new URL('../../scenarios/dorrie-talk.yaml', import.meta.url));
const splits = ['zidara', 'splits', '--steps', '3', '--vs', '3'];
const simulate = ['zidara', 'simulate', 'd8', '--vs', '4', '--trials', '1000', '--quiet'];
const check = ['check', scenario, '--no-baseline', '--quiet'];

// /proc is there on Linux but refuses new entries: no folder can be made in it, no file written.
describe.skipIf(!existsSync('/proc/self'))('an output path the system refuses', () => {
  const folder = 'expected a folder dicelab can write files in';
  const file = 'expected a file dicelab can write';
  const unmade = 'but making the folder /proc/dicelab-x fails: no such file or folder (ENOENT)';
  const unwritten = 'fails: no such file or folder (ENOENT)';
  it.each<[string[], string]>([
    [
      ['compare', '--out', '/proc/dicelab-x'],
      `--out: "/proc/dicelab-x" is not allowed (${folder}, ${unmade})`,
    ],
    [
      [...splits, '--out', '/proc/dicelab-x/y'],
      `--out: "/proc/dicelab-x/y" is not allowed (${folder}, ${unmade})`,
    ],
    [
      [...splits, '--out', '/proc', '--against', '--aura-max 3'],
      `--out: "/proc" is not allowed (${folder}, but writing in it ${unwritten})`,
    ],
    [
      ['report', scenario, '--quiet', '--out', '/proc/dicelab-x'],
      `--out: "/proc/dicelab-x" is not allowed (${folder}, ${unmade})`,
    ],
    [
      [...check, '--out', '/proc'],
      `--out: "/proc" is not allowed (${folder}, but writing in it ${unwritten})`,
    ],
    [
      [...simulate, '--partial', '/proc/dicelab-x/p.json'],
      `--partial: "/proc/dicelab-x/p.json" is not allowed (${file}, ${unmade})`,
    ],
    [
      ['baseline', scenario, '--quiet', '--write', '--baseline', '/proc/bl.json'],
      `--baseline: "/proc/bl.json" is not allowed (${file}, but writing it ${unwritten})`,
    ],
  ])(
    'dicelab %j: one line naming the flag and its value, exit 2, no hang',
    { timeout: 30_000 },
    async (args, message) => {
      const { code, stderr } = await runInProcess(args);
      expect(stderr).toBe(`dicelab: ${message}\n`);
      expect(code).toBe(2);
    },
  );
});
