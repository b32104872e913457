import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A real redis-server for the queue's tests and benchmark, on a free 127.0.0.1 port, saving
 * nothing to disk.
 */
export interface LocalRedis {
  readonly port: number;
  readonly pid: number;
  /** The URL of database `db` (0 to 15): each test takes its own, so its queue is its own. */
  url(db: number): string;
  /** Stops the server by its PID and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts Debian's redis-server (installed by `scripts/ensure-redis.mjs` in `pretest`) with
 * `--save '' --appendonly no` on a free port (or `options.port`, to start one again where
 * another was), with `options.args` added (`--maxmemory 2mb`…), and resolves once it accepts
 * connections. A free port taken between choosing it and binding it is retried with another.
 */
export async function startRedis(
  options: { readonly port?: number; readonly args?: readonly string[] } = {},
): Promise<LocalRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'dicelab-redis-'));
  // Found at run time, so this module also runs compiled (build/scripts), beside no .mjs.
  const { redisServerPath } = (await import(
    pathToFileURL(join(packageRoot(), 'scripts', 'ensure-redis.mjs')).href
  )) as { redisServerPath: () => string };
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const server = spawn(
      redisServerPath(),
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        ...(options.args ?? []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (await ready(server)) {
      return {
        port,
        pid: server.pid!,
        url: (db) => `redis://127.0.0.1:${port}/${db}`,
        stop: async () => {
          await stopProcess(server);
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    await stopProcess(server);
    if (attempt === 3 || options.port !== undefined)
      throw new Error(`redis-server did not start on port ${port} (${attempt} tries)`);
  }
}

/** Whether the server says it accepts connections (false if it exits first, or in 10 s). */
function ready(server: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    let output = '';
    const timer = setTimeout(() => resolve(false), 10_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    server.on('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/** A port no one listens on now (the OS's choice for port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(address),
      );
    });
  });
}

/** SIGTERM to the process's PID, SIGKILL after 5 s; resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

/** The package root: the nearest folder above this module with a package.json. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
