import { randomBytes } from 'node:crypto';
import { renameSync, rmdirSync, rmSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readlink, realpath, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, invalid } from '../input/input-error.ts';
import { EXIT } from '../process/exit-status.ts';
import { PATH_PROBLEMS } from '../process/path-problems.ts';
import { statIfSeen } from '../process/stat-if-any.ts';

/** One file to write: a plain name (no folder) and its content. */
export interface FileToWrite {
  readonly name: string;
  readonly content: string | Buffer;
}

/**
 * The flag that named where files go, for messages: `--out` and its folder, or a flag naming
 * the one file written (`--partial`, `--baseline`). A failure says this flag and its value, not
 * dicelab's temporary file.
 */
export interface WriteTarget {
  readonly flag: string;
  /** The value as the user gave it. */
  readonly given: string;
  /** What the value names: the folder the files go in, or the file itself. */
  readonly names: 'folder' | 'file';
}

/**
 * Writes files into `dir` (created if missing) so that no reader ever sees a half-written one:
 * each is written to a temporary name in the same folder and flushed to disk, and only when
 * every one of them is written are they renamed into place, all in one step that SIGINT and
 * SIGTERM do not cut (SIGKILL can, for the milliseconds it lasts). If any write fails, the
 * temporary files and the folders made are removed and no file in `dir` is touched; on SIGINT
 * (Ctrl-C) or SIGTERM while they exist, they and the folders made are removed and the process
 * exits (130 or 143). Once the last is renamed they are the caller's: `placed` is called then,
 * before any signal's handler can run (a command then lets a signal be, see stopUntilPlaced),
 * and a signal from then on is left to the caller's handlers. Strings are written as UTF-8.
 * Returns the paths written, in order.
 * @throws InputError naming `target` (by default `--out` and `dir`) when the folder cannot be
 * made or written in: the flag, its value and why, in one line.
 * @example await writeFilesAtomically('reports/odds', [{ name: 'odds.csv', content: csv }]) // not run: writes files (test/cli/write-files.test.ts)
 */
export async function writeFilesAtomically(
  dir: string,
  files: readonly FileToWrite[],
  target: WriteTarget = { flag: '--out', given: dir, names: 'folder' },
  placed: () => void = () => {},
): Promise<string[]> {
  const names = new Set<string>();
  for (const { name } of files) {
    if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name))
      throw invalid('file name', name, 'a plain file name with no folder');
    if (names.has(name)) throw invalid('file name', name, 'each name once');
    names.add(name);
  }
  const problem = folderProblem(dir);
  if (problem)
    throw refused(
      target,
      problem === 'it is a file' && target.names === 'file' ? `${dir} is a file` : problem,
    );
  await refuseWhatIsInTheWay(target, dir, names);
  const write: WriteInFlight = { temps: [], made: [] };
  removeOnSignal(write);
  const { temps } = write;
  let done = false;
  try {
    await makeFolder(dir, target, write.made);
    // A link to a file is written through: the file it names is replaced, the link kept.
    const paths = await Promise.all(files.map(({ name }) => pathToWrite(target, join(dir, name))));
    for (const [i, file] of files.entries()) {
      const temp = join(dirname(paths[i]!), `.${file.name}.${randomBytes(4).toString('hex')}.tmp`);
      temps.push(temp);
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(file.content);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    // Renamed in one synchronous loop: a signal's handler runs between two awaits, so with an
    // await a rename it would have stopped the batch with some files new and the rest old (a
    // report's charts beside the previous index.html). Now it runs after the last.
    const written: string[] = [];
    for (const [i, file] of files.entries()) {
      renameSync(temps[i]!, paths[i]!);
      written.push(join(dir, file.name));
    }
    // Nothing of the write is left to remove: in the same synchronous stretch as the renames, so
    // that no handler stops as unfinished a run whose files are all in place.
    done = true;
    keepOnSignal(write);
    placed();
    return written;
  } catch (error) {
    const writing = target.names === 'folder' ? 'writing in it' : 'writing it';
    throw systemRefusal(target, error, writing) ?? error;
  } finally {
    if (!done) {
      // The leftovers of a failure. A temp never made may not even be a path (ENAMETOOLONG):
      // that must not hide the failure itself.
      await Promise.all(temps.map((temp) => rm(temp, { force: true }).catch(() => {})));
      await removeFolders(write.made);
      keepOnSignal(write);
    }
  }
}

/**
 * Writes one file atomically (see {@link writeFilesAtomically}), the file `path` that `flag`
 * named: a failure names the flag and the path; `placed` is called once it is in place.
 * @example await writeFileAtomically('reports/baseline.json', json, '--baseline') // not run: writes a file
 */
export async function writeFileAtomically(
  path: string,
  content: string | Buffer,
  flag: string,
  placed: () => void = () => {},
): Promise<void> {
  await writeFilesAtomically(
    dirname(path),
    [{ name: basename(path), content }],
    { flag, given: path, names: 'file' },
    placed,
  );
}

/**
 * Refuses, before any work, a target that the write at the end of it could not write: for a
 * file (`--partial`), a folder in its place or a file in the way of its folder; for a folder
 * (`--out`), a file in the way, or a folder in the place of one of `files`, the names the write
 * will put there; for both, a device, a named pipe, a socket or a dangling link where a file
 * goes, a folder where no file can be made (read-only, no permission,
 * /proc). Tries by making and removing an empty temporary file in the folder the files go in,
 * or in the nearest folder there when it is still to be made (none is made here). A long run
 * thus hears of a bad `--partial` or `--out` at once, not after its work. Reads the file system.
 * @throws InputError naming the target's flag and value, worded as the write's own refusal would be.
 * @example await checkWritable({ flag: '--partial', given: 'parts/part-3.json', names: 'file' }) // not run: touches the file system
 */
export async function checkWritable(
  target: WriteTarget,
  files: Iterable<string> = [],
): Promise<void> {
  const { given } = target;
  const folder = target.names === 'file' ? dirname(given) : given;
  const problem = folderProblem(folder);
  if (problem)
    throw refused(
      target,
      problem === 'it is a file' && target.names === 'file' ? `${folder} is a file` : problem,
    );
  await refuseWhatIsInTheWay(target, folder, target.names === 'file' ? [basename(given)] : files);
  // A link to a file is written through (see writeFilesAtomically): try the folder it is in.
  let there = target.names === 'file' ? dirname(await pathToWrite(target, given)) : folder;
  let toMake: string | undefined;
  while (!(await isFolder(there)) && dirname(there) !== there) {
    toMake = there;
    there = dirname(there);
  }
  const probe: WriteInFlight = {
    temps: [join(there, `.${basename(resolve(given))}.${randomBytes(4).toString('hex')}.tmp`)],
    made: [],
  };
  removeOnSignal(probe);
  try {
    await (await open(probe.temps[0]!, 'wx')).close();
  } catch (error) {
    const doing = toMake
      ? `making the folder ${toMake}`
      : target.names === 'file'
        ? 'writing it'
        : 'writing in it';
    throw systemRefusal(target, error, doing) ?? error;
  } finally {
    await rm(probe.temps[0]!, { force: true }).catch(() => {});
    keepOnSignal(probe);
  }
}

/**
 * Refuses a file to write in `dir` that something other than a file stands in the place of: a
 * folder (its rename would fail after others were done), a device, a named pipe or a socket
 * (the rename would replace it with a plain file), or a symbolic link to none of a file.
 */
async function refuseWhatIsInTheWay(
  target: WriteTarget,
  dir: string,
  names: Iterable<string>,
): Promise<void> {
  for (const name of names) await pathToWrite(target, join(dir, name));
}

/**
 * The path to rename a written file onto, for `path`: itself when nothing or a regular file is
 * there, the file a symbolic link names when it names a regular file (so the link is kept);
 * else refused, naming what is there.
 */
async function pathToWrite(target: WriteTarget, path: string): Promise<string> {
  const found = await lstat(path).catch(() => undefined);
  if (found === undefined || found.isFile()) return path;
  // The path itself is named by the message already when it is the target's file.
  const it = target.names === 'file' ? 'it' : path;
  if (!found.isSymbolicLink()) throw refused(target, `${it} is ${kindOf(found)}`);
  let linked: Stats;
  try {
    linked = await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw systemRefusal(target, error, 'following its link') ?? error;
    throw refused(target, `${it} is a symbolic link to nothing there (${await readlink(path)})`);
  }
  if (!linked.isFile()) throw refused(target, `${it} is a symbolic link to ${kindOf(linked)}`);
  return realpath(path);
}

/** What a path that is not a regular file is, for a message: "a folder", "a named pipe (FIFO)". */
function kindOf(found: Stats): string {
  if (found.isDirectory()) return 'a folder';
  if (found.isCharacterDevice()) return 'a character device, not a file';
  if (found.isBlockDevice()) return 'a block device, not a file';
  if (found.isFIFO()) return 'a named pipe (FIFO), not a file';
  if (found.isSocket()) return 'a socket, not a file';
  return 'not a regular file';
}

/** The one-line message for a target that cannot be written: why, after what is allowed. */
function refused(target: WriteTarget, why: string): InputError {
  const allowed =
    target.names === 'folder' ? 'a folder dicelab can write files in' : 'a file dicelab can write';
  return invalid(target.flag, target.given, `${allowed}, but ${why}`);
}

/** A file-system error as the target's message (what was being done, why it failed), else undefined. */
function systemRefusal(target: WriteTarget, error: unknown, doing: string): InputError | undefined {
  if (error instanceof InputError) return error;
  const { code } = (error ?? {}) as NodeJS.ErrnoException;
  const words = code === undefined ? undefined : PATH_PROBLEMS[code];
  return words ? refused(target, `${doing} fails: ${words} (${code})`) : undefined;
}

/**
 * Makes folder `dir` and its missing parents, one level at a time from the deepest one there:
 * on Node 20, `mkdir(dir, { recursive: true })` never returns for a path such as /proc/x (it
 * retries forever at full CPU). Adds each folder made to `made` as it is made (outermost
 * first: a signal's handler reads it meanwhile, and the caller removes them after a failure);
 * on a failure throws the target's message.
 */
async function makeFolder(dir: string, target: WriteTarget, made: string[]): Promise<void> {
  const missing: string[] = [];
  // The root is always there, so the walk ends; a path that cannot be looked at counts as missing
  // (making it then says why).
  for (let path = dir; !(await isFolder(path)); path = dirname(path)) {
    missing.unshift(path);
    if (dirname(path) === path) break;
  }
  for (const path of missing) {
    try {
      await mkdir(path);
      made.push(path);
    } catch (error) {
      // Made by someone else meanwhile: as good.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await isFolder(path))) continue;
      throw systemRefusal(target, error, `making the folder ${path}`) ?? error;
    }
  }
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

/** Removes the folders {@link makeFolder} made, innermost first, each only if still empty. */
async function removeFolders(made: readonly string[]): Promise<void> {
  for (const path of [...made].reverse()) await rmdir(path).catch(() => {});
}

/** A write under way: its temporary files and the folders it made (outermost first). */
interface WriteInFlight {
  readonly temps: string[];
  readonly made: string[];
}

/** Writes under way: what they left is removed if the process is stopped by a signal. */
const inFlight = new Set<WriteInFlight>();
const STOP_SIGNALS = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated } as const;

function onStopSignal(signal: keyof typeof STOP_SIGNALS): void {
  for (const { temps, made } of inFlight) {
    for (const temp of temps) rmSync(temp, { force: true });
    // Innermost first, each only if empty (as removeFolders, but before the exit).
    for (const path of [...made].reverse()) {
      try {
        rmdirSync(path);
      } catch {}
    }
  }
  inFlight.clear();
  process.stderr.write(`\ndicelab: stopped (${signal}); no temporary file left behind\n`);
  process.exit(STOP_SIGNALS[signal]);
}

function removeOnSignal(write: WriteInFlight): void {
  // First of the listeners: one that exits at once (abortOnSigint's) would leave the temporaries.
  if (inFlight.size === 0)
    for (const signal of Object.keys(STOP_SIGNALS))
      process.prependListener(signal as NodeJS.Signals, onStopSignal as NodeJS.SignalsListener);
  inFlight.add(write);
}

function keepOnSignal(write: WriteInFlight): void {
  if (!inFlight.delete(write) || inFlight.size > 0) return;
  for (const signal of Object.keys(STOP_SIGNALS)) process.off(signal, onStopSignal);
}

/**
 * Why files cannot be written into folder `dir` (made if missing), or undefined when they can
 * as far as the paths go: an empty name, or a file in the way of the folder or of one of its
 * parents.
 * Reads the file system; O(depth of the path).
 * @example folderProblem("notes.txt") // not run: reads the file system; gives "it is a file" when it is one, "notes.txt is a file" for a parent
 */
export function folderProblem(dir: string): string | undefined {
  // resolve("") is the working folder, but making "" fails: refuse it by what it is.
  if (dir === '') return 'its name is empty';
  // A path in a folder that cannot be entered counts as missing: making it then says why.
  for (let path = resolve(dir); ; path = dirname(path)) {
    const found = statIfSeen(path);
    if (found?.isDirectory()) return undefined;
    // The path itself is named by the message already (and may be cut there): say only what it is.
    if (found) return path === resolve(dir) ? 'it is a file' : `${path} is a file`;
    if (dirname(path) === path) return undefined;
  }
}
