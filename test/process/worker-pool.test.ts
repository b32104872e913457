import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtFile } from '../built.ts';
import { runNode, TSX_LOADER } from '../cli/run-dicelab.ts';

const SOURCES = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const SIMULATE = ['zidara', 'simulate', 'd12', 'd6', '--vs', '3', '--trials', '20000'];
const ARGS = [...SIMULATE, '--threads', '2', '--chunk-size', '4096', '--json'];

/** The CLI in a child process started with Node options `nodeFlags` before its script. */
function run(nodeFlags: string[], script: string[]) {
  return runNode([...nodeFlags, ...script, ...ARGS]);
}

describe('worker threads under Node flags a worker refuses', () => {
  // V8's flags, a per-process one with its value apart, and one a worker takes, after them.
  const refused = [
    ['--max-inlined-bytecode-size-cumulative=200'],
    ['--stack-size=2000', '--max-semi-space-size=32'],
    ['--title', 'dicelab-test', '--expose-gc', '--trace-warnings'],
  ];
  it.each([
    ['the build', () => [builtFile('bin/dicelab.js')]],
    ['the sources', () => ['--import', TSX_LOADER, SOURCES]],
  ])('%s: the workers start, and the result is the one without them', async (_, script) => {
    const plain = await run([], script());
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    for (const flags of refused) {
      const flagged = await run(flags, script());
      expect({ flags, stderr: flagged.stderr, code: flagged.code }).toEqual({
        flags,
        stderr: '',
        code: 0,
      });
      expect(flagged.stdout).toBe(plain.stdout);
    }
  });
});
