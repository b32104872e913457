import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { DebianSystem } from '../../scripts/ensure-debian-package.mjs';
import { DEBIAN_REDIS_SERVER, ensureRedis, redisServerPath } from '../../scripts/ensure-redis.mjs';

/** A machine described by the test (see ensure-browser.test.ts); it records every command. */
function machine(options: { present?: string[]; env?: Record<string, string>; apt?: number[] }) {
  const files = new Set(options.present ?? []);
  const statuses = [...(options.apt ?? [])];
  const commands: string[] = [];
  const lines: string[] = [];
  const system: DebianSystem = {
    env: options.env ?? {},
    isExecutable: (path) => files.has(path),
    isRoot: () => true,
    isDebian: () => true,
    run: (command, args) => {
      commands.push([command, ...args].join(' '));
      const status = statuses.shift() ?? 1;
      if (status === 0 && args[0] === 'install') files.add(DEBIAN_REDIS_SERVER);
      return status;
    },
    log: (line) => lines.push(line),
  };
  return { system, commands, lines };
}

const INSTALL = 'apt-get install -y --no-install-recommends redis-server';

describe('ensureRedis', () => {
  it('uses REDIS_SERVER_PATH, else /usr/bin/redis-server', () => {
    expect(redisServerPath({})).toBe('/usr/bin/redis-server');
    expect(redisServerPath({ REDIS_SERVER_PATH: '/opt/r/redis-server' })).toBe(
      '/opt/r/redis-server',
    );
  });

  it('does nothing when the server is there', () => {
    const m = machine({ present: [DEBIAN_REDIS_SERVER] });
    expect(ensureRedis(m.system)).toEqual({
      ok: true,
      path: DEBIAN_REDIS_SERVER,
      installed: false,
    });
    expect([...m.commands, ...m.lines]).toEqual([]);
  });

  it("installs Debian's redis-server package, with apt-get update when the first try fails", () => {
    const m = machine({ apt: [100, 0, 0] });
    expect(ensureRedis(m.system)).toEqual({ ok: true, path: DEBIAN_REDIS_SERVER, installed: true });
    expect(m.commands).toEqual([INSTALL, 'apt-get update', INSTALL]);
    expect(m.lines[0]).toBe(
      "ensure-redis: no redis-server at /usr/bin/redis-server; installing Debian's redis-server package",
    );
  });

  it('gives up with one line naming the package when apt-get cannot install it', () => {
    const result = ensureRedis(machine({ apt: [100, 100] }).system);
    expect(result).toEqual({
      ok: false,
      message:
        "ensure-redis: no redis-server at /usr/bin/redis-server and apt-get could not install it (is the network or a mirror reachable?); install Debian's redis-server package or set REDIS_SERVER_PATH",
    });
  });

  it('as a script: exits 0 quietly when the server is there, 1 with one line when not', () => {
    const script = 'scripts/ensure-redis.mjs';
    const ok = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, '', '']);
    const bad = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, REDIS_SERVER_PATH: '/nowhere/redis-server' },
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(
      'ensure-redis: REDIS_SERVER_PATH=/nowhere/redis-server is not an executable file\n',
    );
  });
});
