import { readFileSync } from 'node:fs';
import { formatCount } from '../format/format-count.ts';
import { InputError } from './input-error.ts';

/**
 * What one input file (a spec file, a scenario file, a partial result) may be, so that a
 * careless or hostile file is refused with a clear message before it costs minutes or memory.
 */
export const INPUT_LIMITS = {
  /** Bytes of a JSON file: `JSON.parse` reads 64 MiB in well under a second. */
  jsonBytes: 64 * 2 ** 20,
  /** Bytes of a YAML file: YAML keeps every node's position, about 1 s and 100 MB a MiB. */
  yamlBytes: 4 * 2 ** 20,
  /** Arrays and objects nested in each other; dicelab's own formats need fewer than 10. */
  nesting: 64,
  /** Alias expansions in one YAML file (a "billion laughs" file expands them exponentially). */
  yamlAliases: 100,
  /** Specs in one spec file: each is checked before any is worked out, and all are held. */
  specs: 100_000,
} as const;

/**
 * Why a file of `bytes` bytes is not read, or undefined when it may be: JSON (by default, a
 * `.json` name) up to `INPUT_LIMITS.jsonBytes`, anything else, parsed as YAML, up to
 * `yamlBytes`. For readers to ask before reading. O(1).
 * @example inputSizeProblem(5e6, 'big.yaml') // "big.yaml: 5,000,000 bytes is too big (expected at most 4,194,304 bytes for YAML; JSON may have 67,108,864)"
 */
export function inputSizeProblem(
  bytes: number,
  path: string,
  json = isJsonPath(path),
): string | undefined {
  const most = json ? INPUT_LIMITS.jsonBytes : INPUT_LIMITS.yamlBytes;
  if (bytes <= most) return undefined;
  const n = formatCount;
  return json
    ? `${path}: ${n(bytes)} bytes is too big (expected at most ${n(most)} bytes for JSON)`
    : `${path}: ${n(bytes)} bytes is too big (expected at most ${n(most)} bytes for YAML; JSON may have ${n(INPUT_LIMITS.jsonBytes)})`;
}

/**
 * A file's bytes as text, refusing bytes that are not UTF-8 (a Latin-1 file would otherwise
 * read as replacement characters) with the line, column and byte offset of the first one. A
 * leading byte-order mark is dropped. Pure: the caller reads the file. O(bytes).
 * @example decodeUtf8(Buffer.from('caf\xe9', 'latin1'), 'a.yaml')
 * // throws "a.yaml:1:4: byte 0xE9 at offset 3 is not UTF-8 (save the file as UTF-8)"
 */
export function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Decoded leniently, each bad sequence becomes one U+FFFD; the first one that does not
    // stand for a real U+FFFD (EF BF BD) in the file is the first bad byte.
    const text = new TextDecoder('utf-8').decode(bytes);
    for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
      const offset = Buffer.byteLength(text.slice(0, i));
      if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)
        continue;
      const { line, col } = linePosition(text, i);
      const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
      throw new InputError(
        `${path}:${line}:${col}: byte 0x${byte} at offset ${offset} is not UTF-8 (save the file as UTF-8)`,
      );
    }
    throw new InputError(`${path}: not UTF-8 (save the file as UTF-8)`);
  }
}

/** A `.json` name: read with `JSON.parse` and allowed `INPUT_LIMITS.jsonBytes`. */
export function isJsonPath(path: string): boolean {
  return /\.json$/i.test(path);
}

/** Line and column of an offset in `text` (1-based, counting UTF-16 units as the parsers do). */
export function linePosition(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  let line = 1;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
  return { line, col: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/**
 * A file's bytes. A file that cannot be read is bad input: an InputError whose message
 * `say(reason)` words, the reason being the system's code (EACCES, …).
 * @example readBytes('no/such/file', (why) => `spec: cannot read (${why})`) // throws "spec: cannot read (ENOENT)"
 */
export function readBytes(path: string, say: (reason: string) => string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new InputError(say((error as NodeJS.ErrnoException).code ?? (error as Error).message));
  }
}
