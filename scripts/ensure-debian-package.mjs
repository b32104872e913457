// Finds a program the tests need, or installs it from Debian's own packages with apt-get —
// never a download of its own. The decisions of ensure-browser.mjs and ensure-redis.mjs.
// Plain JavaScript so it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

/**
 * What to ensure: `tool` prefixes every line; `program` names it in messages; `packageName` is
 * the Debian package; `path` where the package puts it; `pathVariable` the environment variable
 * that may point elsewhere instead.
 * @typedef {{ tool: string, program: string, packageName: string, path: string, pathVariable: string }} DebianProgram
 */

/** The program's path: its variable when set, else where Debian's package puts it. */
export function programPath(wanted, env = process.env) {
  return env[wanted.pathVariable] || wanted.path;
}

/**
 * Finds or installs the program. Every effect goes through `system`, so the decisions can be
 * tested without touching the machine.
 * @param {DebianProgram} wanted
 * @returns {{ ok: true, path: string, installed: boolean } | { ok: false, message: string }}
 */
export function ensureDebianPackage(wanted, system) {
  const { env, isExecutable, isRoot, isDebian, run, log } = system;
  const { tool, program, packageName, pathVariable } = wanted;
  const path = programPath(wanted, env);
  if (isExecutable(path)) return { ok: true, path, installed: false };
  if (env[pathVariable])
    return { ok: false, message: `${tool}: ${pathVariable}=${path} is not an executable file` };
  const cannot = (why) => ({
    ok: false,
    message: `${tool}: no ${program} at ${path} and ${why}; install Debian's ${packageName} package or set ${pathVariable}`,
  });
  if (!isDebian()) return cannot('this is not Debian, so it cannot be installed here');
  if (!isRoot()) return cannot('installing it needs root');
  const install = ['apt-get', ['install', '-y', '--no-install-recommends', packageName]];
  const update = ['apt-get', ['update']];
  const attempt = ([command, args]) => {
    log(`${tool}: ${command} ${args.join(' ')}`);
    return run(command, args) === 0;
  };
  log(`${tool}: no ${program} at ${path}; installing Debian's ${packageName} package`);
  const installed = attempt(install) || (attempt(update) && attempt(install));
  if (!installed)
    return cannot('apt-get could not install it (is the network or a mirror reachable?)');
  if (!isExecutable(path))
    return cannot(`apt-get installed ${packageName} but ${path} is still missing`);
  log(`${tool}: installed ${path}`);
  return { ok: true, path, installed: true };
}

/** The real machine. */
export const realSystem = {
  env: process.env,
  isExecutable: (path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  isRoot: () => process.getuid?.() === 0,
  isDebian: () => existsSync('/etc/debian_version'),
  run: (command, args) =>
    spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status ?? 1,
  log: (line) => console.log(line),
};

/** Runs `ensureDebianPackage` on this machine as a script: exit 0 when ready, 1 (one line) when not. */
export function ensureAsScript(wanted) {
  const result = ensureDebianPackage(wanted, realSystem);
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
}
