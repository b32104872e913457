import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import {
  changesSinceBaseline,
  type FigureRecord,
  formatBaseline,
  parseBaseline,
  pathFromBaseline,
  updateBaseline,
} from '../../src/scenario/baseline.ts';
import { checkJunit } from '../../src/scenario/check-junit.ts';
import { checkMarkdown } from '../../src/scenario/check-markdown.ts';
import { checkCounts, checkTable } from '../../src/scenario/check-table.ts';
import { exactEstimate, proportionEstimate } from '../../src/scenario/judge.ts';

const exact = (key: string, value: number): FigureRecord => ({
  key,
  unit: 'chance',
  estimate: exactEstimate(value),
});

describe('baselines', () => {
  const files = [
    {
      path: 'scenarios/a.yaml',
      figures: [
        exact('winChance of vesk.locks vs lock', 0.6875),
        {
          key: 'fallsWithin of bram.fight vs warden [simulated]',
          unit: 'chance' as const,
          estimate: proportionEstimate(19000, 20000),
        },
      ],
    },
  ];

  it('round-trips through its committed text, one figure a line, sorted', () => {
    const baseline = updateBaseline(undefined, files, 7);
    const text = formatBaseline(baseline);
    expect(text).toBe(`{
  "format": "dicelab-baseline",
  "version": 1,
  "seed": 7,
  "files": {
    "scenarios/a.yaml": {
      "fallsWithin of bram.fight vs warden [simulated]": {"by": "simulation", "value": 0.95, "trials": 20000, "successes": 19000},
      "winChance of vesk.locks vs lock": 0.6875
    }
  }
}
`);
    expect(parseBaseline(text, 'b.json')).toEqual(baseline);
  });

  it('keeps the files a run did not include, and replaces those it did', () => {
    const first = updateBaseline(
      undefined,
      [{ path: 'b.yaml', figures: [exact('x', 0.1)] }, ...files],
      1,
    );
    const next = updateBaseline(first, [{ path: 'b.yaml', figures: [exact('y', 0.2)] }], 1);
    expect(next.files['b.yaml']).toEqual({ y: 0.2 });
    expect(next.files['scenarios/a.yaml']).toEqual(first.files['scenarios/a.yaml']);
  });

  it('flags the figures that moved (old → new), and lists new and gone ones without failing them', () => {
    const baseline = updateBaseline(undefined, files, 1);
    const now = [
      {
        path: 'scenarios/a.yaml',
        figures: [
          exact('winChance of vesk.locks vs lock', 0.65),
          {
            key: 'fallsWithin of bram.fight vs warden [simulated]',
            unit: 'chance' as const,
            estimate: proportionEstimate(18990, 20000),
          },
          exact('a new figure', 0.5),
        ],
      },
    ];
    const comparison = changesSinceBaseline(baseline, now);
    expect(comparison.moved.map((m) => [m.key, m.shown])).toEqual([
      ['winChance of vesk.locks vs lock', '68.75% → 65.00%'],
    ]);
    expect(comparison.unchanged).toBe(1); // the simulated figure moved by noise only
    expect(comparison.added).toEqual([{ file: 'scenarios/a.yaml', key: 'a new figure' }]);
    const gone = changesSinceBaseline(baseline, [{ path: 'scenarios/a.yaml', figures: [] }]);
    expect(gone.removed).toHaveLength(2);
    expect(gone.moved).toEqual([]);
  });

  it('holds a figure recorded another way (simulated, now exact, or the reverse) apart from moves: not compared, not failed', () => {
    const key = 'success of ring-skill ring 3, skill 1, tn 2';
    const old = {
      format: 'dicelab-baseline',
      version: 1,
      seed: 1,
      files: {
        'a.yaml': {
          [key]: { by: 'simulation', value: 0.76095, trials: 20000, successes: 15219 },
          'exact once': 0.5,
        },
      },
    } as const;
    const simulated = {
      key: 'exact once',
      unit: 'chance' as const,
      estimate: proportionEstimate(10000, 20000),
    };
    const comparison = changesSinceBaseline(old, [
      { path: 'a.yaml', figures: [exact(key, 0.7569444444444444), simulated] },
    ]);
    expect(comparison.moved).toEqual([]);
    expect(comparison.unchanged).toBe(0);
    expect(comparison.added).toEqual([]);
    expect(comparison.removed).toEqual([]);
    expect(comparison.recordedDifferently.map((r) => [r.key, r.shown])).toEqual([
      [
        key,
        'the baseline holds a simulated value (76.10% [75.09% to 77.07%, 20k trials]), the run an exact one (75.69%)',
      ],
      [
        'exact once',
        'the baseline holds an exact value (50.00%), the run a simulated one (50.00% [48.84% to 51.16%, 20k trials])',
      ],
    ]);
    expect(comparison.simulated).toEqual([]);
    // Recorded again, each is its own kind and compared.
    const next = updateBaseline(
      old,
      [{ path: 'a.yaml', figures: [exact(key, 0.75), simulated] }],
      1,
    );
    expect(next.files['a.yaml']![key]).toBe(0.75);
  });

  it('refuses a file that is not a baseline at its line and column, saying what is allowed and how to mend it (a key twice, successes past trials too)', () => {
    const good =
      '{\n  "format": "dicelab-baseline",\n  "version": 1,\n  "seed": 1,\n  "files": {\n    "gate.yaml": {\n      "winChance": 0.5\n    }\n  }\n}\n';
    expect(parseBaseline(good, 'b.json').files).toEqual({ 'gate.yaml': { winChance: 0.5 } });
    const figure =
      '(expected a number (an exact figure) or {"by": "simulation", "value", "trials", "successes"?, "sd"?})';
    const cases: [string, string][] = [
      ['{', `b.json:1:2: not JSON (Expected property name or '}')`],
      [good.slice(0, 100), `b.json:7:6: not JSON (Expected property name or '}')`],
      [
        '{"format": "other"}',
        'b.json:1:12: format: "other" is not allowed (expected "dicelab-baseline")',
      ],
      [
        good.replace('0.5', '"x"'),
        `b.json:7:20: files["gate.yaml"].winChance: "x" is not allowed ${figure}`,
      ],
      [
        good.replace('"seed": 1', '"seed": -1'),
        'b.json:4:11: seed: -1 is not allowed (expected an integer ≥ 0)',
      ],
      [
        good.replace('"seed": 1', '"seed": 1, "extra": 2'),
        'b.json:4:23: extra: no such field (the fields here are format, version, seed, files)',
      ],
      [
        good.replace('0.5', '{"by": "simulation", "value": 1, "trials": 0}'),
        'b.json:7:63: files["gate.yaml"].winChance.trials: 0 is not allowed (expected an integer ≥ 1)',
      ],
      [
        '[]',
        'b.json:1:1: the baseline: [] is not allowed (expected an object (a dicelab baseline: format, version, seed, files))',
      ],
      // JSON.parse would read these, more successes than trials and the last of a key written twice.
      [
        good.replace('0.5', '{"by": "simulation", "value": 0.5, "trials": 20, "successes": 30}'),
        'b.json:7:82: files["gate.yaml"].winChance.successes: 30 is not allowed (expected at most trials (20))',
      ],
      [
        good.replace('"winChance": 0.5', '"winChance": 0.5,\n      "winChance": 0.9'),
        // Before, "its first is at line 7, and JSON would keep only the last", with no column.
        'b.json:8:7: files["gate.yaml"].winChance: written twice (expected each key once in its mapping; its first is at 7:7)',
      ],
      [
        good.replace('"seed": 1', '"seed": 1, "seed": 2'),
        'b.json:4:14: seed: written twice (expected each key once in its mapping; its first is at 4:3)',
      ],
    ];
    for (const [text, message] of cases) {
      expect(() => parseBaseline(text, 'b.json'), message).toThrow(InputError);
      // --write keeps the figures of files not run, so it reads the file too: it cannot be the mend.
      expect(() => parseBaseline(text, 'b.json'), message).toThrow(
        `${message}; fix the file, or delete it and record every figure again with dicelab baseline --write`,
      );
    }
  });

  it("name each file by its path from the baseline file's folder, whatever the working folder", () => {
    const cwd = process.cwd();
    expect(pathFromBaseline('scenarios/a.yaml', 'reports/baseline.json')).toBe(
      '../scenarios/a.yaml',
    );
    expect(pathFromBaseline(`${cwd}/scenarios/a.yaml`, 'reports/baseline.json')).toBe(
      '../scenarios/a.yaml',
    );
    expect(pathFromBaseline('a.yaml', 'baseline.json')).toBe('a.yaml');
  });

  it('a file whose every figure is new while the baseline holds them under another name is reported, and rewriting renames it', () => {
    const old = updateBaseline(undefined, files, 1);
    const now = files.map((f) => ({ ...f, baselineName: `../${f.path}` }));
    const comparison = changesSinceBaseline(old, now);
    expect(comparison.unchanged).toBe(0);
    expect(comparison.added).toHaveLength(2);
    expect(comparison.underAnotherName).toEqual([
      {
        file: 'scenarios/a.yaml',
        name: '../scenarios/a.yaml',
        stored: 'scenarios/a.yaml',
        shared: 2,
        figures: 2,
      },
    ]);
    // A new file that shares no figure with any stored one is only new.
    const unrelated = changesSinceBaseline(old, [
      { path: 'b.yaml', baselineName: 'b.yaml', figures: [exact('winChance of x', 0.5)] },
    ]);
    expect(unrelated.underAnotherName).toEqual([]);
    const renamed = updateBaseline(old, now, 1);
    expect(Object.keys(renamed.files)).toEqual(['../scenarios/a.yaml']);
    expect(renamed.files['../scenarios/a.yaml']).toEqual(old.files['scenarios/a.yaml']);
  });
});

describe("the library's baseline and check layouts, given what is not theirs", () => {
  const refused = (run: () => unknown, message: string) => {
    let thrown: unknown;
    try {
      run();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as Error).message).toBe(message);
  };
  const baseline = { format: 'dicelab-baseline', version: 1, seed: 1, files: {} } as const;
  const call = <A extends unknown[]>(f: (...args: A) => unknown, ...args: unknown[]) =>
    f(...(args as A));

  it('name the argument (a raw TypeError read "cannot read properties of undefined")', () => {
    const noBaseline =
      'baseline: nothing is not allowed (expected a baseline, as parseBaseline or readBaseline returns it)';
    refused(() => call(formatBaseline), noBaseline);
    refused(() => call(changesSinceBaseline, undefined, []), noBaseline);
    refused(
      () => call(changesSinceBaseline, baseline, { path: 'a.yaml' }),
      `files: {"path":"a.yaml"} is not allowed (expected the run's files' figures (an array, as a check's run gives them))`,
    );
    refused(
      () => call(updateBaseline, undefined, [null], 1),
      `files[0]: null (an empty value) is not allowed (expected a file's figures ({ path, figures: [...] }))`,
    );
    refused(
      () => call(updateBaseline, { files: [] }, [], 1),
      'previous: {"files":[]} is not allowed (expected a baseline, as parseBaseline or readBaseline returns it)',
    );
    refused(
      () => call(updateBaseline, undefined, [], '7'),
      `seed: "7" is not allowed (expected the run's seed (a whole number))`,
    );
    const noResult = `result: nothing is not allowed (expected a check's result, as checkScenarioFiles returns it)`;
    for (const layout of [checkCounts, checkTable, checkMarkdown, checkJunit])
      refused(() => call(layout), noResult);
    refused(
      () => call(checkJunit, { files: 'a.yaml' }),
      `result: {"files":"a.yaml"} is not allowed (expected a check's result, as checkScenarioFiles returns it)`,
    );
  });
});
