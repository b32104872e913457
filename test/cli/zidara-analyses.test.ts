import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { validateVegaLite } from '../report/vega-lite-schema.ts';
import { runInProcess } from './run-in-process.ts';

/** Each `dicelab zidara …` command line refused with exactly its one-line message, exit 2, nothing on stdout. */
async function expectRefused(cases: readonly (readonly [readonly string[], string])[]) {
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await runInProcess(['zidara', ...args]);
    expect(code, args.join(' ')).toBe(2);
    expect(stdout, args.join(' ')).toBe('');
    expect(stderr, args.join(' ')).toBe(message);
  }
}

describe('dicelab zidara splits|advantage|fishing|rerolls|tune', () => {
  it('answers "d12 or d6+d6?" in one command, with a one-line verdict', async () => {
    const { code, stdout } = await runInProcess([
      'zidara',
      'splits',
      '--only',
      'd12',
      'd6+d6',
      '--vs',
      '3',
      '--objective',
      'primary',
      '--aura-max',
      '0',
    ]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Which is better against C3 (d6): d12 or d6+d6?');
    expect(lines.at(-1)).toBe('d12 beats d6+d6: 70.8% vs 57.9% (+13.0 pts).');
    expect(stdout).toMatch(/^\s+1\s+d12\s+1\s+70\.8%/m);
  });

  it('prints every ranked split as CSV, and the tune answers as JSON', async () => {
    const csv = await runInProcess([
      'zidara',
      'splits',
      '--steps',
      '8',
      '--vs',
      '3',
      '--intents',
      '1-2',
      '--format',
      'csv',
    ]);
    const json = await runInProcess([
      'zidara',
      'tune',
      '--steps',
      '6',
      '--vs',
      '1-6',
      '--target',
      '60%',
      '--format',
      'json',
    ]);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'rank,split,pool,steps,dice,intents,score,mainWin,expectedWins,allWin,expectedUtility,auraGained,auraEnd',
    );
    expect(lines).toHaveLength(1 + 23);
    expect(lines[1]).toMatch(/^1,d8 \| d8,d8 d8,8,2,2,/);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.analysis).toBe('tune');
    expect(out.rows).toHaveLength(6);
    expect(out.answers[0]).toMatchObject({
      solveFor: 'challenge',
      target: 0.6,
      nearest: { steps: 6 },
    });
    expect(out.findings[0]).toMatch(/^6 steps: C\d+ \(d\d+\) is nearest 60%/);
  });

  it('gives the tune answer in its CSV after the grid, as its text names it', async () => {
    const { code, stdout } = await runInProcess([
      ...['zidara', 'tune', '--steps', '6', '--vs', '1-3', '--pool', 'natural', '--aura-max', '0'],
      ...['--target', '60%', '--format', 'csv'],
    ]);
    expect(code).toBe(0);
    const [head, ...lines] = stdout.trimEnd().split('\r\n');
    expect(head).toBe('steps,challenge,pool,winChance,answer');
    // The grid's cells first, no answer of their own.
    expect(lines.slice(0, 3).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '6,1',
      '6,2',
      '6,3',
    ]);
    for (const line of lines.slice(0, 3)) expect(line.endsWith(',')).toBe(true);
    // A d12 beats d8 in 60 of 96 pairs and d10 in 65 of 120: C4 (off the grid) is nearest 60%.
    const answer = lines.slice(3).map((l) => l.split(','));
    expect(answer.map(([s, c, pool, , what]) => [s, c, pool, what])).toEqual([
      ['6', '4', 'd12', 'nearest'],
      ['6', '4', 'd12', 'above'],
      ['6', '5', 'd12', 'below'],
    ]);
    expect(Number(answer[0]![3])).toBeCloseTo(60 / 96, 12);
    expect(Number(answer[2]![3])).toBeCloseTo(65 / 120, 12);
  });

  it('says the tune target as given, never rounded to another chance', async () => {
    const answers: [string, string | RegExp][] = [
      ['62.5%', '6 steps: C7 (d14) is nearest 62.5%: 60.7% with d12 (C6 (d12): 68.8%).'],
      ['0.625', '6 steps: C7 (d14) is nearest 62.5%: 60.7% with d12 (C6 (d12): 68.8%).'],
      ['99.5%', '6 steps: C2 (d4) is nearest 99.5%: 99.3% with d6+d6 (C1 (d2): 100.0%).'],
      ['99.9%', '6 steps: C1 (d2) is nearest 99.9%: 100.0% with d12 (C2 (d4): 99.3%).'],
      ['0.5%', /^6 steps: C20 \(d40\) is nearest 0\.5%: /m],
    ];
    for (const [target, finding] of answers) {
      const tune = ['zidara', 'tune', '--steps', '6', '--vs', '1', '--target', target];
      const { code, stdout } = await runInProcess(tune);
      expect(code).toBe(0);
      if (finding instanceof RegExp) expect(stdout).toMatch(finding);
      else expect(stdout.trimEnd().split('\n')).toContain(finding);
    }
  });

  it('titles tune --solve-for steps by its question, in the table and the JSON', async () => {
    const tune = ['zidara', 'tune', '--vs', '4', '--target', '75%', '--solve-for', 'steps'];
    const title = 'How many steps does a character need against C4 (d8)?';
    const table = await runInProcess(tune);
    expect(table.stdout.split('\n')[0]).toBe(title);
    const json = await runInProcess([...tune, '--format', 'json']);
    expect(JSON.parse(json.stdout).title).toBe(title);
  });

  it("says the unsplit pool of the steps given, under the tune table's title", async () => {
    const { code, stdout } = await runInProcess([
      'zidara',
      'tune',
      '--pool',
      'natural',
      '--steps',
      '3',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\n')[1]).toBe('Win chance of the unsplit pool (3 steps: d6)');
  });

  it('says how many of the ranked splits its table shows: every one, or the --top', async () => {
    const splits = ['zidara', 'splits', '--steps', '8', '--vs', '3', '--intents', '1-2'];
    const rowsOf = (stdout: string) => stdout.split('\n').filter((l) => /^ +\d+ +d\d/.test(l));
    // 23 splits, all printed: the chart draws the best 20, the table is not cut.
    const all = await runInProcess(splits);
    expect(all.code).toBe(0);
    expect(rowsOf(all.stdout)).toHaveLength(23);
    expect(all.stdout.split('\n')[1]).toBe(
      'Ranked by expected intents won · 1–2 intents · | separates intents, + stacks dice on one intent',
    );
    // More rows than the chart's 20 bars, and fewer: each the count printed.
    for (const [top, actions, total] of [
      ['5', '1', 28],
      ['30', '2', 71],
    ] as const) {
      const cut = await runInProcess([...splits.slice(0, 6), '--actions', actions, '--top', top]);
      expect(cut.code).toBe(0);
      expect(rowsOf(cut.stdout)).toHaveLength(Number(top));
      expect(cut.stdout.split('\n')[1]).toContain(`· best ${top} of ${total} ·`);
    }
  });

  it('values one Resolve on a lone d8 against C4', async () => {
    const { code, stdout } = await runInProcess([
      'zidara',
      'rerolls',
      '--split',
      'd8',
      '--vs',
      '4',
      '--resolve',
      '0-1',
      '--kinds',
      'any',
      '--aura-max',
      '0',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout).rows as { resolve: number; winChance: number }[];
    expect(rows.map((r) => r.winChance)).toEqual([0.4375, 0.6015625]);
  });

  it('refuses, before the analysis runs, an --out where a folder stands in the place of one of the chart files', async () => {
    // A spy that calls through: it only counts the analyses run.
    const run = vi.spyOn(await import('../../src/systems/run-analysis.ts'), 'runAnalysis');
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-out-'));
    try {
      const cases: [string[], string][] = [
        [['splits', '--steps', '8', '--vs', '3'], 'splits.png'],
        [['fishing', '--steps', '6', '--vs', '3', '--name', 'fish'], 'fish.csv'],
        [['tune', '--steps', '1-4', '--vs', '1-3'], 'tune.vl.json'],
        [
          ['rerolls', '--split', 'd8', '--vs', '4', '--against', '--aura-max 1'],
          'rerolls-against.svg',
        ],
      ];
      for (const [i, [args, inTheWay]] of cases.entries()) {
        const out = join(dir, String(i));
        await mkdir(join(out, inTheWay), { recursive: true });
        const { code, stdout, stderr } = await runInProcess(['zidara', ...args, '--out', out]);
        expect(stderr, args[0]).toBe(
          `dicelab: --out: ${JSON.stringify(out)} is not allowed (expected a folder dicelab can write files in, but ${join(out, inTheWay)} is a folder)\n`,
        );
        expect(code, args[0]).toBe(2);
        expect(stdout, args[0]).toBe('');
        // Before, the whole analysis ran first (a tune grid or a large splits search: minutes).
        expect(run, args[0]).not.toHaveBeenCalled();
      }
    } finally {
      run.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the chart files atomically with --out, and still prints the table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-fishing-'));
    try {
      const { code, stdout, stderr } = await runInProcess([
        'zidara',
        'fishing',
        '--steps',
        '6',
        '--vs',
        '3',
        '--out',
        dir,
        '--name',
        'fish',
      ]);
      expect(code).toBe(0);
      expect((await readdir(dir)).sort()).toEqual([
        'fish.csv',
        'fish.png',
        'fish.svg',
        'fish.vl.json',
      ]);
      expect(stderr).toContain(`wrote ${join(dir, 'fish.csv')}`);
      expect(stdout).toMatch(/^Does splitting small dice off to fish for Aura pay/);
      expect(
        validateVegaLite(JSON.parse(await readFile(join(dir, 'fish.vl.json'), 'utf8'))),
      ).toEqual([]);
      const png = await readFile(join(dir, 'fish.png'));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad input with one line naming the flag, the value and what is allowed, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['zidara', 'splits', '--steps', '8', '--vs', '0'],
        /--vs.*"0" is not allowed \(expected an integer from 1 to 50\)/,
      ],
      [
        ['zidara', 'splits', '--vs', '3'],
        /^dicelab: --steps: missing \(expected the steps of the roll/,
      ],
      [
        ['zidara', 'splits', '--only', 'd7', '--vs', '3'],
        /^dicelab: --only: "d7" is not allowed \(expected dice such as/,
      ],
      [
        ['zidara', 'splits', '--steps', '2', '--vs', '3', '--intents', '3'],
        /^dicelab: --intents: /,
      ],
      // Hours of the engine's work, refused before any is solved (once it ran on without a word).
      [
        ['zidara', 'splits', '--steps', '24', '--actions', '4', '--vs', '3'],
        /^dicelab: --intents: scoring these 42,226 splits exactly is 959,506,875 dice-and-Aura states of the engine's work, more than one run's 100,000,000 \(some ten minutes\): allow at most 5 intents, or fewer steps or actions \(nothing was solved\)\n$/,
      ],
      // A split past the exact engine, refused before any is solved (once it failed minutes in).
      [
        ['zidara', 'splits', '--steps', '54', '--actions', '1', '--vs', '3'],
        /^dicelab: --intents: the split "d12\+d10 \| d12\+d10 \| d12\+d10 \| d12\+d10 \| d10 \| d10" has 9,765,625 dice-and-Aura states, more than the exact engine's 8,388,608: allow at most 5 intents \(nothing was solved\)\n$/,
      ],
      [
        [
          'zidara',
          'splits',
          '--only',
          'd12',
          '7d12',
          '--vs',
          '3',
          '--boosts',
          '10',
          '--aura-max',
          '20',
          '--resolve',
          '1',
        ],
        /^dicelab: --only: the split "d12\+d12\+d12\+d12\+d12\+d12\+d12" has 825,652,620 one-die moves .*: put fewer dice of one size on one intent; allow fewer or smaller \+2s a roll \(--boosts, --boost-size\) \(nothing was solved\)\n$/,
      ],
      [
        ['zidara', 'advantage', '--die', 'd7'],
        /--die.*"d7" is not allowed \(expected a die: d2, d4/,
      ],
      [
        ['zidara', 'tune', '--target', '150%'],
        /--target.*"150%" is not allowed \(expected a win chance/,
      ],
      [
        ['zidara', 'fishing', '--steps', '6', '--vs', '3', '--aura', '6'],
        /^dicelab: --aura: "6" is not allowed \(expected at most --aura-max \(5\): Aura past the cap is shared, never held\)/,
      ],
      [['zidara', 'rerolls', '--kinds', 'some'], /--kinds.*"some" is not allowed/],
      [
        ['report', 'balance.yaml'],
        /^dicelab: balance\.yaml: cannot read \(no such file or folder\)/,
      ],
    ];
    const results = [];
    for (const [args] of cases) results.push(await runInProcess(args));
    results.forEach(({ code, stdout, stderr }, i) => {
      expect(code, cases[i]![0].join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
      expect(stderr).toMatch(cases[i]![1]);
    });
  });

  it('draws a progress bar on stderr for a long splits run on a terminal, none with --quiet', async () => {
    const args = ['zidara', 'splits', '--steps', '10', '--actions', '3', '--vs', '3', '--top', '1'];
    const piped = await runInProcess(args);
    const tty = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
    const columns = Object.getOwnPropertyDescriptor(process.stderr, 'columns');
    Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
    // A terminal wide enough for the whole line: the bar cuts its line to the width.
    Object.defineProperty(process.stderr, 'columns', { value: 200, configurable: true });
    try {
      const shown = await runInProcess(args);
      const quiet = await runInProcess([...args, '--quiet']);
      for (const run of [piped, shown, quiet]) expect(run.code).toBe(0);
      // 245 splits: the bar is drawn at the report before any (later ones are drawn at its
      // 10 frames a second, which a loaded machine may not reach before the end, as the solve
      // runs on a worker thread), and cleared before the table.
      expect(shown.stderr).toContain('splits: solving [');
      expect(shown.stderr).toContain('| 0 of 245 splits |');
      expect(quiet.stderr).toBe('');
      expect(piped.stderr).toBe('');
      expect(quiet.stdout).toBe(shown.stdout);
      expect(piped.stdout).toBe(shown.stdout);
    } finally {
      if (tty) Object.defineProperty(process.stderr, 'isTTY', tty);
      else delete (process.stderr as { isTTY?: boolean }).isTTY;
      if (columns) Object.defineProperty(process.stderr, 'columns', columns);
      else delete (process.stderr as { columns?: number }).columns;
    }
  });

  it('documents every flag with examples in --help', async () => {
    for (const command of ['splits', 'advantage', 'fishing', 'rerolls', 'tune']) {
      const { code, stdout } = await runInProcess(['zidara', command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain('Examples:');
      expect(stdout).toContain('--format <format>');
      expect(stdout).toContain('--out <dir>');
    }
  });

  it('refuses a --name that is not a plain file stem as --name, before any work', async () => {
    const { code, stderr } = await runInProcess([
      'zidara',
      'splits',
      '--steps',
      '3',
      '--vs',
      '3',
      '--name',
      '../up',
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `dicelab: --name: "../up" is not allowed (expected letters, digits, ".", "_" and "-", starting with a letter or digit)\n`,
    );
  });

  it('refuses tune --solve-for without --target, which it would ignore', async () => {
    const { code, stderr } = await runInProcess([
      'zidara',
      'tune',
      '--vs',
      '3',
      '--solve-for',
      'steps',
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'dicelab: --solve-for: "steps" is not allowed (expected it only with --target (the chance to solve for))\n',
    );
  });

  it('refuses --actions where it would be ignored: fight-curves with --pool, tune with --pool natural', async () => {
    const cases: [string[], string][] = [
      [
        ['fight-curves', '--pool', 'd12 d4', '--actions', '2', '--vs', '3', '--tags', '1'],
        'dicelab: --actions: "2" is not allowed (expected nothing with a set pool (actions shape pools from steps))\n',
      ],
      [
        ['tune', '--pool', 'natural', '--actions', '2', '--steps', '6', '--vs', '3'],
        'dicelab: --actions: "2" is not allowed (expected them only with the best pool rule (the natural pool is the unsplit dice of the steps))\n',
      ],
    ];
    await expectRefused(cases);
    // Where it applies, --actions is taken as before, and its default still stands without it.
    const tune = ['zidara', 'tune', '--steps', '6', '--vs', '3'];
    expect((await runInProcess([...tune, '--actions', '2'])).code).toBe(0);
    const [given, unset] = [
      await runInProcess(['zidara', 'fight-curves', '--steps', '6', '--actions', '1', '--vs', '3']),
      await runInProcess(['zidara', 'fight-curves', '--steps', '6', '--vs', '3']),
    ];
    expect(given.code).toBe(0);
    expect(given.stdout).toBe(unset.stdout);
  });

  it('plays fight-curves for the whole fight with --fight-policy, as zidara fight does', async () => {
    // Before, fight-curves had no --fight-policy: whole-fight curves were the page's and the
    // scenarios' alone.
    const fight = ['--steps', '8', '--vs', '4', '--tags', '3', '--max-rounds', '3'];
    const json = async (args: string[]) => {
      const run = await runInProcess(args);
      expect(run.code).toBe(0);
      return JSON.parse(run.stdout);
    };
    const curves = async (policy: string) =>
      (
        await json([
          ...['zidara', 'fight-curves', ...fight, '--fight-policy', policy, '--format', 'json'],
        ])
      ).rows as { round: number; winWithin: number }[];
    const whole = await curves('whole-fight');
    const perRoll = await curves('per-roll');
    const solved = await json([
      ...['zidara', 'fight', ...fight, '--fight-policy', 'whole-fight', '--no-simulate', '--json'],
    ]);
    expect(whole.map((r) => r.winWithin)).toEqual(solved.exact.pWinWithin);
    // Played for the chance within 3 rounds, it is at least per-roll play's there.
    expect(whole[2]!.winWithin).toBeGreaterThan(perRoll[2]!.winWithin);
    await expectRefused([
      [
        ['fight-curves', ...fight, '--fight-policy', 'whole-fight', '--aura-value', '1'],
        'dicelab: --aura-value: "1" is not allowed (expected it only with --fight-policy per-roll (whole-fight play is for P(win within the rounds) alone))\n',
      ],
    ]);
  });

  it('reads --pool as zidara fight does: "d12,d4" as "d12 d4", a refused one shown as typed', async () => {
    const curves = ['zidara', 'fight-curves', '--vs', '3', '--tags', '1', '--max-rounds', '2'];
    const [commas, spaces] = [
      await runInProcess([...curves, '--pool', 'd12,d4']),
      await runInProcess([...curves, '--pool', 'd12 d4']),
    ];
    expect(commas.code).toBe(0);
    expect(commas.stdout).toBe(spaces.stdout);
    const expected =
      'expected dice such as "d12 d4", "d12+d4" or "2d6 d4" (d2, d4, d6, d8, d10 or d12, at most 8 dice, no |: a pool has no intents)';
    await expectRefused([
      [
        ['fight-curves', '--pool', 'd12 | d4', '--vs', '3', '--tags', '1'],
        `dicelab: --pool: "d12 | d4" is not allowed (${expected})\n`,
      ],
      [
        ['fight', '--pool', 'd12 | d4', '--vs', '3', '--tags', '1'],
        `dicelab: --pool: "d12 | d4" is not allowed (${expected})\n`,
      ],
    ]);
    // The example the message gives is read.
    expect((await runInProcess([...curves, '--pool', '2d6 d4'])).code).toBe(0);
  });

  it('refuses --rerolls beside a named policy, which rerolls by its own rule and would ignore it', async () => {
    // Four steps against C3 with one Resolve: a roll that may reroll.
    const roll = ['--steps', '4', '--vs', '3', '--resolve', '1'];
    const cases: [string[], string][] = [
      [
        ['splits', ...roll, '--policy', 'greedy', '--rerolls', 'one'],
        'dicelab: --rerolls: "one" is not allowed (expected it only with --policy optimal (the greedy policy rerolls every die of a roll that fails))\n',
      ],
      [
        ['odds', 'd8', '--vs', '4', '--resolve', '1', '--policy', 'never', '--rerolls', 'all'],
        'dicelab: --rerolls: "all" is not allowed (expected it only with --policy optimal (the never policy never rerolls))\n',
      ],
      [
        ['tune', ...roll, '--against', '--policy greedy --rerolls one'],
        'dicelab: --against: --rerolls: "one" is not allowed (expected it only with --policy optimal (the greedy policy rerolls every die of a roll that fails))\n',
      ],
    ];
    await expectRefused(cases);
    // The optimum rerolling one die only, against the greedy policy: a what-if, not a clash.
    const what = await runInProcess([
      ...['zidara', 'tune', ...roll, '--rerolls', 'one'],
      ...['--against', '--policy greedy', '--format', 'json'],
    ]);
    expect(what.code, what.stderr).toBe(0);
    expect(JSON.parse(what.stdout).against).toBe('--policy optimal → greedy');
    // With the optimum, or with the default kinds, each is taken as before.
    for (const extra of [
      ['--rerolls', 'one'],
      ['--policy', 'greedy'],
      ['--policy', 'greedy', '--rerolls', 'any'],
    ])
      expect((await runInProcess(['zidara', 'splits', ...roll, ...extra])).code).toBe(0);
  });

  it('refuses --name without --out, and what --only makes moot, which they would ignore', async () => {
    const only = ['splits', '--only', 'd12', 'd6+d6', '--vs', '3'];
    const cases: [string[], string][] = [
      [
        ['tune', '--steps', '6', '--vs', '3', '--name', 'mine'],
        'dicelab: --name: "mine" is not allowed (expected it only with --out (it names the chart files written there))\n',
      ],
      [
        [...only, '--top', '1'],
        'dicelab: --top: "1" is not allowed (expected no --top with --only: the stated splits are scored as they are)\n',
      ],
      [
        [...only, '--actions', '2'],
        'dicelab: --actions: "2" is not allowed (expected no --actions with --only: the stated splits are scored as they are)\n',
      ],
      [
        [...only, '--intents', '1'],
        'dicelab: --intents: "1" is not allowed (expected no --intents with --only: the stated splits are scored as they are)\n',
      ],
    ];
    await expectRefused(cases);
  });

  // Before, a split or stack given twice was scored twice: two equal rows, and "d6+d6 ties with
  // d6+d6: 0.935 expected wins vs 0.935 expected wins (+0.000)." (exit 0).
  it('refuses a split of --only or a stack of --stacks given twice, however written', async () => {
    await expectRefused([
      [
        ['splits', '--only', 'd6+d6', '2d6', '--vs', '3'],
        'dicelab: --only: "2d6" is not allowed (expected each split once, but it is d6+d6, as is "d6+d6" given before)\n',
      ],
      [
        ['splits', '--only', 'd12', 'd8 | d4', 'd12', '--vs', '3'],
        'dicelab: --only: "d12" is not allowed (expected each split once, but it was given before)\n',
      ],
      [
        ['splits', '--only', 'd8 | d4', 'd12', '--only', 'd4|d8', '--vs', '3'],
        'dicelab: --only: "d4|d8" is not allowed (expected each split once, but it is d8 | d4, as is "d8 | d4" given before)\n',
      ],
      [
        ['advantage', '--stacks', 'd12', 'd12+d4', 'd4+d12', '--vs', '3'],
        'dicelab: --stacks: "d4+d12" is not allowed (expected each stack once, but it is d12+d4, as is "d12+d4" given before)\n',
      ],
    ]);
    // Different splits, written alike or not, are scored as before.
    const { code, stdout } = await runInProcess([
      'zidara',
      'splits',
      '--only',
      '2d6',
      'd12',
      '--vs',
      '3',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'd6+d6 beats d12: 0.935 expected wins vs 0.917 expected wins (+0.019).',
    );
  });

  it('refuses --aura-value and --resolve-value with --objective all, whose play they do not change', async () => {
    const all = ['--steps', '6', '--vs', '3', '--objective', 'all'];
    const because =
      'it only with --objective primary, wins or utility (the all objective plays for P(every intent won) alone)';
    const cases: [string[], string][] = [
      [
        ['splits', ...all, '--aura-value', '3'],
        `dicelab: --aura-value: "3" is not allowed (expected ${because})\n`,
      ],
      [
        [
          'splits',
          '--only',
          'd12',
          'd6+d6',
          '--vs',
          '3',
          '--objective',
          'all',
          '--resolve-value',
          '1',
        ],
        `dicelab: --resolve-value: "1" is not allowed (expected ${because})\n`,
      ],
      [
        ['splits', ...all, '--against', '--aura-value 3'],
        `dicelab: --against: --aura-value: "3" is not allowed (expected ${because})\n`,
      ],
    ];
    await expectRefused(cases);
    // The objectives whose play reads them take them as before.
    for (const objective of ['primary', 'wins', 'utility'])
      expect(
        (
          await runInProcess([
            ...['zidara', 'splits', '--steps', '6', '--vs', '3', '--objective', objective],
            ...['--aura-value', '3'],
          ])
        ).code,
      ).toBe(0);
  });

  it('shows a die flag’s default as the flag takes it (dN)', async () => {
    const advantage = await runInProcess(['zidara', 'advantage', '--help']);
    expect(advantage.stdout).toMatch(/--die <dN> +the die stacked \(default: d6\)/);
    const fishing = await runInProcess(['zidara', 'fishing', '--help']);
    expect(fishing.stdout).toMatch(/--minor-max <dN>[\s\S]*?\(default:\s+d4\)/);
    const odds = await runInProcess(['zidara', 'odds', '--help']);
    expect(odds.stdout).toMatch(/repeat\s+for several threats, 1\s+to\s+50\n/);
  });

  // Every analysis' help said FLAGS may set "…, Resolve, Titles, the policy, …", where e.g.
  // splits --against "--titles 2" is an unknown option.
  it('names, in each analysis’ --against help, the flags that analysis has', async () => {
    const named: Record<string, string[]> = {};
    for (const command of ['splits', 'advantage', 'fishing', 'rerolls', 'tune', 'fight-curves']) {
      const { stdout } = await runInProcess(['zidara', command, '--help']);
      const paragraph = /FLAGS may set ([\s\S]*?)\.\n/.exec(stdout)?.[1] ?? '';
      expect(paragraph, command).not.toMatch(/Titles|the policy|Resolve,/);
      named[command] = [...paragraph.matchAll(/--[a-z-]+/g)].map((m) => m[0]);
      const options = stdout.split('\nThe character')[0]!;
      for (const flag of named[command]!) {
        const own = flag.startsWith('--no-') ? `--${flag.slice(5)}` : flag;
        expect(options, `${command} ${flag}`).toMatch(new RegExp(`^  ${own} `, 'm'));
      }
      expect(named[command], command).toContain('--aura-max');
    }
    expect(named['fight-curves']).toContain('--titles');
    expect(named.splits).not.toContain('--titles');
    expect(named.splits).toContain('--policy');
    // What rerolls asks (its --resolve levels) stays as given.
    expect(named.rerolls).not.toContain('--resolve');
  });

  it('names, in each analysis’ character help, only flags the analysis takes', async () => {
    for (const command of ['splits', 'advantage', 'fishing', 'rerolls', 'tune', 'fight-curves']) {
      const { stdout } = await runInProcess(['zidara', command, '--help']);
      const [options, after] = stdout.split('\nThe character');
      expect(after, command).toBeDefined();
      const section = after!.split('\nSplits are written')[0]!;
      const named = [...section.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]!);
      expect(named.length, command).toBeGreaterThan(3);
      for (const flag of named)
        expect(options, `${command} ${flag}`).toMatch(new RegExp(`^  ${flag} `, 'm'));
    }
  });
});
