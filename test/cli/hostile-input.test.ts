// Registers dicelab's kernel catalogue: kernels are named by id below.
import '../../src/systems/systems.ts';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from '@commander-js/extra-typings';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fileFlag, folderFlag, readFileFlag, stemFlag } from '../../src/cli/flags.ts';
import { buildProgram } from '../../src/cli/main.ts';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import { INPUT_LIMITS } from '../../src/input/input-bytes.ts';
import { partialChecksum } from '../../src/montecarlo/partial-result.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { cliInProcess as cli } from './cli-in-process.ts';
import { runDicelab } from './run-dicelab.ts';

/**
 * The corpus of careless and hostile input (issue 13), held to what the brief asks of bad input:
 * exit status 2, one line on stderr naming the field, the value and what is allowed, no stack
 * trace, nothing on stdout and nothing written.
 */

let dir: string;
/** Where a case's command is told to write: it must not exist afterwards. */
let out: string;

/** Every file and folder under `root`, relative, sorted. */
function listing(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
}

async function refused(args: string[]) {
  const before = listing(dir);
  const run = await cli(...args);
  expect(run.status, run.stderr).toBe(EXIT.badInput);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^dicelab: [^\n]+\n$/); // one line
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(run.stderr.length).toBeLessThan(700); // values cut to a readable length
  expect(listing(dir)).toEqual(before); // nothing written
  expect(existsSync(out)).toBe(false);
  return run.stderr;
}

const ZIDARA_SPEC = { threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }] };
const at = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-hostile-'));
  out = join(dir, 'out');
  const write = (name: string, content: string | Buffer) => writeFile(at(name), content);
  await mkdir(at('a-folder'));
  await mkdir(at('empty-folder'));
  await mkdir(at(join('yaml-folder-in', 'sub.yaml')), { recursive: true });
  await symlink('loop-too.yaml', at('loop.yaml'));
  await symlink('loop.yaml', at('loop-too.yaml'));
  await write('a-file.txt', 'not a folder\n');
  await write('good.json', JSON.stringify({ ...ZIDARA_SPEC, aura: 5 }));
  await write('stat.json', JSON.stringify({ stat: 3 }));
  await write('two.json', JSON.stringify([ZIDARA_SPEC, ZIDARA_SPEC]));
  await write('two-stats.json', JSON.stringify([{ stat: 3 }, { stat: 4 }]));
  await write('syntax.json', '{"stat": 3,, }');
  await write('unfinished.json', '{"stat": 3,\n');
  await write('bad-token.json', '{"stat": ]}');
  await write('unfinished-scenario.json', '{"scenario": "x",\n');
  await write('duplicate.json', '{"stat": 3, "stat": 4}');
  await write('empty-array.json', '[]');
  await write('number.json', '7');
  await write('wrong-type.json', '[{"stat": 3}, {"stat": "3"}]');
  await write('unknown-field.json', '{"stat": 3, "bogus": 1}');
  await write('deep-array.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  await write('deep-object.json', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
  await write('deep-flow.yaml', `stat: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
  await write('tab-indent.yaml', 'stat: 3\nbogus:\n\tnested: 1\n');
  await write('list-key.yaml', '? [a, b]\n: 3\n');
  await write('binary.yaml', 'stat: !!binary aGVsbG8=\n');
  await write('binary-file.yaml', '!!binary aGVsbG8=\n');
  await write('local-tag.yaml', 'stat: !foo 3\n');
  await write('past-max.json', '{"stat": 1e309}');
  await write('worth.json', '{"tags": 1, "bandValues": {"clean": 1e308}}');
  await write('latin1.json', Buffer.from('{"stat": 3, "name": "caf\xe9"}', 'latin1'));
  await write('long-string.json', JSON.stringify({ stat: 'x'.repeat(1_000_000) }));
  await write(
    'too-many.json',
    `[${Array(INPUT_LIMITS.specs + 1)
      .fill('{"stat":3}')
      .join(',')}]`,
  );
  await write('huge.json', '');
  await truncate(at('huge.json'), INPUT_LIMITS.jsonBytes + 1); // sparse: refused by its size
  await write('huge.yaml', '');
  await truncate(at('huge.yaml'), INPUT_LIMITS.yamlBytes + 1);
  let bomb = 'a: &a [x, x, x, x, x, x, x, x, x]\n';
  for (let i = 0, prev = 'a'; i < 9; prev = `b${i}`, i++)
    bomb += `b${i}: &b${i} [${Array(9).fill(`*${prev}`).join(', ')}]\n`;
  await write('bomb.yaml', `stat: 3\n${bomb}`);
  await write('bomb-scenario.yaml', `scenario: bomb\n${bomb}`);
  await write('latin1-scenario.yaml', Buffer.from('scenario: caf\xe9\n', 'latin1'));
  await write('deep-scenario.yaml', `scenario: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
  await write('latin1-baseline.json', Buffer.from('{"seed": "\xe9"}', 'latin1'));
  await write('broken-baseline.json', '{"format": ');
  await write('not-json.json', 'this is not json');
  await write('array.json', '[]');
  await write(
    'values.yaml',
    // One problem, the worth: the rest (a threat, an expectation) is sound.
    'scenario: values\ncharacters:\n  vesk:\n    actions: { fight: 6 }\n    auraValue: 1e308\nthreats:\n  guard: { challenge: 3 }\nexpectations:\n  - { expect: a, figure: winChance, of: { character: vesk, action: fight, vs: guard }, atLeast: 0 }\n',
  );
  // Partial result files: a real shard, then damaged and hostile copies of it.
  const shard = at('shard-0.json');
  await runSimulation(
    'systems/d6-pool/simulate',
    { stat: 3 },
    {
      trials: 10_000,
      seed: 1,
      chunkSize: 1000,
      threads: 1,
      quiet: true,
      shard: { index: 0, count: 2 },
      partial: shard,
    },
  );
  const fields = JSON.parse(await readFile(shard, 'utf8')) as Record<string, unknown> & {
    tally: number[];
  };
  const partial = (name: string, content: Record<string, unknown>, sum = true) =>
    write(name, JSON.stringify(sum ? { ...content, checksum: partialChecksum(content) } : content));
  await write(
    'evil-kernel.mjs',
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(at('marker'))}, 'ran');\nexport const kernel = {};\n`,
  );
  await partial('evil.json', { ...fields, kernel: pathToFileURL(at('evil-kernel.mjs')).href });
  await partial('negative.json', { ...fields, tally: [-5000, ...fields.tally.slice(1)] });
  await partial('thousandfold.json', {
    ...fields,
    tally: [fields.tally[0]! * 1000, ...fields.tally.slice(1)],
  });
  await partial(
    'slot-changed.json',
    { ...fields, tally: [fields.tally[0]! + 1, ...fields.tally.slice(1)] },
    false,
  );
  await partial('old-version.json', { ...fields, version: 1 });
  await partial('other-dicelab.json', { ...fields, dicelab: '0.0.9' });
  await partial('interrupted.json', { ...fields, interrupted: true });
});

/** Leaf commands of the CLI, with the words that reach them. */
function leaves(command: Command, path: string[] = []): { path: string[]; command: Command }[] {
  const subs = command.commands as unknown as Command[];
  if (subs.length === 0) return [{ path, command }];
  return subs.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

// The whole command tree (a command line that names no command registers every command).
const program = (await buildProgram()) as unknown as Command;

describe('the quiet switch', () => {
  it('is -q as well as --quiet wherever a command has one', () => {
    const quiet = leaves(program).flatMap(({ path, command }) =>
      command.options.filter((o) => o.long === '--quiet').map((o) => [path.join(' '), o.short]),
    );
    expect(quiet.length).toBeGreaterThan(5);
    expect(quiet.filter(([, short]) => short !== '-q')).toEqual([]);
  });
});

// Commander's "option '--vs <C>' argument missing (see --help)" stood beside dicelab's own
// "--vs: missing (expected …)" of a flag left out.
describe('a flag typed last with no value', () => {
  it("is said in dicelab's words, what it expects being the flag's own help", async () => {
    const run = await cli('zidara', 'splits', '--steps', '6', '--vs');
    expect([run.status, run.stdout, run.stderr]).toEqual([
      EXIT.badInput,
      '',
      'dicelab: --vs: no value given (expected the Challenge C every intent aims at (it rolls d2C), 1 to 50)\n',
    ]);
  });

  it('is said so for every flag that takes a value', async () => {
    const flags = leaves(program).flatMap(({ path, command }) =>
      command.options
        .filter((o) => o.required && o.long !== undefined)
        .map((o) => ({ path, flag: o.long!, help: o.description })),
    );
    expect(flags.length).toBeGreaterThan(100);
    for (const { path, flag, help } of flags) {
      const run = await cli(...path, flag);
      expect([run.status, run.stderr], `${path.join(' ')} ${flag}`).toEqual([
        EXIT.badInput,
        `dicelab: ${flag}: no value given (expected ${help})\n`,
      ]);
    }
  });
});

// Ranges were written 1..50, (1..8), 1 to 50, 1-6; defaults (default: 3), (default 10),
// (default 0; up to 100); tune --solve-for gave its default before the choices; 86,400 beside
// 86400 and commander's (default: 1000000).
describe('every flag help', () => {
  const lines = leaves(program).flatMap(({ path, command }) => {
    const help = command.createHelp();
    return command.options.map(
      (o) => `${path.join(' ')} ${o.flags}: ${help.optionDescription(o as never)}`,
    );
  });

  it('writes a range as "min to max"', () => {
    expect(lines.filter((line) => /\d\.\.\d|\(\d+-\d+\)|up to \d/.test(line))).toEqual([]);
  });

  it('writes a default as "(default: x)", after the choices', () => {
    expect(
      lines.filter((line) => /default [^:]|; default|\(default: [^)]*\) \(choices/.test(line)),
    ).toEqual([]);
  });

  it('writes a number of thousands with separators', () => {
    expect(
      lines.filter((line) => /(?<![\d,._/:])\d{4,}(?![\d,_])/.test(line.split(': ')[1]!)),
    ).toEqual([]);
  });
});

// `--vs` of splits, `--steps` of pools, every `--seed`, the band values of tags-2d6 … enforced
// a range their help did not state, and `fight --steps` said "1 to 36" where `ring-skill` said
// "(1..5)": each number flag's range is now part of its declaration, and its help says it.
describe('a number flag with an enforced range', () => {
  /** The range a parser states when refusing a value far out of it ("from 1 to 50"), if any. */
  function refusedRange(parse: (raw: string, previous: unknown) => unknown): string | undefined {
    for (const raw of ['-99999999999999999999', '99999999999999999999']) {
      try {
        parse(raw, undefined);
      } catch (error) {
        const m = /from (-?[\d,.]+) to (-?[\d,.]+)/.exec(String(error));
        if (m) return `${m[1]} to ${m[2]}`.replace(/,/g, '');
      }
    }
    return undefined;
  }

  it('states it in its help, as "min to max"', () => {
    const ranged = leaves(program).flatMap(({ path, command }) =>
      command.options.flatMap((o) => {
        const range = o.parseArg && refusedRange(o.parseArg);
        return range ? [{ at: `${path.join(' ')} ${o.long}`, range, help: o.description }] : [];
      }),
    );
    expect(ranged.length).toBeGreaterThan(100);
    const unstated = ranged.filter(({ range, help }) => !help.replace(/,/g, '').includes(range));
    expect(unstated.map(({ at, range, help }) => `${at}: ${range} not in "${help}"`)).toEqual([]);
  });

  // --concurrency said "an integer from 1 to 256", --threads "a whole number from 1 to 256".
  it('is refused in one wording: "an integer from min to max"', () => {
    const said = leaves(program).flatMap(({ command }) =>
      command.options.flatMap((o) => {
        if (!o.parseArg) return [];
        try {
          o.parseArg('-99999999999999999999', undefined);
          return [];
        } catch (error) {
          const message = String(error);
          return /from -?[\d,.]+ to/.test(message) ? [`${o.long}: ${message}`] : [];
        }
      }),
    );
    expect(said.length).toBeGreaterThan(100);
    expect(said.filter((m) => !/(an integer|integers|a number|faces) from /.test(m))).toEqual([]);
  });

  it.each([
    [['zidara', 'splits'], '--vs <C>', '1 to 50'],
    [['zidara', 'pools'], '--steps <S>', '1 to 72'],
    [['zidara', 'fishing'], '--actions <A>', '1 to 12'],
    [['zidara', 'fight-curves'], '--tags <list>', '1 to 10'],
    [['zidara', 'advantage'], '--most <n>', '1 to 12'],
    [['tags-2d6', 'odds'], '--clean-value <v>', '-1,000,000 to 1,000,000'],
    [['d6-pool', 'simulate'], '--seed <n>', '0 to 9,007,199,254,740,991 (2^53 − 1)'],
  ])('%j %s says %s in --help', (path, flags, range) => {
    let command = program;
    for (const name of path) command = command.commands.find((c) => c.name() === name) as Command;
    const option = command.options.find((o) => o.flags === flags);
    expect(option?.description).toContain(range);
  });
});

// Commander's "required option '--vs <C>' not specified (see --help)" stood beside dicelab's own
// "--vs: missing (expected …)" of the commands that check their flags themselves.
describe('a required flag left out', () => {
  it("is said in dicelab's words, what it expects being the flag's own help", async () => {
    const run = await cli('zidara', 'splits', '--steps', '6');
    expect([run.status, run.stdout, run.stderr]).toEqual([
      EXIT.badInput,
      '',
      'dicelab: --vs: missing (expected the Challenge C every intent aims at (it rolls d2C), 1 to 50)\n',
    ]);
  });

  it('is said so by every command with one', async () => {
    const required = leaves(program).flatMap(({ path, command }) => {
      const first = command.options.find((o) => o.mandatory);
      return first ? [{ path, flag: first.long!, help: first.description }] : [];
    });
    expect(required.map(({ path }) => path.join(' '))).toEqual(
      expect.arrayContaining(['zidara pools', 'zidara splits', 'zidara fishing', 'queue worker']),
    );
    for (const { path, flag, help } of required) {
      const run = await cli(...path);
      expect([run.status, run.stderr], path.join(' ')).toEqual([
        EXIT.badInput,
        `dicelab: ${flag}: missing (expected ${help})\n`,
      ]);
    }
  });

  // They said "none given" (odds, advise, fight) or "nothing is not allowed" (fight-curves), where
  // the library and the spec files say "missing".
  it.each([
    [['zidara', 'odds', 'd12'], '--vs: missing (expected the Challenge to beat, e.g. --vs 3)'],
    [
      ['zidara', 'odds', '--vs', '3'],
      'dice: missing (expected intents such as d12 d4, or --spec FILE)',
    ],
    [
      ['zidara', 'fight', '--vs', '3'],
      '--tags: missing (expected the number of tags, e.g. --tags 3)',
    ],
    [
      ['zidara', 'fight-curves', '--vs', '3'],
      '--steps: missing (expected --steps or --pool (one of them), e.g. --steps 8 or --pool "d12 d4")',
    ],
    [
      ['zidara', 'advise', 'd8=3'],
      '--defence: missing (expected the face the Challenge die shows, e.g. --defence 5)',
    ],
  ])('%j is said as every missing field is', async (args, said) => {
    const run = await cli(...args);
    expect([run.status, run.stdout, run.stderr]).toEqual([EXIT.badInput, '', `dicelab: ${said}\n`]);
  });
});

describe('every flag that takes a value refuses garbage', () => {
  const flags = leaves(program).flatMap(({ path, command }) =>
    command.options
      .filter((o) => (o.required || o.optional) && o.long !== '--help')
      .filter(
        (o) =>
          o.argChoices ||
          (o.parseArg &&
            o.parseArg !== (folderFlag as unknown) &&
            o.parseArg !== (fileFlag as unknown) &&
            o.parseArg !== (readFileFlag as unknown) &&
            o.parseArg !== (stemFlag as unknown)),
      )
      .map((o) => ({ path, flag: o.long! })),
  );

  it('covers the numeric and choice flags of every command', () => {
    expect(flags.length).toBeGreaterThan(100);
    for (const command of ['zidara odds', 'zidara simulate', 'ring-skill odds', 'check', 'compare'])
      expect(
        flags.some((f) => f.path.join(' ') === command),
        command,
      ).toBe(true);
  });

  // "0x10": Number() reads it as 16, and --aura-value, --weight-success and the like took it so.
  it.each(['abc', '1e999', '0x10'])(
    '%s: exit 2, one line naming the flag and the value',
    async (value) => {
      for (const { path, flag } of flags) {
        const stderr = await refused([...path, flag, value]);
        // In dicelab's words, as the checks after parsing: not commander's "option '--vs
        // <challenge>' argument '0x10' is invalid. …" (nor its "(see --help)").
        expect(stderr, `${path.join(' ')} ${flag}`).toMatch(
          new RegExp(
            `^dicelab: ${flag}: ${JSON.stringify(value)} is not allowed \\(expected .*\\)\n$`,
          ),
        );
        expect(stderr, `${path.join(' ')} ${flag}`).not.toMatch(/see --help/);
        // A choice flag's too: not commander's "Allowed choices are …", as --policy once said.
        expect(stderr, `${path.join(' ')} ${flag}`).toMatch(/is not allowed \(expected [^)]+\)/);
      }
    },
  );
});

// Run as a user runs it: a value the flag's parser refuses reads as a value refused after parsing
// ("dicelab: --actions: "2" is not allowed (expected …)"), the value as typed; it read "option
// '--target <chance>' argument '100%' is invalid. "100%" is not allowed (…) (see --help)".
describe("a value refused as its flag is read, in dicelab's words", () => {
  it.each<[string, string[], string]>([
    [
      'a chance',
      ['zidara', 'tune', '--vs', '3', '--target', '100%'],
      '--target: "100%" is not allowed (expected a win chance strictly between 0 and 1, such as 60% or 0.6)',
    ],
    [
      'an integer',
      ['zidara', 'odds', 'd12', '--vs', '0'],
      '--vs: "0" is not allowed (expected an integer from 1 to 50)',
    ],
    [
      'an integer of an analysis',
      ['zidara', 'advantage', '--vs', '3', '--most', '0'],
      '--most: "0" is not allowed (expected an integer from 1 to 12)',
    ],
    [
      'a die',
      ['zidara', 'advantage', '--vs', '3', '--die', 'd7'],
      '--die: "d7" is not allowed (expected a die: d2, d4, d6, d8, d10, d12)',
    ],
    [
      'a number',
      ['zidara', 'splits', '--vs', '3', '--aura-value', ' 0x10'],
      '--aura-value: " 0x10" is not allowed (expected a number from 0 to 1,000,000)',
    ],
    [
      'a choice',
      ['zidara', 'odds', 'd12', '--vs', '3', '--policy', 'best'],
      '--policy: "best" is not allowed (expected one of optimal, greedy, never)',
    ],
    [
      'a list',
      ['zidara', 'splits', '--vs', '3', '--intents', '3,x'],
      '--intents: "3,x" is not allowed (expected integers from 1 to 12: a list such as 1-12 or 1,12)',
    ],
    [
      'a count',
      ['ring-skill', 'simulate', '--ring', '2', '--skill', '1', '--tn', '2', '--trials', '1e999'],
      '--trials: "1e999" is not allowed (expected an integer from 1 to 9,007,199,254,740,991 (2^53 − 1), e.g. 1000000, 1_000_000 or 1e6)',
    ],
    [
      'a flag that collects',
      [
        'd12-action',
        'odds',
        '--roll',
        'group',
        '--rating',
        '1',
        '--capacity',
        '2',
        '--supporter',
        '9:x',
      ],
      '--supporter: "9:x" is not allowed (expected rating:capacity[:tokens][:reckless][:demoralized] (rating and capacity 0 to 100, tokens 0 to 6), e.g. 2:5 or 1:3:6:reckless)',
    ],
  ])('%s', async (_kind, args, line) => {
    const run = await runDicelab(args);
    expect(run.code).toBe(EXIT.badInput);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`dicelab: ${line}\n`);
  });
});

describe('contradictory flags are refused, not dropped', () => {
  it.each<[string, () => string[], RegExp]>([
    [
      '--spec with --aura',
      () => ['zidara', 'odds', '--spec', at('good.json'), '--aura', '2'],
      /^dicelab: --aura: cannot be used with --spec \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      '--spec with --explode',
      () => ['zidara', 'simulate', '--spec', at('good.json'), '--explode'],
      /^dicelab: --explode: cannot be used with --spec \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      'd6-pool --spec with --stat',
      () => ['d6-pool', 'odds', '--spec', at('stat.json'), '--stat', '4'],
      /^dicelab: --stat: cannot be used with --spec \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      'd6-pool simulate --spec with --stat',
      () => ['d6-pool', 'simulate', '--spec', at('stat.json'), '--stat', '4'],
      /^dicelab: --stat: cannot be used with --spec \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      'ring-skill --spec with --tn',
      () => ['ring-skill', 'odds', '--spec', at('stat.json'), '--tn', '2'],
      /^dicelab: --tn: cannot be used with --spec \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      'fight --spec with --tags',
      () => ['zidara', 'fight', '--spec', at('stat.json'), '--tags', '2'],
      /^dicelab: --tags: cannot be used with --spec \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      'the flag before --spec',
      () => ['tags-2d6', 'odds', '--tags', '2', '--spec', at('stat.json')],
      /^dicelab: --spec: cannot be used with --tags \(the spec file holds the whole question; drop one of them\)\n$/,
    ],
    [
      'ring-skill table --json with --csv',
      () => ['ring-skill', 'table', '--json', '--csv'],
      /^dicelab: --csv: cannot be used with --json \(drop one of them\)\n$/,
    ],
    [
      'advantage --stacks with --die',
      () => ['zidara', 'advantage', '--die', 'd8', '--stacks', 'd12', 'd12+d4'],
      /^dicelab: --stacks: cannot be used with --die \(drop one of them\)\n$/,
    ],
    [
      'advantage --stacks with --most',
      () => ['zidara', 'advantage', '--stacks', 'd12', '--most', '3'],
      /^dicelab: --most: cannot be used with --stacks \(drop one of them\)\n$/,
    ],
    [
      'fight --no-exact --no-simulate',
      () => [
        'zidara',
        'fight',
        '--vs',
        '3',
        '--tags',
        '2',
        '--pool',
        'd12',
        '--no-exact',
        '--no-simulate',
      ],
      /^dicelab: --no-exact: cannot be used with --no-simulate/,
    ],
    [
      'simulate --partial with two specs',
      () => ['zidara', 'simulate', '--spec', at('two.json'), '--partial', join(out, 'p.json')],
      /^dicelab: --partial: writes one run's result, but --spec .*two\.json holds 2 specs/,
    ],
    [
      'simulate --shard with two specs',
      () => [
        'zidara',
        'simulate',
        '--spec',
        at('two.json'),
        '--shard',
        '0/2',
        '--partial',
        join(out, 'p.json'),
      ],
      /^dicelab: --shard: writes one run's result, but --spec .*two\.json holds 2 specs/,
    ],
    [
      'd6-pool simulate --partial with two specs',
      () => [
        'd6-pool',
        'simulate',
        '--spec',
        at('two-stats.json'),
        '--partial',
        join(out, 'p.json'),
      ],
      // A long path is shown cut short, like any long value.
      /^dicelab: --spec: "[^"]*(two-stats\.json"|"\.\.\. \(\d+ characters\)) is not allowed \(expected a file with one spec/,
    ],
    [
      '--shard without --partial',
      () => ['zidara', 'simulate', 'd12', '--vs', '3', '--shard', '0/2'],
      /^dicelab: --partial: missing \(expected a file to write the shard's partial result to, with --shard\)\n$/,
    ],
    [
      '--shard past its count',
      () => ['zidara', 'simulate', 'd12', '--vs', '3', '--shard', '2/2'],
      /^dicelab: --shard: "2\/2" is not allowed/,
    ],
    [
      // Before, the last was taken and the first dropped unsaid (stat 4).
      'a flag of one value given twice',
      () => ['d6-pool', 'odds', '--stat', '3', '--stat=4'],
      /^dicelab: --stat: "4" is not allowed \(expected --stat once, but it was given "3" before\)\n$/,
    ],
    [
      // Before, commander's "too many arguments for 'odds'. Expected 0 arguments but got 1."
      'a value after a switch',
      () => ['tags-2d6', 'odds', '--weakness', 'true'],
      /^dicelab: unexpected argument "true" \(tags-2d6 odds takes flags only; --weakness is a switch and takes no value\)\n$/,
    ],
    [
      'a word left over after the flags',
      () => ['d6-pool', 'odds', '--stat', '3', 'extra'],
      /^dicelab: unexpected argument "extra" \(d6-pool odds takes flags only\)\n$/,
    ],
    [
      // Before, taken without a word, where a flag of one value given twice was refused.
      'a switch given twice',
      () => ['tags-2d6', 'odds', '--weakness', '--weakness'],
      /^dicelab: --weakness: given twice \(expected --weakness once\)\n$/,
    ],
    [
      'a switch given twice, by its short and long names',
      () => ['d6-pool', 'simulate', '--stat', '3', '-q', '--quiet'],
      /^dicelab: --quiet: given twice \(expected --quiet once\)\n$/,
    ],
    [
      // Before, the last of the two was taken: here no baseline, --baseline dropped unsaid.
      '--baseline with --no-baseline',
      () => ['check', at('values.yaml'), '--out', out, '--baseline', at('b.json'), '--no-baseline'],
      /^dicelab: --no-baseline: cannot be used with --baseline \(expected one of them\)\n$/,
    ],
    [
      'two --out folders',
      () => ['check', at('values.yaml'), '--out', out, '--out', join(out, 'second')],
      /^dicelab: --out: "[^"]*second" is not allowed \(expected --out once, but it was given "[^"]*out" before\)/,
    ],
    [
      'dice and --spec',
      () => ['zidara', 'odds', 'd12', '--spec', at('good.json')],
      /^dicelab: --spec: give a spec file or dice with --vs, not both/,
    ],
  ])('%s', async (_name, args, message) => {
    expect(await refused(args())).toMatch(message);
  });
});

it('flags that collect may repeat: --vs, --supporter, --defence', async () => {
  for (const args of [
    ['zidara', 'odds', 'd12', 'd8', '--vs', '3', '--vs', '4'],
    [
      'zidara',
      'advise',
      'd12=3',
      'd8=2',
      '--vs',
      '3',
      '--vs',
      '4',
      '--defence',
      '3',
      '--defence',
      '2',
    ],
    [
      'd12-action',
      'odds',
      '--roll',
      'group',
      '--rating',
      '1',
      '--supporter',
      '1:1',
      '--supporter',
      '2:2',
    ],
  ]) {
    const run = await cli(...args);
    expect(run.stderr, args.join(' ')).toBe('');
    expect(run.status).toBe(EXIT.ok);
  }
});

describe('rolls and checks beyond their bounds', () => {
  it.each<[string, string[], RegExp]>([
    ['no --vs', ['zidara', 'odds', 'd12'], /^dicelab: --vs: missing/],
    ['no dice', ['zidara', 'odds', '--vs', '3'], /^dicelab: dice: missing/],
    ['a d13', ['zidara', 'odds', 'd13', '--vs', '3'], /d13/],
    [
      'Aura above its cap',
      ['zidara', 'odds', 'd12', '--vs', '3', '--aura', '9', '--aura-max', '5'],
      /^dicelab: --aura: "9" is not allowed \(expected at most --aura-max \(5\): Aura past the cap is shared, never held\)/,
    ],
    [
      'trials of 1e30',
      ['zidara', 'simulate', 'd12', '--vs', '3', '--trials', '1e30'],
      /"1e30" is not allowed \(expected an integer from 1 to 9,007,199,254,740,991 \(2\^53 − 1\)/,
    ],
    [
      'a seed of 1e30',
      ['zidara', 'simulate', 'd12', '--vs', '3', '--seed', '1e30'],
      /"1e30" is not allowed \(expected an integer from 0 to 9,007,199,254,740,991 \(2\^53 − 1\)/,
    ],
    [
      'an Aura worth of 1e308',
      ['zidara', 'odds', 'd12', '--vs', '3', '--aura-value', '1e308'],
      /"1e308" is not allowed \(expected a number from 0 to 1,000,000\)/,
    ],
    [
      'a Resolve worth of 1e308',
      ['zidara', 'odds', 'd12', '--vs', '3', '--resolve-value', '1e308'],
      /"1e308" is not allowed \(expected a number from 0 to 1,000,000\)/,
    ],
    [
      'a minor weight of 1e308',
      ['zidara', 'fishing', '--steps', '6', '--vs', '3', '--minor-weight', '1e308'],
      /"1e308" is not allowed/,
    ],
    [
      'the old slowest Ring and Skill corner',
      [
        'ring-skill',
        'odds',
        '--ring',
        '6',
        '--skill',
        '6',
        '--tn',
        '60',
        '--explode-depth',
        '100',
        '--rerolls',
        '3',
      ],
      /--ring: "6" is not allowed \(expected an integer from 1 to 5\)/,
    ],
    [
      'a TN past the bound',
      ['ring-skill', 'odds', '--ring', '5', '--skill', '5', '--tn', '9'],
      /"9" is not allowed \(expected an integer from 1 to 8\)/,
    ],
    [
      'a third reroll',
      ['ring-skill', 'odds', '--ring', '2', '--skill', '1', '--tn', '2', '--rerolls', '3'],
      /"3" is not allowed \(expected an integer from 0 to 2\)/,
    ],
    [
      'a deeper explosion',
      ['ring-skill', 'odds', '--ring', '2', '--skill', '1', '--tn', '2', '--explode-depth', '11'],
      /"11" is not allowed \(expected an integer from 0 to 10\)/,
    ],
    ['a stat of 1001', ['d6-pool', 'odds', '--stat', '1001'], /"1001" is not allowed/],
    [
      // Before, "expected an integer from 1000 to …", and 1e6 (as --trials takes it) refused so.
      'a cap on trials below 1000',
      ['check', '--max-trials', '999'],
      /"999" is not allowed \(expected an integer from 1,000 to 100,000,000, e\.g\. 1000000, 1_000_000 or 1e6\)/,
    ],
    [
      // Before, taken: a cap past what a scenario's own simulation.maxTrials may be.
      "a cap on trials past a scenario's most",
      ['check', '--max-trials', '100000001'],
      /"100000001" is not allowed \(expected an integer from 1,000 to 100,000,000,/,
    ],
    [
      "baseline: a cap on trials past a scenario's most",
      ['baseline', '--max-trials', '1e9'],
      /"1e9" is not allowed \(expected an integer from 1,000 to 100,000,000,/,
    ],
    [
      'baseline: a cap on trials below 1000',
      ['baseline', '--max-trials', '1e2'],
      /"1e2" is not allowed \(expected an integer from 1,000 to/,
    ],
    [
      'zero trials',
      ['d6-pool', 'simulate', '--stat', '3', '--trials', '0'],
      /"0" is not allowed \(expected an integer from 1 to 9,007,199,254,740,991/,
    ],
    [
      '2^31 trials a chunk',
      ['d6-pool', 'simulate', '--stat', '3', '--chunk-size', '2147483648'],
      /"2147483648" is not allowed/,
    ],
    [
      '257 threads',
      ['d6-pool', 'simulate', '--stat', '3', '--threads', '257'],
      /"257" is not allowed/,
    ],
    [
      'a negative seed',
      ['d6-pool', 'simulate', '--stat', '3', '--seed', '-1'],
      /"-1" is not allowed/,
    ],
  ])('%s', async (_name, args, message) => {
    expect(await refused(args)).toMatch(message);
  });
});

// Before, taken: "Expected value (…): 1.2277777777777778e+308", "expected weighted utility n/a",
// utilities printed as fractions of 300 digits.
describe('worths, utilities and weights past WORTH_LIMIT', () => {
  const allowed = /is not allowed \(expected a number from -1,000,000 to 1,000,000\)/;
  it.each<[string, () => string[], RegExp]>([
    ['a band value', () => ['tags-2d6', 'odds', '--clean-value', '1e308'], allowed],
    ['an improvement point', () => ['tags-2d6', 'odds', '--improvement-value', '-2e6'], allowed],
    [
      'a utility',
      () => ['d12-action', 'odds', '--roll', 'risky', '--success-utility', '1.7e308'],
      allowed,
    ],
    [
      'a token worth',
      () => ['d12-action', 'odds', '--roll', 'risky', '--token-value', '1e7'],
      /"1e7" is not allowed \(expected a number from 0 to 1,000,000\)/,
    ],
    [
      'a weight',
      () => ['ring-skill', 'odds', '--objective', 'weighted', '--weight-strife', '-1e308'],
      allowed,
    ],
    [
      'a band value in a spec file',
      () => ['tags-2d6', 'odds', '--spec', at('worth.json')],
      /worth\.json:1:\d+: bandValues\.clean: 1e\+308 is not allowed \(expected a number from -1000000 to 1000000\)/,
    ],
  ])('%s', async (_name, args, message) => {
    expect(await refused(args())).toMatch(message);
  });
});

describe('paths that are not what they should be', () => {
  it.each<[string, () => string[], RegExp]>([
    [
      'check --out a file',
      () => ['check', '--out', at('a-file.txt')],
      /--out: .* is not allowed \(expected a folder, but it is a file\)/,
    ],
    [
      'check --baseline a folder',
      () => ['check', '--baseline', at('a-folder')],
      /--baseline: .* is not allowed \(expected a file, but it is a folder\)/,
    ],
    [
      'splits --out under a file',
      () => [
        'zidara',
        'splits',
        '--only',
        'd12',
        '--vs',
        '3',
        '--out',
        join(at('a-file.txt'), 'x'),
      ],
      /expected a folder, but .*a-file\.txt is a file/,
    ],
    ['report --out a file', () => ['report', '--out', at('a-file.txt')], /expected a folder, but/],
    [
      // Before, "making the folder  fails: no such file or folder (ENOENT)".
      'report --out empty',
      () => ['report', '--out', ''],
      /--out: "" is not allowed \(expected a folder, but its name is empty\)/,
    ],
    [
      // Before, a folder named "--quiet" was made and written into.
      'report --out taking the next flag',
      () => ['report', '--out', '--quiet'],
      /--out: "--quiet" is not allowed \(expected a folder, but it begins with "-" as a flag does \(a folder or file of that name is \.\/--quiet\)\)/,
    ],
    [
      // Before, taken, and no partial result written.
      'simulate --partial empty',
      () => ['zidara', 'simulate', 'd12', '--vs', '3', '--partial', ''],
      /--partial: "" is not allowed \(expected a file, but its name is empty\)/,
    ],
    [
      // Before, a file named " " was written in the working folder.
      'simulate --partial a blank',
      () => ['d6-pool', 'simulate', '--stat', '3', '--trials', '1000', '--partial', ' '],
      /--partial: " " is not allowed \(expected a file, but its name is only blanks\)/,
    ],
    [
      'report --out a blank',
      () => ['report', at('missing.yaml'), '--out', '\t '],
      /--out: "\\t " is not allowed \(expected a folder, but its name is only blanks\)/,
    ],
    [
      // Before, "options.baseline: … (expected text of at least 1 characters)".
      'check --baseline empty',
      () => ['check', '--baseline', ''],
      /--baseline: "" is not allowed \(expected a file, but its name is empty\)/,
    ],
    [
      'compare --out a file',
      () => ['compare', '--out', at('a-file.txt')],
      /expected a folder, but/,
    ],
    [
      'baseline --baseline under a file',
      () => [
        'baseline',
        at('a-file.txt'),
        '--write',
        '--baseline',
        join(at('a-file.txt'), 'x.json'),
      ],
      /--baseline: .* is not allowed \(expected a file, but .*a-file\.txt is a file, not a folder\)/,
    ],
    [
      '--partial a folder',
      () => ['zidara', 'simulate', 'd12', '--vs', '3', '--partial', at('a-folder')],
      /--partial: .*expected a file, but it is a folder/,
    ],
    [
      '--spec a folder',
      () => ['d6-pool', 'odds', '--spec', at('a-folder')],
      /^dicelab: --spec: cannot read ".*a-folder" \(a folder, not a file\)/,
    ],
    [
      // Before, "--spec: cannot read "" (no such file)", as if a file had been named.
      '--spec empty',
      () => ['zidara', 'odds', '--spec', ''],
      /--spec: "" is not allowed \(expected a file, but its name is empty\)/,
    ],
    [
      // Before, "--spec: cannot read "--json" (no such file)": the next flag taken for the file.
      '--spec taking the next flag',
      () => ['d6-pool', 'simulate', '--spec', '--json'],
      /--spec: "--json" is not allowed \(expected a file, but it begins with "-" as a flag does/,
    ],
    [
      '--spec missing',
      () => ['d6-pool', 'odds', '--spec', at('missing.json')],
      /^dicelab: --spec: cannot read ".*missing\.json" \(no such file\)/,
    ],
    [
      // Before, "cannot be read": every reader now words it as --spec does.
      'merge a folder',
      () => ['merge', at('a-folder')],
      /a-folder: cannot read \(a folder, not a file\)/,
    ],
    [
      // Before, "dicelab: : cannot be read (ENOENT)".
      'merge an empty name',
      () => ['merge', ''],
      /^dicelab: parts: "" is not allowed \(expected a partial result file, but its name is empty\)\n$/,
    ],
    [
      // Before, "paths[0]: …": the library's name, not one a CLI user typed.
      'check an empty name',
      () => ['check', '', '--out', out],
      /^dicelab: files: "" is not allowed \(expected a scenario file or folder, but its name is empty\)\n$/,
    ],
    [
      'baseline a blank name',
      () => ['baseline', at('a-file.txt'), ' '],
      /^dicelab: files: " " is not allowed \(expected a scenario file or folder, but its name is only blanks\)\n$/,
    ],
    [
      'report an empty name',
      () => ['report', '', '--out', out],
      /^dicelab: scenarios: "" is not allowed \(expected a scenario file or folder, but its name is empty\)\n$/,
    ],
    [
      // Before, "missing.json: cannot be read (ENOENT)".
      'merge a missing file',
      () => ['merge', at('missing.json')],
      /^dicelab: .*missing\.json: cannot read \(no such file\)\n$/,
    ],
    [
      'check a missing file',
      () => ['check', at('missing.yaml'), '--out', out],
      /missing\.yaml: cannot read \(no such file or folder\)/,
    ],
    [
      // Before, "dd/sub.yaml: cannot read (EISDIR)".
      'check a folder named *.yaml in a folder',
      () => ['check', at('yaml-folder-in'), '--out', out],
      /^dicelab: .*yaml-folder-in\/sub\.yaml: cannot read \(a folder, not a file\)\n$/,
    ],
    [
      // Before, "loop.yaml: cannot read (no such file or folder)".
      'check a symbolic link loop',
      () => ['check', at('loop.yaml'), '--out', out],
      /^dicelab: .*loop\.yaml: cannot read \(too many symbolic links\)\n$/,
    ],
    [
      'check an empty folder',
      () => ['check', at('empty-folder'), '--out', out],
      /empty-folder: no scenario files/,
    ],
  ])('%s', async (_name, args, message) => {
    expect(await refused(args())).toMatch(message);
  });
});

// /proc is a folder that takes no new file or folder: an --out there can never be written. Each
// case would fail later for a reason of its own (a missing file, a refused option): the --out
// named instead shows it was tried before anything else ran.
describe.skipIf(!existsSync('/proc/self'))(
  'an --out no file can be made in, before any work',
  () => {
    const made =
      /--out: "\/proc\/dicelab-out" is not allowed \(expected a folder dicelab can write files in, but making the folder \/proc\/dicelab-out fails: /;
    it.each<[string, string[], RegExp]>([
      ['report', ['report', 'missing.yaml', '--out', '/proc/dicelab-out'], made],
      ['check', ['check', 'missing.yaml', '--out', '/proc/dicelab-out'], made],
      [
        'an analysis',
        ['zidara', 'tune', '--pool', 'natural', '--actions', '2', '--out', '/proc/dicelab-out'],
        made,
      ],
      [
        // Before, every figure was computed (a line each on stderr) and then the write failed.
        'baseline --write, a file in /proc',
        [
          'baseline',
          join('scenarios', 'd6-pool-hits.yaml'),
          '--write',
          '--baseline',
          '/proc/dicelab-baseline.json',
        ],
        /^dicelab: --baseline: "\/proc\/dicelab-baseline\.json" is not allowed \(expected a file dicelab can write, but writing it fails: /,
      ],
      [
        'compare, into /proc itself',
        ['compare', '--out', '/proc'],
        /--out: "\/proc" is not allowed \(expected a folder dicelab can write files in, but writing in it fails: /,
      ],
    ])('%s', async (_name, args, message) => {
      expect(await refused(args)).toMatch(message);
    });
  },
);

describe('spec files a careless or hostile user might give', () => {
  it.each<[string, string, RegExp]>([
    ['a syntax error', 'syntax.json', /syntax\.json:1:\d+: /],
    [
      // Before, "2:1: Flow map must end with a }": the YAML parser's words for a JSON file.
      'a JSON file cut short',
      'unfinished.json',
      /unfinished\.json:2:1: not JSON \(Expected double-quoted property name\)\n$/,
    ],
    [
      // V8 gives no position for this one: where jsonc-parser stops, and no quote of the text.
      'a JSON value missing',
      'bad-token.json',
      /bad-token\.json:1:10: not JSON \(Unexpected token '\]'\)\n$/,
    ],
    [
      'a duplicate key',
      'duplicate.json',
      /duplicate\.json:1:13: stat: written twice \(expected each key once in its mapping; its first is at 1:2\)\n/,
    ],
    ['an empty array', 'empty-array.json', /empty-array\.json:1:1: the file holds an empty array/],
    [
      'a number, not a spec',
      'number.json',
      /number\.json:1:1: spec: 7 is not allowed \(expected an object\)/,
    ],
    [
      'a field of the wrong type',
      'wrong-type.json',
      /wrong-type\.json:1:24: \[1\]\.stat: "3" is not allowed \(expected an integer from 1 to 1000\)/,
    ],
    [
      'an unknown field',
      'unknown-field.json',
      /unknown-field\.json:1:\d+: bogus: no such field \(the fields here are stat\)/,
    ],
    [
      '100,000 nested arrays',
      'deep-array.json',
      /deep-array\.json:1:65: nested too deeply \(expected at most 64 levels/,
    ],
    ['100,000 nested objects', 'deep-object.json', /deep-object\.json:1:\d+: nested too deeply/],
    [
      '100,000 nested YAML flow sequences',
      'deep-flow.yaml',
      /deep-flow\.yaml:1:\d+: nested too deeply/,
    ],
    [
      'a YAML alias bomb',
      'bomb.yaml',
      /bomb\.yaml:\d+:\d+: aliases expand too many times \(expected at most 100 expansions/,
    ],
    [
      // Before, "stat: Infinity is not allowed", a value the file does not hold.
      'a number past the largest',
      'past-max.json',
      /past-max\.json:1:10: stat: Infinity \(past the largest number, 1\.8e\+308\) is not allowed \(expected an integer from 1 to 1000\)\n$/,
    ],
    [
      // Before, "Tabs are not allowed as indentation": what is wrong, not what to write.
      'a tab as indentation',
      'tab-indent.yaml',
      /tab-indent\.yaml:3:1: a tab indents this line \(expected spaces: YAML indents with spaces only\)\n$/,
    ],
    [
      // Before, "[ a, b ]: no such field", then Node's warning that the parser made the key text.
      'a list as a key',
      'list-key.yaml',
      /list-key\.yaml:1:3: \["a","b"\]: a list as a key is not allowed \(expected a name\)\n$/,
    ],
    [
      // Before, 'stat: {"type":"Buffer","data":[104,…]} is not allowed', bytes the file does not hold.
      'a !!binary value',
      'binary.yaml',
      /binary\.yaml:1:7: stat: the tag !!binary is not allowed \(expected a plain value: untagged, or !!str, !!int, !!float, !!bool, !!null, !!seq or !!map\)\n$/,
    ],
    [
      // Before, "0: no such field": a Buffer's bytes read as a spec's fields.
      'a file of a !!binary value',
      'binary-file.yaml',
      /binary-file\.yaml:1:1: the tag !!binary is not allowed \(expected a plain value: /,
    ],
    [
      // Before, read as the text "3" and the parser's warning thrown away.
      'an unknown local tag',
      'local-tag.yaml',
      /local-tag\.yaml:1:7: stat: the tag !foo is not allowed \(expected a plain value: /,
    ],
    ['Latin-1 bytes', 'latin1.json', /latin1\.json:1:25: byte 0xE9 at offset 24 is not UTF-8/],
    [
      'a value of a million characters',
      'long-string.json',
      /stat: "x{57}"\.\.\. \(1000000 characters\) is not allowed/,
    ],
    [
      'more specs than a file may hold',
      'too-many.json',
      /too-many\.json:1:1: the file holds 100,001 specs \(expected at most 100,000/,
    ],
    [
      'a JSON file past 64 MiB',
      'huge.json',
      /huge\.json: 67,108,865 bytes is too big \(expected at most 67,108,864 bytes for JSON\)/,
    ],
    [
      'a YAML file past 4 MiB',
      'huge.yaml',
      /huge\.yaml: 4,194,305 bytes is too big \(expected at most 4,194,304 bytes for YAML/,
    ],
  ])('%s', async (_name, file, message) => {
    expect(await refused(['d6-pool', 'odds', '--spec', at(file)])).toMatch(message);
  });
});

it('a list as a key: one line on stderr, no warning of the YAML parser after it', async () => {
  const run = await runDicelab(['d6-pool', 'odds', '--spec', at('list-key.yaml')]);
  expect(run.code).toBe(EXIT.badInput);
  expect(run.stderr).toMatch(/^dicelab: [^\n]+: a list as a key is not allowed [^\n]+\n$/);
});

describe('spec files with no end, or past the limit, are read only up to it', () => {
  it.skipIf(!existsSync('/dev/zero'))(
    '/dev/zero (an endless file of size 0) is refused at the limit, not read forever',
    async () => {
      expect(await refused(['zidara', 'odds', '--spec', '/dev/zero'])).toMatch(
        /^dicelab: \/dev\/zero: more than 4,194,304 bytes is too big \(expected at most 4,194,304 bytes for YAML/,
      );
    },
    20_000,
  );

  it.skipIf(process.platform === 'win32')(
    'an 80 MB pipe is refused once past the limit, not read whole first',
    async () => {
      const fifo = at('pipe.yaml');
      execFileSync('mkfifo', [fifo]);
      // The writer is another process: the CLI reads the pipe synchronously, on this thread.
      const writer = spawn(process.execPath, [
        '-e',
        `try { require('fs').writeFileSync(${JSON.stringify(fifo)}, Buffer.alloc(80e6, 32)) } catch {}`,
      ]);
      const written = new Promise((done) => writer.on('exit', done));
      try {
        expect(await refused(['zidara', 'odds', '--spec', fifo])).toMatch(
          /pipe\.yaml: more than 4,194,304 bytes is too big \(expected at most 4,194,304 bytes for YAML/,
        );
      } finally {
        await written;
        await rm(fifo);
      }
    },
    20_000,
  );
});

describe('scenario files and baselines', () => {
  it.each<[string, () => string[], RegExp]>([
    [
      'a YAML alias bomb',
      () => ['check', at('bomb-scenario.yaml'), '--out', out],
      /bomb-scenario\.yaml:\d+:\d+: aliases expand too many times/,
    ],
    [
      // Before, "2:1: Flow map must end with a }".
      'a JSON scenario file cut short',
      () => ['check', at('unfinished-scenario.json'), '--out', out],
      /unfinished-scenario\.json:2:1: not JSON \(Expected double-quoted property name\)\n$/,
    ],
    [
      'Latin-1 bytes',
      () => ['check', at('latin1-scenario.yaml'), '--out', out],
      /latin1-scenario\.yaml:1:14: byte 0xE9 at offset 13 is not UTF-8/,
    ],
    [
      '100,000 nested sequences',
      () => ['check', at('deep-scenario.yaml'), '--out', out],
      /deep-scenario\.yaml:1:\d+: nested too deeply/,
    ],
    [
      'a worth of 1e308',
      () => ['check', at('values.yaml'), '--out', out],
      /values\.yaml:5:16: characters\.vesk\.auraValue: 1e\+308 is not allowed \(expected a number from 0 to 1000000\)/,
    ],
    [
      'a report of a Latin-1 file',
      () => ['report', at('latin1-scenario.yaml'), '--out', out],
      /byte 0xE9 at offset 13 is not UTF-8/,
    ],
    [
      'a Latin-1 baseline',
      () => ['check', '--baseline', at('latin1-baseline.json'), '--out', out],
      /latin1-baseline\.json:1:11: byte 0xE9/,
    ],
    [
      'a broken baseline',
      () => ['check', '--baseline', at('broken-baseline.json'), '--out', out],
      /broken-baseline\.json:1:12: not JSON \(.*\); fix the file, or delete it and record every figure again with dicelab baseline --write\n$/,
    ],
    [
      // --write keeps the figures of the files not run: it reads the old file, so cannot mend it.
      'a broken baseline, to be rewritten',
      () => [
        'baseline',
        join('scenarios', 'd6-pool-hits.yaml'),
        '--write',
        '--baseline',
        at('broken-baseline.json'),
      ],
      /broken-baseline\.json:1:12: not JSON .*; fix the file, or delete it/,
    ],
  ])('%s', async (_name, args, message) => {
    expect(await refused(args())).toMatch(message);
  });
});

describe('partial result files: data, never code; wrong numbers never merge', () => {
  it.each<[string, string, RegExp]>([
    [
      'a kernel that names a module',
      'evil.json',
      /evil\.json:\d+:\d+: kernel: "file:[^"]*(evil-kernel\.mjs"|"\.\.\. \(\d+ characters\)) is not allowed \(expected one of dicelab's kernels: /,
    ],
    [
      'a count of −5000',
      'negative.json',
      /negative\.json:\d+:\d+: tally\[0\]: -5000 is not allowed/,
    ],
    [
      'a count 1000 times the trials',
      'thousandfold.json',
      /thousandfold\.json: tally\[0\.\.2\] \(outcomes\) sum to \d+, not the 5000 trials/,
    ],
    [
      'one count changed in transit',
      'slot-changed.json',
      /slot-changed\.json:\d+:\d+: checksum: .* does not match the content/,
    ],
    [
      'an old format',
      'old-version.json',
      /old-version\.json:\d+:\d+: version: 1 is not allowed \(expected 2/,
    ],
    [
      'another dicelab',
      'other-dicelab.json',
      /other-dicelab\.json:\d+:\d+: dicelab: "0\.0\.9" is not allowed/,
    ],
    [
      'a complete shard marked interrupted',
      'interrupted.json',
      /interrupted\.json:\d+:\d+: interrupted: true is not allowed/,
    ],
    ['not JSON', 'not-json.json', /not-json\.json:\d+:\d+: not JSON \(/],
    ['an array', 'array.json', /array\.json: not a dicelab partial result/],
  ])('%s', async (_name, file, message) => {
    expect(await refused(['merge', at(file)])).toMatch(message);
    expect(existsSync(at('marker'))).toBe(false); // the hostile kernel never ran
  });
});

describe('exit statuses CI can trust', () => {
  it('a bug is status 70 with a request for a report, never 1 (a failed expectation)', async () => {
    // A stand-in for a bug deep in a command: the working folder cannot be asked for.
    const spy = vi.spyOn(process, 'cwd').mockImplementation(() => {
      throw new TypeError('a bug');
    });
    try {
      const run = await cli('check', at('values.yaml'), '--out', out);
      expect(run.status).toBe(EXIT.internal);
      expect(run.stderr).toBe(
        'dicelab: internal error: a bug\nThis is a bug in dicelab: please report it with the command you ran (DICELAB_DEBUG=1 shows the stack trace).\n',
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('are defined once: ok 0, failed 1, bad input 2, inconclusive 3, unavailable 69, internal 70, output failed 74', () => {
    expect(EXIT).toEqual({
      ok: 0,
      failed: 1,
      badInput: 2,
      inconclusive: 3,
      unavailable: 69,
      internal: 70,
      outputFailed: 74,
      interrupted: 130,
      terminated: 143,
    });
  });
});
