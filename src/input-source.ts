import { isNode, LineCounter, parseDocument } from 'yaml';
import { InputError } from './input-error.ts';

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
  const place = (offset: number) => {
    const at = lineCounter.linePos(offset);
    return `${path}:${at.line}:${at.col}`;
  };
  const locate = (field: string): string => {
    const steps = fieldPath(field);
    for (let n = steps.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(steps.slice(0, n), true);
      if (isNode(node) && node.range) return place(node.range[0]);
    }
    return `${path}:1:1`;
  };
  return {
    path,
    value: doc.toJS(),
    locate,
    located(error, prefix = '') {
      if (!(error instanceof InputError) || error.field === undefined) return error;
      const field = `${prefix}${error.field}`;
      return new InputError(`${locate(field)}: ${error.message}`, field);
    },
  };
}

/** "[2].dice[0].sides" → [2, "dice", 0, "sides"]. */
function fieldPath(field: string): (string | number)[] {
  const steps: (string | number)[] = [];
  for (const part of field.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    steps.push(part.startsWith('[') ? Number(part.slice(1, -1)) : part);
  }
  return steps;
}
