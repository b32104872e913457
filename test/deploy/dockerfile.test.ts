import { copyFile, mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packDicelab, ROOT, run } from '../package/packed.ts';

/**
 * deploy/Dockerfile builds, without a docker engine (none runs here): its build context is made
 * as README says (`npm pack` at the root), exactly what its COPY lines name is copied into a
 * fresh folder (the image's filesystem), and its RUN line runs there as the image's shell runs
 * it, npm's global prefix moved into that folder. Its last command, `dicelab --version`, must
 * print this version; the image tag everywhere in deploy/ and the README is this version.
 */

const DOCKERFILE = join(ROOT, 'deploy', 'Dockerfile');
const VERSION = (
  JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
async function instructions(): Promise<{ op: string; args: string }[]> {
  const text = (await readFile(DOCKERFILE, 'utf8')).replace(/\\\n/g, ' ');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

/** Files of `dir` matching a COPY source (a name, or a name with * globs). */
async function matching(dir: string, source: string): Promise<string[]> {
  const pattern = new RegExp(
    `^${source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
  );
  return (await readdir(dir)).filter((name) => pattern.test(name)).map((name) => join(dir, name));
}

describe('deploy/Dockerfile', () => {
  it('builds: what its COPY lines name, installed by its RUN line, gives a dicelab of this version', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'dicelab-image-'));
    const context = join(scratch, 'context');
    const image = join(scratch, 'image');
    await mkdir(context);
    await mkdir(image);
    await packDicelab(context);
    const steps = await instructions();
    expect(steps.map((s) => s.op)).toEqual(['FROM', 'COPY', 'RUN', 'USER', 'ENTRYPOINT']);
    expect(steps[0]!.args).toMatch(/^node:20/);
    for (const copy of steps.filter((s) => s.op === 'COPY')) {
      const [source, destination] = copy.args.split(' ') as [string, string];
      const found = await matching(context, source);
      expect(found.length, `COPY ${copy.args}: nothing in the context matches`).toBe(1);
      const into = join(image, destination);
      await mkdir(into, { recursive: true });
      for (const file of found) await copyFile(file, join(into, basename(file)));
    }
    // The image's absolute paths live under the image folder; `npm install --global` goes to its prefix.
    const script = steps
      .find((s) => s.op === 'RUN')!
      .args.replace(/(^|\s)\/tmp\//g, `$1${join(image, 'tmp')}/`);
    const built = await run('sh', ['-c', script], image, {
      npm_config_prefix: join(image, 'usr', 'local'),
      npm_config_prefer_offline: 'true',
      PATH: `${join(image, 'usr', 'local', 'bin')}:${process.env.PATH}`,
    });
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(built.stdout.trimEnd().split('\n').at(-1)).toBe(VERSION);
    // The tarball is removed from the image once installed.
    expect(await readdir(join(image, 'tmp'))).toEqual([]);
    expect(steps.at(-1)!.args).toBe('["dicelab"]');
  }, 180_000);

  it('is tagged with this version wherever deploy/ and the README name the image', async () => {
    const files = [
      'README.md',
      'deploy/Dockerfile',
      ...(await readdir(join(ROOT, 'deploy', 'kubernetes'))).map((f) => `deploy/kubernetes/${f}`),
    ];
    let tags = 0;
    for (const file of files) {
      for (const [, tag] of (await readFile(join(ROOT, file), 'utf8')).matchAll(
        /dicelab:(\d[\w.-]*)/g,
      )) {
        expect(tag, file).toBe(VERSION);
        tags++;
      }
    }
    expect(tags).toBeGreaterThanOrEqual(4);
  });
});
