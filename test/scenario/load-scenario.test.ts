import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblem, parseScenario } from '../../src/scenario/load-scenario.ts';
import { CHECK_SYSTEM_NAMES } from '../../src/systems/systems.ts';

/** The problems of a file, as `dicelab check` prints them. */
function problems(text: string, path = 'bad.yaml'): string[] {
  const parsed = parseScenario(text, path);
  if (parsed.ok) return [];
  return parsed.problems.map(formatProblem);
}

const HEADER = `scenario: A test
characters:
  bram:
    titles: 2
    actions: { fight: 6 }
threats:
  guard: { challenge: 3, tags: 2 }
`;

describe('parseScenario: every problem of a file at once, each at its line and column', () => {
  it('reads every scenario of the suite with no problem', () => {
    const files = readdirSync('scenarios').filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const parsed = parseScenario(readFileSync(`scenarios/${file}`, 'utf8'), `scenarios/${file}`);
      expect(parsed.ok ? [] : parsed.problems.map(formatProblem), file).toEqual([]);
      if (parsed.ok) expect(parsed.scenario.plan.expectations.length, file).toBeGreaterThan(3);
    }
  });

  it('names a value with an unquoted ": " by its field, with the quotes to add', () => {
    // Before, "y3.yaml:4:13: Nested mappings are not allowed in compact mappings".
    const text =
      'scenario: x\nsystem: d6-pool\nexpectations:\n  - expect: stat 3: a quarter succeed\n    figure: success\n    of: { stat: 3 }\n    atLeast: 0.2\n';
    expect(problems(text, 'y3.yaml')).toEqual([
      'y3.yaml:4:13: expectations[0].expect: stat 3: a quarter succeed has ": " unquoted, which YAML reads as a key (expected quotes around a value with ": " in it: "stat 3: a quarter succeed")',
    ]);
  });

  it("refuses expectations: [] in every system's file: a check of it would pass judging nothing", () => {
    // Before, no problem: `check: 0 passed (0 expectations, 1 file, …)`, exit 0.
    for (const system of ['zidara', ...CHECK_SYSTEM_NAMES]) {
      expect(
        problems(`scenario: x\nsystem: ${system}\nexpectations: []\n`, 'none.yaml'),
        system,
      ).toEqual([
        'none.yaml:3:15: expectations: [] is not allowed (expected at least 1 expectation)',
      ]);
    }
    expect(problems('scenario: x\nexpectations: []\n', 'none.yaml')).toEqual([
      'none.yaml:2:15: expectations: [] is not allowed (expected at least 1 expectation)',
    ]);
  });

  it("refuses another system's file with no expectations: it holds nothing else to check", () => {
    // Before, no problem: `check: 0 passed (0 expectations, 1 file, …)`, exit 0.
    for (const system of CHECK_SYSTEM_NAMES) {
      expect(problems(`scenario: x\nsystem: ${system}\n`, 'none.yaml'), system).toEqual([
        'none.yaml:1:1: expectations: missing (expected a list of expectations)',
      ]);
    }
  });

  it("refuses a Zi'Dara file with neither expectations nor analyses: it holds nothing to run", () => {
    // Before, no problem: `check: 0 passed (0 expectations, 1 file, …)`, exit 0.
    const nothing = [
      'none.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
    ];
    expect(problems('scenario: x\n', 'none.yaml')).toEqual(nothing);
    expect(problems('scenario: x\nsystem: zidara\n', 'none.yaml')).toEqual(nothing);
    expect(problems(HEADER, 'none.yaml')).toEqual(nothing);
    // Said beside the schema's own problems, every one at once.
    expect(problems(`${HEADER}bogus: 1\n`, 'none.yaml')).toEqual([
      ...nothing,
      'none.yaml:8:1: bogus: no such field (the fields here are scenario, description, system, simulation, characters, threats, analyses, expectations)',
    ]);
    // Either alone is enough: analyses for `dicelab report`, expectations for `dicelab check`.
    const analyses = `${HEADER}analyses:\n  odds: { analysis: fishing, character: bram, action: fight, vs: guard }\n`;
    expect(problems(analyses, 'none.yaml')).toEqual([]);
    const expectations = `${HEADER}expectations:\n  - { expect: a, figure: winChance, of: { character: bram, action: fight, vs: guard }, atLeast: 0 }\n`;
    expect(problems(expectations, 'none.yaml')).toEqual([]);
    // A file that is no mapping is told so, not also this.
    expect(problems('- x\n', 'none.yaml')).toHaveLength(1);
  });

  it('refuses analyses: {} as expectations: [] is refused: it would run nothing and judge nothing', () => {
    // Before, no problem: `check: 0 passed (0 expectations, 1 file, …)`, exit 0, and `dicelab
    // report` of it alone "scenarios: … is not allowed (expected scenario files that list analyses)".
    const empty = 'none.yaml:8:11: analyses: {} is not allowed (expected at least 1 analysis)';
    expect(problems(`${HEADER}analyses: {}\n`, 'none.yaml')).toEqual([empty]);
    // Beside expectations too, as expectations: [] is refused beside analyses.
    const expectations = `expectations:\n  - { expect: a, figure: winChance, of: { character: bram, action: fight, vs: guard }, atLeast: 0 }\n`;
    expect(problems(`${HEADER}analyses: {}\n${expectations}`, 'none.yaml')).toEqual([empty]);
    expect(problems(`${HEADER}analyses: {}\nexpectations: []\n`, 'none.yaml')).toEqual([
      empty,
      'none.yaml:9:15: expectations: [] is not allowed (expected at least 1 expectation)',
    ]);
  });

  it('says an empty file is empty, not a null the file does not show', () => {
    // Before, "1:1: the file: null (an empty value) is not allowed (expected an object)".
    const empty =
      'empty.yaml:1:1: the file is empty (expected a scenario: a mapping with its title, scenario: …, and what to check, expectations: [ … ])';
    expect(problems('', 'empty.yaml')).toEqual([empty]);
    expect(problems('# notes only\n\n', 'empty.yaml')).toEqual([empty]);
  });

  it('shows a value the schema read (a percentage) as the file writes it', () => {
    // Before, "expectations[0].between: [0.2,0.3] is not allowed (…)".
    const text =
      'scenario: x\nsystem: d6-pool\nexpectations:\n  - expect: a\n    figure: success\n    of: { stat: 3 }\n    between: ["20%", "30%"]\n    atLeast: 10%\n';
    expect(problems(text)).toEqual([
      'bad.yaml:7:14: expectations[0].between: ["20%","30%"] is not allowed (expected either between, or atLeast and/or atMost)',
    ]);
    expect(
      problems(`${HEADER}expectations:
  - expect: a
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    between: ["20%", "30%"]
    atMost: 40%
`),
    ).toEqual([
      'bad.yaml:12:14: expectations[0].between: ["20%","30%"] is not allowed (expected either between, or atLeast and/or atMost)',
    ]);
  });

  it('says a misspelt required field once, as the unknown field, not also as the one missing', () => {
    // Before, also "3:9: characters.vesk.actions: missing (expected set actions: …)".
    expect(
      problems('scenario: x\ncharacters:\n  vesk: { titles: 1, actoins: { locks: 3 } }\n'),
    ).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      'bad.yaml:3:22: characters.vesk.actoins: no such field (did you mean actions? the fields here are name, titles, archetype, actions, aura, auraMax, resolve, auraGainUsableSameRoll, auraValue, resolveValue, boostSize, auraPerTopFace, tiesGoTo, rerollKeepsBest, policy, rerolls)',
    ]);
    // A required field missing with no unknown field taken for it is still said.
    expect(problems('scenario: x\ncharacters:\n  vesk: { titles: 1, bogus: 1 }\n')).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      'bad.yaml:3:9: characters.vesk.actions: missing (expected set actions: a mapping of names to steps, such as { locks: 5 })',
      'bad.yaml:3:22: characters.vesk.bogus: no such field (the fields here are name, titles, archetype, actions, aura, auraMax, resolve, auraGainUsableSameRoll, auraValue, resolveValue, boostSize, auraPerTopFace, tiesGoTo, rerollKeepsBest, policy, rerolls)',
    ]);
  });

  it('lists a syntax error, an unknown field, wrong types, a missing character and impossible setups together', () => {
    const text = `scenario: Broken on purpose
characters:
  vesk:
    aura: 7
    auraMax: 5
    actoins: { locks: 5 }
    actions:
      locks: 0
      sneak: five
  bram:
    actions: { fight: 6 }
threats:
  guard: { challenge: 3, tags: 2 }
expectations:
  - expect: a missing character
    figure: winChance
    of: { character: dorrie, action: talk, vs: guard }
    atLeast: 0.5
  - expect: a split that is not a legal pool of the steps
    figure: winChance
    of: { character: bram, action: fight, vs: guard, split: "d12 | d8" }
    atLeast: 0.5
  - expect: a wrong type
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    atLeast: lots
  - expect: two problems in one expectation
    figure: fallsWithin
    of: { character: bram, action: fight, vs: gaurd, rounds: 9, maxRounds: 6 }
    atLeast: 0.5
  - expect: Aura over the cap
    figure: winChance
    of: { character: bram, action: fight, vs: guard, aura: 9 }
    atLeast: 0.5
`;
    expect(problems(text, 'scenarios/broken.yaml')).toEqual([
      'scenarios/broken.yaml:4:11: characters.vesk.aura: 7 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)',
      'scenarios/broken.yaml:6:5: characters.vesk.actoins: no such field (did you mean actions? the fields here are name, titles, archetype, actions, aura, auraMax, resolve, auraGainUsableSameRoll, auraValue, resolveValue, boostSize, auraPerTopFace, tiesGoTo, rerollKeepsBest, policy, rerolls)',
      'scenarios/broken.yaml:8:14: characters.vesk.actions.locks: 0 is not allowed (expected an integer from 1 to 72)',
      'scenarios/broken.yaml:9:14: characters.vesk.actions.sneak: "five" is not allowed (expected the steps (an integer from 1 to 72) or the lines on the set action (a list of text; steps = 1 + lines))',
      'scenarios/broken.yaml:17:22: expectations[0].of.character: "dorrie" is not allowed (expected a character: bram, vesk)',
      'scenarios/broken.yaml:21:61: expectations[1].of.split: "d12 | d8" is not allowed (expected a legal pool of 6 steps and 1 action, such as d6 d6, d8 d4, d10 d2, d12)',
      'scenarios/broken.yaml:26:14: expectations[2].atLeast: "lots" is not allowed (expected a number, or a percentage such as "55%")',
      'scenarios/broken.yaml:29:47: expectations[3].of.vs: "gaurd" is not allowed (expected a threat: guard)',
      'scenarios/broken.yaml:29:62: expectations[3].of.rounds: 9 is not allowed (expected at most maxRounds (6))',
      'scenarios/broken.yaml:33:60: expectations[4].of.aura: 9 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)',
    ]);
  });

  it('an expectation the schema rejects, naming a character or threat the schema rejected too, is not told the name is unknown', () => {
    const text = `scenario: Two broken parts
characters:
  kesh: { auraMax: -1, actions: { brawl: 4 } }
threats:
  guard: { challenge: 0 }
expectations:
  - expect: a typo of its own
    figure: winChance
    of: { character: kesh, action: brawl, vs: guard }
    by: simulaton
    atLeast: 0.1
`;
    expect(problems(text)).toEqual([
      'bad.yaml:3:20: characters.kesh.auraMax: -1 is not allowed (expected an integer from 0 to 20)',
      'bad.yaml:5:23: threats.guard.challenge: 0 is not allowed (expected an integer from 1 to 50)',
      'bad.yaml:10:9: expectations[0].by: "simulaton" is not allowed (expected one of exact, simulation)',
    ]);
  });

  it('gives every YAML syntax error with its position, and nothing else', () => {
    const text = `scenario: Broken YAML
characters:
  vesk: { actions: { locks: 5 }
threats:
  guard: [challenge: 3
`;
    // Before, at 4:1 and 6:1, where the parser gave up: now at each bracket left open.
    expect(problems(text, 'syntax.yaml')).toEqual([
      'syntax.yaml:3:9: "{" is never closed (expected a "}" to end the mapping it opens)',
      'syntax.yaml:5:10: "[" is never closed (expected a "]" to end the list it opens)',
    ]);
    expect(problems('scenario: x\nscenario: y\n', 'twice.yaml')).toEqual([
      'twice.yaml:2:1: scenario: written twice (expected each key once in its mapping; its first is at 1:1)',
    ]);
  });

  it('refuses a YAML tag that does not give a plain value, at the tag, and takes the core ones', () => {
    // Before, !!timestamp was read as a Date, !!set as an empty mapping and !foo as text.
    expect(problems(`${HEADER}  ogre: !!set { challenge: 3 }\n`, 'set.yaml')).toEqual([
      'set.yaml:8:9: threats.ogre: the tag !!set is not allowed (expected a plain value: untagged, or !!str, !!int, !!float, !!bool, !!null, !!seq or !!map)',
    ]);
    expect(problems('scenario: !!timestamp 2001-12-14\n', 'date.yaml')).toEqual([
      'date.yaml:1:11: scenario: the tag !!timestamp is not allowed (expected a plain value: untagged, or !!str, !!int, !!float, !!bool, !!null, !!seq or !!map)',
    ]);
    expect(problems('scenario: x\ncharacters:\n  - !!int yes\n', 'int.yaml')).toEqual([
      'int.yaml:3:5: characters[0]: "yes" tagged !!int is not allowed (expected an integer for !!int)',
    ]);
    const core = `scenario: !!str A test
characters: !!map
  bram: { titles: !!int "2", actions: { fight: 6 } }
threats:
  guard: { challenge: 3, tags: 2 }
expectations: !!seq
  - { expect: x, figure: winChance, of: { character: bram, action: fight, vs: guard }, atLeast: !!float 0.1 }
`;
    expect(problems(core)).toEqual([]);
  });

  it('names a key written twice and points at its second appearance, in a block or a flow mapping', () => {
    const text = `${HEADER}  guard:
    challenge: 4
expectations:
  - expect: x
    figure: winChance
    of: { character: bram, action: fight, vs: guard, action: fight }
    atLeast: 0.5
`;
    expect(problems(text, 'twice.yaml')).toEqual([
      'twice.yaml:8:3: threats.guard: written twice (expected each key once in its mapping; its first is at 7:3)',
      'twice.yaml:13:54: expectations[0].of.action: written twice (expected each key once in its mapping; its first is at 13:28)',
    ]);
  });

  it('names missing fields, unknown keys at the key, and bad names', () => {
    expect(problems('characters: {}\n')).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      'bad.yaml:1:1: scenario: missing (expected text)',
    ]);
    expect(
      problems(`${HEADER}expectations:
  - expect: x
    figur: winChance
    of: { character: bram, action: fight, vs: guard }
    atLeast: 0.5
`),
    ).toEqual([
      // Its "figure: missing" is the same typo: said once, by the unknown field.
      'bad.yaml:10:5: expectations[0].figur: no such field (did you mean figure? the fields here are expect, figure, of, by, between, atLeast, atMost, minus, monotone, over, along)',
    ]);
    expect(problems('scenario: x\nthreats:\n  "the guard": { challenge: 3 }\n')).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      'bad.yaml:3:3: threats.the guard: the name "the guard" is not allowed (expected a name of letters, digits, - and _, starting with a letter)',
    ]);
  });

  it('refuses impossible setups: steps 0, Aura above its cap, more Resolve than Titles, rounds past the fight', () => {
    expect(
      problems(`scenario: x
characters:
  a: { titles: 1, resolve: 2, aura: 6, actions: { fight: 0 } }
`),
    ).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      'bad.yaml:3:28: characters.a.resolve: 2 is not allowed (expected at most the Titles (1): nobody holds more Resolve than Titles)',
      'bad.yaml:3:37: characters.a.aura: 6 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)',
      'bad.yaml:3:58: characters.a.actions.fight: 0 is not allowed (expected an integer from 1 to 72)',
    ]);
    expect(
      problems(`${HEADER}expectations:
  - expect: a 0-step roll
    figure: winChance
    of: { character: bram, steps: 0, vs: guard }
    atLeast: 0.5
  - expect: a fight that ends before the round asked for
    figure: fallsWithin
    of: { character: bram, action: fight, vs: guard, rounds: 5, maxRounds: 4 }
    atLeast: 0.5
`),
    ).toEqual([
      'bad.yaml:11:35: expectations[0].of.steps: 0 is not allowed (expected an integer from 1 to 72)',
      'bad.yaml:15:62: expectations[1].of.rounds: 5 is not allowed (expected at most maxRounds (4))',
    ]);
  });

  it("refuses more Resolve than Titles wherever a roll's Resolve is set: of, minus.of, over and a rerolls analysis' levels", () => {
    const RULE =
      'is not allowed (expected at most the Titles (2): nobody holds more Resolve than Titles)';
    expect(
      problems(`${HEADER}analyses:
  res: { analysis: rerolls, character: bram, action: fight, vs: [guard], resolve: [0, 5] }
expectations:
  - { expect: a, figure: winChance, of: { character: bram, action: fight, vs: guard, resolve: 9 }, atLeast: 0 }
  - { expect: b, figure: winChance, of: { character: bram, action: fight, vs: guard, aura: 0 }, minus: { of: { resolve: 3 } }, atLeast: 0 }
  - { expect: c, figure: winChance, of: { character: bram, action: fight, vs: guard, aura: 0 }, over: { resolve: [0, 1, 2, 3] }, monotone: nonDecreasing }
  - { expect: d, figure: winChance, of: { character: bram, action: fight, vs: guard, resolve: 2 }, atLeast: 0 }
`),
    ).toEqual([
      `bad.yaml:9:87: analyses.res.resolve[1]: 5 ${RULE}`,
      `bad.yaml:11:95: expectations[0].of.resolve: 9 ${RULE}`,
      `bad.yaml:12:121: expectations[1].minus.of.resolve: 3 ${RULE}`,
      `bad.yaml:13:124: expectations[2].over.resolve[3]: 3 ${RULE}`,
    ]);
  });

  it("gives a rerolls analysis with no levels of its own only the default levels its character's Titles allow", () => {
    const parsed = parseScenario(
      `${HEADER}analyses:
  res: { analysis: rerolls, character: bram, action: fight, vs: [guard] }
`,
      'ok.yaml',
    );
    if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join('\n'));
    expect(parsed.scenario.plan.analyses[0]?.job.options).toMatchObject({ resolve: [0, 1, 2] });
  });

  it("refuses an archetype's explosion depth without its exploding dice, once, at the depth, its default too", () => {
    const text = `scenario: x
characters:
  a: { archetype: { name: Guardian, explodeDepth: 5 }, actions: { fight: 4 } }
  b: { archetype: { explode: true, explodeDepth: 20 }, actions: { fight: 4 } }
  c: { archetype: { explode: false, explodeDepth: 20 }, actions: { fight: 4 } }
  d: { archetype: { explodeDepth: 20 }, actions: { fight: 4 } }
threats:
  guard: { challenge: 3, tags: 2 }
analyses:
  grid: { analysis: splits, character: a, action: fight, vs: guard }
expectations:
  - { expect: x, figure: winChance, of: { character: a, action: fight, vs: guard }, atLeast: 0 }
  - { expect: y, figure: winChance, of: { character: b, action: fight, vs: guard }, atLeast: 0 }
  - { expect: z, figure: winChance, of: { character: c, action: fight, vs: guard }, atLeast: 0 }
`;
    expect(problems(text)).toEqual([
      'bad.yaml:3:51: characters.a.archetype.explodeDepth: 5 is not allowed (expected it only with archetype.explode true (no die explodes without it, so a depth would change nothing))',
      'bad.yaml:5:51: characters.c.archetype.explodeDepth: 20 is not allowed (expected it only with archetype.explode true (no die explodes without it, so a depth would change nothing))',
      'bad.yaml:6:35: characters.d.archetype.explodeDepth: 20 is not allowed (expected it only with archetype.explode true (no die explodes without it, so a depth would change nothing))',
    ]);
  });

  it('refuses trials past the default maxTrials at the trials, saying maxTrials must be set: a field the file holds', () => {
    // Before: "sim.yaml:3:13: simulation.maxTrials: 1000000 is not allowed (expected at least
    // trials (100000000))", a field the file does not hold, at the mapping.
    const past =
      'simulation.trials: 100000000 is not allowed (expected at most 1000000, the default maxTrials: more trials need simulation.maxTrials set as high)';
    expect(problems('scenario: t\ndescription: t\nsimulation: { trials: 100000000 }\n')).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      `bad.yaml:3:23: ${past}`,
    ]);
    expect(
      problems(
        'scenario: t\nsystem: d6-pool\ndescription: t\nsimulation:\n  trials: 100000000\nexpectations:\n  - { expect: a, figure: success, of: { stat: 3 }, atLeast: 0 }\n',
      ),
    ).toEqual([`bad.yaml:5:11: ${past}`]);
    expect(
      problems(
        'scenario: t\ndescription: t\nsimulation: { trials: 100000000, maxTrials: 100000000 }\n',
      ),
    ).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
    ]);
    // A maxTrials the file sets below its trials is told at the maxTrials, as before.
    expect(
      problems('scenario: t\ndescription: t\nsimulation: { trials: 100000, maxTrials: 20000 }\n'),
    ).toEqual([
      'bad.yaml:1:1: expectations: missing (expected a list of expectations, or analyses for dicelab report)',
      'bad.yaml:3:42: simulation.maxTrials: 20000 is not allowed (expected at least trials (100000))',
    ]);
  });

  it('refuses a tune target past 100% when the file is read, at the target', () => {
    expect(
      problems(`${HEADER}analyses:
  grid: { analysis: tune, character: bram, steps: [2, 3], target: 150% }
`),
    ).toEqual([
      'bad.yaml:9:67: analyses.grid.target: "150%" is not allowed (expected a win chance strictly between 0 and 1)',
    ]);
  });

  it('refuses a tune target of 0 or 100%, as zidara tune --target does (no Challenge is nearest them)', () => {
    expect(
      problems(`${HEADER}analyses:
  none: { analysis: tune, character: bram, steps: [2, 3], target: 0 }
  sure: { analysis: tune, character: bram, steps: [2, 3], target: 100% }
`),
    ).toEqual([
      'bad.yaml:9:67: analyses.none.target: 0 is not allowed (expected a win chance strictly between 0 and 1)',
      'bad.yaml:10:67: analyses.sure.target: "100%" is not allowed (expected a win chance strictly between 0 and 1)',
    ]);
  });

  it('refuses a tune analysis with actions and the natural pool rule, at the actions', () => {
    expect(
      problems(`${HEADER}analyses:
  grid: { analysis: tune, character: bram, pool: natural, actions: 2 }
`),
    ).toEqual([
      'bad.yaml:9:68: analyses.grid.actions: 2 is not allowed (expected them only with the best pool rule (the natural pool is the unsplit dice of the steps))',
    ]);
  });

  it('reads a roll figure of the natural pool, and refuses actions with it at the actions', () => {
    const text = `${HEADER}expectations:
  - expect: the unsplit dice
    figure: winChance
    of: { character: bram, action: fight, vs: guard, pool: natural }
    atLeast: 0
  - expect: actions with the unsplit dice
    figure: winChance
    of: { character: bram, action: fight, vs: guard, pool: natural, actions: 2 }
    atLeast: 0
`;
    expect(problems(text)).toEqual([
      'bad.yaml:15:78: expectations[1].of.actions: 2 is not allowed (expected them only with the best pool rule (the natural pool is the unsplit dice of the steps))',
    ]);
  });

  it('checks the meaning of expectations: bounds, monotone rules, comparisons, analysis rows', () => {
    const text = `${HEADER}analyses:
  grid: { analysis: tune, character: bram, steps: [1, 2, 3] }
expectations:
  - expect: bounds the wrong way round
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    between: [0.9, 0.5]
  - expect: no judgement at all
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
  - expect: a simulated monotone rule can never be decided on equal pairs
    figure: winChance
    of: { character: bram, action: fight }
    by: simulation
    over: { challenge: [1, 2, 3] }
    monotone: nonIncreasing
  - expect: minus the same figure
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    minus: { of: { vs: guard } }
    atLeast: 0
  - expect: a row field the table does not have
    figure: winChance
    of: { analysis: grid, round: 2 }
    atLeast: 0
  - expect: a figure the analysis does not have
    figure: rank
    of: { analysis: grid, steps: 2, challenge: 3 }
    atMost: 1
  - expect: a figure with no simulated estimate
    figure: auraEnd
    of: { character: bram, action: fight, vs: guard }
    by: simulation
    atLeast: 1
`;
    expect(problems(text)).toEqual([
      'bad.yaml:14:14: expectations[0].between: [0.9,0.5] is not allowed (expected the low value first: [low, high])',
      'bad.yaml:15:5: expectations[1]: no judgement (expected a bound: between, atLeast or atMost; or a monotone rule)',
      'bad.yaml:21:9: expectations[2].by: "simulation" is not allowed (expected exact: a monotonicity rule compares every neighbouring pair, and a simulated pair that is truly equal could never be decided)',
      'bad.yaml:27:12: expectations[3].minus: {"of":{"vs":"guard"}} is not allowed (expected another figure: minus names the same figure as the expectation)',
      'bad.yaml:31:34: expectations[4].of.round: 2 is not allowed (expected a row field of the tune analysis grid: steps, challenge, vs)',
      'bad.yaml:34:13: expectations[5].figure: "rank" is not allowed (expected a column of the tune analysis grid: winChance)',
      'bad.yaml:40:9: expectations[6].by: "simulation" is not allowed (expected exact: auraEnd has no simulated estimate (simulated figures: winChance, mainWinChance, expectedWins, fallsWithin, meanRoundsToWin))',
    ]);
  });

  it('points at a grid point at its own value and says no more of where it is', () => {
    const text = `${HEADER}expectations:
  - expect: a Challenge past its limit, checked as of.challenge is
    figure: winChance
    of: { character: bram, action: fight }
    over:
      challenge: [1, 2,
        99]
    monotone: nonIncreasing
  - expect: Aura past the cap, on the axis held fixed
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    over: { resolve: [0, 1], aura: [0, 6] }
    along: resolve
    monotone: nonDecreasing
`;
    expect(problems(text)).toEqual([
      'bad.yaml:14:9: expectations[0].over.challenge[2]: 99 is not allowed (expected an integer from 1 to 50)',
      'bad.yaml:19:40: expectations[1].over.aura[1]: 6 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)',
    ]);
  });

  it('counts and names the other bad points of a grid after its first, on the same line', () => {
    const text = `${HEADER}expectations:
  - expect: Challenges past the limit
    figure: winChance
    of: { character: bram, action: fight }
    over: { challenge: [0, 2, 99, 3, 77] }
    monotone: nonIncreasing
  - expect: too much Resolve, and Aura past the cap on the axis held fixed (told once, not per line)
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    over: { resolve: [0, 1, 3], aura: [0, 6, 7] }
    along: resolve
    monotone: nonDecreasing
  - expect: five bad points, three named
    figure: winChance
    of: { character: bram, action: fight }
    over: { challenge: [0, 51, 52, 53, 54] }
    monotone: nonIncreasing
`;
    // Before, each line stopped at its first bad point: 99, 77, 6 and 7 went unsaid.
    expect(problems(text)).toEqual([
      'bad.yaml:12:25: expectations[0].over.challenge[0]: 0 is not allowed (expected an integer from 1 to 50) (and 2 more bad points: challenge[2] = 99, challenge[4] = 77)',
      'bad.yaml:17:29: expectations[1].over.resolve[2]: 3 is not allowed (expected at most the Titles (2): nobody holds more Resolve than Titles) (and 2 more bad points: aura[1] = 6, aura[2] = 7)',
      'bad.yaml:23:25: expectations[2].over.challenge[0]: 0 is not allowed (expected an integer from 1 to 50) (and 4 more bad points: challenge[1] = 51, challenge[2] = 52, challenge[3] = 53, …)',
    ]);
  });

  it('refuses a percentage on a figure that is not a chance, at the bound (it was read as the number / 100)', () => {
    const text = `${HEADER}analyses:
  fish: { analysis: fishing, character: bram, action: fight, vs: guard }
expectations:
  - expect: Aura at the end, as a percent
    figure: auraEnd
    of: { character: bram, action: fight, vs: guard }
    atLeast: "10%"
  - expect: both bounds of a number
    figure: expectedWins
    of: { character: bram, action: fight, vs: guard }
    between: [0.5, 90%]
    by: simulation
  - expect: a difference of numbers
    figure: auraEnd
    of: { character: bram, action: fight, vs: guard }
    minus: { of: { aura: 0 } }
    atMost: 5%
  - expect: a yes/no flag of a table
    figure: frontier
    of: { analysis: fish, split: d12 }
    atLeast: 100%
  - expect: a difference of chances reads in points, a percentage too
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    minus: { of: { aura: 0 } }
    atLeast: 5%
`;
    expect(problems(text)).toEqual([
      'bad.yaml:14:14: expectations[0].atLeast: "10%" is not allowed (expected a plain number (10% is 0.1): a percent is for chances only, and auraEnd is a number, not a chance)',
      'bad.yaml:18:20: expectations[1].between[1]: "90%" is not allowed (expected a plain number (90% is 0.9): a percent is for chances only, and expectedWins is a number, not a chance)',
      'bad.yaml:24:13: expectations[2].atMost: "5%" is not allowed (expected a plain number (5% is 0.05): a percent is for chances only, and auraEnd minus auraEnd is a difference of numbers, not of chances)',
      'bad.yaml:28:14: expectations[3].atLeast: "100%" is not allowed (expected 0 or 1: a percent is for chances only, and frontier is a yes/no flag)',
    ]);
  });

  it('quotes a bound no chance reaches as the file wrote it, and reads a plain number past 1 as a percentage it may have meant', () => {
    const CHANCE = 'is not allowed (expected a chance from 0% to 100% (winChance is a chance)';
    expect(
      problems(`${HEADER}expectations:
  - { expect: a, figure: winChance, of: { character: bram, action: fight, vs: guard }, between: [10, 20] }
  - { expect: b, figure: winChance, of: { character: bram, action: fight, vs: guard }, atLeast: -0.5 }
  - { expect: c, figure: winChance, of: { character: bram, action: fight, vs: guard }, atMost: 175% }
  - { expect: d, figure: winChance, of: { character: bram, action: fight, vs: guard }, atMost: 500 }
  - { expect: e, figure: winChance, of: { character: bram, action: fight, vs: guard, aura: 1 }, minus: { of: { aura: 0 } }, atLeast: 12 }
`),
    ).toEqual([
      `bad.yaml:9:98: expectations[0].between[0]: 10 ${CHANCE}; did you mean "10%"?)`,
      `bad.yaml:9:102: expectations[0].between[1]: 20 ${CHANCE}; did you mean "20%"?)`,
      `bad.yaml:10:97: expectations[1].atLeast: -0.5 ${CHANCE})`,
      `bad.yaml:11:96: expectations[2].atMost: "175%" ${CHANCE})`,
      `bad.yaml:12:96: expectations[3].atMost: 500 ${CHANCE})`,
      'bad.yaml:13:134: expectations[4].atLeast: 12 is not allowed (expected a difference of chances, from -100% to +100%; did you mean "12%"?)',
    ]);
  });

  it('says a percentage on a number is one before it says its bounds are the wrong way round', () => {
    const text = `${HEADER}expectations:
  - expect: a percent under a plain number, on a number
    figure: auraEnd
    of: { character: bram, action: fight, vs: guard }
    between: [1, "40%"]
  - expect: the same with atLeast and atMost
    figure: auraEnd
    of: { character: bram, action: fight, vs: guard }
    atLeast: "50%"
    atMost: 0.3
  - expect: a chance written both ways, high first
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    between: [1, "40%"]
  - expect: the same with atLeast and atMost
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    atLeast: "50%"
    atMost: 0.3
  - expect: a chance written both ways, low first, is read
    figure: winChance
    of: { character: bram, action: fight, vs: guard }
    between: ["40%", 1]
`;
    expect(problems(text)).toEqual([
      'bad.yaml:12:18: expectations[0].between[1]: "40%" is not allowed (expected a plain number (40% is 0.4): a percent is for chances only, and auraEnd is a number, not a chance)',
      'bad.yaml:16:14: expectations[1].atLeast: "50%" is not allowed (expected a plain number (50% is 0.5): a percent is for chances only, and auraEnd is a number, not a chance)',
      'bad.yaml:21:14: expectations[2].between: [1,"40%"] is not allowed (expected the low value first: [low, high]; a plain 1 is 100%)',
      'bad.yaml:26:13: expectations[3].atMost: 0.3 is not allowed (expected at least atLeast (50%); a plain 0.3 is 30%)',
    ]);
  });

  it('refuses a worth of Aura or Resolve left a whole-fight fight would leave unused, at the character', () => {
    const whole = 'whole-fight play is for P(win within the rounds) alone';
    expect(
      problems(`scenario: worths a whole fight ignores
characters:
  bram: { titles: 2, auraValue: 2, actions: { fight: 6 } }
  vesk: { titles: 2, resolveValue: 1, actions: { fight: 6 } }
threats:
  guard: { challenge: 3, tags: 2 }
analyses:
  duel: { analysis: fight, character: bram, action: fight, vs: guard, fightPolicy: whole-fight }
  plain: { analysis: fight, character: bram, action: fight, vs: guard }
expectations:
  - expect: vesk fells the guard
    figure: fallsWithin
    of: { character: vesk, action: fight, vs: guard, rounds: 3, fightPolicy: whole-fight }
    atLeast: 10%
`),
    ).toEqual([
      `bad.yaml:3:33: characters.bram.auraValue: 2 is not allowed (expected it only with fightPolicy per-roll, not whole-fight as in analyses.duel (${whole}))`,
      `bad.yaml:4:36: characters.vesk.resolveValue: 1 is not allowed (expected it only with fightPolicy per-roll, not whole-fight as in expectations[0].of (${whole}))`,
    ]);
  });

  it('refuses a worth of Aura or Resolve left a splits ranking by P(all won) would leave unused, at the character', () => {
    const all = 'the all objective plays for P(every intent won) alone';
    expect(
      problems(`scenario: worths the all objective ignores
characters:
  bram: { titles: 2, auraValue: 2, actions: { fight: 6 } }
  vesk: { titles: 2, resolveValue: 1, actions: { fight: 6 } }
threats:
  guard: { challenge: 3, tags: 2 }
analyses:
  ranked: { analysis: splits, character: bram, action: fight, vs: guard, objective: all }
  stated: { analysis: stated-splits, character: vesk, vs: guard, splits: [d12, d6+d6], objective: all }
  plain: { analysis: splits, character: bram, action: fight, vs: guard, objective: utility }
`),
    ).toEqual([
      `bad.yaml:3:33: characters.bram.auraValue: 2 is not allowed (expected it only with objective primary, wins or utility, not all as in analyses.ranked (${all}))`,
      `bad.yaml:4:36: characters.vesk.resolveValue: 1 is not allowed (expected it only with objective primary, wins or utility, not all as in analyses.stated (${all}))`,
    ]);
  });

  it('reads chances as numbers or percentages, and set actions as steps or lines', () => {
    const parsed = parseScenario(
      `scenario: x
characters:
  vesk:
    titles: [The best cat burglar in the city, Raised by the Guild]
    actions: { locks: [Raised by the Guild, pick a mechanical lock, know how a lock's built] }
threats:
  lock: { challenge: 3 }
expectations:
  - expect: a percentage
    figure: winChance
    of: { character: vesk, action: locks, vs: lock }
    between: [55%, "70.5%"]
`,
      'ok.yaml',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const [e] = parsed.scenario.plan.expectations;
    expect(e?.kind).toBe('bound');
    if (e?.kind !== 'bound') return;
    expect(e.bound).toEqual({ atLeast: 0.55, atMost: 0.705 });
    expect(e.figure.key).toBe('winChance of vesk.locks vs lock');
    // 1 for the action + 3 lines = 4 steps; Resolve defaults to the 2 Titles.
    expect(e.figure.spec).toMatchObject({
      kind: 'roll',
      dice: { steps: 4 },
      setup: { resolve: 2 },
    });
    expect(parsed.scenario.locate('expectations[0].of.vs')).toBe('ok.yaml:11:47');
  });
});

describe("the library's file arguments", () => {
  it('refuses a path given as text, not an array (read letter by letter, each a missing file)', async () => {
    const { checkScenarioFiles, loadScenarioFiles } = await import(
      '../../src/scenario/scenario-files.ts'
    );
    const { InputError } = await import('../../src/input/input-error.ts');
    const message =
      'paths: "scenarios" is not allowed (expected an array of scenario files or folders)';
    expect(() => loadScenarioFiles('scenarios' as never)).toThrow(InputError);
    expect(() => loadScenarioFiles('scenarios' as never)).toThrow(message);
    await expect(checkScenarioFiles('scenarios' as never)).rejects.toThrow(message);
    await expect(checkScenarioFiles([5] as never)).rejects.toThrow(
      'paths[0]: 5 is not allowed (expected the path of a scenario file or folder)',
    );
    await expect(checkScenarioFiles(['scenarios'], 0 as never)).rejects.toThrow(
      'options: 0 is not allowed (expected an object)',
    );
  });

  it("checks checkScenarioFiles' options as the CLI checks its flags, before reading a file", async () => {
    const { checkScenarioFiles } = await import('../../src/scenario/scenario-files.ts');
    const { InputError } = await import('../../src/input/input-error.ts');
    // A path that does not exist: the options are refused before it is read.
    const refused = async (options: object) => {
      const run = checkScenarioFiles(['no-such-folder'], options as never);
      await expect(run).rejects.toThrow(InputError);
      return run.catch((error: Error) => error.message);
    };
    expect(await refused({ seed: -1 })).toBe(
      'options.seed: -1 is not allowed (expected an integer from 0 to 9007199254740991)',
    );
    expect(await refused({ seed: 1.5 })).toBe(
      'options.seed: 1.5 is not allowed (expected an integer from 0 to 9007199254740991)',
    );
    expect(await refused({ maxTrials: 5 })).toBe(
      'options.maxTrials: 5 is not allowed (expected an integer from 1000 to 100000000)',
    );
    expect(await refused({ threads: 0 })).toBe(
      'options.threads: 0 is not allowed (expected an integer from 1 to 256)',
    );
    expect(await refused({ threads: 257 })).toBe(
      'options.threads: 257 is not allowed (expected an integer from 1 to 256)',
    );
    expect(await refused({ baseline: 7 })).toBe(
      'options.baseline: 7 is not allowed (expected the path of a baseline file, or false to compare with none)',
    );
    expect(await refused({ treads: 2 })).toMatch(
      /^options\.treads: no such field \(did you mean threads\? the fields here are baseline, seed, maxTrials, threads, onProgress, onProgressCounts\)$/,
    );
  });

  it('refuses a baseline given that is not there, as no baseline only when none is given', async () => {
    const { checkScenarioFiles } = await import('../../src/scenario/scenario-files.ts');
    const { InputError } = await import('../../src/input/input-error.ts');
    const run = checkScenarioFiles(['scenarios/bram-gate.yaml'], { baseline: 'nope.json' });
    await expect(run).rejects.toThrow(InputError);
    await expect(run).rejects.toThrow('options.baseline: cannot read "nope.json" (no such file)');
  });
});
