import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LINE_CHARS } from '../../src/cli/main.ts';
import { RULE_OPTION_NAMES, ruleOption } from '../../src/systems/zidara/roll/rule-options.ts';
import { cliInProcess } from './cli-in-process.ts';

const lone = [
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
];

/** The refusal of --explode-depth `depth` without --explode. */
const unreadDepth = (depth: number) =>
  `--explode-depth: "${depth}" is not allowed (expected it only with --explode (no die explodes without it, so a depth would change nothing))`;

/** What a refusal of `lone`'s --against says it may set: where the flags are listed, not the list. */
const mayRerolls =
  'it may set the character and rule flags `dicelab zidara rerolls --help` lists under --against';

/** A what-if table's question: "What if --aura-max 5 → 3?". */
const question = (stdout: string) => stdout.split('\n').find((line) => line.startsWith('What if '));

describe('--against: an analysis under two settings', () => {
  it('prints both settings side by side with the change in points', async () => {
    const { status, stdout, stderr } = await cliInProcess(...lone, '--against', '--aura-max 1');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toContain('What if --aura-max 0 → 1?');
    // A lone d8 against C4: 28/64 with no Aura, 43/64 with one (a tie paid or a +2).
    expect(stdout).toMatch(
      /C4 \(d8\)\s+0\s+optimal \(one or all\)\s+43\.8%\s+67\.2%\s+\+23\.4 pts/,
    );
    expect(stdout).toContain('Against: The first Resolve');
  });

  it("reads a chance as the analysis' own table does: a fight that may go on never at 100%", async () => {
    // 14 steps against one C2 tag: by round 3 the float sum of the rounds' wins reaches 1, though
    // the threat still stands after it a few times in 10¹⁹ (with 2 Titles; with none, just below).
    const { status, stdout } = await cliInProcess(
      ...['zidara', 'fight-curves', '--steps', '14', '--vs', '2', '--tags', '1'],
      ...['--max-rounds', '3', '--against', '--titles 0'],
    );
    expect(status).toBe(0);
    const round3 = stdout.split('\n').find((line) => /^\s*C2 \(d4\)\s+1\s+3\s/.test(line));
    expect(round3).toMatch(/^\s*C2 \(d4\)\s+1\s+3\s+> 99\.9999%\s+> 99\.9999%\s/);
  });

  it("prints each figure, both sides and the change, in its column's format in the plain table", async () => {
    // A row's line, its cells split on the table's gaps.
    const line = (stdout: string, start: RegExp) =>
      stdout
        .split('\n')
        .find((l) => start.test(l))
        ?.trim()
        .split(/ {2,}/);
    // d10 | d2 wins 1 intent in expectation with a cap of 3 and no +2: "1.000" as the plain table
    // has it (the what-if printed "1" beside "1.425").
    const splits = ['zidara', 'splits', '--steps', '6', '--vs', '3', '--intents', '1-2'];
    const plain = await cliInProcess(...splits, '--aura-max', '3', '--boosts', '0');
    expect(line(plain.stdout, /^\s*3 {2}d10 \| d2 /)).toEqual([
      ...['3', 'd10 | d2', '2', '75.0%', '1.000', '24.2%', '0.60'],
    ]);
    const what = await cliInProcess(...splits, '--against', '--aura-max 3 --boosts 0');
    expect(what.status).toBe(0);
    expect(line(what.stdout, /^d10 \| d2 /)).toEqual([
      ...['d10 | d2', '3', '3', '±0', '1.425', '1.000', '−0.425'],
    ]);
    // CSV keeps every figure raw (the table's formats are the table's alone).
    const csv = await cliInProcess(
      ...splits,
      '--against',
      '--aura-max 3 --boosts 0',
      '--format',
      'csv',
    );
    const [head, ...rows] = csv.stdout.split('\r\n').map((l) => l.split(','));
    const d10 = rows.find((r) => r[0] === 'd10 | d2')!;
    expect(d10[head!.indexOf('expectedWinsAgainst')]).toBe('1');
    expect(Number(d10[head!.indexOf('expectedWinsChange')])).toBeCloseTo(-0.425, 12);

    // No minor intent wins anything here: "0.000", as the plain table (it printed "0" and "±0").
    const fishing = ['zidara', 'fishing', '--steps', '6', '--vs', '3'];
    const fishingPlain = await cliInProcess(...fishing, '--resolve', '1');
    expect(line(fishingPlain.stdout, /^d6\+d6 /)).toEqual([
      ...['d6+d6', '98.7%', '0.355', '4.51', '0.000', 'yes'],
    ]);
    const fished = await cliInProcess(...fishing, '--against', '--resolve 1');
    expect(fished.status).toBe(0);
    expect(line(fished.stdout, /^d6\+d6 /)).toEqual([
      ...['d6+d6', '93.5%', '98.7%', '+5.2 pts', '0.333', '0.355', '+0.022'],
      ...['0.000', '0.000', '±0.000'],
    ]);

    // Resolve left to 2 decimals, as the plain table (it printed "0" and "0.766").
    const rerolls = ['zidara', 'rerolls', '--split', 'd8', '--vs', '4', '--resolve', '0-1'];
    const kept = await cliInProcess(...rerolls, '--reroll-keeps-best');
    const keptRows = kept.stdout.split('\n').filter((l) => /optimal \(one or all\)/.test(l));
    expect(keptRows.map((l) => l.trim().split(/ {2,}/).at(-1))).toEqual(['0.00', '0.77']);
    const rerolled = await cliInProcess(...rerolls, '--against', '--reroll-keeps-best');
    expect(rerolled.status).toBe(0);
    const pairs = rerolled.stdout.split('\n').filter((l) => /optimal \(one or all\)/.test(l));
    expect(pairs.map((l) => l.trim().split(/ {2,}/).slice(-3))).toEqual([
      ['0.00', '0.00', '±0.00'],
      ['0.77', '0.77', '±0.00'],
    ]);
  });

  it('reads a change that shows as none as no change, "±0.0 pts", never "−0.0 pts"', async () => {
    // Who wins a tie changes nothing here: the two exact runs differ by float noise (~1e-16),
    // either sign, which the CSV keeps as it is.
    const args = ['zidara', 'fight-curves', '--steps', '6', '--vs', '5', '--tags', '2'];
    const against = ['--max-rounds', '3', '--against', '--ties-go-to roller'];
    const { status, stdout } = await cliInProcess(...args, ...against);
    expect(status).toBe(0);
    const rows = stdout.split('\n').filter((l) => /^\s*C5 \(d10\)/.test(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const cells = row.trim().split(/ {2,}/);
      expect([cells[5], cells[8]]).toEqual(['±0.0 pts', '±0.0 pts']);
    }
    const csv = await cliInProcess(...args, ...against, '--format', 'csv');
    const [head, ...lines] = csv.stdout.trimEnd().split('\r\n');
    const changes = lines.map((l) =>
      Number(l.split(',')[head!.split(',').indexOf('winWithinChange')]),
    );
    expect(changes.some((c) => c !== 0 && Math.abs(c) < 1e-12)).toBe(true);
  });

  it("says under its title what the given run was made with, as the analysis' own table does", async () => {
    const ask = ['zidara', 'splits', '--only', 'd8', 'd6+d2', '--vs', '4', '--aura', '2'];
    const plain = await cliInProcess(...ask);
    const what = await cliInProcess(...ask, '--against', '--aura-max 3');
    expect(what.status).toBe(0);
    // The starting Aura of 2 was told nowhere: the question followed the title.
    const character =
      'Aura 2 of 5 · no Resolve · one +2 a roll · ties bought with Aura · optimal play';
    expect(plain.stdout.split('\n').slice(0, 3)).toEqual([
      'Which is better against C4 (d8): d8 or d6+d2?',
      'Ranked by expected intents won · | separates intents, + stacks dice on one intent',
      character,
    ]);
    expect(what.stdout.split('\n').slice(0, 5)).toEqual([
      ...plain.stdout.split('\n').slice(0, 3),
      'What if --aura-max 5 → 3?',
      '',
    ]);
    // A fight's Titles, on the line above its character's, are told as given too.
    const fight = await cliInProcess(
      ...['zidara', 'fight-curves', '--pool', 'd8', '--vs', '3', '--tags', '1'],
      ...['--max-rounds', '1', '--against', '--titles 1'],
    );
    expect(fight.stdout.split('\n').slice(1, 4)).toEqual([
      'Exact, round by round: each round the pool is split among the tags left and played optimally; 2 Titles of Resolve for the fight',
      'Aura 5 of 5 · one +2 a roll · ties bought with Aura · optimal play',
      'What if --titles 2 → 1?',
    ]);
  });

  it("names each row's fields and values as the analysis' own table does, not by their keys", async () => {
    const args = ['--vs', '3', '--resolve', '0-1', '--kinds', 'one'];
    const plain = await cliInProcess('zidara', 'rerolls', ...args);
    const { stdout } = await cliInProcess('zidara', 'rerolls', ...args, '--against', '--boosts 0');
    const lines = stdout.split('\n');
    const [head, , first] = lines.slice(lines.indexOf(question(stdout)!) + 2);
    expect(head).toMatch(/^Challenge\s+Resolve\s+Rerolls\s+Win chance\s+against\s+change\s/);
    // The table's words for a Challenge and a kind of reroll, as the analysis prints them alone.
    expect(first).toMatch(/^\s*C3 \(d6\)\s+0\s+reroll one die\s+\d/);
    expect(plain.stdout).toMatch(/C3 \(d6\)\s+reroll one die\s+0\s/);
    expect(stdout).not.toMatch(/^\s*3\s+0\s+one\s/m);
  });

  it('gives every figure of both runs as JSON and CSV', async () => {
    const json = await cliInProcess(...lone, '--against', '--aura-max 1', '--format', 'json');
    expect(json.status).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.against).toBe('--aura-max 0 → 1');
    expect(out.rows).toHaveLength(2);
    expect(out.rows[0].key).toEqual({ challenge: 4, resolve: 0, rerolls: 'any' });
    expect(out.rows[0].change.winChance).toBeCloseTo(15 / 64, 12);
    expect(out.rows[0].base.winChance).toBeCloseTo(28 / 64, 12);
    const csv = await cliInProcess(...lone, '--against', '--aura-max 1', '--format', 'csv');
    const [head, first] = csv.stdout.split(/\r?\n/);
    expect(head).toBe(
      'challenge,resolve,rerolls,winChance,winChanceAgainst,winChanceChange,resolveEnd,resolveEndAgainst,resolveEndChange',
    );
    expect(first).toBe('4,0,any,0.4375,0.671875,0.234375,0,0,0');
  });

  it('turns flags off with --no-…, pairs splits by name and keeps --top', async () => {
    const { status, stdout } = await cliInProcess(
      'zidara',
      'splits',
      '--steps',
      '6',
      '--vs',
      '3',
      '--defending',
      '--top',
      '3',
      '--against',
      '--no-defending',
    );
    expect(status).toBe(0);
    expect(stdout).toContain('What if --defending on → off?');
    const rows = stdout.split('\n').filter((l) => /^d\d/.test(l));
    expect(rows).toHaveLength(3);
  });

  it('leaves a depth with the exploding dice --no-explode turns off, and refuses one without them', async () => {
    const splits = ['zidara', 'splits', '--steps', '3', '--vs', '3', '--top', '2'];
    const off = await cliInProcess(
      ...splits,
      '--explode',
      '--explode-depth',
      '2',
      '--against',
      '--no-explode',
    );
    expect(off.stderr).toBe('');
    expect(off.status).toBe(0);
    expect(off.stdout).toContain('What if --explode on → off?');
    const depth = await cliInProcess(...splits, '--against', '--explode-depth 2');
    expect(depth.status).toBe(2);
    expect(depth.stderr).toBe(`dicelab: --against: ${unreadDepth(2)}\n`);
    // Typed at its default value, it is refused alike, on the command line and in --against.
    const typed = await cliInProcess(...splits, '--explode-depth', '20', '--against', '--boosts 0');
    expect(typed.status).toBe(2);
    expect(typed.stdout).toBe('');
    expect(typed.stderr).toBe(`dicelab: ${unreadDepth(20)}\n`);
    const against = await cliInProcess(...splits, '--against', '--explode-depth 20');
    expect(against.status).toBe(2);
    expect(against.stdout).toBe('');
    expect(against.stderr).toBe(`dicelab: --against: ${unreadDepth(20)}\n`);
    // With the dice it is read with, the default depth is a depth like any other.
    const read = await cliInProcess(...splits, '--explode', '--explode-depth', '20');
    expect(read.stderr).toBe('');
    expect(read.status).toBe(0);
  });

  it('names the Aura a roll starts with when no --aura is given: full, not off', async () => {
    const fishing = ['zidara', 'fishing', '--steps', '4', '--vs', '3', '--aura-max', '3'];
    const table = await cliInProcess(...fishing, '--against', '--aura 0');
    expect(table.status).toBe(0);
    expect(question(table.stdout)).toBe('What if --aura full (3) → 0?');
    const json = await cliInProcess(...fishing, '--against', '--aura 1', '--format', 'json');
    expect(JSON.parse(json.stdout).against).toBe('--aura full (3) → 1');
    const given = await cliInProcess(...fishing, '--aura', '2', '--against', '--aura 0');
    expect(question(given.stdout)).toBe('What if --aura 2 → 0?');
  });

  it('refuses a change to the value already in force, before either run, with exit 2', async () => {
    const same = (raw: string, already: string) =>
      `dicelab: --against: "${raw}" is not allowed (expected a change: ${already}, so both runs would ask the same question)\n`;
    // Its default, the value given, a switch left off, no --aura (a full pool): each asked again.
    for (const [raw, already] of [
      ['--boost-size 2', '--boost-size is already 2'],
      ['--aura-max 0', '--aura-max is already 0'],
      ['--no-explode', '--explode is already off'],
      ['--aura 0', '--aura is already full (0)'],
      ['--boost-size 2 --boosts 1', '--boosts is already 1 and --boost-size is already 2'],
    ]) {
      const { status, stdout, stderr } = await cliInProcess(...lone, '--against', raw!);
      expect(stderr, raw).toBe(same(raw!, already!));
      expect(stdout, raw).toBe('');
      expect(status, raw).toBe(2);
    }
    // One flag that changes is a question: the one that does not is said as it stands.
    const some = await cliInProcess(...lone, '--against', '--boost-size 2 --aura-max 1');
    expect(some.status).toBe(0);
    expect(question(some.stdout)).toBe('What if --aura-max 0 → 1, --boost-size 2 → 2?');
  });

  it('refuses flags that are not the character or the rules, and bad values, with exit 2', async () => {
    const steps = await cliInProcess(...lone, '--against', '--steps 3');
    expect(steps.status).toBe(2);
    expect(steps.stderr).toMatch(
      /^dicelab: --against: unknown option '--steps' \(it may set the character and rule flags/,
    );
    const value = await cliInProcess(...lone, '--against', '--aura-max 30');
    expect(value.status).toBe(2);
    expect(value.stderr).toBe(
      'dicelab: --against: --aura-max: "30" is not allowed (expected an integer from 0 to 20)\n',
    );
    const empty = await cliInProcess(...lone, '--against', ' ');
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--against: no flags given');
    const clash = await cliInProcess(
      'zidara',
      'advantage',
      '--most',
      '2',
      '--vs',
      '3',
      '--aura',
      '5',
      '--against',
      '--aura-max 3',
    );
    expect(clash.status).toBe(2);
    expect(clash.stderr).toBe(
      'dicelab: --against: --aura: "5" is not allowed (expected at most --aura-max (3): Aura past the cap is shared, never held)\n',
    );
  });

  it("keeps what the analysis asks: rerolls' --resolve levels are not the character's Resolve", async () => {
    // Changed, no row of one run had a partner in the other (every change "—").
    for (const flags of ['--resolve 2', '--late-aura --resolve=2']) {
      const { status, stdout, stderr } = await cliInProcess(...lone, '--against', flags);
      expect(status, flags).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `dicelab: --against: ${JSON.stringify(flags)} is not allowed (expected no --resolve: the analysis asks it, kept as given so that every row has a partner; ${mayRerolls})\n`,
      );
    }
    // Where --resolve is the character's, --against changes it as before.
    const splits = await cliInProcess(
      'zidara',
      'splits',
      '--steps',
      '4',
      '--vs',
      '3',
      '--against',
      '--resolve 1',
    );
    expect(splits.status).toBe(0);
    expect(question(splits.stdout)).toBe('What if --resolve 0 → 1?');
  });

  it('runs every --against its help shows, in every analysis', async () => {
    const asks: Record<string, string[]> = {
      splits: ['--steps', '4', '--vs', '3'],
      advantage: ['--most', '2', '--vs', '3'],
      fishing: ['--steps', '4', '--vs', '3'],
      rerolls: ['--vs', '3', '--resolve', '0-1'],
      tune: ['--steps', '3', '--vs', '3'],
      'fight-curves': ['--pool', 'd8', '--vs', '3', '--tags', '1', '--max-rounds', '2'],
    };
    for (const [analysis, args] of Object.entries(asks)) {
      const help = (await cliInProcess('zidara', analysis, '--help')).stdout;
      const shown = [...help.matchAll(/--against "([^"]+)"/g)].map((m) => m[1]!);
      expect(shown.length, analysis).toBeGreaterThan(3);
      for (const flags of new Set(shown.filter((f) => f !== 'FLAGS'))) {
        const { status, stderr } = await cliInProcess(
          'zidara',
          analysis,
          ...args,
          '--against',
          flags,
        );
        expect(stderr, `${analysis} --against "${flags}"`).toBe('');
        expect(status, `${analysis} --against "${flags}"`).toBe(0);
      }
    }
  });

  it('refuses a flag given twice, or with its --no-…, and --help, as the command line does', async () => {
    const refusal = async (against: string) => {
      const { status, stdout, stderr } = await cliInProcess(...lone, '--against', against);
      expect(stdout).toBe('');
      expect(status).toBe(2);
      return stderr;
    };
    // Commander kept the last ("What if --aura-max 0 → 4?", "--defending off → off").
    expect(await refusal('--aura-max 3 --aura-max 4')).toBe(
      'dicelab: --against: --aura-max: "4" is not allowed (expected --aura-max once, but it was given "3" before)\n',
    );
    expect(await refusal('--boosts=1 --boosts 0')).toContain(
      '--against: --boosts: "0" is not allowed (expected --boosts once, but it was given "1" before)',
    );
    expect(await refusal('--defending --no-defending')).toBe(
      'dicelab: --against: --no-defending: cannot be used with --defending (expected one of them)\n',
    );
    // Commander's help went nowhere and its internal "(outputHelp)" was the message.
    for (const help of ['--help', '-h']) {
      const said = await refusal(`--aura-max 1 ${help}`);
      expect(said).toMatch(
        new RegExp(
          `^dicelab: --against: ${help} is not a flag it may set \\(${help} goes outside --against; it may set the character and rule flags .*\\)\n$`,
        ),
      );
      expect(said).not.toContain('outputHelp');
    }
  });

  it('is documented with every rule option’s flag in docs/analyses.md (a list kept by hand)', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync('docs/analyses.md', 'utf8');
    const bullet = doc.slice(
      doc.indexOf('- `--against "FLAGS"`'),
      doc.indexOf('\n- ', doc.indexOf('- `--against "FLAGS"`') + 1),
    );
    for (const name of RULE_OPTION_NAMES) {
      const option = ruleOption(name);
      expect(bullet, name).toContain(`\`${option.flag.name}\``);
      if (option.type === 'flag')
        expect(bullet, name).toContain(`\`--no-${option.flag.name.slice(2)}\``);
    }
  });

  it('says what it may set in a line that does not grow with the rule options', async () => {
    // Each refusal listed every flag it may set: 434 characters here, cut at the 400 of a line
    // ("…and --no-… for on/off flag... (3 more characters)"), and one more flag a new rule option.
    const splits = ['zidara', 'splits', '--steps', '8', '--vs', '4'];
    const cases: [string[], string, string[]][] = [
      [lone, '--late-aura --aura-max 3 --resolve 2', ['--resolve']],
      [splits, '--bogus', ['--boosts']],
      [splits, '--late-aura --aura-maxx 3', ['--aura-max']],
      [splits, '--aura-max 3 --help', []],
    ];
    const ruleFlags = RULE_OPTION_NAMES.map((name) => ruleOption(name).flag.name);
    for (const [args, against, named] of cases) {
      const { status, stderr } = await cliInProcess(...args, '--against', against);
      expect(status, against).toBe(2);
      expect(stderr.split('\n'), against).toHaveLength(2);
      expect(stderr, against).not.toContain('more characters');
      expect(stderr.length, against).toBeLessThan(MESSAGE_LINE_CHARS - 100);
      expect(stderr, against).toContain('--help` lists under --against');
      // No flag named but those given, and commander's suggestion or the one refused.
      const given = against.split(' ');
      for (const flag of ruleFlags)
        if (!given.includes(flag) && !named.includes(flag))
          expect(stderr, `${against}: ${flag}`).not.toMatch(new RegExp(`${flag}(?![a-z-])`));
    }
  });

  it('says an unknown flag, with its suggestion, in one line', async () => {
    const { status, stderr } = await cliInProcess(...lone, '--against', '--bogus');
    expect(status).toBe(2);
    expect(stderr).toBe(
      `dicelab: --against: unknown option '--bogus' (Did you mean --boosts?) (${mayRerolls})\n`,
    );
  });

  it('with --out writes both charts, or, when one cannot be written, nothing and one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-against-'));
    try {
      const out = join(dir, 'out');
      const ok = await cliInProcess(...lone, '--against', '--aura-max 1', '--out', out);
      expect(ok.status).toBe(0);
      const files = ['rerolls', 'rerolls-against'].flatMap((name) =>
        ['csv', 'vl.json', 'svg', 'png'].map((ext) => join(out, `${name}.${ext}`)),
      );
      expect(ok.stderr).toBe(`wrote ${files.join(', ')}\n`);
      expect((await readdir(out)).sort()).toEqual(files.map((f) => basename(f)).sort());

      const blocked = join(dir, 'blocked');
      await mkdir(join(blocked, 'rerolls-against.png'), { recursive: true });
      const refused = await cliInProcess(...lone, '--against', '--aura-max 1', '--out', blocked);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toBe(
        `dicelab: --out: ${JSON.stringify(blocked)} is not allowed (expected a folder dicelab can write files in, but ${join(blocked, 'rerolls-against.png')} is a folder)\n`,
      );
      // Before, the first run's four files were written (and said) before the second failed.
      expect(await readdir(blocked)).toEqual(['rerolls-against.png']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is offered by every analysis, and documented in its --help', async () => {
    for (const analysis of ['splits', 'advantage', 'fishing', 'rerolls', 'tune', 'fight-curves']) {
      const { stdout } = await cliInProcess('zidara', analysis, '--help');
      expect(stdout).toContain('--against <flags>');
      expect(stdout).toContain('--no-defending');
    }
  });

  it('fight curves under another Titles count', async () => {
    const { status, stdout } = await cliInProcess(
      'zidara',
      'fight-curves',
      '--pool',
      'd8',
      '--vs',
      '4',
      '--tags',
      '1',
      '--max-rounds',
      '2',
      '--aura-max',
      '0',
      '--titles',
      '0',
      '--against',
      '--titles 1',
      '--format',
      'json',
    );
    expect(status).toBe(0);
    const out = JSON.parse(stdout);
    // One round, no Aura: 28/64 with no Resolve; a Resolve rerolls a loss against the same D:
    // Σ_D 1/8 · (1 − (D/8)²) = 1 − 204/512.
    expect(out.rows[0].base.winWithin).toBeCloseTo(28 / 64, 12);
    expect(out.rows[0].against.winWithin).toBeCloseTo(1 - 204 / 512, 12);
  });

  it('fight curves carry notWonWithin in their what-if CSV, as in their own', async () => {
    const { status, stdout } = await cliInProcess(
      ...['zidara', 'fight-curves', '--pool', 'd8', '--vs', '4', '--tags', '1'],
      ...['--max-rounds', '1', '--aura-max', '0', '--titles', '0'],
      ...['--against', '--titles 1', '--format', 'csv'],
    );
    expect(status).toBe(0);
    const [head, row] = stdout
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const cell = (key: string) => Number(row![head!.indexOf(key)]);
    // One round: the threat still stands with 36/64 without Resolve, 204/512 with one.
    expect(cell('notWonWithin')).toBeCloseTo(36 / 64, 12);
    expect(cell('notWonWithinAgainst')).toBeCloseTo(204 / 512, 12);
    expect(cell('notWonWithinChange')).toBeCloseTo(204 / 512 - 36 / 64, 12);
  });

  it("gives tune's answer points of both runs in CSV and JSON, paired where both answer alike", async () => {
    const tune = ['zidara', 'tune', '--steps', '6', '--vs', '1-3', '--pool', 'natural'];
    const ask = [...tune, '--aura-max', '0', '--target', '60%'];
    // A d12 beats a d8 in 60 of 96 pairs, a d10 in 65 of 120; won ties add 8 and 10: 68/96 and
    // 75/120, and 78/144 against a d12. So 60% is nearest C4 (above it) as given, C5 with ties.
    const csv = await cliInProcess(...ask, '--against', '--ties-go-to roller', '--format', 'csv');
    expect(csv.status).toBe(0);
    const [head, ...lines] = csv.stdout.trimEnd().split('\r\n');
    expect(head).toBe(
      'steps,challenge,winChance,winChanceAgainst,winChanceChange,pool,poolAgainst,poolChange,answer',
    );
    const cells = lines.map((line) => line.split(','));
    // The grid first, no answer of its own.
    expect(cells.slice(0, 3).map((c) => [c[1], c.at(-1)])).toEqual([
      ['1', ''],
      ['2', ''],
      ['3', ''],
    ]);
    // Then each run's points, the other run's columns empty where it answers otherwise.
    const points = cells.slice(3);
    expect(points.map(([, c, , , , , , , what]) => [c, what])).toEqual([
      ['4', 'nearest'],
      ['4', 'above'],
      ['5', 'below'],
      ['5', 'nearest'],
      ['5', 'above'],
      ['6', 'below'],
    ]);
    const given = points.map((c) => (c[2] === '' ? null : Number(c[2])));
    const against = points.map((c) => (c[3] === '' ? null : Number(c[3])));
    expect(given.slice(3)).toEqual([null, null, null]);
    expect(against.slice(0, 3)).toEqual([null, null, null]);
    for (const [i, p] of [60 / 96, 60 / 96, 65 / 120].entries())
      expect(given[i]).toBeCloseTo(p, 12);
    for (const [i, p] of [75 / 120, 75 / 120, 78 / 144].entries())
      expect(against[3 + i]).toBeCloseTo(p, 12);

    // With no Aura a +2 cannot be paid (60 of 96 above has one): both runs answer alike, one
    // row a point with its change; JSON pairs the same points.
    const alike = await cliInProcess(...ask, '--against', '--boosts 0', '--format', 'json');
    expect(alike.status).toBe(0);
    const out = JSON.parse(alike.stdout);
    expect(out.answerPoints.map((p: { key: object }) => p.key)).toEqual([
      { steps: 6, challenge: 4, answer: 'nearest' },
      { steps: 6, challenge: 4, answer: 'above' },
      { steps: 6, challenge: 5, answer: 'below' },
    ]);
    expect(out.answerPoints[0].base.winChance).toBeCloseTo(60 / 96, 12);
    expect(out.answerPoints[0].against.winChance).toBeCloseTo(60 / 96, 12);
    expect(out.answerPoints[0].change).toEqual({ winChance: 0, pool: 0 });
    expect(out.details.against.answers[0].nearest).toMatchObject({ challenge: 4 });
  });
});
