// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { decodeUtf8, readFileBytes } from '../input/input-bytes.ts';
import { invalid } from '../input/input-error.ts';
import {
  type NamedPartial,
  type PartialOutput,
  parsePartialResult,
  serializePartialResult,
} from '../montecarlo/partial-result.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { writeFileAtomically } from './write-files.ts';

/**
 * Writes a run's partial result file, the file of `--partial` (`serializePartialResult`: JSON
 * with its checksum), atomically: to a temporary name in the same folder, then renamed, so a
 * reader never sees half a file. `placed` is called once it is in place (see stopUntilPlaced).
 * `output`: the command's switches for what it prints, for merge to print the same.
 */
export async function writePartialResultFile(
  path: string,
  result: SimulationResult,
  placed: () => void = () => {},
  output?: PartialOutput,
): Promise<void> {
  await writeFileAtomically(path, serializePartialResult(result, output), '--partial', placed);
}

/**
 * Reads a partial result file and checks all of it (`parsePartialResult`).
 * @throws InputError naming the file (and the field, at its `path:line:col`) when it cannot be
 * read or is not one.
 */
export async function readPartialResultFile(path: string): Promise<NamedPartial> {
  // Named by merge's argument: the message would otherwise begin with the empty path itself.
  if (path === '') throw invalid('parts', path, 'a partial result file, but its name is empty');
  const text = decodeUtf8(readFileBytes(path, true), path);
  // A field's problem is told at its line and column; text that is not JSON is told by the
  // parse below, in its own words.
  const { parseInputSource } = await import('../input/input-source.ts');
  const located = await parseInputSource(text, path).catch(() => undefined);
  const at = located ? (field: string) => located.locate(field) : undefined;
  return { source: path, partial: await parsePartialResult(text, path, undefined, at) };
}
