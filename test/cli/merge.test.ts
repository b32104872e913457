// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import type { SimulationOptions } from '../../src/cli/simulation-flags.ts';
import { partialChecksum } from '../../src/montecarlo/partial-result.ts';
import { simulate } from '../../src/montecarlo/run.ts';
import { summarizeResult } from '../../src/montecarlo/summarize-result.ts';
import { DICELAB_VERSION } from '../../src/process/version.ts';
import { cliInProcess } from './cli-in-process.ts';

const kernel = 'systems/d6-pool/simulate';
const spec = { stat: 5 };
const options: SimulationOptions & { shard?: undefined } = {
  trials: 300_000,
  seed: 77,
  chunkSize: 8192,
  threads: 1,
  quiet: true,
};

const cli = cliInProcess;
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('dicelab merge', () => {
  let dir: string;
  let files: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dicelab-merge-'));
    files = [0, 1, 2].map((i) => join(dir, `part-${i}.json`));
    for (const [i, partial] of files.entries())
      await runSimulation(kernel, spec, { ...options, shard: { index: i, count: 3 }, partial });
  });
  afterEach(() => vi.restoreAllMocks());

  it('prints exactly the summary of one unsharded run (--json)', async () => {
    const whole = await simulate({ kernel, spec, ...options });
    const { status, stdout, stderr } = await cli(
      'merge',
      files[2]!,
      files[0]!,
      files[1]!,
      '--json',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toBe(`${JSON.stringify(await summarizeResult(whole), null, 2)}\n`);
  });

  it('prints a readable header and the summary without --json', async () => {
    const { status, stdout } = await cli('merge', ...files);
    expect(status).toBe(0);
    expect(stdout).toMatch(
      /^merged 3 shards of systems\/d6-pool\/simulate: 300,000 trials, seed 77, chunk size 8192\n\{/,
    );
  });

  it('says in --help what --json leaves out: the line on the shards, the summary JSON either way', async () => {
    const help = (await cli('merge', '--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      "--json print the unsharded run's --json alone, without the line on the shards before it (else a fight's table follows the line; other runs print JSON either way)",
    );
    const [plain, json] = [await cli('merge', ...files), await cli('merge', ...files, '--json')];
    expect(plain.stdout.slice(0, plain.stdout.indexOf('\n'))).toMatch(/^merged 3 shards of /);
    expect(plain.stdout.slice(plain.stdout.indexOf('\n') + 1)).toBe(json.stdout);
  });

  it('runs the examples of its --help as written (in a folder of their own)', async () => {
    const work = await mkdtemp(join(tmpdir(), 'dicelab-merge-help-'));
    const help = (await cli('merge', '--help')).stdout;
    const examples = help
      .slice(help.indexOf('\nExamples:\n'))
      .split('\n')
      .filter((line) => line.startsWith('  dicelab '));
    expect(examples).toHaveLength(4);
    const printed: string[] = [];
    for (const example of examples) {
      // The command, without the words after it; files in the folder, a glob as a shell has it.
      const words = example
        .trim()
        .split(/\s{2,}/)[0]!
        .split(' ')
        .slice(1);
      const args: string[] = [];
      for (const word of words) {
        if (!word.endsWith('.json')) args.push(word);
        else if (!word.includes('*')) args.push(join(work, word));
        else {
          const pattern = new RegExp(`^${word.replace('.', '\\.').replace('*', '.*')}$`);
          const found = (await readdir(work)).filter((name) => pattern.test(name)).sort();
          args.push(...found.map((name) => join(work, name)));
        }
      }
      const run = await cli(...args);
      expect(run.stderr.split('\n').filter((line) => /^dicelab: (?!wrote )/.test(line))).toEqual(
        [],
      );
      expect(run.status, example).toBe(0);
      printed.push(run.stdout);
    }
    const whole = await cli(
      'zidara',
      'simulate',
      'd12',
      'd4',
      '--vs',
      '3',
      '--trials',
      '1e6',
      '--json',
      '-q',
    );
    expect(printed[2]).toBe(whole.stdout);
    expect(printed[3]).toMatch(
      /^merged 2 shards of systems\/zidara\/simulate: 1,000,000 trials, seed 1/,
    );
    expect(printed[3]!.slice(printed[3]!.indexOf('\n') + 1)).toBe(whole.stdout);
  });

  it('writes a partial file in the documented format', async () => {
    const partial = JSON.parse(await readFile(files[1]!, 'utf8'));
    expect(partial).toMatchObject({
      format: 'dicelab-partial-result',
      version: 2,
      dicelab: DICELAB_VERSION,
      kernel,
      spec,
      seed: 77,
      trials: 300_000,
      chunkSize: 8192,
      shard: { index: 1, count: 3 },
      interrupted: false,
    });
  });

  it('rejects sets that do not belong together: one line, exit status 2', async () => {
    const missing = await cli('merge', files[0]!, files[2]!);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^dicelab: merge: shard 1\/3 is missing .*\n$/);
    expect(missing.stdout).toBe('');

    const other = join(dir, 'other-seed.json');
    await runSimulation(kernel, spec, {
      ...options,
      seed: 78,
      shard: { index: 1, count: 3 },
      partial: other,
    });
    const mixed = await cli('merge', files[0]!, other, files[2]!);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toBe(
      `dicelab: ${other}: seed: 78 is not allowed (expected 77 as in ${files[0]})\n`,
    );

    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"format": "dicelab-partial-result", "version": 9}');
    expect((await cli('merge', broken)).stderr).toBe(
      `dicelab: ${broken}:1:49: version: 9 is not allowed (expected 2 (written by this dicelab))\n`,
    );
    expect((await cli('merge', join(dir, 'nope.json'))).stderr).toMatch(
      /nope\.json: cannot read \(no such file\)/,
    );
    expect((await cli('merge')).status).toBe(2);
  });

  it('names the first field where the specs of two shards differ, and both values', async () => {
    const shard = async (name: string, index: number, ...roll: string[]) => {
      const path = join(dir, name);
      const args = ['--trials', '1e4', '--shard', `${index}/2`, '--partial', path, '-q'];
      expect((await cli('zidara', 'simulate', ...roll, ...args)).status).toBe(0);
      return path;
    };
    const a = await shard('spec-a.json', 0, 'd12', 'd4', '--vs', '3');
    // The whole spec was printed, 434 characters cut mid-way, and the one it should be.
    const cases: [string, string][] = [
      [
        await shard('spec-vs.json', 1, 'd12', 'd4', '--vs', '4'),
        'spec.roll.threats[0].challenge: 4 is not allowed (expected 3',
      ],
      [
        await shard('spec-die.json', 1, 'd12', 'd6', '--vs', '3'),
        'spec.roll.dice[1].sides: 6 is not allowed (expected 4',
      ],
      [
        await shard('spec-fewer.json', 1, 'd12', '--vs', '3'),
        'spec.roll.dice[1]: nothing is not allowed (expected {"sides":4,"intent":1}',
      ],
    ];
    for (const [b, differs] of cases) {
      const { status, stdout, stderr } = await cli('merge', a, b);
      expect([status, stdout, stderr]).toEqual([
        2,
        '',
        `dicelab: ${b}: ${differs} as in ${a}: shards of one run share its spec)\n`,
      ]);
    }
  });

  it('never runs code a partial file names: a file: kernel is refused, exit 2', async () => {
    // A module that would leave a marker file behind if anything imported it.
    const marker = join(dir, 'marker-left-by-evil-kernel');
    const evil = join(dir, 'evil-kernel.mjs');
    await writeFile(
      evil,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport const kernel = {};\n`,
    );
    const fields = JSON.parse(await readFile(files[0]!, 'utf8')) as Record<string, unknown>;
    for (const [name, kernel] of [
      ['url', pathToFileURL(evil).href],
      ['path', evil],
      ['relative', '../../../../../../../../..' + evil],
    ] as const) {
      const content = { ...fields, kernel };
      const tampered = join(dir, `evil-${name}.json`);
      // With a checksum made to match: the kernel check itself must refuse it.
      await writeFile(tampered, JSON.stringify({ ...content, checksum: partialChecksum(content) }));
      const { status, stdout, stderr } = await cli('merge', tampered);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(
        new RegExp(
          `^dicelab: ${tampered}:\\d+:\\d+: kernel: .* is not allowed \\(expected one of dicelab's kernels: systems/zidara/simulate, `,
        ),
      );
      expect(stderr.split('\n')).toHaveLength(2);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses tampered and damaged shards, naming the file and what is wrong', async () => {
    const fields = JSON.parse(await readFile(files[1]!, 'utf8')) as Record<string, unknown> & {
      tally: number[];
    };
    const write = async (name: string, content: Record<string, unknown>, sum = true) => {
      const path = join(dir, name);
      await writeFile(
        path,
        JSON.stringify(sum ? { ...content, checksum: partialChecksum(content) } : content),
      );
      return path;
    };
    const changed = await write(
      'changed.json',
      { ...fields, tally: [fields.tally[0]! + 1, ...fields.tally.slice(1)] },
      false,
    );
    const negative = await write('negative.json', {
      ...fields,
      tally: [-5000, ...fields.tally.slice(1)],
    });
    const inflated = await write('inflated.json', {
      ...fields,
      tally: [fields.tally[0]! * 1000, ...fields.tally.slice(1)],
    });
    const cases: [string, RegExp][] = [
      [changed, /changed\.json:\d+:\d+: checksum: .* does not match the content/],
      [negative, /negative\.json:\d+:\d+: tally\[0\]: -5000 is not allowed/],
      [inflated, /inflated\.json: tally\[0\.\.2\] \(outcomes\) sum to \d+, not the \d+ trials/],
    ];
    for (const [path, message] of cases) {
      const { status, stdout, stderr } = await cli('merge', files[0]!, path, files[2]!);
      expect(status, path).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.split('\n')).toHaveLength(2);
    }
  });
});

describe('dicelab merge of a fight', () => {
  const fight = ['zidara', 'fight', '--vs', '4', '--tags', '3', '--steps', '8'];
  const run = ['--trials', '4e4', '--seed', '1', '--chunk-size', '4096', '--threads', '1', '-q'];
  let dir: string;
  const shards = async (name: string, ...more: string[]) => {
    const paths = [0, 1, 2].map((i) => join(dir, `${name}-${i}.json`));
    for (const [i, path] of paths.entries()) {
      const shard = await cli(...fight, ...more, ...run, '--shard', `${i}/3`, '--partial', path);
      expect(shard.stderr).toBe('');
      expect(shard.status).toBe(0);
    }
    return paths;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dicelab-merge-fight-'));
  });

  it.each([
    ['with the exact chain', []],
    ['with --no-exact', ['--no-exact']],
  ])('prints what the unsharded fight prints, --json and table, %s', async (_, more) => {
    const parts = await shards(more.length > 0 ? 'skipped' : 'exact', ...more);
    const [json, table] = [await cli('merge', ...parts, '--json'), await cli('merge', ...parts)];
    expect([json.status, json.stderr, table.status, table.stderr]).toEqual([0, '', 0, '']);
    const whole = await cli(...fight, ...more, ...run, '--json');
    expect(json.stdout).toBe(whole.stdout);
    const shown = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({ system: 'zidara', challenge: 4, tags: 3 });
    expect(shown.exact === undefined).toBe(more.length > 0);
    const [line, ...rest] = table.stdout.split('\n');
    expect(line).toBe(
      'merged 3 shards of systems/zidara/fight/simulate-fight: 40,000 trials, seed 1, chunk size 4096',
    );
    expect(rest.join('\n')).toBe((await cli(...fight, ...more, ...run)).stdout);
  });

  it('refuses shards of which some skipped the exact chain, naming the file', async () => {
    const [exact, skipped] = [
      await shards('mixed-exact'),
      await shards('mixed-skipped', '--no-exact'),
    ];
    const { status, stdout, stderr } = await cli('merge', exact[0]!, skipped[1]!, exact[2]!);
    expect([status, stdout, stderr]).toEqual([
      2,
      '',
      `dicelab: ${skipped[1]}: output: {"exact":false} is not allowed (expected {"exact":true} as in ${exact[0]})\n`,
    ]);
  });

  it("is what deploy/github-actions/balance-at-scale.yml's check reads", async () => {
    const workflow = parseAllDocuments(read('deploy/github-actions/balance-at-scale.yml'))[0]!;
    const steps = (workflow.toJS() as { jobs: { merge: { steps: { run?: string }[] } } }).jobs.merge
      .steps;
    const check = steps.map((step) => step.run ?? '').find((r) => r.includes('node -e'))!;
    const script = /node -e '([^']*)'/.exec(check)![1]!;
    const parts = await shards('workflow', '--no-exact');
    await writeFile(join(dir, 'fight.json'), (await cli('merge', ...parts, '--json')).stdout);
    const node = spawnSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' });
    expect(node.stderr).toBe('');
    expect(node.stdout).toMatch(
      /^P\(win within 3 rounds\) ≥ 0\.\d+ \(95% interval, 40000 trials\)\n$/,
    );
  });
});
