import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError } from '@commander-js/extra-typings';
import sirv from 'sirv';
import { invalid } from '../input/input-error.ts';
import { EXIT } from '../process/exit-status.ts';
import { RunError } from '../process/run-error.ts';
import { MAX_PORT } from '../queue/redis-url.ts';
import { PAGE_SITE, SERVE_DEFAULTS } from '../report/page-site.ts';
import { integerFlag } from './flags.ts';

/** The built site, beside the compiled CLI (`npm run build` writes it). */
const SITE_DIR = fileURLToPath(new URL(`../../${PAGE_SITE.buildDir}`, import.meta.url));

/** `--host`: an IP address to listen on (0.0.0.0 or :: is every network of this machine). */
function hostFlag(raw: string): string {
  if (raw === 'localhost' || isIP(raw) !== 0) return raw;
  throw new InvalidArgumentError(
    `${JSON.stringify(raw)} is not allowed (expected an IP address such as ${SERVE_DEFAULTS.host} or 0.0.0.0, or localhost)`,
  );
}

/**
 * `dicelab serve [--port N] [--host H]`: serves the installable page (dist/site/) over http,
 * for a phone on the same network or a look before publishing it. It prints the address to
 * open and runs until stopped.
 */
export function registerServe(program: Command) {
  program
    .command('serve')
    .description('serve the player page as an installable site (dist/site/) over http')
    .option(
      '--port <n>',
      `port to listen on (0: any free one)`,
      integerFlag(0, MAX_PORT),
      SERVE_DEFAULTS.port,
    )
    .option(
      '--host <address>',
      'address to listen on (0.0.0.0: every network of this machine, so a phone on the same network can open it)',
      hostFlag,
      SERVE_DEFAULTS.host,
    )
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
A browser installs the page (Add to Home Screen, offline use) only from https or from this
machine itself (127.0.0.1, localhost): over a network address it opens as a plain page. For
the group's phones, publish dist/site/ over https (deploy/github-actions/pages.yml does, on
GitHub Pages) and share that link.

Examples:
  dicelab serve                     http://127.0.0.1:${SERVE_DEFAULTS.port}/
  dicelab serve --port 8080
  dicelab serve --host 0.0.0.0      also prints the address a phone on the same network opens`,
    )
    .action(async (options) => {
      if (!existsSync(SITE_DIR))
        throw new RunError(
          `serve: the site is not built (${SITE_DIR} is missing): run npm run build`,
          EXIT.unavailable,
        );
      const server = await listen(SITE_DIR, options.port, options.host);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      // Listening for the signals before saying so: one sent on reading the address is caught.
      const stopped = new Promise<void>((resolve) => {
        const stop = (status: number) => () => {
          process.exitCode = status;
          server.close(() => resolve());
          server.closeAllConnections();
        };
        process.once('SIGINT', stop(EXIT.interrupted));
        process.once('SIGTERM', stop(EXIT.terminated));
      });
      for (const url of siteUrls(options.host, port)) process.stdout.write(`serve: ${url}\n`);
      process.stdout.write('serve: Ctrl-C stops it\n');
      await stopped;
    });
}

/**
 * Serves `dir`: its files as they are now (a build while it serves is served at once: sirv's
 * `dev` reads each file when asked, and tells the browser's HTTP cache to ask again, so the
 * service worker sees a new version), `index.html` for `/`.
 */
function listen(dir: string, port: number, host: string): Promise<Server> {
  const files = sirv(dir, { dev: true, etag: true });
  const server = createServer((request, response) =>
    files(request, response, () => {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('not found\n');
    }),
  );
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(listenProblem(error, port, host)),
    );
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Why `serve` could not listen, as the flag at fault: a port in use, a port this user may not
 * open (below 1024 most systems keep them for the administrator: the port is free, the right is
 * missing), an address not this machine's; any other error as it is.
 * @example String(listenProblem(Object.assign(new Error(), { code: 'EADDRINUSE' }), 8080, '127.0.0.1')) // "InputError: --port: 8080 is not allowed (expected a port free to listen on (EADDRINUSE))"
 */
export function listenProblem(error: NodeJS.ErrnoException, port: number, host: string): unknown {
  switch (error.code) {
    case 'EADDRINUSE':
      return invalid('--port', port, `a port free to listen on (${error.code})`);
    case 'EACCES':
      return invalid(
        '--port',
        port,
        `a port this user may listen on: it needs privileges, as ports below 1024 usually do (run as an administrator, or pick one such as --port ${SERVE_DEFAULTS.port}) (${error.code})`,
      );
    case 'EADDRNOTAVAIL':
      return invalid('--host', host, `an address of this machine (${error.code})`);
    default:
      return error;
  }
}

/** The addresses to open: the host's own, and for every network, each of this machine's. */
function siteUrls(host: string, port: number): string[] {
  const url = (address: string) =>
    `http://${address.includes(':') ? `[${address}]` : address}:${port}/`;
  if (host !== '0.0.0.0' && host !== '::') return [url(host)];
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((net) => net && !net.internal && net.family === 'IPv4')
    .map((net) => `${url(net!.address)} (this network: open it on a phone)`);
  return [url('127.0.0.1'), ...lan];
}
