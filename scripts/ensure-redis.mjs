// Makes sure a redis-server is on this machine for the queue tests (which start their own on a
// free port and stop it): it uses REDIS_SERVER_PATH or /usr/bin/redis-server, and when neither
// is there and we are root on Debian, installs Debian's own `redis-server` package (7.x) with
// apt-get. Run by `npm test` (pretest). Exit status 0: ready; 1: not (one line why).
// Plain JavaScript so it runs before anything is built.
import { pathToFileURL } from 'node:url';
import { ensureAsScript, ensureDebianPackage, programPath } from './ensure-debian-package.mjs';

/** Where Debian's redis-server package puts the server. */
export const DEBIAN_REDIS_SERVER = '/usr/bin/redis-server';

const REDIS_SERVER = {
  tool: 'ensure-redis',
  program: 'redis-server',
  packageName: 'redis-server',
  path: DEBIAN_REDIS_SERVER,
  pathVariable: 'REDIS_SERVER_PATH',
};

/** The redis-server the tests start: REDIS_SERVER_PATH when set, else Debian's. */
export function redisServerPath(env = process.env) {
  return programPath(REDIS_SERVER, env);
}

/**
 * Finds or installs redis-server. Every effect goes through `system`, so the decisions can be
 * tested without touching the machine.
 * @returns {{ ok: true, path: string, installed: boolean } | { ok: false, message: string }}
 */
export function ensureRedis(system) {
  return ensureDebianPackage(REDIS_SERVER, system);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  ensureAsScript(REDIS_SERVER);
