import { LineCounter, parseDocument } from 'yaml';
import { InputError } from './input-error.ts';
import { fieldPath, yamlLocator } from './yaml-locator.ts';

/**
 * A user's JSON or YAML file, parsed with positions kept, so a problem found later in its
 * value can be reported as `path:line:col: message`.
 */
export interface InputSource {
  readonly path: string;
  readonly value: unknown;
  /** `path:line:col` of a field such as "[2].dice[0].sides" (the nearest existing parent). */
  locate(field: string): string;
  /** Rethrows an InputError with the position of its field; other errors pass unchanged. */
  located(error: unknown, prefix?: string): unknown;
}

/**
 * Parses `text` (JSON is YAML too) keeping positions. A syntax error is an InputError with
 * `path:line:col`. Pure: the caller reads the file.
 * @example parseInputSource('{"dice": 7}', 'roll.json').locate('dice') // "roll.json:1:10"
 */
export function parseInputSource(text: string, path: string): InputSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    const at = lineCounter.linePos(first.pos[0]);
    throw new InputError(`${path}:${at.line}:${at.col}: ${first.message.split('\n')[0]}`);
  }
  const locator = yamlLocator(doc, lineCounter);
  const locate = (field: string, key = false): string => {
    const at = locator(fieldPath(field), { key });
    return `${path}:${at.line}:${at.col}`;
  };
  return {
    path,
    value: doc.toJS(),
    locate,
    located(error, prefix = '') {
      if (!(error instanceof InputError) || error.field === undefined) return error;
      const field = `${prefix}${error.field}`;
      // An unknown field is pointed at by its name, anything else by its value.
      const key = / no such field \(/.test(error.message);
      return new InputError(`${locate(field, key)}: ${error.message}`, field);
    },
  };
}
