import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFile } from '../built.ts';
import { builtCliCommand } from './fake-terminal.ts';
import { runNode } from './run-dicelab.ts';

const hasScript = (() => {
  try {
    return execFileSync('script', ['--version'], { encoding: 'utf8' }).includes('util-linux');
  } catch {
    return false;
  }
})();

/** What the built CLI prints on a pseudo-terminal (util-linux `script`) `columns` wide; stderr dropped. */
function onTerminal(args: readonly string[], columns: number, cwd?: string): Promise<string> {
  const command = builtCliCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(
      'script',
      ['-qec', `stty cols ${columns}; exec ${command} 2>/dev/null`, '/dev/null'],
      {
        cwd,
        env: { ...process.env, FORCE_COLOR: '0' },
      },
    );
    let screen = '';
    child.stdout.on('data', (chunk) => {
      screen += chunk;
    });
    child.on('error', reject);
    // The terminal ends its lines with CR LF.
    child.on('close', () => resolve(screen.replaceAll('\r\n', '\n')));
  });
}

/** What the built CLI prints into a pipe. */
async function piped(args: readonly string[], cwd?: string): Promise<string> {
  const { code, stdout } = await runNode([builtFile('bin/dicelab.js'), ...args], { cwd });
  expect(code).toBe(0);
  return stdout;
}

/** Width in terminal columns, a code point each ("·" and "–" are one). */
const width = (line: string) => [...line].length;

/** The table's lines: its header (above the rule of dashes) down to the blank line after it. */
function tableOf(text: string): string[] {
  const lines = text.split('\n');
  const rule = lines.findIndex((line) => /^-+( +-+)+$/.test(line));
  const end = lines.indexOf('', rule);
  return lines.slice(rule - 1, end);
}

const SPLITS = ['zidara', 'splits', '--steps', '8', '--vs', '3', '--intents', '1-2'];
const FISHING_AGAINST = [
  ...['zidara', 'fishing', '--steps', '8', '--actions', '2', '--vs', '4'],
  ...['--against', '--aura 2'],
];

/** A scenario whose expectation makes check's table wider than 80 columns. */
const LONG_EXPECTATION = `scenario: one roll
characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3 } }
threats:
  guard: { name: a gate guard, challenge: 3, tags: 2 }
expectations:
  - expect: a lone d6 beats the guard 5 times in 12, whatever the weather and the time of day
    figure: winChance
    of: { character: plain, action: swing, vs: guard }
    between: [41%, 42%]
`;

/** A Zi'Dara roll whose rules in words (the setup line) run past 80 columns. */
const MANY_RULES = [
  ...['d8', 'd6', '--vs', '4', '--explode', '--resolve', '2', '--late-aura'],
  ...['--ties-go-to', 'roller', '--boosts', '2'],
];

/** A simulation quick enough for a test, without a progress bar on the terminal. */
const FEW_TRIALS = ['--trials', '1e4', '--quiet'];

/** Two supporters of a d12 group roll: a table of their own under the outcomes'. */
const SUPPORTERS = ['--supporter', '1:1', '--supporter', '2:5'];

const FIGHT = [
  ...['zidara', 'fight', '--vs', '4', '--tags', '2', '--steps', '6', '--max-rounds', '4'],
  '--no-simulate',
];

describe('prose on a terminal', () => {
  it.skipIf(!hasScript).each([
    ['an analysis', SPLITS],
    ['an analysis --against another run', FISHING_AGAINST],
    ['a fight', FIGHT],
  ])(
    'is word-wrapped at its width on a terminal 80 columns wide (%s); the table rows are not',
    async (_, args) => {
      const [screen, pipe] = await Promise.all([onTerminal(args, 80), piped(args)]);
      const table = tableOf(pipe);
      // Wider than the terminal: a table is read in columns, and is left as it is.
      expect(Math.max(...table.map(width))).toBeGreaterThan(80);
      expect(screen).toContain(`\n${table.join('\n')}\n`);
      const prose = screen.replace(table.join('\n'), '').split('\n');
      expect(prose.filter((line) => width(line) > 80)).toEqual([]);
      // Only line breaks and indents were added: the words are those of the pipe's, in order.
      expect(screen.split(/\s+/)).toEqual(pipe.split(/\s+/));
      // A wrapped line continues indented under its start.
      expect(screen).toMatch(/\n {2}\S/);
    },
    30_000,
  );

  it.skipIf(!hasScript).each([
    ['tags-2d6 odds', ['tags-2d6', 'odds', '--tags', '2', '--item', 'help', '--weakness'], [3]],
    ["d6-pool odds, with the seed's claim", ['d6-pool', 'odds', '--stat', '3'], [3, 3]],
    ['ring-skill odds', ['ring-skill', 'odds', '--ring', '3', '--skill', '2', '--tn', '3'], [2]],
    [
      'ring-skill simulate',
      [...['ring-skill', 'simulate', '--ring', '3', '--skill', '2', '--tn', '3'], ...FEW_TRIALS],
      [2],
    ],
    [
      'd12-action simulate, with supporters',
      [
        ...['d12-action', 'simulate', '--roll', 'group', '--rating', '2', '--tokens', '1'],
        ...SUPPORTERS,
        ...FEW_TRIALS,
      ],
      [4, 2],
    ],
    ['zidara odds', ['zidara', 'odds', ...MANY_RULES], [2]],
    ['zidara simulate', ['zidara', 'simulate', ...MANY_RULES, ...FEW_TRIALS], [2]],
    [
      'zidara advise',
      [
        ...['zidara', 'advise', 'd8=3', 'd4=4', '--vs', '4', '--defence', '5'],
        '--aura',
        '3',
        '--resolve',
        '1',
      ],
      [4],
    ],
    [
      'ring-skill advise, with its explosions to keep',
      [
        ...['ring-skill', 'advise', '--ring', '2', '--skill', '2', '--tn', '4'],
        ...['--ring-faces', '5,6', '--skill-faces', '11,12'],
      ],
      [10],
    ],
    [
      'd12-action advise',
      [
        ...['d12-action', 'advise', '--rating', '2', '--capacity', '5', '--tokens', '1'],
        ...['--rolled', '9,4'],
      ],
      [3],
    ],
    [
      'd12-action odds, with supporters',
      ['d12-action', 'odds', '--roll', 'group', '--rating', '2', '--tokens', '1', ...SUPPORTERS],
      [4, 2],
    ],
  ])(
    'is word-wrapped at its width on a terminal 80 columns wide (%s); the tables are not',
    async (_, args, rowCounts) => {
      const [screen, pipe] = await Promise.all([onTerminal(args, 80), piped(args)]);
      // Each table: its header, the rule of dashes under it and its rows, as many as it has.
      const lines = pipe.split('\n');
      const rules = lines.flatMap((line, i) => (/^-+( +-+)+$/.test(line) ? [i] : []));
      expect(rules).toHaveLength(rowCounts.length);
      let prose = `\n${screen}`;
      for (const [j, rule] of rules.entries()) {
        const table = lines.slice(rule - 1, rule + 1 + rowCounts[j]!).join('\n');
        expect(prose).toContain(`\n${table}\n`);
        prose = prose.replace(`\n${table}\n`, '\n');
      }
      expect(Math.max(...lines.map(width))).toBeGreaterThan(80);
      expect(prose.split('\n').filter((line) => width(line) > 80)).toEqual([]);
      expect(screen.split(/\s+/)).toEqual(pipe.split(/\s+/));
    },
    30_000,
  );

  it.skipIf(!hasScript)(
    "is word-wrapped in check's and baseline's lines on a terminal 80 columns wide; check's table is not",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'dicelab-prose-'));
      try {
        await writeFile(join(dir, 'long.yaml'), LONG_EXPECTATION);
        // From a folder without reports/baseline.json: check says how to record one.
        const check = ['check', 'long.yaml', '--out', 'out', '--quiet'];
        // The seconds a check took differ from run to run.
        const timeless = (text: string) => text.replace(/\d+\.\d s, seed/, 'seed');
        const [screen, pipe] = (
          await Promise.all([onTerminal(check, 80, dir), piped(check, dir)])
        ).map(timeless) as [string, string];
        const table = tableOf(pipe).join('\n');
        expect(Math.max(...table.split('\n').map(width))).toBeGreaterThan(80);
        expect(screen).toContain(`${table}\n`);
        const lines = (text: string) => text.replace(table, '').split('\n');
        expect(Math.max(...lines(pipe).map(width))).toBeGreaterThan(80);
        expect(lines(screen).filter((line) => width(line) > 80)).toEqual([]);
        expect(screen.split(/\s+/)).toEqual(pipe.split(/\s+/));

        const baseline = ['baseline', 'long.yaml'];
        const [baselineScreen, baselinePipe] = await Promise.all([
          onTerminal(baseline, 80, dir),
          piped(baseline, dir),
        ]);
        expect(baselinePipe).toBe(
          'baseline: 1 figure of 1 file; all new: there was no baseline at reports/baseline.json; nothing written (--write records them)\n',
        );
        expect(baselineScreen).toBe(
          'baseline: 1 figure of 1 file; all new: there was no baseline at\n  reports/baseline.json; nothing written (--write records them)\n',
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it('is printed into a pipe exactly as before, however long its lines', async () => {
    expect(await piped(SPLITS)).toBe(
      `How should 8 steps and 1 action be split against C3 (d6)?
Ranked by expected intents won · 1–2 intents · | separates intents, + stacks dice on one intent
Aura 5 of 5 · no Resolve · one +2 a roll · ties bought with Aura · optimal play
Rank  Split        Intents  Main intent wins  Expected wins  All won  Aura gained
----  -----------  -------  ----------------  -------------  -------  -----------
   1  d8 | d8            2             86.5%          1.706    74.2%         0.25
   2  d10 | d6           2             88.9%          1.686    72.5%         0.27
   3  d8 | d6+d2         2             85.9%          1.661    70.8%         0.79
   4  d8+d2 | d6         2             87.2%          1.658    70.5%         0.79
   5  d6+d4 | d6         2             88.4%          1.654    69.6%         0.58
   6  d8 | d4+d4         2             85.5%          1.647    69.4%         0.62
   7  d12 | d4           2             90.6%          1.615    66.3%         0.33
   8  d6+d6 | d4         2             92.5%          1.610    65.2%         0.58
   9  d10 | d4+d2        2             88.5%          1.606    66.3%         0.85
  10  d8+d4 | d4         2             91.5%          1.599    64.6%         0.62
  11  d10+d2 | d4        2             89.6%          1.594    65.0%         0.85
  12  d8+d6 | d2         2             95.0%          1.505    55.2%         0.79
  13  d10+d4 | d2        2             94.0%          1.490    54.6%         0.85
  14  d12 | d2+d2        2             90.6%          1.490    56.3%         1.08
  15  d12+d2 | d2        2             92.0%          1.458    53.1%         1.08
  16  d8+d8              1             96.4%          0.964    96.4%         0.25
  17  d10+d6             1             96.1%          0.961    96.1%         0.27
  18  d6+d6+d4           1             95.8%          0.958    95.8%         0.58
  19  d8+d4+d4           1             95.3%          0.953    95.3%         0.62
  20  d8+d6+d2           1             95.3%          0.953    95.3%         0.79
  21  d12+d4             1             95.1%          0.951    95.1%         0.33
  22  d10+d4+d2          1             94.4%          0.944    94.4%         0.85
  23  d12+d2+d2          1             92.7%          0.927    92.7%         1.08

Best by expected intents won: d8 | d8 (1.706 expected wins), of 23 splits.
`,
    );
    expect(
      await piped(['tags-2d6', 'odds', '--tags', '2', '--item', 'help', '--weakness']),
    ).toBe(`2d6 +2 (2 tags, item help, weakness invoked)
outcome  chance         p  exact
-------  ------  --------  -----
clean    41.67%  0.416667  5/12
cost     41.67%  0.416667  5/12
miss     16.67%  0.166667  1/6
Improvement points earned: 1. Expected value (bands 1/0.5/0, improvement point 0.25): 0.8750.
Invoking the weakness is worth it at 0.25 per improvement point: the -1 costs 0.1250 in band value (the break-even improvement value), so the value goes from 0.7500 to 0.8750 (+0.1250, exactly 1/8).
`);
    expect(await piped(FIGHT)).toBe(
      `Fight: 2 tags against C4 (d8); opening split d6 | d6
Aura 5 of 5 · 2 Resolve · one +2 a roll · ties bought with Aura · optimal play (Resolve: the 2 Titles, for the whole fight) · per-roll fight play

Round  Down within (exact)  Simulated  95% interval  Round played  Aura at start  Aura spent  Resolve spent
-----  -------------------  ---------  ------------  ------------  -------------  ----------  -------------
    1               65.68%          -             -        100.0%           5.00        1.17           0.64
    2               94.79%          -             -         34.3%           3.71        0.41           0.09
    3               98.81%          -             -          5.2%           3.90        0.40           0.00
    4               99.74%          -             -          1.2%           3.88        0.38           0.00

Round played: the chance the fight is still on when the round starts; Aura and Resolve are means over those fights.
exact: still standing after 4 rounds 0.26%; mean rounds to win 1.400 (over the fights won)
`,
    );
  }, 30_000);
});
