import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import * as d6 from '../../src/api/d6-pool.ts';
import * as d12 from '../../src/api/d12-action.ts';
import * as ring from '../../src/api/ring-skill.ts';
import {
  checkScenarios,
  formatProblem,
  parseBaseline,
  pathFromBaseline,
  readBaseline,
  rerecordCommand,
} from '../../src/api/scenario.ts';
import * as tags from '../../src/api/tags-2d6.ts';
import {
  advise,
  fight,
  formatPool,
  formatSplit,
  InputError,
  meanRoundsToWin,
  odds,
  parseRoll,
  rollToSpec,
  splitSteps,
  splitsOfPool,
} from '../../src/api/zidara.ts';

/**
 * The entries' functions that take a value rather than a spec, given a missing or wrong-typed
 * argument as a JavaScript caller may pass it: each is an InputError naming the argument and
 * what is allowed, in one line, as parseSplit and fightRounds say it, never "Cannot read
 * properties of undefined" from inside.
 */
type Call = () => unknown;
const SPLIT =
  'a split: each intent a list of dice sides (2, 4, 6, 8, 10, 12), such as [[12], [6, 6]] (parseSplit reads "d12 | d6+d6")';
const POOL = 'a list of dice sides (2, 4, 6, 8, 10, 12), such as [12, 4]';
const ODDS = "a fight's odds, as fight() returns them";
const SCENARIOS =
  "loaded scenarios (an array), as loadScenarioFiles returns them or parseScenario's `.scenario`";

const WRONG: [string, Call, string][] = [
  [
    'formatSplit()',
    () => formatSplit(undefined as never),
    `split: nothing is not allowed (expected ${SPLIT})`,
  ],
  ['formatSplit("d12")', () => formatSplit('d12' as never), `split: "d12" is not allowed`],
  [
    'formatSplit([[7]])',
    () => formatSplit([[7]]),
    `split: [[7]] is not allowed (expected ${SPLIT})`,
  ],
  [
    'splitSteps(null)',
    () => splitSteps(null as never),
    'split: null (an empty value) is not allowed',
  ],
  ['formatPool(5)', () => formatPool(5 as never), `pool: 5 is not allowed (expected ${POOL})`],
  ['splitsOfPool()', () => splitsOfPool(undefined as never), `pool: nothing is not allowed`],
  [
    'splitsOfPool([12, 4], 2)',
    () => splitsOfPool([12, 4], 2 as never),
    'intents: 2 is not allowed (expected a list of intent counts, each an integer ≥ 1, such as [1, 2])',
  ],
  [
    'meanRoundsToWin()',
    () => meanRoundsToWin(undefined as never),
    `odds: nothing is not allowed (expected ${ODDS})`,
  ],
  ['meanRoundsToWin({})', () => meanRoundsToWin({} as never), `odds: {} is not allowed`],
  [
    'formatProblem()',
    () => formatProblem(undefined as never),
    "problem: nothing is not allowed (expected a scenario's problem, as parseScenario returns them)",
  ],
  [
    'rerecordCommand()',
    () => rerecordCommand(undefined as never),
    "result: nothing is not allowed (expected a check's result, as checkScenarioFiles returns it)",
  ],
  [
    'pathFromBaseline("a.yaml")',
    () => pathFromBaseline('a.yaml', undefined as never),
    "baselinePath: nothing is not allowed (expected the baseline file's path)",
  ],
  [
    'readBaseline()',
    () => readBaseline(undefined as never),
    'path: nothing is not allowed (expected the path of a baseline file)',
  ],
  [
    'parseBaseline(null, path)',
    () => parseBaseline(null as never, 'b.json'),
    "text: null (an empty value) is not allowed (expected the file's text, a string: readFileSync(path, 'utf8'))",
  ],
];

describe('a missing or wrong-typed argument', () => {
  it.each(WRONG)('%s is an InputError naming it', (_, call, message) => {
    expect(call).toThrow(InputError);
    expect(call).toThrow(message);
  });

  it('to checkScenarios is refused before anything runs, the scenario at fault named', async () => {
    await expect(checkScenarios(undefined as never)).rejects.toThrow(InputError);
    await expect(checkScenarios(undefined as never)).rejects.toThrow(
      `scenarios: nothing is not allowed (expected ${SCENARIOS})`,
    );
    // The parse itself, not its `.scenario`: the first thing a caller may get wrong.
    await expect(checkScenarios([{ ok: true, scenario: {} }] as never)).rejects.toThrow(
      /^scenarios\[0\]: \{"ok":true,"scenario":\{\}\} is not allowed \(expected a loaded scenario/,
    );
  });

  // The library names its argument; only the CLI, which passes its flag, says --baseline.
  it('to readBaseline, a folder or a file that cannot be read, is named as the argument `path`, not a flag', () => {
    const folder = tmpdir();
    expect(() => readBaseline(folder)).toThrow(InputError);
    expect(() => readBaseline(folder)).toThrow(
      `path: ${JSON.stringify(folder)} is not allowed (expected a baseline file, not a folder)`,
    );
    expect(() => readBaseline(folder, '--baseline')).toThrow(
      `--baseline: ${JSON.stringify(folder)} is not allowed (expected a baseline file, not a folder)`,
    );
  });

  it('leaves the right ones alone', () => {
    expect(formatSplit([[12], [6, 6]])).toBe('d12 | d6+d6');
    expect(formatPool([4, 12])).toBe('d12 d4');
    expect(splitSteps([[12], [6, 6]])).toBe(12);
    expect(splitsOfPool([12, 4]).map(formatSplit)).toEqual(['d12+d4', 'd12 | d4']);
    const odds = fight({ challenge: 4, tags: 1, pool: [8], auraMax: 0, titles: 0, maxRounds: 2 });
    expect(meanRoundsToWin(odds)).toBeCloseTo(1.36, 10);
  });
});

/**
 * `dicelab/zidara`'s pool functions hold a roll's limits (ROLL_LIMITS: 1–72 steps, Challenge
 * 1–50) as every spec does: before, stepsToDice(1e9) threw "RangeError: Invalid array length",
 * challengeDie(1e9) answered 2000000000 and legalPools(10000, 1) built a list past any roll.
 */
describe('the pool functions of dicelab/zidara refuse what no roll allows', async () => {
  const { challengeDie, legalPools, ROLL_LIMITS, stepsToDice } = await import(
    '../../src/api/zidara.ts'
  );
  const STEPS = `an integer from 1 to ${ROLL_LIMITS.steps}`;
  it.each([
    [
      'stepsToDice(1e9)',
      () => stepsToDice(1e9),
      `steps: 1000000000 is not allowed (expected ${STEPS})`,
    ],
    ['stepsToDice(73)', () => stepsToDice(73), `steps: 73 is not allowed (expected ${STEPS})`],
    [
      'challengeDie(1e9)',
      () => challengeDie(1e9),
      'challenge: 1000000000 is not allowed (expected an integer from 1 to 50)',
    ],
    [
      'challengeDie(0)',
      () => challengeDie(0),
      'challenge: 0 is not allowed (expected an integer from 1 to 50)',
    ],
    [
      'legalPools(10000, 1)',
      () => legalPools(10000, 1),
      `steps: 10000 is not allowed (expected ${STEPS})`,
    ],
    ['legalPools(0, 1)', () => legalPools(0, 1), `steps: 0 is not allowed (expected ${STEPS})`],
    [
      'legalPools(8, 0)',
      () => legalPools(8, 0),
      'actions: 0 is not allowed (expected an integer from 1 to 12)',
    ],
    // docs/defaults.md and `zidara pools --actions` stop at 12; these returned pools.
    [
      'legalPools(4, 100)',
      () => legalPools(4, 100),
      'actions: 100 is not allowed (expected an integer from 1 to 12)',
    ],
    [
      'legalPools(72, 1e9)',
      () => legalPools(72, 1e9),
      'actions: 1000000000 is not allowed (expected an integer from 1 to 12)',
    ],
  ])('%s is an InputError naming the field and its bound', (_, call, message) => {
    expect(call).toThrow(InputError);
    expect(call).toThrow(message);
  });

  it('answers up to the limits as before', () => {
    expect(stepsToDice(ROLL_LIMITS.steps)).toEqual(Array(12).fill(12));
    expect(stepsToDice(8)).toEqual([12, 4]);
    expect(challengeDie(ROLL_LIMITS.challenge)).toBe(100);
    expect(legalPools(4, 1)).toEqual([[4, 4], [6, 2], [8]]);
    expect(legalPools(4, ROLL_LIMITS.actions)).toEqual([
      [2, 2, 2, 2],
      [4, 2, 2],
      [4, 4],
      [6, 2],
      [8],
    ]);
    expect(legalPools(ROLL_LIMITS.steps, 1)).toContainEqual(Array(12).fill(12));
  });
});

/**
 * The engine's functions each system's entry exports (`d6PoolOdds`, `ringSkillAdvice`, …) take a
 * checked check; given one unchecked, or not one at all, each says what its system's `odds` (or
 * `advise`) says of it, where it computed nonsense or threw a TypeError. A checked check reads
 * as itself, so what they return is unchanged.
 */
const messageOf = (call: () => unknown): string => {
  try {
    call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('did not throw');
};

describe('an engine function of an entry, given what is not a checked check', () => {
  it("says what the entry's odds or advise say of it", () => {
    const cases: [string, () => unknown, () => unknown][] = [
      ['d6PoolOdds', () => d6.d6PoolOdds({ stat: 0 }), () => d6.odds({ stat: 0 })],
      [
        'd6PoolDist',
        () => d6.d6PoolDist({ stat: 'x' } as never),
        () => d6.odds({ stat: 'x' } as never),
      ],
      [
        'd6PoolReport',
        () => d6.d6PoolReport(undefined as never),
        () => d6.odds(undefined as never),
      ],
      ['tags2d6Odds', () => tags.tags2d6Odds({ tags: -1 } as never), () => tags.odds({ tags: -1 })],
      [
        'rollModifier',
        () => tags.rollModifier({ item: 'hold' } as never),
        () => tags.odds({ item: 'hold' } as never),
      ],
      [
        'd12ActionOdds',
        () => d12.d12ActionOdds({ roll: 'safe', rating: 1 } as never),
        () => d12.odds({ roll: 'safe', rating: 1 } as never),
      ],
      [
        'd12Advice',
        () => d12.d12Advice({ check: { roll: 'risky', rating: 1 }, rolled: [3] } as never),
        () => d12.advise({ check: { roll: 'risky', rating: 1 }, rolled: [3] }),
      ],
      [
        'ringSkillOdds',
        () => ring.ringSkillOdds({ ring: 1, skill: 0, tn: 1, objective: 'win' } as never),
        () => ring.odds({ ring: 1, skill: 0, tn: 1, objective: 'win' } as never),
      ],
      [
        'ringSkillAdvice',
        () =>
          ring.ringSkillAdvice({
            check: { ring: 2, skill: 0, tn: 1 },
            ring: [5],
            skill: [],
          } as never),
        () => ring.advise({ check: { ring: 2, skill: 0, tn: 1 }, ring: [5], skill: [] }),
      ],
      [
        'ringSkillSolver',
        () => ring.ringSkillSolver({ ring: 6, skill: 0, tn: 2 }),
        () => ring.odds({ ring: 6, skill: 0, tn: 2 }),
      ],
      [
        'd12Plan',
        () => d12.d12Plan({ roll: 'stacked', rating: 1 } as never),
        () => d12.odds({ roll: 'stacked', rating: 1 } as never),
      ],
    ];
    for (const [name, call, entry] of cases) {
      expect(call, name).toThrow(InputError);
      expect(call, name).toThrow(messageOf(entry));
    }
    expect(() => tags.bandOfTotal('9' as never)).toThrow(
      'total: "9" is not allowed (expected an integer: 2d6 plus the modifier)',
    );
    expect(() =>
      rollToSpec({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] } as never),
    ).toThrow(/^roll: \{"threats".* is not allowed \(expected a roll, as parseRoll returns it\)$/);
  });

  it('returns for a checked check what it returned, and the same for the spec itself', () => {
    const spec = { roll: 'stacked', rating: 1, capacity: 5, tokens: 1 } as const;
    expect(d12.d12ActionOdds(d12.parseD12ActionSpec(spec))).toEqual(d12.odds(spec));
    expect(d12.d12ActionOdds(spec).expectedUtilityFraction).toBe(
      d12.odds(spec).expectedUtilityFraction,
    );
    const check = { ring: 2, skill: 1, tn: 2 };
    expect(ring.ringSkillOdds(ring.parseRingSkillSpec(check))).toEqual(ring.odds(check));
    const state = { check, ring: [5, 1], skill: [11] };
    expect(ring.ringSkillAdvice(ring.parseRingSkillAdviceRequest(state))).toEqual(
      ring.advise(state),
    );
    expect(d6.d6PoolReport(d6.parseD6PoolSpec({ stat: 3 }))).toEqual(d6.odds({ stat: 3 }));
    expect(tags.tags2d6Odds(tags.parseTags2d6Spec({ tags: 2 }))).toEqual(tags.odds({ tags: 2 }));
    expect(tags.rollModifier({ tags: 2, item: 'hinder', weakness: true })).toBe(0);
    expect(tags.bandOfTotal(9)).toBe(1);
    const roll = parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] });
    expect(parseRoll(rollToSpec(roll))).toEqual(roll);
  });
});

/**
 * `dicelab/distribution` refuses a missing or wrong-typed argument with an InputError in the house
 * format (the argument, its value as given, what is allowed), as every entry does; before, they
 * were TypeErrors and RangeErrors in words of their own: Dist.die(0) "a die needs 1 or more sides,
 * got 0", Dist.die("6") "…got 6" (as if 6 were refused), and probability("x") or probability(null)
 * answered 0 without a word.
 */
describe('dicelab/distribution refuses a missing or wrong-typed argument in one line', async () => {
  const { Dist, explode, InputError, maxOf, ratio } = await import('../../src/api/distribution.ts');
  const d6 = Dist.die(6);
  const loose = (f: unknown) => f as (...args: unknown[]) => unknown;
  const DIST = 'a Dist (from Dist.die, Dist.of or Dist.constant)';
  it.each([
    [
      'Dist.die(0)',
      () => Dist.die(0),
      'sides: 0 is not allowed (expected an integer from 1 to 100000)',
    ],
    [
      'Dist.die("6")',
      () => loose(Dist.die)('6'),
      'sides: "6" is not allowed (expected an integer from 1 to 100000)',
    ],
    [
      'Dist.die(2.5)',
      () => Dist.die(2.5),
      'sides: 2.5 is not allowed (expected an integer from 1 to 100000)',
    ],
    [
      'probability("x")',
      () => loose(d6.probability.bind(d6))('x'),
      'outcome: "x" is not allowed (expected a number)',
    ],
    [
      'probability(null)',
      () => loose(d6.probability.bind(d6))(null),
      'outcome: null (an empty value) is not allowed (expected a number)',
    ],
    [
      'probability(NaN)',
      () => d6.probability(Number.NaN),
      'outcome: NaN is not allowed (expected a number)',
    ],
    [
      'weight()',
      () => loose(d6.weight.bind(d6))(),
      'outcome: nothing is not allowed (expected a number)',
    ],
    [
      'weightAtMost("3")',
      () => loose(d6.weightAtMost.bind(d6))('3'),
      'x: "3" is not allowed (expected a number)',
    ],
    [
      'Dist.constant("a")',
      () => loose(Dist.constant)('a'),
      'value: "a" is not allowed (expected an integer outcome)',
    ],
    ['maxOf()', () => maxOf(), `dists: [] is not allowed (expected at least one ${DIST.slice(2)})`],
    [
      'maxOf(undefined)',
      () => loose(maxOf)(undefined),
      `dists[0]: nothing is not allowed (expected ${DIST})`,
    ],
    ['maxOf(d6, 3)', () => loose(maxOf)(d6, 3), `dists[1]: 3 is not allowed (expected ${DIST})`],
    [
      'ratio(undefined, 2n)',
      () => loose(ratio)(undefined, 2n),
      'a: nothing is not allowed (expected a bigint)',
    ],
    [
      'ratio(1n, 2)',
      () => loose(ratio)(1n, 2),
      'b: 2 is not allowed (expected a bigint > 0n (a total weight))',
    ],
    [
      'ratio(1n, 0n)',
      () => ratio(1n, 0n),
      'b: 0n is not allowed (expected a bigint > 0n (a total weight))',
    ],
    [
      'explode(undefined, 1)',
      () => loose(explode)(undefined, 1),
      `x: nothing is not allowed (expected ${DIST})`,
    ],
    [
      'explode(d6, "2")',
      () => loose(explode)(d6, '2'),
      'depth: "2" is not allowed (expected an integer from 0 to 1000)',
    ],
    [
      'explode(d6, -1)',
      () => explode(d6, -1),
      'depth: -1 is not allowed (expected an integer from 0 to 1000)',
    ],
    [
      'add(undefined)',
      () => loose(d6.add.bind(d6))(undefined),
      `other: nothing is not allowed (expected ${DIST})`,
    ],
    [
      'compare({})',
      () => loose(d6.compare.bind(d6))({}),
      `other: {} is not allowed (expected ${DIST})`,
    ],
    [
      'map(undefined)',
      () => loose(d6.map.bind(d6))(undefined),
      'f: nothing is not allowed (expected a function of an outcome)',
    ],
    [
      'map((x) => x / 2)',
      () => d6.map((x) => x / 2),
      'f(1): 0.5 is not allowed (expected an integer outcome)',
    ],
    [
      'repeat(-1)',
      () => d6.repeat(-1),
      'count: -1 is not allowed (expected an integer from 0 to 1000)',
    ],
    [
      'repeat(undefined)',
      () => loose(d6.repeat.bind(d6))(undefined),
      'count: nothing is not allowed (expected an integer from 0 to 1000)',
    ],
    [
      'Dist.of(undefined)',
      () => loose(Dist.of)(undefined),
      'entries: nothing is not allowed (expected an iterable of [outcome, weight] pairs)',
    ],
    [
      'Dist.of([[1, 1], 7])',
      () => loose(Dist.of)([[1, 1], 7]),
      'entries[1]: 7 is not allowed (expected an [outcome, weight] pair)',
    ],
    [
      'Dist.of([[1.5, 1]])',
      () => Dist.of([[1.5, 1]]),
      'entries[0][0]: 1.5 is not allowed (expected an integer outcome)',
    ],
    [
      'Dist.of([[1, 1.5]])',
      () => Dist.of([[1, 1.5]]),
      'entries[0][1]: 1.5 is not allowed (expected a weight of outcome 1: a bigint or an integer ≥ 0)',
    ],
    [
      'Dist.of([[1, "2"]])',
      () => loose(Dist.of)([[1, '2']]),
      'entries[0][1]: "2" is not allowed (expected a weight of outcome 1: a bigint or an integer ≥ 0)',
    ],
    [
      'Dist.of([[1, -1n]])',
      () => Dist.of([[1, -1n]]),
      'entries[0][1]: -1n is not allowed (expected a weight of outcome 1: a bigint or an integer ≥ 0)',
    ],
    [
      'Dist.of([[1, 0]])',
      () => Dist.of([[1, 0]]),
      'entries: [[1,0]] is not allowed (expected at least one outcome of positive weight)',
    ],
  ])('%s', (_name, call, message) => {
    expect(call).toThrow(InputError);
    expect(call).toThrow(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  it('still reads what it always read', () => {
    expect(d6.repeat(0).outcomes).toEqual([0]);
    // A number that is not an outcome has no weight: refused are only what is not a number.
    expect([d6.probability(2.5), d6.probability(7), d6.weight(-1), d6.weightAtMost(2.5)]).toEqual([
      0,
      0,
      0n,
      2n,
    ]);
    expect(
      Dist.of([
        [1, 1],
        [2, 3n],
      ]).probability(2),
    ).toBe(0.75);
    expect(maxOf(d6, d6).probability(6)).toBeCloseTo(11 / 36, 15);
  });
});

/**
 * A solver or plan given to share its tables is the request's own: before, one built for another
 * ring, TN, depth or objective (another roll) was used as given, and its figures returned as the
 * request's without a word.
 */
describe('a solver or plan built for another check is refused, naming it', async () => {
  const { RingSkillSolver } = await import('../../src/systems/ring-skill/solver.ts');
  const { parseRingSkillSpec } = await import('../../src/systems/ring-skill/spec.ts');
  const { planD12Roll } = await import('../../src/systems/d12-action/plan.ts');
  const { parseD12ActionSpec } = await import('../../src/systems/d12-action/spec.ts');
  const solverOf = (spec: Parameters<typeof parseRingSkillSpec>[0]) =>
    new RingSkillSolver(parseRingSkillSpec(spec));

  it('ringSkillOdds and ringSkillAdvice: the solver of the check reads as before, another is refused', () => {
    const check = { ring: 2, skill: 1, tn: 2 };
    const own = solverOf(check);
    expect(ring.ringSkillOdds(check, own)).toEqual(ring.ringSkillOdds(check));
    // Another skill or reroll count is the same solver's: one solver serves them all.
    expect(ring.ringSkillOdds({ ...check, skill: 2 }, own)).toEqual(
      ring.ringSkillOdds({ ...check, skill: 2 }),
    );
    const other = solverOf({ ring: 2, skill: 1, tn: 3 });
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      return 'answered';
    };
    expect(refusal(() => ring.ringSkillOdds(check, other))).toBe(
      "solver: a solver of tn 3 is not allowed (expected one of this check's tn 2, or none to build one)",
    );
    expect(
      refusal(() =>
        ring.ringSkillAdvice({ check, ring: [5, 6], skill: [11] }, solverOf({ ...check, ring: 3 })),
      ),
    ).toBe(
      "solver: a solver of ring 3 is not allowed (expected one of this check's ring 2, or none to build one)",
    );
    expect(
      refusal(() =>
        ring.ringSkillOdds(
          check,
          solverOf({ ...check, explodeDepth: 1, objective: 'most-successes' }),
        ),
      ),
    ).toBe(
      'solver: a solver of explodeDepth 1, objective "most-successes" is not allowed (expected one of this check\'s explodeDepth 10, objective "succeed-then-least-strife", or none to build one)',
    );
    const weighted = { ...check, objective: 'weighted' as const };
    expect(
      refusal(() =>
        ring.ringSkillOdds(weighted, solverOf({ ...weighted, weights: { strife: -1 } })),
      ),
    ).toMatch(
      /^solver: a solver of weights \{[^}]*"strife":-1\} is not allowed \(expected one of this check's weights \{[^}]*"strife":-0\.2\}, or none to build one\)$/,
    );
    expect(refusal(() => ring.ringSkillOdds(check, {} as never))).toBe(
      'solver: object is not allowed (expected a RingSkillSolver of this check, or none to build one)',
    );
  });

  it('d12Advice: the plan of the roll reads as before, another is refused', () => {
    const check = { roll: 'stacked' as const, rating: 0, capacity: 5 };
    const request = { check, rolled: [12] };
    expect(d12.d12Advice(request, planD12Roll(parseD12ActionSpec(check)))).toEqual(
      d12.d12Advice(request),
    );
    const other = planD12Roll(parseD12ActionSpec({ ...check, capacity: 3 }));
    expect(() => d12.d12Advice(request, other)).toThrow(InputError);
    expect(() => d12.d12Advice(request, other)).toThrow(
      /^plan: a plan of capacity 3 is not allowed \(expected the plan of this check's roll, of capacity 5, or none to build it\)$/,
    );
    const utilities = planD12Roll(
      parseD12ActionSpec({ ...check, utilities: { criticalSuccess: 2 } }),
    );
    expect(() => d12.d12Advice(request, utilities)).toThrow(
      /^plan: a plan of utilities \{"criticalSuccess":2,[^}]*\} is not allowed \(expected the plan of this check's roll, of utilities \{"criticalSuccess":1\.25,/,
    );
    expect(() => d12.d12Advice(request, {} as never)).toThrow(
      /^plan: object is not allowed \(expected the plan of this check's roll, or none to build it\)$/,
    );
  });
});

/**
 * The solver and plan those functions take, built by the entries: before, `dicelab/ring-skill`
 * and `dicelab/d12-action` exported only their types, so a consumer had no way to make one and
 * the parameter could not be used.
 */
describe('ringSkillSolver and d12Plan build what ringSkillOdds, ringSkillAdvice and d12Advice take', () => {
  it('one ringSkillSolver serves every check of its ring, TN, depth and objective as each call alone does', () => {
    const shared = { ring: 3, tn: 3, explodeDepth: 4, objective: 'most-successes' as const };
    const solver = ring.ringSkillSolver({ ...shared, skill: 0 });
    const checks = [
      { ...shared, skill: 0 },
      { ...shared, skill: 2 },
      { ...shared, skill: 1, rerolls: 1 },
    ];
    for (const check of checks)
      expect(ring.ringSkillOdds(check, solver), JSON.stringify(check)).toEqual(
        ring.ringSkillOdds(check),
      );
    const request = { check: checks[1]!, ring: [6, 4, 1], skill: [12, 7] };
    expect(ring.ringSkillAdvice(request, solver)).toEqual(ring.ringSkillAdvice(request));
    // A parsed check builds it as its spec does.
    const parsed = ring.parseRingSkillSpec(checks[2]);
    expect(ring.ringSkillOdds(parsed, ring.ringSkillSolver(parsed))).toEqual(
      ring.ringSkillOdds(parsed),
    );
    expect(() => ring.ringSkillOdds({ ...shared, tn: 2, skill: 1 }, solver)).toThrow(
      /^solver: a solver of tn 3 is not allowed \(expected one of this check's tn 2, or none to build one\)$/,
    );
    expect(() =>
      ring.ringSkillAdvice({ ...request, check: { ...checks[1]!, objective: 'weighted' } }, solver),
    ).toThrow(/^solver: a solver of objective "most-successes" is not allowed/);
  });

  it('one d12Plan serves every request of its roll as each call alone does', () => {
    const roll = { roll: 'stacked' as const, rating: 1, capacity: 4, tokens: 2 };
    const plan = d12.d12Plan(roll);
    for (const rolled of [[3], [9], [9, 4], [12, 12, 5]]) {
      const request = { check: roll, rolled };
      expect(d12.d12Advice(request, plan), rolled.join(' ')).toEqual(d12.d12Advice(request));
    }
    const parsed = d12.parseD12ActionSpec(roll);
    expect(d12.d12Advice({ check: parsed, rolled: [9] }, d12.d12Plan(parsed))).toEqual(
      d12.d12Advice({ check: parsed, rolled: [9] }),
    );
    expect(() => d12.d12Advice({ check: { ...roll, tokens: 1 }, rolled: [9] }, plan)).toThrow(
      /^plan: a plan of tokens 2 is not allowed \(expected the plan of this check's roll, of tokens 1, or none to build it\)$/,
    );
  });
});

/**
 * An array of specs is what a spec file may hold: odds([]) and advise([]) answered [], and
 * odds() took 100,001 specs, while `--spec` refuses a file of [] and one past 100,000 specs.
 */
describe('the spec-taking functions refuse an array a spec file may not hold', () => {
  const EACH: Record<string, (specs: never[]) => unknown> = {
    'zidara odds': odds as never,
    'zidara advise': advise as never,
    'zidara fight': fight as never,
    'd6-pool odds': d6.odds as never,
    'tags-2d6 odds': tags.odds as never,
    'd12-action odds': d12.odds as never,
    'd12-action advise': d12.advise as never,
    'ring-skill odds': ring.odds as never,
    'ring-skill advise': ring.advise as never,
  };

  it.each(Object.entries(EACH))('%s', (_, each) => {
    const empty = () => each([]);
    expect(empty).toThrow(InputError);
    expect(empty).toThrow(
      /^specs: an empty array is not allowed \(expected one spec or an array of specs\)$/,
    );
    // Refused before any spec is read, as the file is.
    const tooMany = () => each(Array(100_001).fill({}) as never[]);
    expect(tooMany).toThrow(
      /^specs: 100,001 specs is not allowed \(expected at most 100,000; split them into several calls\)$/,
    );
  });

  it('answers an array of one spec as before', () => {
    expect(d6.odds([{ stat: 1 }])).toHaveLength(1);
  });
});
