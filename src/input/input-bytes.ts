import { closeSync, openSync, readSync, type Stats } from 'node:fs';
import { formatCount } from '../format/format-count.ts';
import { readProblem } from '../process/path-problems.ts';
import { statIfAny } from '../process/stat-if-any.ts';
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

/** The most bytes read of a file: `INPUT_LIMITS.jsonBytes` for JSON, `yamlBytes` for YAML. */
export function inputByteLimit(json: boolean): number {
  return json ? INPUT_LIMITS.jsonBytes : INPUT_LIMITS.yamlBytes;
}

/**
 * Why a file of `bytes` bytes is not read, or undefined when it may be: JSON (by default, a
 * `.json` name) up to `INPUT_LIMITS.jsonBytes`, anything else, parsed as YAML, up to
 * `yamlBytes`. For readers to ask before reading; `more` when reading stopped past the limit
 * (a pipe or a device, whose size is not known): the file holds more than `bytes`. O(1).
 * @example inputSizeProblem(5e6, 'big.yaml') // "big.yaml: 5,000,000 bytes is too big (expected at most 4,194,304 bytes for YAML; JSON may have 67,108,864)"
 */
export function inputSizeProblem(
  bytes: number,
  path: string,
  json = isJsonPath(path),
  more = false,
): string | undefined {
  const most = inputByteLimit(json);
  if (bytes <= most) return undefined;
  const n = formatCount;
  const size = more ? `more than ${n(most)} bytes` : `${n(bytes)} bytes`;
  return json
    ? `${path}: ${size} is too big (expected at most ${n(most)} bytes for JSON)`
    : `${path}: ${size} is too big (expected at most ${n(most)} bytes for YAML; JSON may have ${n(INPUT_LIMITS.jsonBytes)})`;
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
 * How every reader of a user's file words what stops it, `why` in `readProblem`'s words:
 * `flag: cannot read "path" (why)` when a flag named the file, else `path: cannot read (why)`.
 * @example cannotRead('roll.json', '--spec')('no such file') // '--spec: cannot read "roll.json" (no such file)'
 */
export function cannotRead(path: string, flag?: string): (why: string) => string {
  return flag === undefined
    ? (why) => `${path}: cannot read (${why})`
    : (why) => `${flag}: cannot read ${JSON.stringify(path)} (${why})`;
}

/**
 * The stat of a file to read, or undefined when nothing is there. A path that cannot be looked
 * at (in a folder that cannot be entered, EACCES; a symbolic link loop) is bad input: an
 * InputError whose message `say(reason)` words, the reason in `readProblem`'s words.
 * @example statToRead('no/such/file', cannotRead('no/such/file', '--spec')) // undefined
 */
export function statToRead(path: string, say: (reason: string) => string): Stats | undefined {
  try {
    return statIfAny(path);
  } catch (error) {
    throw new InputError(say(readProblem((error as NodeJS.ErrnoException).code)));
  }
}

/**
 * A user's file's bytes (a spec, a scenario, a baseline, a partial result), refused before
 * reading when it is missing, a folder or too big, and worded by {@link cannotRead} (the file's
 * `flag`, if one named it) whatever reads it; then read as {@link readBytes}.
 * @example readFileBytes('no/such/file.json', true, '--spec') // throws '--spec: cannot read "no/such/file.json" (no such file)'
 */
export function readFileBytes(path: string, json: boolean, flag?: string): Buffer {
  const say = cannotRead(path, flag);
  const found = statToRead(path, say);
  if (!found) throw new InputError(say(readProblem('ENOENT')));
  if (found.isDirectory()) throw new InputError(say(readProblem('EISDIR')));
  const tooBig = inputSizeProblem(found.size, path, json);
  if (tooBig) throw new InputError(tooBig);
  return readBytes(path, say, json);
}

/** Bytes asked of the system at a time while reading an input file. */
const READ_CHUNK_BYTES = 2 ** 20;

/**
 * A file's bytes, read up to the size limit (`inputSizeProblem`, JSON or YAML) and no
 * further: a pipe, /dev/zero or a file still growing is refused as soon as it passes the limit,
 * rather than read whole (or forever) first. A file that cannot be read is bad input: an
 * InputError whose message `say(reason)` words, the reason in `readProblem`'s words
 * ("permission denied"). O(limit) time and memory at most.
 * @example readBytes('no/such/file', (why) => `spec: cannot read (${why})`) // throws "spec: cannot read (no such file)"
 */
export function readBytes(
  path: string,
  say: (reason: string) => string,
  json = isJsonPath(path),
): Buffer {
  const most = inputByteLimit(json);
  const chunks: Buffer[] = [];
  let total = 0;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    // One byte past the limit is enough to know the file is too big.
    while (total <= most) {
      const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, most + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
    }
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new InputError(say(code === undefined ? (error as Error).message : readProblem(code)));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const tooBig = inputSizeProblem(total, path, json, true);
  if (tooBig) throw new InputError(tooBig);
  return Buffer.concat(chunks, total);
}
