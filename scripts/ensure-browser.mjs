// Makes sure a Chromium is on this machine for the browser tests, without downloading one at
// install time: it uses CHROMIUM_PATH or /usr/bin/chromium, and when neither is there and we
// are root on Debian, installs Debian's own `chromium` package with apt-get.
// Run by `npm test` (pretest). Exit status 0: a browser is ready; 1: it is not (one line why).
// Plain JavaScript so it runs before anything is built.
import { pathToFileURL } from 'node:url';
import {
  ensureAsScript,
  ensureDebianPackage,
  programPath,
  realSystem,
} from './ensure-debian-package.mjs';

/** Where Debian's chromium package puts its launcher. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const CHROMIUM = {
  tool: 'ensure-browser',
  program: 'Chromium',
  packageName: 'chromium',
  path: DEBIAN_CHROMIUM,
  pathVariable: 'CHROMIUM_PATH',
};

/** The flags that keep headless Chromium quiet on a machine with no network (tests and bench). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The Chromium the tests use: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env = process.env) {
  return programPath(CHROMIUM, env);
}

/**
 * Finds or installs Chromium. Every effect goes through `system`, so the decisions can be
 * tested without touching the machine.
 * @returns {{ ok: true, path: string, installed: boolean } | { ok: false, message: string }}
 */
export function ensureBrowser(system) {
  return ensureDebianPackage(CHROMIUM, system);
}

export { realSystem };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  ensureAsScript(CHROMIUM);
