import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packDicelab, ROOT, type Run, run } from './packed.ts';
import { libraryExamples } from './readme-examples.ts';
import { shippedDocProblems } from './shipped-docs.ts';
import { shippedExamples } from './shipped-examples.ts';
import { unnamedSignatureTypes } from './signature-types.ts';

/**
 * dicelab as a game's repository gets it: the built tree packed (`npm pack --ignore-scripts`:
 * `npm test` builds dist/ first, and nothing here rebuilds it), the tarball installed into an
 * empty project from the npm cache, then its bin, its library from plain Node and its types
 * from a consumer's TypeScript, as a designer would use them.
 */

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, unknown>;
};
/** The import paths of package.json `exports` that are code (`dicelab`, `dicelab/zidara`, …). */
const ENTRIES = Object.keys(PACKAGE.exports)
  .filter((path) => !path.endsWith('.json'))
  .map((path) => `dicelab${path.slice(1)}`);
/** The project's own TypeScript compiler (resolved from this file, not from a fixed path). */
const TSC = join(
  createRequire(import.meta.url).resolve('typescript/package.json'),
  '..',
  'bin',
  'tsc',
);

let game: string;
let tarball: string;
let packed: string[];
let installLog: Run;
const dicelab = (...args: string[]) =>
  run(join(game, 'node_modules', '.bin', 'dicelab'), args, game);

const PASSING = `scenario: the gate
characters:
  guard-breaker: { auraMax: 0, titles: 0, actions: { swing: 3 } }
threats:
  guard: { name: a gate guard, challenge: 3, tags: 1 }
expectations:
  - expect: a lone d6 beats the guard 5 times in 12
    figure: winChance
    of: { character: guard-breaker, action: swing, vs: guard }
    between: [41%, 42%]
`;

/** The planted failure: a d6 against a d6 does not win most of the time. */
const FAILING = `scenario: the wall
characters:
  climber: { auraMax: 0, titles: 0, actions: { climb: 3 } }
threats:
  wall: { name: a high wall, challenge: 3 }
expectations:
  - expect: the climber gets over the wall most days
    figure: winChance
    of: { character: climber, action: climb, vs: wall }
    atLeast: 60%
`;

/** A consumer's TypeScript: every entry imported, and a type error each that the types must catch. */
const CONSUMER_MTS = `import { DICELAB_VERSION, EXIT, zidara as z } from 'dicelab';
import { odds as d6Odds, type OutcomeShare } from 'dicelab/d6-pool';
import {
  advise as d12Advise,
  type D12AdviceRequest,
  type D12Plan,
  d12Advice,
  d12Plan,
  odds as d12Odds,
} from 'dicelab/d12-action';
import { Dist } from 'dicelab/distribution';
import {
  advise as ringAdvise,
  odds as ringOdds,
  type RingSkillCheck,
  type RingSkillSolver,
  ringSkillOdds,
  ringSkillSolver,
} from 'dicelab/ring-skill';
import { type CheckResult, checkScenarioFiles } from 'dicelab/scenario';
import { odds as tagsOdds } from 'dicelab/tags-2d6';
import { advise, InputError, odds, type RollOdds, type RollSpec, splits } from 'dicelab/zidara';

const one: RollOdds = odds({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] });
const many: RollOdds[] = odds([{ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] }]);
const chance: number = one.intents[0]!.pWin + many.length + z.ROLL_DEFAULTS.auraMax;
const best: string = splits({ steps: 4, challenge: 3 })[0]!.split;
const action: 'stop' | 'reroll-all' | 'reroll-one' = advise({
  roll: { threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], resolve: 1 },
  shown: [3],
  defence: [5],
}).best.action;
const fractions: (string | undefined)[] = d6Odds({ stat: 3 }).outcomes.map((o) => o.fraction);
const others: number = d12Odds({ roll: 'safe', rating: 2, capacity: 1 }).outcomes.length +
  ringOdds({ ring: 2, skill: 1, tn: 2 }).pSuccess + tagsOdds({ tags: 1 }).modifier;
const kept: readonly number[] = ringAdvise({ check: { ring: 2, skill: 1, tn: 2 }, ring: [5, 6], skill: [11] })
  .best.keep.ring;
const stop: 'keep' | 'roll' = d12Advise({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [12] })
  .best.action;
const mean: number = Dist.die(6).mean();
// The types inside a result are named too (an item of outcomes), from the same entry.
const shares: readonly OutcomeShare[] = d6Odds({ stat: 3 }).outcomes;
const result: Promise<CheckResult> = checkScenarioFiles(['scenarios'], { baseline: false });
const status: number = EXIT.failed;
const version: string = DICELAB_VERSION;
// A wrapper names every parameter's type from the entry that exports the function.
const ringWith = (check: RingSkillCheck, solver?: RingSkillSolver): number =>
  ringSkillOdds(check, solver).pSuccess;
const adviceWith = (request: D12AdviceRequest, plan?: D12Plan): 'keep' | 'roll' =>
  d12Advice(request, plan).best.action;
// And builds the solver or plan to share across calls, from a spec as odds takes it.
const shared: RingSkillSolver = ringSkillSolver({ ring: 2, skill: 0, tn: 2 });
const sharedOdds: number[] = [1, 2].map((skill) => ringSkillOdds({ ring: 2, skill, tn: 2 }, shared).pSuccess);
const plan: D12Plan = d12Plan({ roll: 'stacked', rating: 0, capacity: 5 });
const planned: 'keep' | 'roll' = d12Advice({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [3] }, plan)
  .best.action;
// A game's data kept read-only (\`as const\`, readonly arrays) is a spec as it stands.
const GATE = {
  threats: [{ challenge: 3, name: 'the gate' }],
  dice: [{ sides: 8, intent: 0 }, { sides: 4, intent: 1 }],
  intents: [{}, { weight: 2 }],
} as const;
const specs: readonly RollSpec[] = [GATE];
const frozen: number = odds(GATE).expectedWins + odds(specs).length +
  d12Odds({ roll: 'group', rating: 1, capacity: 2, supporters: [{ rating: 1, capacity: 2 }] as const })
    .outcomes.length;
let field: string | undefined;
try {
  odds({ threats: [{ challenge: 3 }], dice: [{ sides: 7, intent: 0 }] });
} catch (error) {
  if (error instanceof InputError) field = error.field;
}

// @ts-expect-error a win chance is a number
const wrong: string = one.expectedWins;
// @ts-expect-error a die's sides are a number
odds({ threats: [{ challenge: 3 }], dice: [{ sides: 'd8', intent: 0 }] });
// @ts-expect-error engine internals are not exported
import type { RollSolver } from 'dicelab/systems/zidara/engine/roll-solver.js';

export { action, adviceWith, best, chance, field, fractions, frozen, kept, mean, others, planned, result, ringWith, sharedOdds, status, stop, version, wrong };
export type { RollSolver };
`;

beforeAll(async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'dicelab-consumer-'));
  ({ tarball, files: packed } = await packDicelab(scratch));

  game = join(scratch, 'my-game');
  await mkdir(join(game, 'scenarios'), { recursive: true });
  await writeFile(
    join(game, 'package.json'),
    `${JSON.stringify({ name: 'my-game', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  await writeFile(join(game, 'scenarios', 'gate.yaml'), PASSING);
  await writeFile(join(game, 'scenarios', 'wall.yaml'), FAILING);
  installLog = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', tarball],
    game,
  );
  expect(installLog.code, installLog.stderr).toBe(0);
}, 300_000);

describe('the packed tarball', () => {
  it('holds the bin, the build with its types, the vendored files, the schema and the docs; no sources, tests or scripts', () => {
    for (const file of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'bin/dicelab.js',
      'dist/cli/main.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/api/zidara.d.ts',
      'dist/api/scenario.d.ts',
      'dist/vendor/zod.js',
      'dist/vendor/fonts/DejaVuSans.ttf',
      'dist/vendor/fonts/LICENSE',
      'dist/page/dicelab.html',
      'scenarios/schema.json',
      // docs/scenarios.md offers the project's scenario files as examples to copy.
      'scenarios/d6-pool-hits.yaml',
      'docs/scenarios.md',
      // README's "Add it to a game's repository" has a game copy it from node_modules/dicelab.
      'deploy/github-actions/game-balance.yml',
    ])
      expect(packed, file).toContain(file);
    const stray = packed.filter(
      (f) =>
        /^(src|test|scripts|\.ci|reports|deploy)\//.test(f) &&
        f !== 'deploy/github-actions/game-balance.yml',
    );
    expect(stray).toEqual([]);
    // Declarations are the public entries' and what they reach; the CLI's are not shipped.
    expect(packed.filter((f) => /^dist\/cli\/.*\.d\.ts$/.test(f))).toEqual([]);
  });

  it("has docs whose every link works from node_modules/dicelab: relative ones to packed files, the rest to the repository's", () => {
    expect(shippedDocProblems(ROOT, packed)).toEqual([]);
  });

  it('passes publint and are-the-types-wrong (ESM only)', async () => {
    const lint = await run(
      process.execPath,
      [join(ROOT, 'scripts', 'lint-package.mjs'), tarball],
      ROOT,
    );
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    expect(lint.stdout).toContain('All good!');
  });
});

describe('installed into an empty project (npm install --prefer-offline dicelab-X.tgz)', () => {
  it("brings no package with an install script, nor the queue's optional packages or the 12 MB font package", () => {
    const withScripts: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name === '.bin') continue;
        const path = join(dir, entry.name);
        if (entry.name.startsWith('@')) {
          visit(path);
          continue;
        }
        const manifest = join(path, 'package.json');
        if (existsSync(manifest)) {
          const { scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
            scripts?: Record<string, string>;
          };
          if (
            scripts.preinstall ||
            scripts.install ||
            scripts.postinstall ||
            existsSync(join(path, 'binding.gyp'))
          )
            withScripts.push(entry.name);
        }
        if (existsSync(join(path, 'node_modules'))) visit(join(path, 'node_modules'));
      }
    };
    visit(join(game, 'node_modules'));
    expect(withScripts).toEqual([]);
    for (const absent of [
      ...Object.keys(PACKAGE.peerDependencies),
      'msgpackr-extract',
      'dejavu-fonts-ttf',
    ])
      expect(existsSync(join(game, 'node_modules', absent)), absent).toBe(false);
    for (const present of Object.keys(PACKAGE.dependencies))
      expect(existsSync(join(game, 'node_modules', present)), present).toBe(true);
  });

  it("holds zod at the size the README gives it (of node_modules' bytes, as the bench counts them)", () => {
    // zod is pinned exactly, so its size moves only when it does: the README is told then.
    const [, said] = /Of that, zod \((\d+(?:\.\d+)?) MB\)/.exec(
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
    ) ?? [undefined, ''];
    expect(said, 'the README names the size of zod').not.toBe('');
    const bytes = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sum + bytes(path);
        return entry.isFile() ? sum + statSync(path).size : sum;
      }, 0);
    const mb = bytes(join(game, 'node_modules', 'zod')) / (1024 * 1024);
    expect(mb.toFixed(said!.split('.')[1]?.length ?? 0)).toBe(said);
  });

  it("dicelab --version and -V print package.json's version", async () => {
    for (const flag of ['--version', '-V']) {
      const { code, stdout } = await dicelab(flag);
      expect(code).toBe(0);
      expect(stdout).toBe(`${PACKAGE.version}\n`);
    }
  });

  it('rolls: zidara odds prints the odds a designer asked for', async () => {
    const { code, stdout, stderr } = await dicelab(
      'zidara',
      'odds',
      'd8',
      '--vs',
      '3',
      '--aura-max',
      '0',
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // A d8 against a d6, no Aura: it wins 27 of 48 (56.25%).
    expect(stdout).toMatch(/win chance\n[- ]+\n +1 +d8 +C3 \(d6\) +1 +56\.3%\n/);
    expect(stdout).toMatch(/expected utility +0\.562500\n/);
  });

  it("check judges the project's own scenarios: the planted failure fails it (exit 1), named in the table and check.md", async () => {
    const { code, stdout, stderr } = await dicelab('check', 'scenarios', '--quiet');
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /scenarios\/wall\.yaml:7:5 +the climber gets over the wall most days .* FAIL/,
    );
    expect(stdout).toMatch(
      /scenarios\/gate\.yaml:\d+:5 +a lone d6 beats the guard 5 times in 12 .* pass/,
    );
    expect(stdout).toContain('check: 1 passed, 1 failed (2 expectations, 2 files,');
    const markdown = await readFile(join(game, 'reports', 'check.md'), 'utf8');
    expect(markdown).toMatch(/^## dicelab check: 1 passed, 1 failed\n/);
    expect(markdown).toContain(
      '**FAIL** scenarios/wall.yaml:7:5: the climber gets over the wall most days',
    );
    expect(existsSync(join(game, 'reports', 'check.junit.xml'))).toBe(true);
  });

  it('draws charts with the fonts the build carries (the font package is not installed)', async () => {
    const { code, stderr } = await dicelab(
      'zidara',
      'splits',
      '--steps',
      '4',
      '--vs',
      '2',
      '--out',
      'charts',
    );
    expect(stderr).toBe(
      'wrote charts/splits.csv, charts/splits.vl.json, charts/splits.svg, charts/splits.png\n',
    );
    expect(code).toBe(0);
    // Exit 0: the faces were found in dist/vendor/fonts (else the charts look for the font
    // package, which is not here, and fail); the PNG is drawn with them.
    const png = await readFile(join(game, 'charts', 'splits.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('the queue commands, without BullMQ and ioredis, say in one line what to install (exit 69)', async () => {
    const worker = await dicelab('queue', 'worker', '--redis', 'redis://127.0.0.1:6379');
    const submit = await dicelab(
      ...[
        'zidara',
        'simulate',
        'd8',
        '--vs',
        '3',
        '--queue',
        'redis://127.0.0.1:6379',
        '--shards',
        '2',
      ],
    );
    for (const { code, stdout, stderr } of [worker, submit]) {
      expect(code).toBe(69);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([
        `dicelab: the queue needs the packages bullmq and ioredis (optional peer dependencies of dicelab; bullmq is not installed): npm install bullmq@${PACKAGE.peerDependencies.bullmq} ioredis@${PACKAGE.peerDependencies.ioredis}`,
      ]);
    }
  });

  it('dicelab/zidara from plain Node gives what zidara odds --spec --json prints, for one spec and an array', async () => {
    const specs = [
      {
        threats: [{ challenge: 3 }],
        dice: [
          { sides: 12, intent: 0 },
          { sides: 4, intent: 1 },
        ],
        resolve: 1,
      },
      {
        threats: [{ challenge: 4 }, { challenge: 2 }],
        dice: [
          { sides: 8, intent: 0 },
          { sides: 6, intent: 1 },
        ],
        intents: [{}, { threat: 1, weight: 2 }],
        explode: true,
      },
    ];
    await writeFile(join(game, 'one.json'), JSON.stringify(specs[0]));
    await writeFile(join(game, 'many.json'), JSON.stringify(specs));
    await writeFile(
      join(game, 'odds.mjs'),
      `import { readFileSync } from 'node:fs';
import { odds } from 'dicelab/zidara';
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify(odds(spec)));
`,
    );
    for (const file of ['one.json', 'many.json']) {
      const cli = await dicelab('zidara', 'odds', '--spec', file, '--json');
      const library = await run(process.execPath, ['odds.mjs', file], game);
      expect(cli.code, cli.stderr).toBe(0);
      expect(library.code, library.stderr).toBe(0);
      expect(JSON.parse(library.stdout)).toEqual(JSON.parse(cli.stdout));
    }
    // A bad spec is the same one-line InputError from both.
    await writeFile(
      join(game, 'bad.json'),
      JSON.stringify({ threats: [{ challenge: 3 }], dice: [{ sides: 7, intent: 0 }] }),
    );
    const cli = await dicelab('zidara', 'odds', '--spec', 'bad.json', '--json');
    const library = await run(process.execPath, ['odds.mjs', 'bad.json'], game);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(
      'dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)',
    );
    expect(library.stderr).toContain(
      'InputError: dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)',
    );
  });

  it('dicelab/ring-skill and dicelab/d12-action advise from plain Node give what their advise --spec --json prints', async () => {
    const requests = {
      'ring-skill': [
        { check: { ring: 2, skill: 1, tn: 2 }, ring: [5, 6], skill: [11] },
        { check: { ring: 3, skill: 2, tn: 3 }, ring: [6, 4, 1], skill: [12, 7] },
      ],
      'd12-action': [
        { check: { roll: 'stacked', rating: 2, capacity: 5, tokens: 1 }, rolled: [9, 4] },
        { check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [12] },
      ],
    };
    for (const [system, specs] of Object.entries(requests)) {
      await writeFile(join(game, `${system}-advice.json`), JSON.stringify(specs));
      await writeFile(
        join(game, `${system}-advise.mjs`),
        `import { readFileSync } from 'node:fs';
import { advise } from 'dicelab/${system}';
process.stdout.write(JSON.stringify(advise(JSON.parse(readFileSync(process.argv[2], 'utf8')))));
`,
      );
      const file = `${system}-advice.json`;
      const cli = await dicelab(system, 'advise', '--spec', file, '--json');
      const library = await run(process.execPath, [`${system}-advise.mjs`, file], game);
      expect(cli.code, cli.stderr).toBe(0);
      expect(library.code, library.stderr).toBe(0);
      expect(JSON.parse(library.stdout)).toEqual(JSON.parse(cli.stdout));
      expect(JSON.parse(library.stdout)).toHaveLength(2);
    }
  });

  it('runs the README\'s "Use it as a library" examples, printing what they say', async () => {
    const examples = libraryExamples(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(examples.filter((e) => e.language === 'js').length).toBeGreaterThanOrEqual(3);
    for (const [i, example] of examples.entries()) {
      if (example.language !== 'js') continue;
      const file = `readme-${i}.mjs`;
      await writeFile(join(game, file), example.code);
      const { code, stdout, stderr } = await run(process.execPath, [file], game);
      expect(stderr, `README example ${i}`).toBe('');
      expect(code).toBe(0);
      expect(stdout.trimEnd().split('\n'), `README example ${i}:\n${example.code}`).toEqual(
        example.prints,
      );
    }
  });

  it("runs the shipped declarations' @examples with only what their entry exports and the files it ships, as a consumer imports it", async () => {
    // test/doc-examples.test.ts checks what each example gives, in this repository; here, that a
    // consumer can run it: every name it uses is an export of the entry whose declarations show
    // it, and only an example that says it throws does (a file of this repository's, not in the
    // package, is not there for a consumer).
    const examples = shippedExamples(game, ENTRIES).filter((e) => !/^not run:/.test(e.expected));
    expect(examples.length).toBeGreaterThan(50);
    await writeFile(join(game, 'shipped-examples.json'), JSON.stringify(examples));
    await writeFile(
      join(game, 'shipped-examples.mjs'),
      `import { readFileSync } from 'node:fs';
const AsyncFunction = (async () => {}).constructor;
const failing = [];
for (const { entry, name, code, expected } of JSON.parse(readFileSync('shipped-examples.json', 'utf8'))) {
  const exports = await import(entry);
  try {
    await new AsyncFunction(...Object.keys(exports), \`return (\${code});\`)(...Object.values(exports));
  } catch (error) {
    if (error instanceof ReferenceError || !/^throws /.test(expected))
      failing.push(\`\${entry} \${name}: \${code}: \${error.message}\`);
  }
}
// EXIT's example sets the exit status: the run's own is the list's.
process.exitCode = 0;
process.stdout.write(JSON.stringify(failing));
`,
    );
    const { code, stdout, stderr } = await run(process.execPath, ['shipped-examples.mjs'], game);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
  }, 120_000);

  it("type-checks a consumer's .mts (and the README's TypeScript) against the shipped types, strict, library checks on", async () => {
    await writeFile(join(game, 'consumer.mts'), CONSUMER_MTS);
    const files = ['consumer.mts'];
    for (const [i, example] of libraryExamples(
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
    ).entries()) {
      if (example.language !== 'ts') continue;
      await writeFile(join(game, `readme-${i}.mts`), example.code);
      files.push(`readme-${i}.mts`);
    }
    expect(files.length).toBeGreaterThanOrEqual(2);
    const tsc = await run(
      process.execPath,
      // No @types/node: the shipped types need nothing the consumer has not installed.
      [
        TSC,
        '--strict',
        '--noEmit',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        'false',
        ...files,
      ],
      game,
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  });

  it("exports every type the entries' functions take or return, and every type inside those, so a consumer can name it", () => {
    // `entry export: Type` for each type of dicelab's own, in a signature or a field of one, that
    // no entry exports.
    expect(unnamedSignatureTypes(game, ENTRIES)).toEqual([]);
  });
});
