import { createHash } from 'node:crypto';
import { INPUT_LIMITS } from '../input/input-bytes.ts';
import { InputError, invalid, showValue } from '../input/input-error.ts';
import { integerAtLeastText, integerText } from '../input/integer-text.ts';
import { jsonSyntaxError } from '../input/located-text.ts';
import { DICELAB_VERSION } from '../process/version.ts';
import { MAX_SEED } from '../rng/index.ts';
import { chunksInShard, MAX_CHUNK_SIZE, trialsInChunks } from './chunk-plan.ts';
import { isKernelId, kernelIds } from './kernel-catalogue.ts';
import { type KernelId, LocalKernel, loadKernel } from './load-kernel.ts';
import type { SimulationResult } from './run.ts';
import { tallyProblem } from './tally-shape.ts';

/** The format tag of a partial result file. */
export const PARTIAL_RESULT_FORMAT = 'dicelab-partial-result';
/** The version of the format this code writes and reads (2: dicelab version and checksum). */
export const PARTIAL_RESULT_VERSION = 2;

/**
 * A partial result file (JSON): what one `--shard i/n` run writes and `dicelab merge` reads,
 * possibly on another machine. It is data, never code: `kernel` is looked up in dicelab's own
 * registry, and every field is checked before anything is merged.
 *
 * ```json
 * {
 *   "format": "dicelab-partial-result",   // always this tag
 *   "version": 2,                          // this layout; readers refuse other versions
 *   "dicelab": "0.1.0",                    // the dicelab that wrote it; merged only by the same
 *   "kernel": "systems/d6-pool/simulate",  // one of dicelab's kernel ids (the systems' list)
 *   "spec": { … },                         // the kernel's spec, as every thread prepared it
 *   "seed": 7,                             // safe integer ≥ 0
 *   "trials": 1000000,                     // trials in the WHOLE run, all shards together
 *   "chunkSize": 65536,                    // chunk c draws from streamFor(seed, c)
 *   "shard": { "index": 0, "count": 3 },   // this file ran the chunks c with c % 3 === 0
 *   "chunksDone": 6,                       // the first chunks of the shard that were played
 *   "completedTrials": 344640,             // trials those chunks hold
 *   "interrupted": false,                  // true when stopped early (Ctrl-C): not mergeable
 *   "tally": [131072, …],                  // the kernel's integer counts, summed over the chunks
 *   "output": { "exact": false },          // optional: the command's switches for what it prints
 *   "checksum": "sha256:…"                 // of everything above (see partialChecksum)
 * }
 * ```
 * `output` holds what the command that ran the shard prints besides the kernel's summary, as
 * switches (true or false), so that merge prints what that command prints unsharded: a fight's
 * `exact` (false for `--no-exact`). Absent, the command's defaults.
 * Tallies are integers, so summing the shards' tallies gives exactly one run's tallies. The
 * checksum catches a file damaged or edited in transit; the invariants (counts whole and ≥ 0,
 * each histogram summing to the trials, chunks inside the plan) catch tallies no run could
 * give even with a checksum made to match. Neither is a signature: a file from someone you
 * do not trust can still hold wrong but consistent numbers.
 */
export interface PartialResult {
  readonly format: typeof PARTIAL_RESULT_FORMAT;
  readonly version: typeof PARTIAL_RESULT_VERSION;
  readonly dicelab: string;
  readonly kernel: KernelId;
  readonly spec: unknown;
  readonly seed: number;
  readonly trials: number;
  readonly chunkSize: number;
  readonly shard: { readonly index: number; readonly count: number };
  readonly chunksDone: number;
  readonly completedTrials: number;
  readonly interrupted: boolean;
  readonly tally: readonly number[];
  /** The command's switches for what it prints besides the summary (see above); absent: none. */
  readonly output?: PartialOutput;
}

/** A partial result's `output`: the switches of what its command prints, by name. */
export type PartialOutput = Readonly<Record<string, boolean>>;

/** A partial result with where it came from (a file path), for messages. */
export interface NamedPartial {
  readonly source: string;
  readonly partial: PartialResult;
}

const FIELDS = [
  'format',
  'version',
  'dicelab',
  'kernel',
  'spec',
  'seed',
  'trials',
  'chunkSize',
  'shard',
  'chunksDone',
  'completedTrials',
  'interrupted',
  'tally',
  'output',
  'checksum',
] as const;

/**
 * The partial result file of a run, as JSON text with its checksum (an unsharded run is
 * shard 0 of 1). Only a run of one of dicelab's kernels has one: a `LocalKernel` (tests,
 * benchmarks) cannot be named in a file.
 * @throws Error for a run of a local kernel (a caller's bug, not bad input).
 * @example serializePartialResult(await simulate({ kernel: 'systems/d6-pool/simulate', … })) // not run: needs a simulation
 */
export function serializePartialResult(result: SimulationResult, output?: PartialOutput): string {
  if (result.kernel instanceof LocalKernel || !isKernelId(result.kernel))
    throw new Error(`a run of ${result.kernel} cannot be written as a partial result file`);
  const content = {
    format: PARTIAL_RESULT_FORMAT,
    version: PARTIAL_RESULT_VERSION,
    dicelab: DICELAB_VERSION,
    kernel: result.kernel,
    spec: result.spec,
    seed: result.seed,
    trials: result.trials,
    chunkSize: result.chunkSize,
    shard: result.shard ? { ...result.shard } : { index: 0, count: 1 },
    chunksDone: result.chunksDone,
    completedTrials: result.completedTrials,
    interrupted: result.interrupted,
    tally: [...result.tally],
    ...(output === undefined ? {} : { output: { ...output } }),
  };
  return `${JSON.stringify({ ...content, checksum: partialChecksum(content) })}\n`;
}

/**
 * The checksum of a partial result's content (every field but `checksum`): SHA-256 of its
 * canonical JSON (object keys sorted), so it depends on the values, not on how the file is
 * laid out.
 */
export function partialChecksum(content: Readonly<Record<string, unknown>>): string {
  const { checksum: _, ...rest } = content;
  return `sha256:${createHash('sha256').update(canonicalJson(rest)).digest('hex')}`;
}

/**
 * Parses a partial result file's text and checks all of it before anything uses it: JSON;
 * the format, version and writing dicelab's version (this one's); the checksum; a kernel from
 * dicelab's registry (never a path or URL: nothing named in the file is imported); the plan
 * (seed, trials, chunk size, shard, chunks done inside the shard, trials matching them,
 * `interrupted` exactly when chunks are missing); the spec, as the kernel reads it; and the
 * tallies (as many as the spec needs, whole and ≥ 0, each histogram summing to the trials:
 * the kernel's `tallyShape`). Imports the kernel.
 * @param stored Where the text was kept, for a checksum that does not match: "the file", or
 * "the result stored on the queue" for a job's result read back from Redis.
 * @param at Where a field is, before its name in a message: `source` itself, or a file's
 * `path:line:col` of the field (as the CLI reads a file, `InputSource.locate`).
 * @throws InputError beginning with `source`, naming the field, the value and what is allowed.
 * @example await parsePartialResult(await readFile('part-0.json', 'utf8'), 'part-0.json') // not run: reads a file
 */
export async function parsePartialResult(
  text: string,
  source: string,
  stored = 'the file',
  at: (field: string) => string = () => source,
): Promise<PartialResult> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { at, reason } = jsonSyntaxError(error, text, source);
    throw new InputError(`${at}: not JSON (${reason})`);
  }
  const bad = (field: string, got: unknown, allowed: string) =>
    invalid(`${at(field)}: ${field}`, got, allowed);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError(`${source}: not a dicelab partial result (expected a JSON object)`);
  const v = value as Record<string, unknown>;
  // A summary printed by --json (of simulate, or of merge itself) is the likeliest other JSON.
  if (!('format' in v))
    throw new InputError(
      `${source}: not a dicelab partial result (no "format" field: a summary printed with --json cannot be merged again; give merge the files --partial wrote)`,
    );
  if (v.format !== PARTIAL_RESULT_FORMAT)
    throw bad('format', v.format, JSON.stringify(PARTIAL_RESULT_FORMAT));
  const otherDicelab = () =>
    bad(
      'dicelab',
      v.dicelab,
      `${JSON.stringify(DICELAB_VERSION)}: run every shard and the merge with one dicelab version`,
    );
  // Another dicelab's file is named as such before its layout, which may differ too.
  if (typeof v.dicelab === 'string' && v.dicelab !== DICELAB_VERSION) throw otherDicelab();
  if (v.version !== PARTIAL_RESULT_VERSION)
    throw bad('version', v.version, `${PARTIAL_RESULT_VERSION} (written by this dicelab)`);
  for (const key of Object.keys(v))
    if (!(FIELDS as readonly string[]).includes(key))
      throw bad(key, v[key], `no such field; the fields are ${FIELDS.join(', ')}`);
  if (v.dicelab !== DICELAB_VERSION) throw otherDicelab();
  // The checksum walks the spec: refuse nesting no spec has before that.
  if (nestedDeeperThan(v.spec, INPUT_LIMITS.nesting))
    throw bad('spec', '…', `at most ${INPUT_LIMITS.nesting} levels of nesting`);
  // Switches, each true or false, are checked before the checksum walks them.
  const output = v.output;
  if (output !== undefined) {
    if (typeof output !== 'object' || output === null || Array.isArray(output))
      throw bad('output', output, 'an object of switches, each true or false');
    for (const [name, on] of Object.entries(output))
      if (typeof on !== 'boolean') throw bad(`output.${name}`, on, 'true or false');
  }
  const expected = partialChecksum(v);
  if (v.checksum !== expected)
    throw new InputError(
      `${at('checksum')}: checksum: ${typeof v.checksum === 'string' ? v.checksum.slice(0, 80) : String(v.checksum)} does not match the content (${expected}): ${stored} was damaged or changed after it was written`,
    );
  if (!isKernelId(v.kernel))
    throw bad('kernel', v.kernel, `one of dicelab's kernels: ${kernelIds().join(', ')}`);
  if (!('spec' in v)) throw bad('spec', undefined, 'the JSON spec of the run');
  const whole = (field: string, got: unknown, min: number, max = Number.MAX_SAFE_INTEGER) => {
    if (typeof got !== 'number' || !Number.isSafeInteger(got) || got < min || got > max)
      throw bad(
        field,
        got,
        max === Number.MAX_SAFE_INTEGER ? integerAtLeastText(min) : integerText(min, max),
      );
    return got;
  };
  const seed = whole('seed', v.seed, 0, MAX_SEED);
  const trials = whole('trials', v.trials, 1);
  const chunkSize = whole('chunkSize', v.chunkSize, 1, MAX_CHUNK_SIZE);
  const shard = v.shard as Record<string, unknown> | null | undefined;
  if (typeof shard !== 'object' || shard === null || Array.isArray(shard))
    throw bad('shard', shard, '{ "index": i, "count": n }');
  const count = whole('shard.count', shard.count, 1);
  const index = whole('shard.index', shard.index, 0, count - 1);
  const plan = { seed, trials, chunkSize, shardIndex: index, shardCount: count };
  const chunks = chunksInShard(plan);
  const chunksDone = whole('chunksDone', v.chunksDone, 0, chunks);
  const completedTrials = whole('completedTrials', v.completedTrials, 0);
  const held = trialsInChunks(plan, 0, chunksDone);
  if (completedTrials !== held)
    throw bad(
      'completedTrials',
      completedTrials,
      `${held}, the trials of its ${chunksDone} chunks`,
    );
  if (typeof v.interrupted !== 'boolean') throw bad('interrupted', v.interrupted, 'true or false');
  if (v.interrupted !== chunksDone < chunks)
    throw bad(
      'interrupted',
      v.interrupted,
      `${chunksDone < chunks} (the shard has ${chunks} chunks and ${chunksDone} were played)`,
    );
  if (!Array.isArray(v.tally)) throw bad('tally', v.tally, 'an array of integer counts');
  const tally = v.tally as unknown[];
  tally.forEach((n, i) => {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      throw bad(`tally[${i}]`, n, 'a whole number of counts ≥ 0');
  });
  const kernel = await loadKernel(v.kernel);
  let prepared: unknown;
  try {
    prepared = kernel.prepare(v.spec);
  } catch (error) {
    if (error instanceof InputError)
      throw new InputError(`${at('spec')}: spec: ${error.message}`, error.field);
    throw error;
  }
  const size = kernel.tallySize(prepared);
  if (tally.length !== size)
    throw bad('tally', `${tally.length} slots`, `${size} slots, as its spec needs`);
  const problem = tallyProblem(kernel.tallyShape(prepared), tally as number[], completedTrials);
  if (problem) throw new InputError(`${source}: ${problem}: no run gives these counts`);
  return {
    format: PARTIAL_RESULT_FORMAT,
    version: PARTIAL_RESULT_VERSION,
    dicelab: DICELAB_VERSION,
    kernel: v.kernel,
    spec: v.spec,
    seed,
    trials,
    chunkSize,
    shard: { index, count },
    chunksDone,
    completedTrials,
    interrupted: v.interrupted,
    tally: tally as number[],
    ...(output === undefined ? {} : { output: output as PartialOutput }),
  };
}

/**
 * Checks that partial results (each already read by `parsePartialResult`) are the shards of one
 * run and complete it: the same kernel, spec (by content), output, seed, trials, chunk size and shard
 * count; every shard exactly once, so their chunks are disjoint and cover the run; none
 * interrupted. Pure; O(shards · spec size).
 * @throws InputError naming the file and the field that does not fit.
 */
export function checkMergeable(parts: readonly NamedPartial[]): void {
  const first = parts[0];
  if (!first) throw new InputError('merge: no partial results given (expected one per shard)');
  const ref = first.partial;
  const byIndex = new Map<number, string>();
  for (const { source, partial: p } of parts) {
    const d = runDifference(p, ref);
    if (d?.field.startsWith('spec'))
      throw invalid(
        `${source}: ${d.field}`,
        d.value,
        `${showValue(d.expected)} as in ${first.source}: shards of one run share its spec`,
      );
    if (d)
      throw invalid(
        `${source}: ${d.field}`,
        d.value,
        `${JSON.stringify(d.expected)} as in ${first.source}`,
      );
    if (p.tally.length !== ref.tally.length)
      throw invalid(
        `${source}: tally`,
        `${p.tally.length} slots`,
        `${ref.tally.length} slots as in ${first.source}`,
      );
    if (p.interrupted)
      throw invalid(`${source}: interrupted`, true, 'false (rerun this shard to the end)');
    const taken = byIndex.get(p.shard.index);
    if (taken === source) throw new InputError(`${source}: given twice (each shard's file once)`);
    if (taken !== undefined)
      throw invalid(
        `${source}: shard.index`,
        p.shard.index,
        `each shard once (${taken} is shard ${p.shard.index} too)`,
      );
    byIndex.set(p.shard.index, source);
  }
  if (byIndex.size < ref.shard.count) {
    let missing = 0;
    while (byIndex.has(missing)) missing++;
    throw new InputError(
      `merge: shard ${missing}/${ref.shard.count} is missing (got ${parts.length} of ${ref.shard.count} partial results)`,
    );
  }
}

/** What a partial result's run is (its shard's index aside): what {@link runDifference} compares. */
export type RunOfShard = Pick<
  PartialResult,
  'dicelab' | 'spec' | 'output' | 'seed' | 'trials' | 'chunkSize'
> & { readonly kernel: string; readonly shard: { readonly count: number } };

/**
 * The first field in which `p`'s run differs from `ref`'s, in the order merge checks them:
 * dicelab, kernel, spec (by content; the path of its first field that differs, e.g.
 * `spec.roll.aura`), output, seed, trials, chunkSize, shard.count; with the two values there. Undefined
 * when they are shards of one run (whatever their indexes). Pure; O(spec size).
 * @example runDifference({ dicelab: '0.2.0', kernel: 'k', spec: {}, seed: 8, trials: 10, chunkSize: 5, shard: { count: 2 } }, { dicelab: '0.2.0', kernel: 'k', spec: {}, seed: 7, trials: 10, chunkSize: 5, shard: { count: 2 } }) // { field: 'seed', value: 8, expected: 7 }
 */
export function runDifference(
  p: RunOfShard,
  ref: RunOfShard,
): { field: string; value: unknown; expected: unknown } | undefined {
  const differs = (field: string, value: unknown, expected: unknown) => ({
    field,
    value,
    expected,
  });
  if (p.dicelab !== ref.dicelab) return differs('dicelab', p.dicelab, ref.dicelab);
  if (p.kernel !== ref.kernel) return differs('kernel', p.kernel, ref.kernel);
  if (canonicalJson(p.spec) !== canonicalJson(ref.spec)) {
    // The whole spec runs past what a message shows: name the first field that differs.
    const d = firstDifference(p.spec, ref.spec, 'spec');
    return differs(d.path, d.value, d.expected);
  }
  // What the command prints besides the summary (a fight's exact chain): one way for every shard.
  if (canonicalJson(p.output ?? {}) !== canonicalJson(ref.output ?? {}))
    return differs('output', p.output ?? {}, ref.output ?? {});
  if (p.seed !== ref.seed) return differs('seed', p.seed, ref.seed);
  if (p.trials !== ref.trials) return differs('trials', p.trials, ref.trials);
  if (p.chunkSize !== ref.chunkSize) return differs('chunkSize', p.chunkSize, ref.chunkSize);
  if (p.shard.count !== ref.shard.count)
    return differs('shard.count', p.shard.count, ref.shard.count);
  return undefined;
}

/** JSON with object keys sorted, so specs compare (and checksums agree) by content. */
/**
 * The first place where JSON value `value` differs from `expected` (known to differ), in
 * `expected`'s key order then `value`'s extra keys, array items by index: its path below `at`
 * (`spec.roll.threats[0].challenge`) and the two values there, undefined where one has nothing.
 * O(size · depth).
 */
function firstDifference(
  value: unknown,
  expected: unknown,
  at: string,
): { path: string; value: unknown; expected: unknown } {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  let inside: [string, unknown, unknown][] = [];
  if (Array.isArray(value) && Array.isArray(expected))
    inside = Array.from({ length: Math.max(value.length, expected.length) }, (_, i) => [
      `${at}[${i}]`,
      value[i],
      expected[i],
    ]);
  else if (isRecord(value) && isRecord(expected))
    inside = [...new Set([...Object.keys(expected), ...Object.keys(value)])].map((key) => [
      `${at}.${key}`,
      value[key],
      expected[key],
    ]);
  for (const [path, v, e] of inside)
    if (canonicalJson(v) !== canonicalJson(e)) return firstDifference(v, e, path);
  return { path: at, value, expected };
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether arrays and objects nest deeper than `limit` in a value (iteratively). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return true;
    for (const x of Object.values(v)) stack.push({ v: x, depth: depth + 1 });
  }
  return false;
}
