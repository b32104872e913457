import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { odds as ringSkillOdds } from '../../src/api/ring-skill.ts';
import { changesSinceBaseline, updateBaseline } from '../../src/scenario/baseline.ts';
import { checkJunit } from '../../src/scenario/check-junit.ts';
import { checkMarkdown } from '../../src/scenario/check-markdown.ts';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import {
  formatProblem,
  type LoadedScenario,
  parseScenario,
} from '../../src/scenario/load-scenario.ts';
import { runInProcess } from '../cli/run-in-process.ts';

function load(text: string, path = 'test.yaml'): LoadedScenario {
  const parsed = parseScenario(text, path);
  if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join('\n'));
  return parsed.scenario;
}

function problems(text: string, path = 'bad.yaml'): string[] {
  const parsed = parseScenario(text, path);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems.map(formatProblem);
}

/** Every way 2d6 land, summed with `modifier`: P(total ≥ 10), P(7..9), P(≤ 6), by enumeration. */
function bruteTags(modifier: number): { clean: number; cost: number; miss: number } {
  const n = { clean: 0, cost: 0, miss: 0 };
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      const t = a + b + modifier;
      if (t >= 10) n.clean++;
      else if (t >= 7) n.cost++;
      else n.miss++;
    }
  return { clean: n.clean / 36, cost: n.cost / 36, miss: n.miss / 36 };
}

/** Every way `stat` d6 land: P(0 hits), P(1), P(2+), hits on 5 and 6, by enumeration. */
function bruteD6(stat: number): [number, number, number] {
  const counts = [0, 0, 0];
  for (let code = 0; code < 6 ** stat; code++) {
    let hits = 0;
    for (let d = 0, c = code; d < stat; d++, c = Math.floor(c / 6)) if ((c % 6) + 1 >= 5) hits++;
    counts[Math.min(hits, 2)]!++;
  }
  return counts.map((c) => c / 6 ** stat) as [number, number, number];
}

describe('scenario files of the other systems', () => {
  it('judge exact figures of each system against brute force and its odds answer', async () => {
    const [failure3, mixed3, success3] = bruteD6(3);
    const helped = bruteTags(2);
    const ring = ringSkillOdds({ ring: 2, skill: 1, tn: 2 });
    const result = await checkScenarios([
      load(
        `scenario: d6
system: d6-pool
expectations:
  - { expect: success, figure: success, of: { stat: 3 }, between: [${success3 - 1e-12}, ${success3 + 1e-12}] }
  - { expect: mixed minus failure, figure: mixed, of: { stat: 3 }, minus: { figure: failure }, between: [${mixed3 - failure3 - 1e-12}, ${mixed3 - failure3 + 1e-12}] }
  - { expect: hits, figure: expectedHits, of: { stat: 6 }, between: [1.999999, 2.000001] }
`,
        'd6.yaml',
      ),
      load(
        `scenario: tags
system: tags-2d6
expectations:
  - { expect: clean, figure: clean, of: { tags: 1, item: help }, between: [${helped.clean - 1e-12}, ${helped.clean + 1e-12}] }
  - { expect: too sure, figure: miss, of: { tags: 0 }, atMost: 10% }
`,
        'tags.yaml',
      ),
      load(
        `scenario: ring
system: ring-skill
expectations:
  - { expect: strife, figure: expectedStrife, of: { ring: 2, skill: 1, tn: 2 }, between: [${ring.expectedStrife - 1e-12}, ${ring.expectedStrife + 1e-12}] }
  - { expect: capacity, figure: fail, of: { roll: capacity, capacity: 5 }, atLeast: 0 }
`.replace(/\n {2}- \{ expect: capacity.*\n/, '\n'),
        'ring.yaml',
      ),
    ]);
    const verdicts = result.files.map((f) => f.expectations.map((e) => e.verdict));
    expect(verdicts).toEqual([['pass', 'pass', 'pass'], ['pass', 'fail'], ['pass']]);
    const tooSure = result.files[1]!.expectations[1]!;
    expect(tooSure.detail).toBe('miss of tags-2d6 tags 0 is 41.67%, above 10.00%');
    expect(result.status).toBe(1);
    // Baselines, JUnit and Markdown hold them like Zi'Dara's.
    const keys = result.files[0]!.figures.map((f) => f.key);
    expect(keys).toEqual([
      'expectedHits of d6-pool stat 6',
      'failure of d6-pool stat 3',
      'mixed of d6-pool stat 3',
      'success of d6-pool stat 3',
    ]);
    const baseline = updateBaseline(undefined, result.files, result.seed);
    expect(changesSinceBaseline(baseline, result.files, 0.001).moved).toEqual([]);
    expect(checkJunit(result)).toContain('name="too sure"');
    expect(checkMarkdown(result)).toContain('too sure');
  });

  it('run monotone rules over the spec fields and catch a break', async () => {
    const result = await checkScenarios([
      load(`scenario: grids
system: d12-action
expectations:
  - expect: more capacity, more passes
    figure: pass
    of: { roll: capacity }
    over: { capacity: [1, 4, 8, 12] }
    monotone: nonDecreasing
  - expect: wrongly, more tokens spend fewer
    figure: expectedTokensSpent
    of: { roll: safe, rating: 2, capacity: 5 }
    over: { tokens: [0, 1, 2] }
    monotone: nonIncreasing
`),
    ]);
    const [up, wrong] = result.files[0]!.expectations;
    expect(up).toMatchObject({ verdict: 'pass', shown: 'never falls along capacity (4 points)' });
    expect(wrong!.verdict).toBe('fail');
    expect(wrong!.shown).toMatch(/^tokens 0 → 1: 0 → 0\.25/);
  });

  it('simulate a figure on the system’s own kernel, reproducibly, within the check’s budget', async () => {
    const [failure4] = bruteD6(4);
    const text = `scenario: simulated
system: d6-pool
simulation: { trials: 4000, maxTrials: 64000 }
expectations:
  - { expect: near the truth, figure: failure, of: { stat: 4 }, by: simulation, between: [${failure4 - 0.05}, ${failure4 + 0.05}] }
  - { expect: wrong, figure: success, of: { stat: 4 }, by: simulation, atMost: 30% }
`;
    const run = () => checkScenarios([load(text)], { seed: 7, threads: 1 });
    const first = await run();
    const [ok, bad] = first.files[0]!.expectations;
    expect(ok).toMatchObject({ verdict: 'pass', by: 'simulation' });
    expect(bad).toMatchObject({ verdict: 'fail', by: 'simulation' });
    // Two simulated judgements share the run's false-alarm budget.
    expect(first.falseAlarm).toMatchObject({ judgements: 2, share: 0.0005 });
    const again = await run();
    expect(again.files[0]!.figures).toEqual(first.files[0]!.figures);
  });

  it('record a simulated figure beside the exact one of the same spec, each under its own key', async () => {
    const [, , success4] = bruteD6(4);
    const run = await checkScenarios(
      [
        load(`scenario: both
system: d6-pool
expectations:
  - { expect: exact, figure: success, of: { stat: 4 }, atLeast: 0 }
  - { expect: simulated, figure: success, of: { stat: 4 }, by: simulation, atLeast: 0 }
`),
      ],
      { seed: 3, threads: 1 },
    );
    const figures = run.files[0]!.figures;
    expect(figures.map((f) => f.key)).toEqual([
      'success of d6-pool stat 4',
      'success of d6-pool stat 4 [simulated]',
    ]);
    // The baseline keeps the exact figure exact: a move of it is judged to 1e-9, not by a test.
    expect(figures[0]!.estimate).toMatchObject({ by: 'exact' });
    expect(figures[0]!.estimate.estimate).toBeCloseTo(success4, 12);
    expect(figures[1]!.estimate).toMatchObject({ by: 'simulation', trials: 20000 });
  });

  it('refuse bad files with one line each, naming the system’s own fields', () => {
    expect(
      problems(`scenario: x
system: d6-pool
expectations:
  - expect: a
    figure: success
    of: { stat: 3, item: help }
    atLeast: 0
`),
    ).toEqual(['bad.yaml:6:20: expectations[0].of.item: no such field (the fields here are stat)']);
    expect(
      problems(`scenario: x
system: tags-2d6
expectations:
  - { expect: a, figure: winChance, of: { tags: 1 }, atLeast: 0 }
`),
    ).toEqual([
      'bad.yaml:4:26: expectations[0].figure: "winChance" is not allowed (expected one of clean, cost, miss, modifier, improvementPoints, expectedUtility)',
    ]);
    expect(problems('scenario: x\nsystem: d7-pool\n')).toEqual([
      'bad.yaml:2:9: system: "d7-pool" is not allowed (expected one of zidara, d6-pool, tags-2d6, d12-action, ring-skill)',
    ]);
    expect(problems('scenario: x\nsystem: ring-skill\ncharacters: {}\n')).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations)',
      'bad.yaml:3:1: characters: no such field (the fields here are scenario, description, system, simulation, expectations)',
    ]);
    expect(
      problems(`scenario: x
system: d12-action
expectations:
  - { expect: a, figure: success, of: { roll: safe, capacity: 5 }, atLeast: 0 }
  - { expect: b, figure: success, of: { roll: safe, rating: 2, capacity: 5 }, over: { item: [1, 2] }, monotone: nonDecreasing }
`),
    ).toEqual([
      'bad.yaml:4:39: expectations[0].of.rating: missing (expected an integer from 0 to 100)',
      'bad.yaml:5:87: expectations[1].over.item: no such field (the fields here are rating, capacity, tokens)',
    ]);
  });

  it('refuse a number the system does not simulate, naming the ones it does', () => {
    expect(
      problems(`scenario: x
system: d6-pool
expectations:
  - { expect: a, figure: expectedHits, of: { stat: 3 }, by: simulation, atLeast: 0 }
`),
    ).toEqual([
      'bad.yaml:4:61: expectations[0].by: "simulation" is not allowed (expected exact: expectedHits has no simulated estimate (simulated d6-pool figures: failure, mixed, success))',
    ]);
  });

  it('judge a simulated ring-skill weighted utility by its interval, as the exact one by its value', async () => {
    const of = '{ ring: 3, skill: 2, tn: 3, objective: weighted }';
    const exact = ringSkillOdds({
      ring: 3,
      skill: 2,
      tn: 3,
      objective: 'weighted',
    }).expectedUtility;
    const text = `scenario: weighted
system: ring-skill
simulation: { trials: 4000, maxTrials: 64000 }
expectations:
  - { expect: exact, figure: expectedUtility, of: ${of}, between: [${exact - 0.01}, ${exact + 0.01}] }
  - { expect: near the truth, figure: expectedUtility, of: ${of}, by: simulation, between: [${exact - 0.05}, ${exact + 0.05}] }
  - { expect: wrong, figure: expectedUtility, of: ${of}, by: simulation, atLeast: ${exact + 0.2} }
`;
    const run = await checkScenarios([load(text)], { seed: 5, threads: 1 });
    const [right, near, wrong] = run.files[0]!.expectations;
    expect(right).toMatchObject({ verdict: 'pass', by: 'exact' });
    expect(near).toMatchObject({ verdict: 'pass', by: 'simulation' });
    expect(wrong).toMatchObject({ verdict: 'fail', by: 'simulation' });
    const simulated = run.files[0]!.figures.find((f) => f.key.endsWith('[simulated]'))!;
    expect(simulated.key).toBe(
      'expectedUtility of ring-skill ring 3, skill 2, tn 3, objective weighted [simulated]',
    );
    const { estimate, lo, hi } = simulated.estimate;
    expect(lo).toBeLessThan(estimate);
    expect(hi).toBeGreaterThan(estimate);
    expect(Math.abs(estimate - exact)).toBeLessThan(hi - lo);
  });

  it('refuse what the system refuses where the file says it: a grid point, a minus', () => {
    expect(
      problems(`scenario: x
system: ring-skill
expectations:
  - expect: a
    figure: success
    of: { skill: 1, tn: 2 }
    over: { ring: [1, 0] }
    monotone: nonDecreasing
  - expect: b
    figure: success
    of: { ring: 2, skill: 1, tn: 2 }
    minus: { of: { tn: 9 } }
    atLeast: 0
`),
    ).toEqual([
      'bad.yaml:7:23: expectations[0].over.ring[1]: 0 is not allowed (expected an integer from 1 to 5)',
      'bad.yaml:12:24: expectations[1].minus.of.tn: 9 is not allowed (expected an integer from 1 to 8)',
    ]);
  });
});

describe('a figure its check never has', () => {
  it('is refused when the file is read, at the figure (pass of a risky d12 roll), not when the check runs', () => {
    const risky = 'roll: risky, rating: 2, capacity: 5, tokens: 1';
    expect(
      problems(`scenario: x
system: d12-action
expectations:
  - { expect: a, figure: pass, of: { ${risky} }, atLeast: 0.1 }
  - { expect: b, figure: expectedUtility, of: { roll: capacity, capacity: 5 }, atLeast: 0 }
  - { expect: c, figure: success, of: { ${risky} }, minus: { figure: fail }, atLeast: 0 }
  - { expect: d, figure: success, of: { ${risky} }, minus: { of: { roll: capacity } }, atLeast: 0 }
  - { expect: e, figure: pass, of: { roll: risky, capacity: 5 }, over: { rating: [1, 2] }, monotone: nonDecreasing }
`),
    ).toEqual([
      'bad.yaml:4:26: expectations[0].figure: "pass" is not allowed (expected a figure of a risky roll: critical-success, success, failure, critical-failure, expectedUtility, expectedTokensSpent, expectedBalanceTokens, expectedInterruptionTokens)',
      'bad.yaml:5:26: expectations[1].figure: "expectedUtility" is not allowed (expected a figure of a capacity roll: pass, fail, expectedTokensSpent, expectedBalanceTokens, expectedInterruptionTokens)',
      'bad.yaml:6:108: expectations[2].minus.figure: "fail" is not allowed (expected a figure of a risky roll: critical-success, success, failure, critical-failure, expectedUtility, expectedTokensSpent, expectedBalanceTokens, expectedInterruptionTokens)',
      'bad.yaml:7:112: expectations[3].minus.of.roll: "capacity" is not allowed (expected a roll with success, the figure minus takes from the expectation; a capacity roll has pass, fail, expectedTokensSpent, expectedBalanceTokens, expectedInterruptionTokens)',
      'bad.yaml:8:26: expectations[4].figure: "pass" is not allowed (expected a figure of a risky roll: critical-success, success, failure, critical-failure, expectedUtility, expectedTokensSpent, expectedBalanceTokens, expectedInterruptionTokens)',
    ]);
    // A capacity roll's own figures, and a difference across the two kinds of roll, are read.
    load(`scenario: x
system: d12-action
expectations:
  - { expect: a, figure: pass, of: { roll: capacity, capacity: 5 }, atLeast: 0.1 }
  - { expect: b, figure: success, of: { ${risky} }, minus: { figure: pass, of: { roll: capacity } }, atLeast: -1 }
`);
  });
});

describe('a percentage on a check’s figure', () => {
  it('is read on a chance (pSuccess too) and refused on a plain number, at the bound', () => {
    const planned = load(`scenario: x
system: ring-skill
expectations:
  - { expect: a, figure: pSuccess, of: { ring: 2, skill: 1, tn: 2 }, between: ["55%", "65%"] }
`);
    expect(planned.plan.expectations[0]).toMatchObject({ bound: { atLeast: 0.55, atMost: 0.65 } });
    expect(
      problems(`scenario: x
system: d6-pool
expectations:
  - { expect: a, figure: expectedHits, of: { stat: 3 }, atLeast: "50%" }
  - { expect: b, figure: expectedHits, of: { stat: 3 }, minus: { of: { stat: 2 } }, between: [0, 40%] }
`),
    ).toEqual([
      'bad.yaml:4:66: expectations[0].atLeast: "50%" is not allowed (expected a plain number (50% is 0.5): a percent is for chances only, and expectedHits is a number, not a chance)',
      'bad.yaml:5:98: expectations[1].between[1]: "40%" is not allowed (expected a plain number (40% is 0.4): a percent is for chances only, and expectedHits minus expectedHits is a difference of numbers, not of chances)',
    ]);
  });

  it('says the plain number a percentage on a 0-to-1 figure stands for, not its digits', () => {
    // Before: "a plain number such as 55", a bound 100 times what was meant.
    expect(
      problems(`scenario: x
system: ring-skill
expectations:
  - { expect: a, figure: expectedUtility, of: { ring: 2, skill: 1, tn: 2 }, between: ["55%", "65%"] }
`),
    ).toEqual([
      'bad.yaml:4:87: expectations[0].between[0]: "55%" is not allowed (expected a plain number (55% is 0.55): a percent is for chances only, and expectedUtility is a number, not a chance)',
      'bad.yaml:4:94: expectations[0].between[1]: "65%" is not allowed (expected a plain number (65% is 0.65): a percent is for chances only, and expectedUtility is a number, not a chance)',
    ]);
  });
});

describe('dicelab check on another system’s file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dicelab-systems-check-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 2 with the one line, and 0 on a good file', async () => {
    const bad = join(dir, 'bad.yaml');
    await writeFile(
      bad,
      'scenario: x\nsystem: d6-pool\nexpectations:\n  - { expect: a, figure: success, of: { stat: 0 }, atLeast: 0 }\n',
    );
    const refused = await runInProcess(['check', bad, '--no-baseline', '--out', dir, '--quiet']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /bad\.yaml:4:47: expectations\[0\]\.of\.stat: 0 is not allowed \(expected an integer from 1 to 1000\)\n$/,
    );
    const good = join(dir, 'good.yaml');
    await writeFile(
      good,
      'scenario: x\nsystem: d6-pool\nexpectations:\n  - { expect: a, figure: success, of: { stat: 3 }, atLeast: 25% }\n',
    );
    const passed = await runInProcess(['check', good, '--no-baseline', '--out', dir, '--quiet']);
    expect(passed.stderr).toBe('');
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/check: 1 passed \(1 expectation, 1 file, /);
  });
});

describe('docs/scenarios.md', () => {
  it('lists every system’s figures and grid axes as the declarations have them', async () => {
    const { readFileSync } = await import('node:fs');
    const { CHECK_SYSTEM_NAMES, CHECK_SYSTEMS } = await import('../../src/systems/systems.ts');
    const doc = readFileSync('docs/scenarios.md', 'utf8');
    for (const name of CHECK_SYSTEM_NAMES) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      const check = CHECK_SYSTEMS[name];
      for (const figure of [...check.outcomes, ...Object.keys(check.numbers), ...check.axes])
        expect(row, `${name}: ${figure}`).toContain(`\`${figure}\``);
    }
  });
});

describe('a rule option written in of, and the baseline', () => {
  /** The key of a file's first expectation, a bound on one figure. */
  const keyOf = (text: string): string => {
    const e = load(text).plan.expectations[0]!;
    if (e.kind !== 'bound') throw new Error(`expected a bound, got ${e.kind}`);
    return e.figure.key;
  };

  it('is part of the key in the other systems (a new figure), not in Zi’Dara’s character options (a move), as docs/scenarios.md says', async () => {
    const ring = (rerolls: number) =>
      keyOf(
        `scenario: r\nsystem: ring-skill\nexpectations:\n  - expect: x\n    figure: success\n    of: { ring: 3, skill: 2, tn: 3, rerolls: ${rerolls} }\n    atLeast: 0.1\n`,
      );
    expect(ring(1)).not.toBe(ring(2));
    const zidara = (boostSize: number) =>
      keyOf(
        `scenario: z\ncharacters:\n  vesk: { boostSize: ${boostSize}, actions: { locks: 5 } }\nthreats:\n  lock: { challenge: 3 }\nexpectations:\n  - expect: x\n    figure: winChance\n    of: { character: vesk, action: locks, vs: lock }\n    atLeast: 0.1\n`,
      );
    expect(zidara(2)).toBe(zidara(3));
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync('docs/scenarios.md', 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(
      'so an option changed in `of` is a new figure, not a moved one.** In the files of the four other systems',
    );
    expect(doc).toContain('should be guarded by an expectation with a bound');
  });
});
