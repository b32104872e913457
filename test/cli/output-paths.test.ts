import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.ts';

const scenario = fileURLToPath(new URL('../../scenarios/dorrie-talk.yaml', import.meta.url));
const splits = ['zidara', 'splits', '--steps', '3', '--vs', '3'];
const simulate = ['zidara', 'simulate', 'd8', '--vs', '4', '--trials', '1000', '--quiet'];
const check = ['check', scenario, '--no-baseline', '--quiet'];

// /proc is there on Linux but refuses new entries: no folder can be made in it, no file written.
describe.skipIf(!existsSync('/proc/self'))('an output path the system refuses', () => {
  const folder = 'expected a folder dicelab can write files in';
  const file = 'expected a file dicelab can write';
  const unmade = 'but making the folder /proc/dicelab-x fails: no such file or folder (ENOENT)';
  const unwritten = 'fails: no such file or folder (ENOENT)';
  it.each<[string[], string]>([
    [
      ['compare', '--out', '/proc/dicelab-x'],
      `--out: "/proc/dicelab-x" is not allowed (${folder}, ${unmade})`,
    ],
    [
      [...splits, '--out', '/proc/dicelab-x/y'],
      `--out: "/proc/dicelab-x/y" is not allowed (${folder}, ${unmade})`,
    ],
    [
      [...splits, '--out', '/proc', '--against', '--aura-max 3'],
      `--out: "/proc" is not allowed (${folder}, but writing in it ${unwritten})`,
    ],
    [
      ['report', scenario, '--quiet', '--out', '/proc/dicelab-x'],
      `--out: "/proc/dicelab-x" is not allowed (${folder}, ${unmade})`,
    ],
    [
      [...check, '--out', '/proc'],
      `--out: "/proc" is not allowed (${folder}, but writing in it ${unwritten})`,
    ],
    [
      [...simulate, '--partial', '/proc/dicelab-x/p.json'],
      `--partial: "/proc/dicelab-x/p.json" is not allowed (${file}, ${unmade})`,
    ],
    [
      ['baseline', scenario, '--quiet', '--write', '--baseline', '/proc/bl.json'],
      `--baseline: "/proc/bl.json" is not allowed (${file}, but writing it ${unwritten})`,
    ],
  ])(
    'dicelab %j: one line naming the flag and its value, exit 2, no hang',
    { timeout: 30_000 },
    async (args, message) => {
      const { code, stderr } = await runInProcess(args);
      expect(stderr).toBe(`dicelab: ${message}\n`);
      expect(code).toBe(2);
    },
  );
});

// Renaming a written file onto a device, a named pipe or a link replaced it with a plain file
// (exit 0): the device node was gone, the link replaced by a copy.
describe('an output path that is not a file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dicelab-not-a-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const file = 'expected a file dicelab can write';
  const isRoot = process.getuid?.() === 0;

  it('refuses a named pipe, before any work, and leaves it there', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const { code, stderr } = await runInProcess([...simulate, '--partial', fifo]);
    expect(stderr).toBe(
      `dicelab: --partial: ${JSON.stringify(fifo)} is not allowed (${file}, but it is a named pipe (FIFO), not a file)\n`,
    );
    expect(code).toBe(2);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(!isRoot)('refuses a device (made here, never /dev/null)', async () => {
    const device = join(dir, 'nulldev');
    execFileSync('mknod', ['-m', '666', device, 'c', '1', '3']);
    const { code, stderr } = await runInProcess([...simulate, '--partial', device]);
    expect(stderr).toBe(
      `dicelab: --partial: ${JSON.stringify(device)} is not allowed (${file}, but it is a character device, not a file)\n`,
    );
    expect(code).toBe(2);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
  });

  it('writes the file a link names and keeps the link; refuses a link to nothing', async () => {
    // Empty: a file that holds something other than this shard's partial result is refused.
    await writeFile(join(dir, 't.json'), '');
    const link = join(dir, 'link.json');
    await symlink('t.json', link);
    const written = await runInProcess([...simulate, '--shard', '0/2', '--partial', link]);
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    expect(await readlink(link)).toBe('t.json');
    expect(JSON.parse(readFileSync(join(dir, 't.json'), 'utf8')).format).toBe(
      'dicelab-partial-result',
    );

    const dangling = join(dir, 'dangling.json');
    await symlink('nowhere', dangling);
    const refused = await runInProcess([...simulate, '--shard', '0/2', '--partial', dangling]);
    // A value this long is cut in the message; its end says why.
    expect(refused.stderr).toMatch(
      /^dicelab: --partial: .* is not allowed \(expected a file dicelab can write, but it is a symbolic link to nothing there \(nowhere\)\)\n$/,
    );
    expect(refused.code).toBe(2);
    expect(await readlink(dangling)).toBe('nowhere');
  });

  it('refuses a named pipe among the files an --out folder gets', async () => {
    const out = join(dir, 'out');
    await mkdir(out);
    execFileSync('mkfifo', [join(out, 'splits.csv')]);
    const { code, stderr } = await runInProcess([...splits, '--out', out]);
    expect(stderr).toBe(
      `dicelab: --out: ${JSON.stringify(out)} is not allowed (expected a folder dicelab can write files in, but ${join(out, 'splits.csv')} is a named pipe (FIFO), not a file)\n`,
    );
    expect(code).toBe(2);
  });
});
