import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { invalid } from '../input-error.ts';

/** One file to write: a plain name (no folder) and its content. */
export interface FileToWrite {
  readonly name: string;
  readonly content: string | Buffer;
}

/**
 * Writes files into `dir` (created if missing) so that no reader ever sees a half-written one:
 * each is written to a temporary name in the same folder and flushed to disk, and only when
 * every one of them is written are they renamed into place. If any write fails, the temporary
 * files are removed and no file in `dir` is touched. Strings are written as UTF-8.
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
  }
}
