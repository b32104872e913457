import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { InputError } from '../input-error.ts';
import type { NamedPartial } from '../montecarlo/merge-partials.ts';
import { parsePartialResult, toPartialResult } from '../montecarlo/partial-result.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { writeFilesAtomically } from './write-files.ts';

/**
 * Writes a run's partial result file (format: `PartialResult`) atomically: to a temporary
 * name in the same folder, then renamed, so a reader never sees half a file.
 */
export async function writePartialResultFile(
  path: string,
  result: SimulationResult,
): Promise<void> {
  const text = `${JSON.stringify(toPartialResult(result))}\n`;
  await writeFilesAtomically(dirname(path), [{ name: basename(path), content: text }]);
}

/**
 * Reads and checks a partial result file.
 * @throws InputError naming the file (and the field) when it cannot be read or is not one.
 */
export async function readPartialResultFile(path: string): Promise<NamedPartial> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new InputError(`${path}: cannot be read (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${path}: not JSON (${(error as Error).message})`);
  }
  return { source: path, partial: parsePartialResult(json, path) };
}
