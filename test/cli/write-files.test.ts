import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically, writeFilesAtomically } from '../../src/cli/write-files.ts';
import { InputError } from '../../src/input/input-error.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFilesAtomically', () => {
  it('writes text and bytes into a folder it creates, and leaves no temporary file', async () => {
    const out = join(dir, 'a', 'b');
    const bytes = Buffer.from([0, 1, 2, 255]);
    const written = await writeFilesAtomically(out, [
      { name: 'odds.csv', content: 'pool,p\r\nd6,0.5\r\n' },
      { name: 'chart.png', content: bytes },
      { name: 'note.txt', content: 'C≥3 ½' },
    ]);
    expect(written).toEqual(['odds.csv', 'chart.png', 'note.txt'].map((n) => join(out, n)));
    expect(await readFile(join(out, 'odds.csv'), 'utf8')).toBe('pool,p\r\nd6,0.5\r\n');
    expect((await readFile(join(out, 'chart.png'))).equals(bytes)).toBe(true);
    expect(await readFile(join(out, 'note.txt'), 'utf8')).toBe('C≥3 ½');
    expect((await readdir(out)).sort()).toEqual(['chart.png', 'note.txt', 'odds.csv']);
  });

  it('replaces files that are already there', async () => {
    await writeFile(join(dir, 'x.csv'), 'old and much longer than the new content');
    await writeFilesAtomically(dir, [{ name: 'x.csv', content: 'new' }]);
    expect(await readFile(join(dir, 'x.csv'), 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['x.csv']);
  });

  it('when one file cannot be written, touches no file and leaves no temporary file', async () => {
    await writeFile(join(dir, 'a.csv'), 'old a');
    // The file system refuses a name this long (255 bytes is the usual limit).
    const tooLong = `${'n'.repeat(300)}.csv`;
    await expect(
      writeFilesAtomically(dir, [
        { name: 'a.csv', content: 'new a' },
        { name: 'b.csv', content: 'new b' },
        { name: tooLong, content: 'never' },
      ]),
    ).rejects.toThrow(/ENAMETOOLONG/);
    expect(await readFile(join(dir, 'a.csv'), 'utf8')).toBe('old a');
    expect(await readdir(dir)).toEqual(['a.csv']);
  });

  it('refuses a target that is a folder before writing anything, naming the flag', async () => {
    await mkdir(join(dir, 'b.svg'));
    const refusal = writeFilesAtomically(dir, [
      { name: 'a.svg', content: '<svg/>' },
      { name: 'b.svg', content: '<svg/>' },
    ]);
    await expect(refusal).rejects.toThrow(InputError);
    await expect(refusal).rejects.toThrow(
      `--out: ${JSON.stringify(dir)} is not allowed (expected a folder dicelab can write files in, but ${join(dir, 'b.svg')} is a folder)`,
    );
    expect(await readdir(dir)).toEqual(['b.svg']);
  });

  it('removes the folders it made when a file cannot be written', async () => {
    const out = join(dir, 'new', 'deeper');
    await expect(
      writeFilesAtomically(out, [
        { name: 'a.csv', content: 'a' },
        { name: `${'n'.repeat(300)}.csv`, content: 'never' },
      ]),
    ).rejects.toThrow(
      `--out: ${JSON.stringify(out)} is not allowed (expected a folder dicelab can write files in, but writing in it fails: name too long (ENAMETOOLONG))`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('names the flag and the file it was given, never its temporary file', async () => {
    const file = join(dir, 'in', 'bl.json');
    await writeFileAtomically(file, '{}', '--baseline');
    expect(await readFile(file, 'utf8')).toBe('{}');
    await mkdir(join(dir, 'folder.json'));
    await expect(writeFileAtomically(join(dir, 'folder.json'), '{}', '--baseline')).rejects.toThrow(
      `--baseline: ${JSON.stringify(join(dir, 'folder.json'))} is not allowed (expected a file dicelab can write, but it is a folder)`,
    );
  });

  // /proc is there but refuses new entries: a folder cannot be made in it, nor a file written.
  const noProc = !existsSync('/proc/self');
  it.skipIf(noProc)(
    'refuses a folder under /proc in one line, and does not hang making it',
    { timeout: 10_000 },
    async () => {
      // Node 20's recursive mkdir of /proc/x retries forever: this test timed out on it.
      await expect(
        writeFilesAtomically('/proc/dicelab-x/y', [{ name: 'a.csv', content: 'a' }]),
      ).rejects.toThrow(
        '--out: "/proc/dicelab-x/y" is not allowed (expected a folder dicelab can write files in, but making the folder /proc/dicelab-x fails: no such file or folder (ENOENT))',
      );
      await expect(writeFileAtomically('/proc/p.json', '{}', '--partial')).rejects.toThrow(
        '--partial: "/proc/p.json" is not allowed (expected a file dicelab can write, but writing it fails: no such file or folder (ENOENT))',
      );
    },
  );

  it('refuses names with a folder in them, empty names and repeated names', async () => {
    for (const name of ['../escape.csv', 'sub/x.csv', 'a\\b', '', '.', '..']) {
      await expect(writeFilesAtomically(dir, [{ name, content: 'x' }])).rejects.toThrow(InputError);
    }
    await expect(
      writeFilesAtomically(dir, [
        { name: 'a', content: '1' },
        { name: 'a', content: '2' },
      ]),
    ).rejects.toThrow(/each name once/);
    expect(await readdir(dir)).toEqual([]);
    expect(await readdir(join(dir, '..'))).not.toContain('escape.csv');
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'stopped by %s mid-write, removes its temporary file and the folders it made',
    async (signal, status) => {
      let run: { code: number | null; caught: boolean } | undefined;
      for (let attempt = 0; attempt < 5 && !run?.caught; attempt++)
        run = await stopWhileWriting(signal);
      expect(run?.caught, 'a temporary file was caught in 5 runs').toBe(true);
      expect(run!.code).toBe(status);
      expect(readdirSync(dir)).toEqual([]);
    },
  );
});

/**
 * A child writing 64 MiB into `dir`/new/deeper (both made by the write), stopped by `signal`
 * once its temporary file is there; `caught`: whether it was caught then (not already done).
 */
async function stopWhileWriting(signal: 'SIGINT' | 'SIGTERM') {
  await rm(join(dir, 'new'), { recursive: true, force: true });
  const out = join(dir, 'new', 'deeper');
  const writer = fileURLToPath(new URL('../../src/cli/write-files.ts', import.meta.url));
  const script = `import { writeFilesAtomically } from ${JSON.stringify(writer)};
await writeFilesAtomically(${JSON.stringify(out)}, [{ name: 'big.bin', content: Buffer.alloc(2 ** 26, 1) }]);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: 'ignore',
  });
  let caught = false;
  const poll = setInterval(() => {
    if (caught || child.exitCode !== null || !existsSync(out)) return;
    if (readdirSync(out).some((name) => name.endsWith('.tmp'))) {
      caught = true;
      child.kill(signal);
    }
  }, 1);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(poll);
  return { code, caught };
}
