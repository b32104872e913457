import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/process/exit-status.ts';
import { runDicelab } from './run-dicelab.ts';

/**
 * The real CLI in a child process, sent one Ctrl-C (SIGINT) `after` ms in; a child stopped
 * before it listens for Ctrl-C (killed by the signal) is tried again, waiting longer.
 */
async function interrupted(args: string[]) {
  for (let after = 1500; ; after *= 2) {
    const run = await runDicelab(args, { signal: { name: 'SIGINT', after } });
    if (run.code !== null || after > 20_000) return run;
  }
}

// Trials no test finishes: every run here ends by Ctrl-C.
const endless = ['--trials', '1e15', '--seed', '7', '--threads', '1', '--quiet'];

describe('a run stopped by Ctrl-C says so on stdout', () => {
  it('zidara simulate: in the heading line, and as "interrupted": true in JSON', async () => {
    const text = await interrupted(['zidara', 'simulate', 'd12', 'd4', '--vs', '3', ...endless]);
    expect(text.code).toBe(EXIT.interrupted);
    expect(text.stdout).toMatch(
      /\n[\d,]+ trials, seed 7 \(interrupted: stopped early, a partial result\)\n/,
    );
    const json = await interrupted([
      'zidara',
      'simulate',
      'd12',
      '--vs',
      '3',
      '--json',
      ...endless,
    ]);
    expect(json.code).toBe(EXIT.interrupted);
    expect(JSON.parse(json.stdout)).toMatchObject({ interrupted: true, seed: 7 });
  }, 120_000);

  it('zidara fight: in its simulated line', async () => {
    const run = await interrupted([
      'zidara',
      'fight',
      '--vs',
      '3',
      '--tags',
      '2',
      '--pool',
      'd12 d4',
      '--no-exact',
      ...endless,
    ]);
    expect(run.code).toBe(EXIT.interrupted);
    expect(run.stdout).toMatch(
      /simulated: [\d,]+ fights, seed 7 \(interrupted: stopped early, a partial result\);/,
    );
  }, 120_000);

  it('a run of one long chunk on one thread: stops at once, with nothing to summarize', async () => {
    // A chunk cannot be cut short: played in the main thread, it held Ctrl-C back until it was
    // done (exit 0, the whole result), where a worker thread's is dropped at once.
    const run = await interrupted([
      'zidara',
      'fight',
      '--vs',
      '4',
      '--tags',
      '3',
      '--steps',
      '8',
      '--no-exact',
      '--json',
      ...['--trials', '1e7', '--chunk-size', '1e7', '--seed', '7', '--threads', '1', '--quiet'],
    ]);
    expect(run.code).toBe(EXIT.interrupted);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/stopped before any chunk finished: nothing to summarize\n$/);
  }, 120_000);

  it("a system's simulate: in its table's title", async () => {
    const run = await interrupted(['d6-pool', 'simulate', '--stat', '3', ...endless]);
    expect(run.code).toBe(EXIT.interrupted);
    expect(run.stdout).toMatch(
      /^d6 pool, stat 3: [\d,]+ trials \(interrupted: stopped early, a partial result\)\n/,
    );
  }, 120_000);
});
