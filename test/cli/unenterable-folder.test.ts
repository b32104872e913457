import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFile } from '../built.ts';

/**
 * A path in a folder of mode 000 (`rox/…`), which no one but root can enter. Root ignores mode
 * bits through two capabilities, so as root the built CLI runs with them dropped (util-linux's
 * setpriv): still root, so it reaches its own modules wherever the clone lies (as another user
 * it could not, under a CI workspace of mode 700), but refused the folder as any user is.
 */
const asRoot = process.getuid?.() === 0;
const WITHOUT_DAC = ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--'];
const scenario = fileURLToPath(new URL('../../scenarios/dorrie-talk.yaml', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-rox-'));
  await mkdir(join(dir, 'rox'), { mode: 0o000 });
  await chmod(join(dir, 'rox'), 0o000);
});
afterAll(async () => {
  if (dir) {
    await chmod(join(dir, 'rox'), 0o700);
    await rm(dir, { recursive: true, force: true });
  }
});

function dicelab(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const command = [...(asRoot ? WITHOUT_DAC : []), process.execPath];
    const child = spawn(command[0]!, [...command.slice(1), builtFile('bin/dicelab.js'), ...args], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const folder = 'expected a folder dicelab can write files in';
const unmade = 'but making the folder rox/sub fails: permission denied (EACCES)';
describe.skipIf(process.platform === 'win32')('a path in a folder that cannot be entered', () => {
  it.each<[string[], string]>([
    [
      ['zidara', 'splits', '--steps', '4', '--vs', '3', '--out', 'rox/sub'],
      `--out: "rox/sub" is not allowed (${folder}, ${unmade})`,
    ],
    [['compare', '--out', 'rox/sub'], `--out: "rox/sub" is not allowed (${folder}, ${unmade})`],
    [['report', '--out', 'rox/sub'], `--out: "rox/sub" is not allowed (${folder}, ${unmade})`],
    [
      ['check', '--no-baseline', '--out', 'rox/sub'],
      `--out: "rox/sub" is not allowed (${folder}, ${unmade})`,
    ],
    [
      ['zidara', 'simulate', 'd12', '--vs', '3', '--shard', '1/2', '--partial', 'rox/p.json'],
      '--partial: "rox/p.json" is not allowed (expected a file dicelab can write, but writing it fails: permission denied (EACCES))',
    ],
    [
      ['zidara', 'odds', '--spec', 'rox/x.json'],
      '--spec: cannot read "rox/x.json" (permission denied)',
    ],
    [['merge', 'rox/x.json'], 'rox/x.json: cannot read (permission denied)'],
    [
      ['check', scenario, '--baseline', 'rox/b.json', '--quiet'],
      '--baseline: cannot read "rox/b.json" (permission denied)',
    ],
    [['check', 'rox/x.yaml'], 'rox/x.yaml: cannot read (permission denied)'],
  ])(
    'dicelab %j names the flag and says why, exit 2',
    { timeout: 30_000 },
    async (args, message) => {
      const { code, stderr } = await dicelab(args);
      expect(stderr).toBe(`dicelab: ${message}\n`);
      expect(code).toBe(2);
    },
  );
});
