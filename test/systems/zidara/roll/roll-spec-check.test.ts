import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollSpecCheckText } from '../../../../scripts/roll-spec-check.ts';
import { acceptsRollSpec } from '../../../../src/systems/zidara/roll/roll-spec-check.ts';
import { rollSpecSchema } from '../../../../src/systems/zidara/roll/spec.ts';

/** Any value a JSON or YAML spec file can hold (YAML adds ±Infinity and NaN). */
const anything = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer({ min: -1, max: 13 }),
  fc.boolean(),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN),
);
/** Numbers mostly in range, and some near every bound of the schema or past it. */
const number = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 30 },
  { arbitrary: fc.integer({ min: -2, max: 52 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(0.5, -0, 1e6, 1e6 + 1, 2 ** 53 - 1, 2 ** 53, Number.NaN, Infinity),
    weight: 1,
  },
  { arbitrary: fc.double(), weight: 1 },
);
/** A field's value: mostly one that could be right, now and then anything at all. */
const field = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: plausible, weight: 40 }, { arbitrary: anything, weight: 1 });
/** An object with some of `fields` (each perhaps absent), and now and then a key the schema lacks. */
const record = (fields: Record<string, fc.Arbitrary<unknown>>, required: string[]) =>
  fc
    .tuple(
      fc.record(fields, { requiredKeys: required }),
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 30 },
        { arbitrary: fc.constantFrom('bogus', '__proto__', 'Sides'), weight: 1 },
      ),
    )
    .map(([value, extra]) =>
      extra === null ? value : JSON.parse(JSON.stringify({ ...value, [extra]: 1 })),
    );
const list = (item: fc.Arbitrary<unknown>, maxLength: number) =>
  field(fc.array(field(item), { maxLength }));
const specLike = fc.oneof(
  { arbitrary: anything, weight: 1 },
  {
    weight: 12,
    arbitrary: record(
      {
        threats: list(
          record({ challenge: field(number), name: field(fc.string()) }, ['challenge']),
          3,
        ),
        dice: list(
          record(
            {
              sides: field(fc.constantFrom(2, 4, 6, 8, 10, 12)),
              intent: field(number),
              area: field(fc.constant(true)),
            },
            ['sides'],
          ),
          13,
        ),
        intents: list(
          record({ threat: field(number), weight: field(number), name: field(fc.string()) }, []),
          3,
        ),
        aura: anything,
        auraMax: field(number),
        resolve: field(number),
        boostsPerRoll: field(number),
        tieBreak: field(fc.boolean()),
        explode: field(fc.boolean()),
        explodeDepth: field(number),
        auraValue: field(number),
        resolveValue: field(number),
        auraGainUsableSameRoll: field(fc.boolean()),
      },
      ['threats', 'dice'],
    ),
  },
);

describe('the compiled roll spec check', () => {
  it('is the code generated from the zod schema (run `npm run roll-spec-check` after changing it)', () => {
    expect(readFileSync('src/systems/zidara/roll/roll-spec-check.ts', 'utf8')).toBe(
      rollSpecCheckText(),
    );
  });

  it('accepts exactly what zod accepts, and zod leaves an accepted spec as it was', () => {
    let accepted = 0;
    fc.assert(
      fc.property(specLike, (spec) => {
        const zod = rollSpecSchema.safeParse(spec);
        expect(acceptsRollSpec(spec)).toBe(zod.success);
        if (zod.success) {
          accepted++;
          expect(zod.data).toEqual(spec);
        }
      }),
      { numRuns: 20_000 },
    );
    // The cases reach both verdicts often enough to mean something.
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(19_500);
  });

  it('accepts every spec of the oracle', () => {
    const cases: { spec: unknown }[] = JSON.parse(
      readFileSync(new URL('../../../oracle/zidara-cases.json', import.meta.url), 'utf8'),
    );
    for (const { spec } of cases) expect(acceptsRollSpec(spec)).toBe(true);
  });
});
