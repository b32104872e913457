import { formatCount } from '../format/format-count.ts';
import { INPUT_LIMITS } from './input-bytes.ts';
import { InputError } from './input-error.ts';

/**
 * Why an array of `held` specs is not taken, as what it is and what is expected, or undefined:
 * none (nothing to answer), or more than `INPUT_LIMITS.specs` (each is checked before any is
 * worked out, and all are held). A spec file's words and the library's alike; `split` says how.
 * @example specCountProblem(0, 'split them') // { held: "an empty array", expected: "one spec or an array of specs" }
 */
export function specCountProblem(
  held: number,
  split: string,
): { held: string; expected: string } | undefined {
  if (held === 0) return { held: 'an empty array', expected: 'one spec or an array of specs' };
  if (held > INPUT_LIMITS.specs)
    return {
      held: `${formatCount(held)} specs`,
      expected: `at most ${formatCount(INPUT_LIMITS.specs)}; ${split}`,
    };
  return undefined;
}

/**
 * One spec, or an array of them, each validated by `parse`: the fields of the i-th spec of an
 * array are named `[i].field` in messages. How a `--spec` file's value and the library's
 * spec-taking functions (`odds`, `advise`, …) read their input alike.
 * @returns the specs, and whether they came as an array (so that output mirrors it).
 * @throws InputError from `parse`, naming the field; naming `specs` for an empty array or one
 * of more than `INPUT_LIMITS.specs` (see `specCountProblem`).
 * @example parseSpecArray([{ stat: 2 }, { stat: 3 }], parseD6PoolSpec) // { specs: [{ stat: 2 }, { stat: 3 }], many: true }
 */
export function parseSpecArray<T>(
  value: unknown,
  parse: (spec: unknown, where: string) => T,
): { specs: T[]; many: boolean } {
  if (!Array.isArray(value)) return { specs: [parse(value, '')], many: false };
  const problem = specCountProblem(value.length, 'split them into several calls');
  if (problem)
    throw new InputError(
      `specs: ${problem.held} is not allowed (expected ${problem.expected})`,
      'specs',
      { allowed: problem.expected },
    );
  return { specs: value.map((spec, i) => parse(spec, `[${i}].`)), many: true };
}

/**
 * What a spec-taking function of the library returns for its input: one answer for one spec,
 * an array of answers (in order) for an array of specs. `answer` is given every spec at once,
 * so specs that can share work do.
 * @example answerEachSpec([{ stat: 1 }], parseD6PoolSpec, (checks) => checks.map((c) => c.stat * 2)) // [2]
 */
export function answerEachSpec<S, R>(
  input: unknown,
  parse: (spec: unknown, where: string) => S,
  answer: (specs: readonly S[]) => Iterable<R>,
): R | R[] {
  const { specs, many } = parseSpecArray(input, parse);
  const answers = [...answer(specs)];
  return many ? answers : answers[0]!;
}

/** A spec-taking function of the library: one answer for one spec, an array in order for an array. */
export interface EachSpec<Spec, Answer> {
  (spec: Spec): Answer;
  (specs: readonly Spec[]): Answer[];
}

/**
 * The library function that answers each spec of its input: read by `parse`, answered by
 * `answer` (see `answerEachSpec`).
 * @example answerEach({ parse: parseD6PoolSpec, answer: (c) => c.stat * 2 })([{ stat: 1 }]) // [2]
 */
export function answerEach<Spec, Parsed, Answer>(reading: {
  readonly parse: (spec: unknown, where: string) => Parsed;
  readonly answer: (spec: Parsed) => Answer;
}): EachSpec<Spec, Answer> {
  const answers = (specs: readonly Parsed[]) => specs.map((spec) => reading.answer(spec));
  const each = (input: unknown) => answerEachSpec(input, reading.parse, answers);
  return each as EachSpec<Spec, Answer>;
}
