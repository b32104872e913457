import { scenarioJsonSchema } from './schema.ts';

/**
 * The text of `scenarios/schema.json`: the JSON Schema of a scenario file, generated from the zod
 * schema, indented by two spaces with a final newline. `npm run schema` writes it; a test checks
 * the committed file equals it.
 */
export function scenarioSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
