import { describe, expect, it } from 'vitest';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { solveRolls } from '../../../../src/systems/zidara/engine/solve-rolls.ts';
import {
  type SpendTableInputs,
  spendTableInputsOf,
  spendTableOf,
} from '../../../../src/systems/zidara/engine/spend.ts';
import {
  RULE_OPTION_NAMES,
  type RuleOptionName,
  ruleOption,
} from '../../../../src/systems/zidara/roll/rule-options.ts';
import { parseRoll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';
import { type BruteSpec, bruteForceFigures, bruteForceUtility } from '../brute-force.ts';

/** Every leaf of an inputs object (a number, a boolean, a text, or undefined), by its path. */
function leaves(value: unknown, path: readonly (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      leaves(v, [...path, Array.isArray(value) ? Number(k) : k]),
    );
  return [[...path]];
}

/** A deep copy of `inputs` with the leaf at `path` changed to another value of its kind. */
function changed(inputs: SpendTableInputs, path: readonly (string | number)[]): SpendTableInputs {
  const copy = structuredClone({ ...inputs, rules: { ...inputs.rules, worth: undefined } });
  let at: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const old = at[last];
  at[last] =
    typeof old === 'number'
      ? old + 1
      : typeof old === 'boolean'
        ? !old
        : typeof old === 'string'
          ? old === 'optimal'
            ? 'greedy'
            : 'optimal'
          : 0;
  return copy as SpendTableInputs;
}

const twoIntents: RollSpec = {
  threats: [{ challenge: 3 }, { challenge: 4 }],
  dice: [
    { sides: 6, intent: 0 },
    { sides: 4, intent: 1 },
  ],
  intents: [
    { threat: 0, weight: 1 },
    { threat: 1, weight: 2 },
  ],
  aura: 1,
  auraMax: 2,
  resolve: 1,
};

describe('spendTableOf: one table per everything a spend table reads', () => {
  it('every field of the inputs, changed alone, gives another table; equal inputs the same one', () => {
    for (const late of [false, true]) {
      const roll = parseRoll({ ...twoIntents, auraGainUsableSameRoll: !late });
      const inputs = spendTableInputsOf(roll, 'optimal', -3);
      const table = spendTableOf(inputs);
      expect(spendTableOf(spendTableInputsOf(roll, 'optimal', -3))).toBe(table);
      const paths = leaves(inputs);
      // The walk reaches the rules (each weight too), the policy, the floor, the Aura to spend.
      for (const name of ['boostsPerRoll', 'boostSize', 'tieBreak', 'auraValue', 'auraMax'])
        expect(paths).toContainEqual(['rules', name]);
      expect(paths).toContainEqual(['rules', 'weights', 1]);
      expect(paths).toContainEqual(['policy']);
      expect(paths).toContainEqual(['floor']);
      expect(paths).toContainEqual(['startAura']);
      for (const path of paths) {
        // A worth is made by the table from its terminal, never passed in; terminals: see below.
        if (path.join('.') === 'rules.worth' || path.join('.') === 'terminal') continue;
        expect(spendTableOf(changed(inputs, path)), path.join('.')).not.toBe(table);
      }
    }
  });

  it('a worth passed in, which a text key could not hold, is refused, not dropped', () => {
    const inputs = spendTableInputsOf(parseRoll(twoIntents), 'optimal', -3);
    expect(() => spendTableOf({ ...inputs, rules: { ...inputs.rules, worth: () => 1 } })).toThrow(
      'cannot key worth',
    );
  });

  it('tables with terminals share only equal terminals, and a Resolve level apart without one', () => {
    const roll = parseRoll(twoIntents);
    const terminal = Array.from({ length: 3 * 3 * 2 }, (_, i) => i / 10);
    const table = spendTableOf(spendTableInputsOf(roll, 'optimal', -3, terminal));
    expect(spendTableOf(spendTableInputsOf(roll, 'optimal', -3, [...terminal]))).toBe(table);
    const other = terminal.map((v, i) => (i === 5 ? 0.55 : v));
    expect(spendTableOf(spendTableInputsOf(roll, 'optimal', -3, other))).not.toBe(table);
    // Without a terminal no plan reads the Resolve left: the Resolve levels share one table.
    expect(
      spendTableOf(spendTableInputsOf(parseRoll({ ...twoIntents, resolve: 0 }), 'never', -3)),
    ).toBe(spendTableOf(spendTableInputsOf(roll, 'never', -3)));
  });
});

/** The spec's value of a rule option, or its default. */
const valueIn = (spec: RollSpec, name: RuleOptionName): unknown =>
  (spec as unknown as Record<string, unknown>)[name] ?? ruleOption(name).default;

/** Another allowed value of the option than `value`. */
function otherValue(name: RuleOptionName, value: unknown): unknown {
  const option = ruleOption(name);
  switch (option.type) {
    case 'integer':
      return (value as number) < option.max ? (value as number) + 1 : (value as number) - 1;
    case 'number':
      return (value as number) + 0.5;
    case 'flag':
      return !value;
    case 'choice':
      return option.choices.find((c) => c !== value);
  }
}

/** Two rolls that differ only in the declared option `name` (and what it is read with). */
function pairOf(name: RuleOptionName): [RollSpec, RollSpec] {
  const base: RollSpec = { ...twoIntents };
  const only = ruleOption(name).onlyWith;
  if (only) Object.assign(base, { [only.other]: only.otherValue });
  // Exploding dice and a reroll multiply the brute force's outcomes: no Resolve with them.
  if (name === 'explode' || name === 'explodeDepth') base.resolve = 0;
  return [base, { ...base, [name]: otherValue(name, valueIn(base, name)) }];
}

const pairs: [string, RollSpec, RollSpec][] = [
  ...RULE_OPTION_NAMES.map((name) => [name, ...pairOf(name)] as [string, RollSpec, RollSpec]),
  ['aura (gains after the roll)', ...pairOfLateAura()],
  [
    'weights',
    twoIntents,
    {
      ...twoIntents,
      intents: [
        { threat: 0, weight: 2 },
        { threat: 1, weight: 1 },
      ],
    },
  ],
];

function pairOfLateAura(): [RollSpec, RollSpec] {
  const late = { ...twoIntents, auraGainUsableSameRoll: false };
  return [late, { ...late, aura: 2 }];
}

describe('rolls that differ only in what a spend reads, solved one after the other', () => {
  // The first roll of each pair leaves its spend table in the cache: the second must not take it.
  it.each(pairs)('%s: each roll as the brute force', (_, a, b) => {
    for (const spec of [a, b])
      expect(new RollSolver(parseRoll(spec)).odds().expectedUtility).toBeCloseTo(
        bruteForceUtility(spec as BruteSpec),
        9,
      );
    const [oddsA, oddsB] = solveRolls([parseRoll(a), parseRoll(b)]);
    expect(oddsA!.expectedUtility).toBeCloseTo(bruteForceUtility(a as BruteSpec), 9);
    expect(oddsB!.expectedUtility).toBeCloseTo(bruteForceUtility(b as BruteSpec), 9);
  });

  it('the policies: each as its brute force', () => {
    for (const policy of ['greedy', 'never', 'greedy'] as const)
      expect(new RollSolver(parseRoll(twoIntents), policy).odds().expectedUtility).toBeCloseTo(
        bruteForceFigures(twoIntents as BruteSpec, policy).expectedUtility,
        9,
      );
    expect(new RollSolver(parseRoll(twoIntents), 'optimal').odds().expectedUtility).toBeCloseTo(
      bruteForceUtility(twoIntents as BruteSpec),
      9,
    );
  });
});
