import { readFileSync } from 'node:fs';
import { InputError } from '../input-error.ts';
import { parseInputSource } from '../input-source.ts';

/**
 * The specs a command works on: from `--spec FILE` (JSON or YAML: one spec, or an array of
 * them), else one spec built from the command's flags. Each is validated by `parse`; a bad
 * file field reads `file:line:col: field: …`, a bad flag names the flag (`flags` maps spec
 * fields to flag names).
 * @returns the specs, and whether the file held an array (so output mirrors it).
 */
export function specsFromOptions<T>(
  options: { spec?: string | undefined },
  parse: (spec: unknown, where: string) => T,
  flags: Readonly<Record<string, string>>,
  fromFlags: () => Record<string, unknown>,
): { specs: T[]; many: boolean } {
  if (options.spec === undefined) {
    const spec = Object.fromEntries(Object.entries(fromFlags()).filter(([, v]) => v !== undefined));
    try {
      return { specs: [parse(spec, '')], many: false };
    } catch (error) {
      throw flagError(error, flags);
    }
  }
  const path = options.spec;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : (error as Error).message;
    throw new InputError(`--spec: cannot read ${JSON.stringify(path)} (${reason})`);
  }
  const source = parseInputSource(text, path);
  const many = Array.isArray(source.value);
  const raw = many ? (source.value as unknown[]) : [source.value];
  if (raw.length === 0)
    throw new InputError(
      `${path}:1:1: the file holds an empty array (expected one spec or an array of specs)`,
    );
  try {
    return { specs: raw.map((spec, i) => parse(spec, many ? `[${i}].` : '')), many };
  } catch (error) {
    throw source.located(error);
  }
}

/**
 * Rewrites a spec-field error as one about the flag that set the field ("pool[1]: …" is about
 * `--pool`); other errors pass unchanged.
 */
export function flagError(error: unknown, flags: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof InputError) || error.field === undefined) return error;
  const flag = flags[error.field.replace(/^\[\d+\]\./, '').replace(/\[\d+\].*$/, '')];
  if (!flag) return error;
  return new InputError(error.message.replace(/^[^:]+:/, `${flag}:`), flag);
}

/**
 * Prints results: JSON (an array when the specs came as an array) or, for people, each
 * result's text with a blank line between.
 */
export function printResults<R>(
  results: readonly R[],
  many: boolean,
  json: boolean | undefined,
  text: (result: R) => string,
): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(many ? results : results[0], null, 2)}\n`);
    return;
  }
  process.stdout.write(`${results.map(text).join('\n\n')}\n`);
}
