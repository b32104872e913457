import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// Naming a kernel by id needs the systems' list registered, as the CLI does.
import '../src/systems/systems.ts';
import { SHOWN_VALUE_CHARS } from '../src/input/input-error.ts';
import { LocalKernel } from '../src/montecarlo/load-kernel.ts';
import { simulate } from '../src/montecarlo/run.ts';
import { EXIT } from '../src/process/exit-status.ts';
import { cliInProcess as cli } from './cli/cli-in-process.ts';
import { runDicelab } from './cli/run-dicelab.ts';

/**
 * Messages that name a path, at a path of 150+ characters (a clone deep in a CI runner's
 * workspace): each stays one line that says what is wrong, whatever the path's length, and
 * values are cut to SHOWN_VALUE_CHARS with their length said. `.ci/run` runs the whole suite
 * in a clone at such a path.
 */
let deep: string;

beforeAll(async () => {
  deep = join(
    await mkdtemp(join(tmpdir(), 'dicelab-long-')),
    'a-workspace-of-a-ci-runner-with-a-long-name',
    'another-folder-with-a-long-name-for-good-measure',
    'and-one-more-to-pass-150-characters',
  );
  await mkdir(deep, { recursive: true });
  await copyFile(
    new URL('./montecarlo/low-bit-kernel.mjs', import.meta.url),
    join(deep, 'kernel.mjs'),
  );
  await writeFile(join(deep, 'a-file.txt'), 'not a folder\n');
  // One problem, the misspelt field: the rest (a threat, an expectation) is sound.
  await writeFile(
    join(deep, 'bad.yaml'),
    'scenario: x\ncharacters:\n  v: { actoins: 3 }\nthreats:\n  guard: { challenge: 3 }\nexpectations:\n  - { expect: a, figure: winChance, of: { character: v, action: fight, vs: guard }, atLeast: 0 }\n',
  );
});

describe('at a path of 150+ characters', () => {
  it('is that long', () => {
    expect(deep.length).toBeGreaterThanOrEqual(150);
  });

  it('cuts a kernel URL that is not allowed, saying its length', async () => {
    const href = pathToFileURL(join(deep, 'kernel.mjs')).href;
    const attempt = simulate({
      kernel: href as never,
      spec: { bits: 1 },
      trials: 10,
      seed: 1,
    });
    await expect(attempt).rejects.toThrow(
      `kernel: ${JSON.stringify(href.slice(0, SHOWN_VALUE_CHARS - 3))}... (${href.length} characters) is not allowed (expected one of dicelab's kernels`,
    );
    // The kernel itself runs from there, given as a kernel object.
    const run = await simulate({
      kernel: new LocalKernel(pathToFileURL(join(deep, 'kernel.mjs'))),
      spec: { bits: 1 },
      trials: 1000,
      seed: 1,
      threads: 1,
    });
    expect(run.tally[1]).toBe(1000);
  });

  it('says what is wrong with a folder flag, the path cut and the reason whole', async () => {
    const run = await cli('check', '--out', join(deep, 'a-file.txt'));
    expect(run.status).toBe(EXIT.badInput);
    expect(run.stderr).toMatch(
      /^dicelab: --out: ".*"\.\.\. \(\d+ characters\) is not allowed \(expected a folder, but it is a file\)/,
    );
    expect(run.stderr).not.toMatch(/more characters/);
    expect(run.stderr.split('\n')).toHaveLength(2); // one line and its newline
  });

  it('names a missing spec file by its whole path', async () => {
    const missing = join(deep, 'missing.json');
    const run = await cli('d6-pool', 'odds', '--spec', missing);
    expect(run.status).toBe(EXIT.badInput);
    expect(run.stderr).toBe(
      `dicelab: --spec: cannot read ${JSON.stringify(missing)} (no such file)\n`,
    );
  });

  it('places problems of a scenario file by path:line:col, run from that folder and from afar', async () => {
    const here = await runDicelab(['check', 'bad.yaml', '--quiet'], { cwd: deep });
    expect(here.code).toBe(EXIT.badInput);
    // The misspelt field alone: not also the field it was meant to be, as missing.
    const said = ':3:8: characters.v.actoins: no such field (did you mean actions?';
    expect(here.stderr.startsWith(`dicelab: bad.yaml${said}`), here.stderr).toBe(true);
    expect(here.stderr.split('\n')).toHaveLength(2);
    const far = await cli('check', join(deep, 'bad.yaml'), '--quiet');
    expect(far.status).toBe(EXIT.badInput);
    expect(far.stderr.startsWith(`dicelab: ${join(deep, 'bad.yaml')}${said}`), far.stderr).toBe(
      true,
    );
    expect(far.stdout).toBe('');
  });
});
