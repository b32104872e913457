import { z } from '#zod';
import { choice } from '../input/field-schemas.ts';
import type { CheckDeclaration } from '../systems/system.ts';
import { CHECK_SYSTEM_NAMES, CHECK_SYSTEMS, type CheckSystemName } from '../systems/systems.ts';
import { expectationList, expectationSchema, scenarioSchema } from './schema.ts';

/**
 * The scenario file of a system with one-spec checks (`system: d6-pool`, `tags-2d6`,
 * `d12-action`, `ring-skill`): a title, sampling, and expectations whose `of` is the system's own
 * spec, as its `odds --spec` takes it, and whose figure is an outcome's chance or a number its
 * `odds --json` reports. Built from each system's declaration; the fields every scenario shares
 * (title, bounds, sampling) are Zi'Dara's, from schema.ts.
 */

/**
 * The figures of a check: its outcomes' chances, then the numbers `odds --json` reports.
 * @example checkFigureNames(CHECK_SYSTEMS['d6-pool']) // ['failure', 'mixed', 'success', 'expectedHits']
 */
export function checkFigureNames(check: Pick<AnyCheck, 'outcomes' | 'numbers'>): string[] {
  return [...new Set([...check.outcomes, ...Object.keys(check.numbers)])];
}

// biome-ignore lint/suspicious/noExplicitAny: each system has its own check and answer types.
type AnyCheck = CheckDeclaration<any, any>;

const shared = expectationSchema.shape;
const minusBy = shared.minus.unwrap().shape.by;

function checkExpectationSchema(system: string, check: AnyCheck) {
  const figures = checkFigureNames(check) as [string, ...string[]];
  const axes = check.axes as unknown as [string, ...string[]];
  const of = check.specSchema.partial();
  const fields = Object.keys(check.specSchema.shape).join(', ');
  return z
    .strictObject({
      expect: shared.expect,
      figure: choice(
        figures,
        `The figure judged: an outcome's chance (${check.outcomes.join(', ')}) or a number \`${system} odds --json\` reports (${Object.keys(check.numbers).join(', ')}).`,
      ),
      of: of.describe(
        `The ${system} check, as \`dicelab ${system} odds --spec\` takes it (${fields}); a field the grid sets may be left out.`,
      ),
      by: shared.by,
      between: shared.between,
      atLeast: shared.atLeast,
      atMost: shared.atMost,
      minus: z
        .strictObject({
          figure: choice(figures, 'The other figure (default: the same).').optional(),
          of: of.describe('What differs from the first figure’s `of` (merged over it).').optional(),
          by: minusBy,
        })
        .describe(
          'Judge the difference: this figure minus another (bounds apply to the difference).',
        )
        .optional(),
      monotone: shared.monotone,
      over: z
        .strictObject(
          Object.fromEntries(axes.map((axis) => [axis, gridPoints(check, axis).optional()])),
          { error: `an object of grid axes (${axes.join(', ')}), each with its values` },
        )
        .describe(
          `The grid: values for one or more of ${axes.join(', ')} (each replaces that field of \`of\`).`,
        )
        .optional(),
      along: z
        .enum(axes, { error: `a grid axis: one of ${axes.join(', ')}` })
        .describe(
          'The axis the monotonicity runs along (default: the only axis of `over`); other axes are held fixed.',
        )
        .optional(),
    })
    .describe(
      `A ${system} expectation: a figure with bounds, a difference of two figures with bounds, or a monotonicity rule over a grid.`,
    );
}

/**
 * The values of one grid axis: two or more, each within the limits the spec sets for its field
 * (`tokens` 0..6), so an editor refuses a point the check would.
 */
function gridPoints(check: AnyCheck, axis: string) {
  const field = check.specSchema.shape[axis] as z.ZodType;
  const value = field instanceof z.ZodOptional ? field.unwrap() : field;
  return z
    .array(value as z.ZodType<number>, { error: 'a list of integers' })
    .min(2, { error: 'at least two grid points' });
}

function checkScenarioSchema(system: CheckSystemName, check: AnyCheck) {
  const expectation = checkExpectationSchema(system, check);
  return {
    expectation,
    scenario: z
      .strictObject({
        scenario: scenarioSchema.shape.scenario,
        description: scenarioSchema.shape.description,
        system: z.literal(system, { error: `${system}` }).describe('The system the file checks.'),
        simulation: scenarioSchema.shape.simulation,
        // Required here: unlike a Zi'Dara file, whose analyses `dicelab report` runs, these
        // files hold nothing else to check.
        expectations: expectationList(expectation),
      })
      .describe(`A dicelab scenario for ${system}: expectations on its checks.`),
  };
}

/** The scenario and expectation schemas of each system with one-spec checks. */
export const CHECK_SCENARIO_SCHEMAS = Object.fromEntries(
  CHECK_SYSTEM_NAMES.map((name) => [name, checkScenarioSchema(name, CHECK_SYSTEMS[name])]),
) as Record<CheckSystemName, ReturnType<typeof checkScenarioSchema>>;

/** A check system's scenario file as its schema reads it. */
export type CheckScenario = z.output<ReturnType<typeof checkScenarioSchema>['scenario']> & {
  readonly system: CheckSystemName;
};
/** One expectation of a check system's scenario file. */
export type CheckExpectation = z.output<ReturnType<typeof checkExpectationSchema>>;
