// Makes sure a Chromium is on this machine for the browser tests, without downloading one at
// install time: it uses CHROMIUM_PATH or /usr/bin/chromium, and when neither is there and we
// are root on Debian, installs Debian's own `chromium` package with apt-get.
// Run by `npm test` (pretest). Exit status 0: a browser is ready; 1: it is not (one line why).
// Plain JavaScript so it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where Debian's chromium package puts its launcher. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The Chromium the tests use: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
}

const INSTALL = ['apt-get', ['install', '-y', '--no-install-recommends', 'chromium']];
const UPDATE = ['apt-get', ['update']];

/**
 * Finds or installs Chromium. Every effect goes through `system`, so the decisions can be
 * tested without touching the machine.
 * @returns {{ ok: true, path: string, installed: boolean } | { ok: false, message: string }}
 */
export function ensureBrowser(system) {
  const { env, isExecutable, isRoot, isDebian, run, log } = system;
  const path = chromiumPath(env);
  if (isExecutable(path)) return { ok: true, path, installed: false };
  if (env.CHROMIUM_PATH)
    return {
      ok: false,
      message: `ensure-browser: CHROMIUM_PATH=${path} is not an executable file`,
    };
  const cannot = (why) => ({
    ok: false,
    message: `ensure-browser: no Chromium at ${path} and ${why}; install Debian's chromium package or set CHROMIUM_PATH`,
  });
  if (!isDebian()) return cannot('this is not Debian, so it cannot be installed here');
  if (!isRoot()) return cannot('installing it needs root');
  const attempt = ([command, args]) => {
    log(`ensure-browser: ${command} ${args.join(' ')}`);
    return run(command, args) === 0;
  };
  log(`ensure-browser: no Chromium at ${path}; installing Debian's chromium package`);
  const installed = attempt(INSTALL) || (attempt(UPDATE) && attempt(INSTALL));
  if (!installed)
    return cannot('apt-get could not install it (is the network or a mirror reachable?)');
  if (!isExecutable(path)) return cannot(`apt-get installed chromium but ${path} is still missing`);
  log(`ensure-browser: installed ${path}`);
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = ensureBrowser(realSystem);
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
}
