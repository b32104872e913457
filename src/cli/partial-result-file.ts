// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { decodeUtf8, INPUT_LIMITS, readBytes, readFileBytes } from '../input/input-bytes.ts';
import { InputError, invalid, showValue } from '../input/input-error.ts';
import {
  type NamedPartial,
  PARTIAL_RESULT_FORMAT,
  type PartialOutput,
  parsePartialResult,
  type RunOfShard,
  runDifference,
  serializePartialResult,
} from '../montecarlo/partial-result.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { statIfSeen } from '../process/stat-if-any.ts';
import { DICELAB_VERSION } from '../process/version.ts';
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

/** A shard of a run, as {@link checkReplaceable} compares it with the file's. */
export type ShardOfRun = Omit<RunOfShard, 'dicelab' | 'shard'> & {
  readonly shard: { readonly index: number; readonly count: number };
};

/**
 * Refuses a `--partial` file that the run's partial result must not replace, before the run
 * and again before the write (a file may land meanwhile): another shard's partial result, of
 * this run or of another (another dicelab, kernel, spec, seed, trials, chunk size or shard
 * count: what merge tells apart, `runDifference`), a file that holds no partial result, or one
 * that cannot be read to tell. Replaced are only an empty file, this very shard's own (a rerun
 * after a failure), and a partial result merge refuses as damaged (its checksum or plan). Reads
 * the file; O(its size).
 * @throws InputError naming --partial, the file and what it holds, in one line.
 * @example await checkReplaceable('part-0.json', { kernel, spec, seed: 7, trials: 1e8, chunkSize: 65536, shard: { index: 1, count: 3 } }) // not run: reads a file
 */
export async function checkReplaceable(path: string, run: ShardOfRun): Promise<void> {
  const refuse = (why: string, then = 'remove it or give another file') =>
    invalid(
      '--partial',
      path,
      `a new file or this shard's own partial result, but ${why}: ${then}`,
    );
  // What cannot be looked at is left to the write, which says why under --partial.
  const found = statIfSeen(path);
  if (!found?.isFile() || found.size === 0) return;
  // Merge reads no partial result this big.
  if (found.size > INPUT_LIMITS.jsonBytes) throw refuse('it holds no partial result');
  let text: string;
  try {
    text = readBytes(path, (why) => why, true).toString('utf8');
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw refuse(`it cannot be read (${error.message}) to tell what it holds`);
  }
  if (text.trim() === '') return;
  const tagged = partialResultTag(text);
  if (tagged === undefined) throw refuse('it holds no partial result');
  // Shards merge only within one dicelab: another's file is another run's, kept for its merge.
  if (typeof tagged.dicelab === 'string' && tagged.dicelab !== DICELAB_VERSION)
    throw refuse(
      `it holds a partial result of dicelab ${showValue(tagged.dicelab)} (this is ${showValue(DICELAB_VERSION)})`,
    );
  const theirs = await parsePartialResult(text, path).catch((error: unknown) => {
    if (error instanceof InputError) return undefined;
    throw error;
  });
  // A damaged file is one merge refuses: its rerun's result may take its place.
  if (theirs === undefined) return;
  const shard = `shard ${theirs.shard.index}/${theirs.shard.count}`;
  const d = runDifference(theirs, { ...run, dicelab: DICELAB_VERSION });
  if (d)
    throw refuse(
      `it holds ${shard} of another run (its ${d.field} is ${showValue(d.value)}, this run's ${showValue(d.expected)})`,
    );
  if (theirs.shard.index !== run.shard.index)
    throw refuse(`it holds ${shard} of this run`, 'give each shard its own file');
}

/**
 * The fields of a text that is a partial result, even a damaged one: a JSON object of its
 * `format`, or text that begins as `serializePartialResult` writes one (cut short); else
 * undefined.
 */
function partialResultTag(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.startsWith(`{"format":${JSON.stringify(PARTIAL_RESULT_FORMAT)}`) ? {} : undefined;
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject && (value as Record<string, unknown>).format === PARTIAL_RESULT_FORMAT
    ? (value as Record<string, unknown>)
    : undefined;
}
