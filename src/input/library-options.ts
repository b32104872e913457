import { z } from '#zod';
import type { SimulateOptions } from '../montecarlo/simulate-summary.ts';
import { parseSpec } from './issue-messages.ts';

/**
 * The fields of the library's `SimulateOptions`: their values are checked where the run starts
 * (which names each: `trials: …`), so here only their names count.
 */
export const SIMULATE_OPTION_SHAPE = {
  trials: z.unknown().optional(),
  seed: z.unknown().optional(),
  threads: z.unknown().optional(),
  chunkSize: z.unknown().optional(),
  onProgress: z.unknown().optional(),
  signal: z.unknown().optional(),
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
