import { z } from '#zod';
import { CHECK_SYSTEM_NAMES } from '../systems/systems.ts';
import { CHECK_SCENARIO_SCHEMAS } from './check-scenario-schema.ts';
import { scenarioSchema, ZIDARA_RUN_FIELDS } from './schema.ts';

/**
 * The JSON Schema of a scenario file, for editors (yaml-language-server), generated from the
 * zod schemas: a file whose `system` names another system is that system's form
 * (check-scenario-schema.ts); any other is Zi'Dara's (schema.ts). Draft 7, `if`/`then`/`else`
 * on `system`, so an editor completes and explains the fields of the file's own system.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const json = (schema: z.ZodType) => {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-7',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    return rest;
  };
  let schema: Record<string, unknown> = {
    ...json(scenarioSchema),
    // A refinement of parseScenario's the zod schema does not state: at least one is held.
    anyOf: ZIDARA_RUN_FIELDS.map((field) => ({ required: [field] })),
  };
  for (const name of [...CHECK_SYSTEM_NAMES].reverse())
    schema = {
      if: { properties: { system: { const: name } }, required: ['system'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword (draft 7 if/then/else).
      then: json(CHECK_SCENARIO_SCHEMAS[name].scenario),
      else: schema,
    };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://dicelab.dev/schemas/scenario.json',
    title: 'dicelab scenario',
    description: `A dicelab scenario: for Zi'Dara (no system, or system: zidara) characters, threats, analyses and expectations; for ${CHECK_SYSTEM_NAMES.join(', ')} expectations on the system's own checks.`,
    ...schema,
  };
}

/**
 * The text of `scenarios/schema.json`: the JSON Schema of a scenario file, generated from the zod
 * schemas, indented by two spaces with a final newline. `npm run schema` writes it; a test checks
 * the committed file equals it.
 */
export function scenarioSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
