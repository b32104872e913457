import { execFile, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtFile, builtUrl } from '../built.ts';

/**
 * Start-up: the compiled CLI (dist/, built by `npm test`; the run's copy of it) run in a child process with a module
 * resolve hook, listing every package it loads. A command that draws no chart and runs no
 * simulation must not load the charting, font, rasteriser, worker-pool or CSV packages.
 */
const main = builtUrl('dist/cli/main.js');
const newestSource = (dir: string): number =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory()
        ? newestSource(join(dir, entry.name))
        : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
// `npm test` builds first; a bare `vitest run` may find no build, or an old one.
const fresh =
  existsSync(main) &&
  statSync(main).mtimeMs >= newestSource(fileURLToPath(new URL('../../src', import.meta.url)));

// (zod is not among them: it validates every roll, so a roll at the prompt needs it.)
const HEAVY = [
  'vega',
  'vega-lite',
  '@resvg/resvg-js',
  'opentype.js',
  'piscina',
  'cli-progress',
  'csv-stringify',
];

const dir = mkdtempSync(join(tmpdir(), 'dicelab-start-up-'));
writeFileSync(
  join(dir, 'hook.mjs'),
  `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}
`,
);
writeFileSync(
  join(dir, 'run.mjs'),
  `import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const [main, ...argv] = process.argv.slice(2);
const { port1, port2 } = new MessageChannel();
const urls = new Set();
port1.on('message', (url) => urls.add(url));
register(new URL('./hook.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] });
const { runCli } = await import(main);
process.stdout.write = () => true;
const code = await runCli(argv);
await new Promise((done) => setTimeout(done, 200));
port1.close();
process.stderr.write('\\n' + JSON.stringify({ code, urls: [...urls] }));
`,
);

/** The npm packages a CLI run loads (by name), and its exit status. */
async function packagesLoaded(argv: string[]): Promise<{ code: number; packages: Set<string> }> {
  const { stderr } = await promisify(execFile)(
    process.execPath,
    [join(dir, 'run.mjs'), main.href, ...argv],
    { cwd: dir },
  );
  // The trace is the last line (the command may write its own lines to stderr before it).
  const { code, urls } = JSON.parse(stderr.slice(stderr.lastIndexOf('\n') + 1)) as {
    code: number;
    urls: string[];
  };
  const packages = new Set<string>();
  for (const url of urls) {
    const path = url.split('/node_modules/')[1];
    if (!path) continue;
    const parts = path.split('/');
    packages.add(parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return { code, packages };
}

describe.skipIf(!fresh)('start-up of the compiled CLI', () => {
  it('one roll at the prompt, and the zidara help, load no chart, font, rasteriser, pool or CSV writer', async () => {
    for (const argv of [
      ['zidara', 'odds', 'd8', '--vs', '4', '--json'],
      ['zidara', '--help'],
    ]) {
      const { code, packages } = await packagesLoaded(argv);
      expect(code).toBe(0);
      expect(packages.has('@commander-js/extra-typings')).toBe(true);
      expect(HEAVY.filter((name) => packages.has(name))).toEqual([]);
    }
  });

  it('the commands that draw or simulate load what they need', async () => {
    const chart = await packagesLoaded([
      'zidara',
      'advantage',
      '--most',
      '2',
      '--out',
      join(dir, 'charts'),
    ]);
    expect(chart.code).toBe(0);
    expect(
      ['vega', 'vega-lite', '@resvg/resvg-js', 'opentype.js'].every((name) =>
        chart.packages.has(name),
      ),
    ).toBe(true);
    const simulated = await packagesLoaded([
      'zidara',
      'simulate',
      'd8',
      '--vs',
      '4',
      '--trials',
      '1e4',
      '--threads',
      '2',
      '--quiet',
    ]);
    expect(simulated.code).toBe(0);
    expect(simulated.packages.has('piscina')).toBe(true);
  });
});

/** The built CLI with its stdout on /dev/full, which refuses every write (ENOSPC). */
function toFullDisk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [builtFile('bin/dicelab.js'), ...args], {
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe.skipIf(!fresh || !existsSync('/dev/full'))('a stdout that cannot be written', () => {
  it.each([[['zidara', 'odds', 'd12', '--vs', '3']], [['zidara', '--help']]])(
    '%j to a full disk: one line naming stdout and why, exit 74 (not 1, a failed check)',
    async (args) => {
      const { code, stderr } = await toFullDisk(args);
      expect(stderr).toBe(
        'dicelab: stdout: cannot be written: no space left on the device (ENOSPC)\n',
      );
      expect(code).toBe(74);
    },
  );
});
