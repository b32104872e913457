import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { InputError, invalid } from '../input/input-error.ts';
import { EXIT } from '../process/exit-status.ts';
import { statIfAny } from '../process/stat-if-any.ts';

/** One file to write: a plain name (no folder) and its content. */
export interface FileToWrite {
  readonly name: string;
  readonly content: string | Buffer;
}

/**
 * Writes files into `dir` (created if missing) so that no reader ever sees a half-written one:
 * each is written to a temporary name in the same folder and flushed to disk, and only when
 * every one of them is written are they renamed into place. If any write fails, the temporary
 * files are removed and no file in `dir` is touched; on SIGINT (Ctrl-C) or SIGTERM while they
 * exist, they are removed and the process exits (130 or 143). Strings are written as UTF-8.
 * Returns the paths written, in order.
 * @example await writeFilesAtomically('reports/odds', [{ name: 'odds.csv', content: csv }]) // not run: writes files (test/cli/write-files.test.ts)
 */
export async function writeFilesAtomically(
  dir: string,
  files: readonly FileToWrite[],
): Promise<string[]> {
  const names = new Set<string>();
  for (const { name } of files) {
    if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name))
      throw invalid('file name', name, 'a plain file name with no folder');
    if (names.has(name)) throw invalid('file name', name, 'each name once');
    names.add(name);
  }
  const problem = folderProblem(dir);
  if (problem) throw new InputError(`${dir}: cannot write files here (${problem})`);
  await mkdir(dir, { recursive: true });
  // A target that is a folder would fail its rename after others were done: refuse it first.
  for (const name of names) {
    const found = await lstat(join(dir, name)).catch(() => undefined);
    if (found?.isDirectory())
      throw invalid('file name', join(dir, name), 'a path that is not a folder');
  }
  const temps: string[] = [];
  try {
    for (const file of files) {
      const temp = join(dir, `.${file.name}.${randomBytes(4).toString('hex')}.tmp`);
      temps.push(temp);
      removeOnSignal(temp);
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(file.content);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    const written: string[] = [];
    for (const [i, file] of files.entries()) {
      const target = join(dir, file.name);
      await rename(temps[i]!, target);
      written.push(target);
    }
    return written;
  } finally {
    // After success these are gone (renamed); after a failure they are the leftovers.
    await Promise.all(temps.map((temp) => rm(temp, { force: true })));
    for (const temp of temps) keepOnSignal(temp);
  }
}

/** Temporary files being written now: removed if the process is stopped by a signal. */
const inFlight = new Set<string>();
const STOP_SIGNALS = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated } as const;

function onStopSignal(signal: keyof typeof STOP_SIGNALS): void {
  for (const temp of inFlight) rmSync(temp, { force: true });
  inFlight.clear();
  process.stderr.write(`\ndicelab: stopped (${signal}); no temporary file left behind\n`);
  process.exit(STOP_SIGNALS[signal]);
}

function removeOnSignal(temp: string): void {
  if (inFlight.size === 0)
    for (const signal of Object.keys(STOP_SIGNALS)) process.on(signal, onStopSignal);
  inFlight.add(temp);
}

function keepOnSignal(temp: string): void {
  if (!inFlight.delete(temp) || inFlight.size > 0) return;
  for (const signal of Object.keys(STOP_SIGNALS)) process.off(signal, onStopSignal);
}

/**
 * Why files cannot be written into folder `dir` (made if missing), or undefined when they can
 * as far as the paths go: a file in the way of the folder or of one of its parents.
 * Reads the file system; O(depth of the path).
 * @example folderProblem("notes.txt") // not run: reads the file system; gives "it is a file" when it is one, "notes.txt is a file" for a parent
 */
export function folderProblem(dir: string): string | undefined {
  for (let path = resolve(dir); ; path = dirname(path)) {
    const found = statIfAny(path);
    if (found?.isDirectory()) return undefined;
    // The path itself is named by the message already (and may be cut there): say only what it is.
    if (found) return path === resolve(dir) ? 'it is a file' : `${path} is a file`;
    if (dirname(path) === path) return undefined;
  }
}
