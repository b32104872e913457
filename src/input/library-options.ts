import { z } from '#zod';
import type { SimulateOptions } from '../montecarlo/simulate-summary.ts';
import { fieldWithin, InputError } from './input-error.ts';
import { parseSpec } from './issue-messages.ts';

/**
 * The fields of the library's `SimulateOptions`. The numbers are checked where the run starts
 * (`simulateSummary` names them `options.trials: …`; a null there is refused, not read as left
 * out); `onProgress` and `signal` here, where a wrong one would otherwise be a TypeError once a
 * batch is done, or pass unseen.
 */
export const SIMULATE_OPTION_SHAPE = {
  trials: z.unknown().optional(),
  seed: z.unknown().optional(),
  threads: z.unknown().optional(),
  chunkSize: z.unknown().optional(),
  onProgress: z
    .custom<(done: number, total: number) => void>((v) => typeof v === 'function', {
      error: 'a function',
    })
    .optional(),
  signal: z
    .custom<AbortSignal>((v) => v instanceof AbortSignal, { error: 'an AbortSignal' })
    .optional(),
} satisfies Record<keyof SimulateOptions, z.ZodType>;

/**
 * A library function's `options` argument checked against its fields: not an object, or with
 * a field it does not take, it is an InputError naming `options` (`options: 0 is not allowed
 * (expected an object)`, `options.bogus: no such field (…)`), as the CLI and scenario files
 * refuse unknown fields rather than drop them. Left out (undefined), it is `{}`.
 * @example parseOptions({ policy: z.string().optional() }, { bogus: 1 }) // throws "options.bogus: no such field (the fields here are policy)"
 */
export function parseOptions<Shape extends z.ZodRawShape>(
  shape: Shape,
  options: unknown,
): z.output<z.ZodObject<Shape, z.core.$strict>> {
  return parseSpec(z.strictObject(shape), options === undefined ? {} : options, 'options.');
}

/**
 * A library analysis run on its `options`: they are checked first as {@link parseOptions}
 * checks them against `shape` (the analysis' own fields and the roll setup's it passes on),
 * then `answer` runs on them. A field of theirs a later check refuses (an Aura past its cap,
 * rules refused together) is named `options.<field>` too, so one argument reads one way
 * whichever check speaks. The analysis' jobs (`runAnalysis`: the CLI, scenario files) call
 * `answer` itself, whose bare field names their callers turn into flags and a file's fields.
 * @example answerOptions({ aura: z.unknown().optional() }, { aura: 6 }, (o) => checkAura(o.aura, 5, 'aura')) // throws "options.aura: 6 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)"
 */
export function answerOptions<Options, Answer>(
  shape: z.ZodRawShape,
  options: Options | undefined,
  answer: (options: Options) => Answer,
): Answer {
  parseOptions(shape, options);
  try {
    return answer((options ?? {}) as Options);
  } catch (error) {
    const field = error instanceof InputError ? (error.field ?? '') : '';
    const head = /^[A-Za-z]*/.exec(field)![0];
    throw Object.hasOwn(shape, head) ? fieldWithin(error, 'options.') : error;
  }
}

/**
 * A library `simulate` whose options are checked first ({@link parseOptions} with
 * {@link SIMULATE_OPTION_SHAPE}).
 */
export function checkingOptions<Spec, Result>(
  run: (spec: Spec, options?: SimulateOptions) => Promise<Result>,
): (spec: Spec, options?: SimulateOptions) => Promise<Result> {
  return async (spec, options) => {
    parseOptions(SIMULATE_OPTION_SHAPE, options);
    return run(spec, options);
  };
}
