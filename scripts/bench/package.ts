import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from 'simple-statistics';
import type { BenchRow } from './bench-row.ts';
import { packageRoot } from './package-root.ts';

/** Issue 21's aims for a game's repository installing dicelab from a tarball. */
const TARGETS = { installSeconds: 20, nodeModulesMb: 60 } as const;
const MB = 1024 * 1024;

/** A user's environment: npm's own variables of `npm run bench` left out, but for the cache. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^npm_/i.test(name) || name.toLowerCase() === 'npm_config_cache',
  ),
);

/** Bytes of every file under `dir`, and the disk they take (`du`'s figure: whole blocks). */
function sizeOf(dir: string): { bytes: number; disk: number } {
  const size = { bytes: 0, disk: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stat = statSync(path);
    size.disk += stat.blocks * 512;
    if (entry.isDirectory()) {
      const inner = sizeOf(path);
      size.bytes += inner.bytes;
      size.disk += inner.disk;
    } else if (entry.isFile()) size.bytes += stat.size;
  }
  return size;
}

/** Wall-clock ms of one run of a command. */
function timed(command: string, args: readonly string[], cwd: string): number {
  const start = performance.now();
  execFileSync(command, args, { cwd, env, stdio: 'ignore' });
  return performance.now() - start;
}

/**
 * dicelab as a game's repository gets it: the built tree packed (`npm pack --ignore-scripts`),
 * its tarball installed into empty projects (`npm install --prefer-offline`: the npm cache warm,
 * as after the project's own `npm ci`; best of 3), the size of what that leaves in
 * node_modules, and the installed bin's start-up (`--version`, and a roll at the prompt).
 */
export async function benchPackage(): Promise<BenchRow[]> {
  const root = packageRoot();
  const scratch = mkdtempSync(join(tmpdir(), 'dicelab-bench-package-'));
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
        cwd: root,
        env,
        encoding: 'utf8',
      }),
    ) as { filename: string; size: number; unpackedSize: number }[];
    const tarball = join(scratch, packed!.filename);
    const installs: number[] = [];
    let game = '';
    for (let i = 0; i < 3; i++) {
      game = join(scratch, `game-${i}`);
      mkdirSync(game);
      writeFileSync(join(game, 'package.json'), '{ "name": "game", "private": true }\n');
      installs.push(
        timed('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], game),
      );
    }
    const installSeconds = Math.min(...installs) / 1000;
    const size = sizeOf(join(game, 'node_modules'));
    const nodeModulesMb = size.bytes / MB;
    const bin = join(game, 'node_modules', '.bin', 'dicelab');
    const version = Array.from({ length: 7 }, () => timed(bin, ['--version'], game));
    const roll = Array.from({ length: 5 }, () =>
      timed(bin, ['zidara', 'odds', 'd12', 'd4', '--vs', '3', '--resolve', '1'], game),
    );
    return [
      { name: 'package: tarball (npm pack)', value: packed!.size / MB, unit: 'MB' },
      { name: 'package: unpacked', value: packed!.unpackedSize / MB, unit: 'MB' },
      {
        name: 'package: npm install of the tarball into an empty project, cache warm (best of 3)',
        value: installSeconds,
        unit: 's',
        target: `≤ ${TARGETS.installSeconds}`,
        ok: installSeconds <= TARGETS.installSeconds,
      },
      {
        name: 'package: node_modules after that install',
        value: nodeModulesMb,
        unit: 'MB',
        target: `≤ ${TARGETS.nodeModulesMb}`,
        ok: nodeModulesMb <= TARGETS.nodeModulesMb,
      },
      { name: 'package: the same node_modules on disk (du)', value: size.disk / MB, unit: 'MB' },
      {
        name: 'package: installed bin, dicelab --version (median of 7)',
        value: median(version),
        unit: 'ms',
      },
      {
        name: 'package: installed bin, zidara odds d12 d4 --vs 3 --resolve 1 (median of 5)',
        value: median(roll),
        unit: 'ms',
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
