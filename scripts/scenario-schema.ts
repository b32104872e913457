// Writes scenarios/schema.json, the JSON Schema of scenario files, from the zod schema
// (src/scenario/schema.ts). Run after changing the schema: `npm run schema`.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { scenarioSchemaText } from '../src/scenario/scenario-schema-text.ts';

const target = fileURLToPath(new URL('../scenarios/schema.json', import.meta.url));
await writeFile(target, scenarioSchemaText());
process.stdout.write(`wrote ${target}\n`);
