import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  advantage,
  fightCurves,
  fishing,
  odds,
  rankStatedSplits,
  rerolls,
  simulate,
  splits,
  tuneGrid,
  tuneTarget,
  tuneTargets,
} from '../../src/api/zidara.ts';
import { InputError } from '../../src/input/input-error.ts';
import { parseBaseline } from '../../src/scenario/baseline.ts';
import { formatProblem, parseScenario } from '../../src/scenario/load-scenario.ts';
import { compareSystems } from '../../src/systems/compare.ts';
import { parseD12AdviceRequest } from '../../src/systems/d12-action/advise.ts';
import { parseRingSkillAdviceRequest } from '../../src/systems/ring-skill/advise.ts';
import { SYSTEMS } from '../../src/systems/systems.ts';
import { parseAdviceRequest } from '../../src/systems/zidara/engine/advise.ts';
import { parseFight } from '../../src/systems/zidara/fight/fight.ts';
import { parseRoll } from '../../src/systems/zidara/roll/spec.ts';

/**
 * Every "expected …" of a message is house wording: a check declared without its own `error`
 * must not leak zod's ("Invalid input: expected object, received null"). Each real schema is
 * fed its valid example with every value in it, one at a time, swapped for values of the wrong
 * type (or left out), and no message may read like zod's.
 */
const ZOD_WORDING =
  /Invalid input|Invalid option|received|Too (small|big)|Unrecognized key|Invalid (string|number|key|value|discriminator)|of type/;
const WRONG: unknown[] = [5, 'x', [1, 2], {}, null, true];

/** The value with the node at each path swapped for each wrong value, or removed. */
function* mutations(value: unknown, wrongs: readonly unknown[] = WRONG): Generator<unknown> {
  for (const wrong of wrongs) yield wrong;
  if (value === null || typeof value !== 'object') return;
  const entries = Object.entries(value);
  for (const [key, child] of entries) {
    for (const changed of mutations(child, wrongs)) yield swap(value, key, changed);
    if (!Array.isArray(value)) {
      const { [key]: _gone, ...rest } = value as Record<string, unknown>;
      yield rest;
    }
  }
}

function swap(value: object, key: string, child: unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === key ? child : v));
  return { ...value, [key]: child };
}

/** Each message `parse` throws (an InputError) for each mutation of `valid`. */
function messages(valid: unknown, parse: (input: unknown) => unknown): string[] {
  const found: string[] = [];
  for (const input of mutations(valid)) {
    try {
      parse(input);
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      found.push((error as Error).message);
    }
  }
  return found;
}

function expectHouseWording(found: readonly string[]): void {
  expect(found.length).toBeGreaterThan(10);
  expect(found.filter((m) => ZOD_WORDING.test(m))).toEqual([]);
}

const ROLL = {
  threats: [{ challenge: 3 }],
  dice: [
    { sides: 8, intent: 0 },
    { sides: 4, intent: 1 },
  ],
};

describe("messages never leak zod's own wording", () => {
  it('the roll, advice and fight specs of Zi’Dara', () => {
    expectHouseWording(messages(ROLL, (s) => parseRoll(s)));
    expectHouseWording(
      messages({ roll: { ...ROLL, aura: 3, resolve: 1 }, shown: [3, 4], defence: [5] }, (s) =>
        parseAdviceRequest(s),
      ),
    );
    expectHouseWording(messages({ challenge: 3, tags: 2, pool: [12, 4] }, (s) => parseFight(s)));
  });

  it("every other system's check", () => {
    const examples: Record<string, unknown> = {
      'd6-pool': { stat: 3 },
      'tags-2d6': { tags: 2, item: 'help' },
      'd12-action': { roll: 'risky', rating: 1 },
      'ring-skill': { ring: 1, skill: 1, tn: 1 },
    };
    for (const system of SYSTEMS) {
      if (!('check' in system)) continue;
      const example = examples[system.name];
      expect(example, system.name).toBeDefined();
      expectHouseWording(messages(example, (s) => system.check.parse(s)));
    }
  });

  it("the other systems' advice requests", () => {
    expectHouseWording(
      messages({ check: { ring: 2, skill: 1, tn: 2 }, ring: [5, 6], skill: [11] }, (s) =>
        parseRingSkillAdviceRequest(s),
      ),
    );
    expectHouseWording(
      messages({ check: { roll: 'stacked', rating: 2, capacity: 5 }, rolled: [9, 4] }, (s) =>
        parseD12AdviceRequest(s),
      ),
    );
  });

  it('scenario files, every field of a real one', () => {
    const valid = parseYaml(readFileSync('scenarios/bram-gate.yaml', 'utf8')) as unknown;
    const found: string[] = [];
    // Three wrong values (a number, an array, null) and removal keep this to seconds.
    for (const input of mutations(valid, [5, [1, 2], null])) {
      const parsed = parseScenario(JSON.stringify(input) ?? '', 'm.yaml');
      if (!parsed.ok) found.push(...parsed.problems.map(formatProblem));
    }
    expectHouseWording(found);
  }, 30_000);

  it('baseline files', () => {
    const valid = {
      format: 'dicelab-baseline',
      version: 1,
      seed: 1,
      files: {
        'a.yaml': {
          exact: 0.5,
          simulated: { by: 'simulation', value: 0.5, trials: 10, successes: 5, sd: 0.1 },
        },
      },
    };
    expectHouseWording(messages(valid, (b) => parseBaseline(JSON.stringify(b), 'b.json')));
  });

  it("the library's options", async () => {
    expectHouseWording(
      messages({ policy: 'never', rerolls: 'any' }, (o) => odds(ROLL, o as never)),
    );
    expectHouseWording(messages({ steps: 4, challenge: 3 }, (o) => splits(o as never)));
    const found: string[] = [];
    for (const options of WRONG.filter((w) => typeof w !== 'object' || w === null))
      await simulate(ROLL, options as never).catch((e: Error) => found.push(e.message));
    expect(found).toEqual(
      WRONG.filter((w) => typeof w !== 'object' || w === null).map(
        (w) =>
          `options: ${w === null ? 'null (an empty value)' : JSON.stringify(w)} is not allowed (expected an object)`,
      ),
    );
  });
});

describe('the messages of a wrong type (issue: raw zod wording)', () => {
  const problems = (text: string) => {
    const parsed = parseScenario(text, 's.yaml');
    return parsed.ok ? [] : parsed.problems.map(formatProblem);
  };
  const head = 'scenario: t\nsystem: zidara\n';

  it('say what was expected in house words', () => {
    // An empty file is said to be empty (load-scenario.test.ts); a null written is a null.
    expect(problems('~\n')).toEqual([
      's.yaml:1:1: the file: null (an empty value) is not allowed (expected an object)',
    ]);
    expect(problems(`${head}characters: {hero: 5}\n`).join('\n')).toContain(
      'characters.hero: 5 is not allowed (expected an object)',
    );
    expect(problems(`${head}threats: {g: [1, 2]}\n`).join('\n')).toContain(
      'threats.g: [1,2] is not allowed (expected an object)',
    );
    expect(problems(`${head}expectations: [5]\n`).join('\n')).toContain(
      'expectations[0]: 5 is not allowed (expected an object)',
    );
  });

  it("name the library's options argument, and refuse a field it does not take", async () => {
    expect(() => odds(ROLL, 0 as never)).toThrow(
      /^options: 0 is not allowed \(expected an object\)$/,
    );
    expect(() => odds(ROLL, { bogus: 1 } as never)).toThrow(
      /^options\.bogus: no such field \(the fields here are policy, rerolls\)$/,
    );
    expect(() => odds(ROLL, { polcy: 'never' } as never)).toThrow(
      /^options\.polcy: no such field \(did you mean policy\? /,
    );
    await expect(simulate(ROLL, { bogus: 1 } as never)).rejects.toThrow(
      /^options\.bogus: no such field \(the fields here are policy, rerolls, trials, seed, threads, chunkSize, onProgress, signal\)$/,
    );
  });

  it("name every analysis' options argument, and refuse a field it does not take", () => {
    const target = { winChance: 0.5, solveFor: 'challenge' } as const;
    const analyses: Record<string, (options: never) => unknown> = {
      splits,
      rankStatedSplits: (o) => rankStatedSplits([[[12]]], o),
      advantage,
      fishing,
      rerolls,
      tuneGrid,
      tuneTarget,
      tuneTargets: (o) => tuneTargets(o, [{ steps: 6, challenge: 3 }], target),
      fightCurves,
      compareSystems,
    };
    for (const [name, analysis] of Object.entries(analyses)) {
      const run = (options: unknown) => () => analysis(options as never);
      expect(run(0), name).toThrow(/^options: 0 is not allowed \(expected an object\)$/);
      expect(run({ bogus: 1 }), name).toThrow(
        /^options\.bogus: no such field \(the fields here are [a-zA-Z, ]+\)$/,
      );
    }
  });
});
