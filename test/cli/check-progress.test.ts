import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/process/exit-status.ts';
import { builtFile } from '../built.ts';
import { builtCliCommand, screenOf } from './fake-terminal.ts';
import { runNode } from './run-dicelab.ts';

const hasScript = (() => {
  try {
    return execFileSync('script', ['--version'], { encoding: 'utf8' }).includes('util-linux');
  } catch {
    return false;
  }
})();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-check-progress-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * A scenario of a simulated expectation (a d6 against a Challenge 3 with no tags, `trials` rolls: 16 chunks
 * for a million, each told as it finishes) and an exact one.
 */
async function scenario(name: string, trials: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(
    path,
    `scenario: ${name}
characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3 } }
simulation: { trials: ${trials}, maxTrials: ${trials} }
expectations:
  - expect: a d6 beats a C3 threat at least 30% of the time (simulated)
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    by: simulation
    atLeast: 30%
  - expect: a d6 beats a C3 threat 5 times in 12
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    between: [41%, 42%]
`,
  );
  return path;
}

/** A scenario of one simulated fight (Zi'Dara, against a Challenge 3 with two tags) of `trials` fights. */
async function fightScenario(name: string, trials: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(
    path,
    `scenario: ${name}
characters:
  hero: { titles: 2, actions: { fight: 3 } }
threats:
  guard: { name: a gate guard, challenge: 3, tags: 2 }
simulation: { trials: ${trials}, maxTrials: ${trials} }
expectations:
  - expect: the guard falls within 3 rounds more often than not
    figure: fallsWithin
    of: { character: hero, action: fight, vs: guard, rounds: 3 }
    by: simulation
    atLeast: 50%
`,
  );
  return path;
}

/**
 * The built CLI on a pseudo-terminal 200 columns wide (util-linux `script`), stdout and stderr
 * both on it; with `stop`, Ctrl-C typed on it or SIGTERM sent (as `kill` sends it) once `stop.at`
 * has been drawn: what the terminal received (lines ended by LF), and the exit status (a process
 * ended by a signal: 128 + its number). The shell says the CLI's process id before it becomes it.
 */
function onTerminal(
  args: readonly string[],
  stop?: { readonly at: string; readonly by: 'Ctrl-C' | 'SIGTERM' },
): Promise<{ code: number | null; written: string }> {
  const command = builtCliCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(
      'script',
      ['-qfec', `${stop ? 'echo pid $$; ' : ''}stty cols 200; exec ${command}`, '/dev/null'],
      { env: { ...process.env, FORCE_COLOR: '0' } },
    );
    let written = '';
    let stopped = false;
    child.stdout.on('data', (chunk) => {
      written += chunk;
      const pid = /pid (\d+)/.exec(written)?.[1];
      if (!stop || stopped || !pid || !written.includes(stop.at)) return;
      stopped = true;
      if (stop.by === 'Ctrl-C') child.stdin.write('\x03');
      else process.kill(Number(pid), stop.by);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, written: written.replaceAll('\r\n', '\n') }));
  });
}

/** The run's time in check's summary line, which differs from run to run. */
const timeless = (text: string) => text.replace(/\d+\.\d s, seed/, '… s, seed');

describe('dicelab check and baseline on a terminal', () => {
  it.skipIf(!hasScript)(
    'draw a bar of the expectations judged and, within a long simulated figure, of its trials; it is cleared, leaving what a pipe gets',
    async () => {
      const file = await scenario('long.yaml', 1_000_000);
      const args = ['check', file, '--no-baseline', '--out', join(dir, 'out'), '--threads', '1'];
      const shown = await onTerminal(args);
      const piped = await runNode([builtFile('bin/dicelab.js'), ...args]);
      expect([shown.code, piped.code]).toEqual([EXIT.ok, EXIT.ok]);
      // Before, the terminal got the two lines only once each expectation was judged: a long
      // simulation showed nothing until its end.
      expect(shown.written).toMatch(/judging \[░+\] 0% \| 0 of 2 expectations \|/);
      expect(shown.written).toMatch(
        /expectation 1 of 2: simulating \[[█░]+\] \d+% \| [\d,]+ of 1,000,000 trials \| ETA /,
      );
      expect(shown.written).toMatch(/judging \[[█░]+\] 50% \| 1 of 2 expectations \|/);
      // Each bar cleared: the terminal shows the lines and the table, as stderr and stdout piped.
      expect(timeless(screenOf(shown.written).join('\n'))).toBe(
        timeless(`${piped.stderr}${piped.stdout}`),
      );

      const baseline = join(dir, 'baseline.json');
      const recorded = await onTerminal(['baseline', file, '--write', '--baseline', baseline]);
      expect(recorded.code).toBe(EXIT.ok);
      expect(recorded.written).toMatch(/expectation 1 of 2: simulating \[.* of 1,000,000 trials/);
      const screen = screenOf(recorded.written).join('\n');
      expect(screen).toContain('\nbaseline: wrote ');
      expect(screen).not.toContain('simulating [');
    },
    120_000,
  );

  it.skipIf(!hasScript)(
    'draw nothing with --quiet',
    async () => {
      const file = await scenario('quiet.yaml', 1_000_000);
      const args = ['check', file, '--no-baseline', '--out', join(dir, 'out'), '--quiet'];
      const shown = await onTerminal([...args, '--threads', '1']);
      expect(shown.code).toBe(EXIT.ok);
      expect(shown.written).not.toContain('\x1B');
      expect(shown.written).toMatch(/^scenario +expectation/);
    },
    120_000,
  );

  it.skipIf(!hasScript).each([
    ['Ctrl-C', 2],
    ['SIGTERM', 15],
  ] as const)(
    '%s clears the bar, then ends the process as before: by the signal, nothing said',
    async (by, number) => {
      // Ten million fights: some seconds on one thread, unless stopped.
      const file = await fightScenario(`stopped-${by}.yaml`, 10_000_000);
      const args = ['check', file, '--no-baseline', '--out', join(dir, 'out-stopped')];
      const run = await onTerminal([...args, '--threads', '1'], {
        at: 'expectation 1 of 1: simulating [',
        by,
      });
      // cli-progress's stop: back to where the bar began, the line cleared (the ^C echoed with it).
      const esc = '\u001b';
      const end = `${esc}8${esc}[1G${esc}[2K`;
      expect({ code: run.code, end: run.written.slice(-end.length) }).toEqual({
        code: 128 + number,
        end,
      });
    },
    120_000,
  );
});

/** A scenario of two exact analyses that take seconds each to solve (a 30-step split into 4 dice). */
async function longSolvesScenario(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(
    path,
    `scenario: ${name}
characters:
  hero: { name: a hero, titles: 3, resolve: 3, actions: { push: 30 } }
threats:
  wall: { name: a wall, challenge: 4 }
  gate: { name: a gate, challenge: 5 }
analyses:
  wall: { analysis: splits, character: hero, action: push, actions: 4, vs: wall, top: 1 }
  gate: { analysis: splits, character: hero, action: push, actions: 4, vs: gate, top: 1 }
`,
  );
  return path;
}

describe('dicelab check on a terminal, stopped in its exact solves', () => {
  it.skipIf(!hasScript).each([
    ['Ctrl-C', 2],
    ['SIGTERM', 15],
  ] as const)(
    '%s ends the run at the end of the solve under way, not after all of them',
    async (by, number) => {
      const file = await longSolvesScenario(`solves-${by}.yaml`);
      const out = join(dir, `out-solves-${by}`);
      // The bar is drawn before the first solve: the signal comes during it.
      const run = await onTerminal(['check', file, '--no-baseline', '--out', out], {
        at: 'judging [',
        by,
      });
      // Before, the solves ran on with no turn of the event loop: the bar's handler never ran,
      // the signal was dropped unheard when the bar let it go, and the check went on to its end
      // (its table, check.junit.xml and check.md written, exit 0) some 5 s later.
      expect({ code: run.code, table: run.written.includes('check: ') }).toEqual({
        code: 128 + number,
        table: false,
      });
      expect(existsSync(out)).toBe(false);
    },
    120_000,
  );
});

describe('dicelab check into a pipe', () => {
  it('writes on stderr only the line of each expectation judged, as before the bar', async () => {
    const file = await scenario('piped.yaml', 1_000_000);
    const run = await runNode([
      builtFile('bin/dicelab.js'),
      ...['check', file, '--no-baseline', '--out', join(dir, 'out-piped'), '--threads', '1'],
    ]);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toBe(
      `${file}: pass a d6 beats a C3 threat at least 30% of the time (simulated) (41.68% [41.51% to 41.84%, 1M trials] rolling d6, want ≥ 30.00%)\n${file}: pass a d6 beats a C3 threat 5 times in 12 (41.67% rolling d6, want 41.00% to 42.00%)\n`,
    );
  });
});
