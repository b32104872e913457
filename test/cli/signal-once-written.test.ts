import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPartialResultFile } from '../../src/cli/partial-result-file.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { runNode, TSX_LOADER } from './run-dicelab.ts';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-signal-written-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * `dicelab ...args` in a child that sends itself `signal` as it writes its first line on stdout:
 * every one of these commands writes its files before that line, so the signal lands once they
 * are all in place, while the run says what it found.
 */
function signalAtFirstLine(args: readonly string[], signal: NodeJS.Signals) {
  const script = `const write = process.stdout.write;
let sent = false;
process.stdout.write = function (...chunk) {
  if (!sent) {
    sent = true;
    process.kill(process.pid, ${JSON.stringify(signal)});
  }
  return write.apply(this, chunk);
};
process.argv = [process.argv[0], ${JSON.stringify(MAIN)}, ...${JSON.stringify(args)}];
await import(${JSON.stringify(MAIN)});`;
  return runNode(['--import', TSX_LOADER, '--input-type=module', '-e', script], { cwd: dir });
}

const SCENARIO = `scenario: one expectation
characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3 } }
threats:
  guard: { name: a gate guard, challenge: 3, tags: 2 }
expectations:
  - expect: a lone d6 beats the guard 5 times in 12
    figure: winChance
    of: { character: plain, action: swing, vs: guard }
    between: [41%, 42%]
`;

// Before, each of these ended by the signal itself, Node's default once the atomic write gave the
// signals back (exit status null, the shell's 130 or 143), its table or lines unsaid though its
// files were all in place; as `dicelab report` does, they now let it be and end as they would have.
describe('a command that writes files, sent a signal once they are all in place', () => {
  it.each<NodeJS.Signals>(['SIGINT', 'SIGTERM'])(
    'zidara fishing --out, %s: the table said, exit 0',
    async (signal) => {
      const out = join(dir, `fishing-${signal}`);
      const run = await signalAtFirstLine(
        ['zidara', 'fishing', '--steps', '6', '--vs', '3', '--name', 'fish', '--out', out],
        signal,
      );
      expect({ code: run.code, stderr: run.stderr }).toEqual({
        code: EXIT.ok,
        stderr: `wrote ${['fish.csv', 'fish.vl.json', 'fish.svg', 'fish.png'].map((f) => join(out, f)).join(', ')}\n`,
      });
      expect(run.stdout).toMatch(/\n\S.*\n$/);
      expect((await readdir(out)).sort()).toEqual(
        ['fish.csv', 'fish.png', 'fish.svg', 'fish.vl.json'].sort(),
      );
    },
    60_000,
  );

  it.each<NodeJS.Signals>(['SIGINT', 'SIGTERM'])(
    'check --out, %s: the table and where the reports are said, exit 0',
    async (signal) => {
      await writeFile(join(dir, 'one.yaml'), SCENARIO);
      const out = join(dir, `check-${signal}`);
      const run = await signalAtFirstLine(
        ['check', 'one.yaml', '--no-baseline', '--quiet', '--out', out],
        signal,
      );
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
      expect(run.stdout).toMatch(/check: 1 passed \(1 expectation, 1 file, [\d.]+ s, seed 1\)/);
      expect(run.stdout).toContain(
        `wrote ${join(out, 'check.junit.xml')}, ${join(out, 'check.md')}\n`,
      );
      expect((await readdir(out)).sort()).toEqual(['check.junit.xml', 'check.md']);
    },
    60_000,
  );

  it.each<NodeJS.Signals>(['SIGINT', 'SIGTERM'])(
    'baseline --write, %s: what it recorded said, exit 0',
    async (signal) => {
      await writeFile(join(dir, 'one.yaml'), SCENARIO);
      const baseline = join(dir, `baseline-${signal}.json`);
      const run = await signalAtFirstLine(
        ['baseline', 'one.yaml', '--baseline', baseline, '--write', '--quiet'],
        signal,
      );
      expect(run).toEqual({
        code: EXIT.ok,
        stdout: `baseline: wrote ${baseline}: 1 figure of 1 file; all new: there was no baseline at ${baseline}\n`,
        stderr: '',
      });
      expect(await readFile(baseline, 'utf8')).toMatch(/"winChance/);
    },
    60_000,
  );
});

// The three ways to a run's --partial file: a system's simulate (simulateOneSpec), Zi'Dara's roll
// and its fight, each printing its table after the file is in place.
const SIMULATIONS: readonly (readonly [string, readonly string[]])[] = [
  ['d6-pool simulate', ['d6-pool', 'simulate', '--stat', '3']],
  ['zidara simulate', ['zidara', 'simulate', 'd12', 'd4', '--vs', '3']],
  ['zidara fight', ['zidara', 'fight', '--vs', '3', '--tags', '2', '--pool', 'd12 d4']],
];

// Before, the file was renamed into place with no listener left (the run's Ctrl-C handling given
// back to Node): the signal ended it at once, Node's default (exit status null), the `wrote` line
// and the table unsaid though the file was all there.
describe('a simulation with --partial, sent a signal once its file is in place', () => {
  it.each(
    SIMULATIONS.flatMap(([name, args]) =>
      (['SIGINT', 'SIGTERM'] as const).map((signal) => [name, signal, args] as const),
    ),
  )(
    '%s, %s: the wrote line and the table said, exit 0',
    async (name, signal, args) => {
      const partial = join(dir, `${name.replace(' ', '-')}-${signal}.json`);
      const run = await signalAtFirstLine(
        [...args, '--trials', '1e4', '--seed', '3', '--partial', partial],
        signal,
      );
      expect({ code: run.code, stderr: run.stderr }).toEqual({
        code: EXIT.ok,
        stderr: `dicelab: wrote ${partial} (whole run, 10,000 trials)\n`,
      });
      expect(run.stdout).toMatch(/\b10,000 (trials|fights)\b/);
      expect(run.stdout).toMatch(/\n\S.*\n$/);
      const { partial: written } = await readPartialResultFile(partial);
      expect(written.completedTrials).toBe(1e4);
    },
    60_000,
  );
});
