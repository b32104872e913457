import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/api/d6-pool.ts';
import {
  checkScenarioFiles,
  checkScenarios,
  formatBaseline,
  InputError,
  parseScenario,
  readBaseline,
  updateBaseline,
} from '../../src/api/scenario.ts';
import { MAX_SEED } from '../../src/index.ts';

/**
 * `checkScenarios` from `dicelab/scenario`, given options a JavaScript caller could get wrong:
 * each is an InputError naming `options.<field>` before anything runs, as `checkScenarioFiles`
 * refuses the same options, never a misspelt field dropped, a seed that is not one run as if
 * it were, or a trials cap blamed on the scenario file.
 */
const LONE = `scenario: a lone d6
characters:
  hero: { auraMax: 0, titles: 0, actions: { swing: 3 } }
threats:
  guard: { name: a guard, challenge: 3 }
expectations:
  - expect: a d6 against a d6 wins 5 times in 12
    figure: winChance
    of: { character: hero, action: swing, vs: guard }
    between: [41%, 42%]
`;
const parsed = parseScenario(LONE, 'lone.yaml');
if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('\n'));
const scenarios = [parsed.scenario];

const WRONG: [Record<string, unknown>, string][] = [
  [
    { seed: 'x' },
    'options.seed: "x" is not allowed (expected an integer from 0 to 9007199254740991)',
  ],
  [
    { seed: -1 },
    'options.seed: -1 is not allowed (expected an integer from 0 to 9007199254740991)',
  ],
  [
    { maxTrials: -1 },
    'options.maxTrials: -1 is not allowed (expected an integer from 1000 to 100000000)',
  ],
  [
    { maxTrials: 100_000_001 },
    'options.maxTrials: 100000001 is not allowed (expected an integer from 1000 to 100000000)',
  ],
  [{ threads: 0 }, 'options.threads: 0 is not allowed (expected an integer from 1 to 256)'],
  [{ threads: 1000 }, 'options.threads: 1000 is not allowed (expected an integer from 1 to 256)'],
  [{ onProgress: 5 }, 'options.onProgress: 5 is not allowed (expected a function)'],
  [{ onProgressCounts: 5 }, 'options.onProgressCounts: 5 is not allowed (expected a function)'],
  [
    { baseline: 'reports/baseline.json' },
    'options.baseline: "reports/baseline.json" is not allowed (expected a baseline, as parseBaseline or readBaseline returns it)',
  ],
  [
    { baselineFile: '' },
    'options.baselineFile: "" is not allowed (expected the path of the baseline file)',
  ],
  [
    { basline: false },
    'options.basline: no such field (did you mean baseline? the fields here are',
  ],
];

describe('checkScenarios', () => {
  it.each(WRONG)('refuses %j as an InputError naming the option', async (options, message) => {
    const run = checkScenarios(scenarios, options);
    await expect(run).rejects.toThrow(InputError);
    await expect(checkScenarios(scenarios, options)).rejects.toThrow(message);
  });

  // check took seeds up to 2^32 − 1 while simulate took them up to 2^53 − 1, the generator's.
  it('takes every seed simulate takes, up to MAX_SEED (2^53 − 1), and refuses past it as simulate does', async () => {
    expect(MAX_SEED).toBe(2 ** 53 - 1);
    const result = await checkScenarios(scenarios, { seed: MAX_SEED, maxTrials: 1000, threads: 1 });
    expect(result.seed).toBe(MAX_SEED);
    expect((await simulate({ stat: 3 }, { seed: MAX_SEED, trials: 10, threads: 1 })).seed).toBe(
      MAX_SEED,
    );
    await expect(checkScenarios(scenarios, { seed: MAX_SEED + 1 })).rejects.toThrow(
      'options.seed: 9007199254740992 is not allowed (expected an integer from 0 to 9007199254740991)',
    );
    await expect(simulate({ stat: 3 }, { seed: MAX_SEED + 1 })).rejects.toThrow(InputError);
  });

  // It resolved with status 0 and no files, as checkScenarioFiles refuses a folder of none.
  it('refuses an empty list, which would pass judging nothing, as an InputError naming scenarios', async () => {
    await expect(checkScenarios([])).rejects.toThrow(InputError);
    await expect(checkScenarios([])).rejects.toThrow(
      "scenarios: [] is not allowed (expected loaded scenarios (an array), as loadScenarioFiles returns them or parseScenario's `.scenario`, at least one (a check of none would pass judging nothing))",
    );
  });

  it('runs with the options checkScenarioFiles passes it', async () => {
    const result = await checkScenarios(scenarios, { seed: 7, maxTrials: 1000, threads: 1 });
    expect(result.files[0]!.expectations.map((e) => e.verdict)).toEqual(['pass']);
  });
});

describe('parseScenario', () => {
  // The first thing a caller may try: the file read without an encoding is bytes, not its text.
  it('refuses a Buffer, or no path, as an InputError saying what it takes', () => {
    const bytes = readFileSync('scenarios/bram-gate.yaml') as unknown as string;
    expect(() => parseScenario(bytes, 'scenarios/bram-gate.yaml')).toThrow(InputError);
    expect(() => parseScenario(bytes, 'scenarios/bram-gate.yaml')).toThrow(
      "text: bytes (a Buffer) is not allowed (expected the file's text, a string: readFileSync(path, 'utf8'))",
    );
    expect(() => parseScenario('scenario: x\n', undefined as unknown as string)).toThrow(
      "path: nothing is not allowed (expected the file's path, which its problems are named by)",
    );
  });
});

describe("a baseline recorded from the library, as updateBaseline's doc comment says", () => {
  // Recorded from a run with no baseline file, the files were named from the working folder:
  // the check then said "1 file not compared (the baseline holds their figures under another name)".
  it('names the files from the baseline file given, so a check compares every figure with it', async () => {
    const project = mkdtempSync(join(tmpdir(), 'dicelab-baseline-'));
    const folder = join(project, 'scenarios');
    const file = join(project, 'reports', 'baseline.json');
    mkdirSync(folder);
    mkdirSync(join(project, 'reports'));
    writeFileSync(join(folder, 'lone.yaml'), LONE);
    const first = await checkScenarioFiles([folder], { baseline: false });
    writeFileSync(file, formatBaseline(updateBaseline(undefined, first.files, first.seed, file)));
    expect(Object.keys(readBaseline(file)!.files)).toEqual(['../scenarios/lone.yaml']);

    const run = await checkScenarioFiles([folder], { baseline: file });
    expect(run.baseline).toMatchObject({
      underAnotherName: [],
      added: [],
      moved: [],
      unchanged: 1,
    });
    expect(run.status).toBe(0);
    // Recorded again the documented way: the same text, nothing moved.
    const again = formatBaseline(updateBaseline(readBaseline(file), run.files, run.seed, file));
    expect(again).toBe(readFileSync(file, 'utf8'));
  });
});
