import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { scenarioSchemaText } from '../../src/scenario/scenario-schema-text.ts';
import { SCENARIO_LIMITS } from '../../src/scenario/schema.ts';
import { MAX_STAT } from '../../src/systems/d6-pool/spec.ts';
import { D12_LIMITS } from '../../src/systems/d12-action/spec.ts';
import { RING_SKILL_LIMITS } from '../../src/systems/ring-skill/spec.ts';
import { CHECK_SYSTEM_NAMES } from '../../src/systems/systems.ts';
import { MAX_TAGS } from '../../src/systems/tags-2d6/spec.ts';

const committed = readFileSync('scenarios/schema.json', 'utf8');

describe('scenarios/schema.json', () => {
  it('is the JSON Schema generated from the zod schema (run `npm run schema` after changing it)', () => {
    expect(committed).toBe(scenarioSchemaText());
  });

  it('accepts every scenario of the suite, and rejects an unknown field as an editor would', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    const files = readdirSync('scenarios').filter((f) => f.endsWith('.yaml'));
    for (const file of files) {
      const text = readFileSync(`scenarios/${file}`, 'utf8');
      expect(text.split('\n')[0], file).toBe('# yaml-language-server: $schema=./schema.json');
      expect(validate(parse(text)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(
      validate(
        parse(
          'scenario: x\nanalyses:\n  odds: { analysis: fishing, character: v, action: a, vs: g }\ncharacters:\n  v: { actions: { a: 3 }, bogus: 1 }\n',
        ),
      ),
    ).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      instancePath: '/characters/v',
      params: { additionalProperty: 'bogus' },
    });
  });

  it("refuses expectations: [] in every system's file, as dicelab does (SCENARIO_LIMITS.minExpectations)", () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    for (const system of ['zidara', ...CHECK_SYSTEM_NAMES]) {
      const file = { scenario: 'nothing judged', system, expectations: [] };
      expect(validate(file), system).toBe(false);
      expect(
        validate.errors?.some(
          (e) =>
            e.instancePath === '/expectations' &&
            e.keyword === 'minItems' &&
            e.params.limit === SCENARIO_LIMITS.minExpectations,
        ),
        `${system}: ${JSON.stringify(validate.errors)}`,
      ).toBe(true);
    }
  });

  it("refuses a Zi'Dara file with neither expectations nor analyses, as dicelab does", () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    expect(validate({ scenario: 'nothing to run' })).toBe(false);
    expect(validate({ scenario: 'nothing to run', system: 'zidara' })).toBe(false);
    const odds = { analysis: 'fishing', character: 'v', action: 'a', vs: 'g' };
    expect(validate({ scenario: 'report only', analyses: { odds } })).toBe(true);
  });

  it('refuses analyses: {}, as dicelab does (SCENARIO_LIMITS.minAnalyses)', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    expect(validate({ scenario: 'nothing run', analyses: {} })).toBe(false);
    expect(
      validate.errors?.some(
        (e) =>
          e.instancePath === '/analyses' &&
          e.keyword === 'minProperties' &&
          e.params.limit === SCENARIO_LIMITS.minAnalyses,
      ),
      JSON.stringify(validate.errors),
    ).toBe(true);
  });

  it("holds a grid's points to the limits of the spec field each axis sets, as dicelab does", () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    const grid = (system: string, figure: string, of: object, over: object) => ({
      scenario: 'grid',
      system,
      expectations: [{ expect: 'x', figure, of, over, monotone: 'nonDecreasing' }],
    });
    const stacked = { roll: 'stacked', rating: 2, capacity: 5 };
    const check = { ring: 2, skill: 1, tn: 2 };
    const L = RING_SKILL_LIMITS;
    for (const [system, figure, of, axis, top] of [
      ['d12-action', 'success', stacked, 'tokens', D12_LIMITS.tokens],
      ['d12-action', 'success', stacked, 'rating', D12_LIMITS.rating],
      ['ring-skill', 'success', check, 'explodeDepth', L.explodeDepth],
      ['ring-skill', 'success', check, 'ring', L.ring],
      ['tags-2d6', 'clean', {}, 'tags', MAX_TAGS],
      ['d6-pool', 'success', {}, 'stat', MAX_STAT],
    ] as const) {
      const at = `${system} over.${axis}`;
      expect(validate(grid(system, figure, of, { [axis]: [1, top] })), at).toBe(true);
      expect(validate(grid(system, figure, of, { [axis]: [1, top + 1] })), at).toBe(false);
      expect(validate.errors, at).toContainEqual(
        expect.objectContaining({
          instancePath: `/expectations/0/over/${axis}/1`,
          params: { comparison: '<=', limit: top },
        }),
      );
    }
    expect(validate(grid('d12-action', 'success', stacked, { toknes: [0, 1] }))).toBe(false);
  });

  it('refuses a tune target of 0 or 1, as winChanceSchema and zidara tune --target do', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    const tune = (target: unknown) => ({
      scenario: 'tune',
      characters: { v: { actions: { a: 3 } } },
      analyses: { grid: { analysis: 'tune', character: 'v', target } },
    });
    for (const target of [0.5, 0.001, 0.999, '55%'])
      expect(validate(tune(target)), `${target}`).toBe(true);
    for (const [target, comparison] of [
      [0, '>'],
      [1, '<'],
      [-0.5, '>'],
    ] as const) {
      expect(validate(tune(target)), `${target}`).toBe(false);
      expect(validate.errors, `${target}`).toContainEqual(
        expect.objectContaining({
          instancePath: '/analyses/grid/target',
          params: { comparison, limit: comparison === '>' ? 0 : 1 },
        }),
      );
    }
  });
});
