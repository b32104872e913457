import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenProblem } from '../../src/cli/serve.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { PAGE_SITE } from '../../src/report/page-site.ts';
import { builtFile } from '../built.ts';
import { cliInProcess } from './cli-in-process.ts';

// Serving itself (the site, the signals, a phone's address) is tested with a browser in
// test/page/site.test.ts; here, the ways it cannot start.
describe('dicelab serve: when it cannot serve', () => {
  it('refuses a port another program listens on: one line naming --port, exit 2', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const run = await cliInProcess('serve', '--port', String(port));
      expect(run.status).toBe(EXIT.badInput);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `dicelab: --port: "${port}" is not allowed (expected a port free to listen on (EADDRINUSE))\n`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('says a port it may not open needs privileges, not that it is taken', () => {
    // EACCES said "expected a port free to listen on (EACCES)" of a free port below 1024. Made
    // here from its code: a test cannot count on a port it is refused (as root, none is).
    const refused = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), {
      code: 'EACCES',
    });
    expect((listenProblem(refused, 80, '0.0.0.0') as Error).message).toBe(
      '--port: 80 is not allowed (expected a port this user may listen on: it needs privileges, as ports below 1024 usually do (run as an administrator, or pick one such as --port 4173) (EACCES))',
    );
    const taken = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect((listenProblem(taken, 4173, '127.0.0.1') as Error).message).toBe(
      '--port: 4173 is not allowed (expected a port free to listen on (EADDRINUSE))',
    );
    const other = Object.assign(new Error('listen EMFILE'), { code: 'EMFILE' });
    expect(listenProblem(other, 4173, '127.0.0.1')).toBe(other);
  });

  it('without its built site says so in one line, exit 69 as the README lists it', () => {
    // The compiled CLI of the run's build, all of it but the site.
    const copy = mkdtempSync(join(tmpdir(), 'dicelab-unbuilt-'));
    const site = builtFile(PAGE_SITE.buildDir);
    cpSync(builtFile('dist'), join(copy, 'dist'), {
      recursive: true,
      filter: (path) => !path.startsWith(site),
    });
    for (const part of ['bin', 'package.json'])
      cpSync(builtFile(part), join(copy, part), { recursive: true });
    symlinkSync(builtFile('node_modules'), join(copy, 'node_modules'), 'dir');
    const run = spawnSync(
      process.execPath,
      [join(copy, 'bin', 'dicelab.js'), 'serve', '--port', '0'],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(run.status).toBe(EXIT.unavailable);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `dicelab: serve: the site is not built (${join(copy, PAGE_SITE.buildDir)} is missing): run npm run build\n`,
    );
  });
});
