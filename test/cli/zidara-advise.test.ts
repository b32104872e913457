import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISSUE_ADVICE } from '../systems/zidara/issue-advice.ts';
import { cliInProcess } from './cli-in-process.ts';
import { runDicelab } from './run-dicelab.ts';

const oracleFile = new URL('../oracle/advise-cases.json', import.meta.url);
const oracle: {
  actions: { action: string; die?: number; expectedUtility: number }[];
  bestValue: number;
}[] = JSON.parse(readFileSync(oracleFile, 'utf8'));

const label = (a: { action: string; die?: number }) =>
  a.action === 'reroll-one' ? `reroll-one:${a.die}` : a.action;

const advise = (...args: string[]) => cliInProcess('zidara', 'advise', ...args);

describe('dicelab zidara advise (for people)', () => {
  it("prints the issue's worked example: a table best first, then the sentence", async () => {
    // 7 steps as d8 | d4 against C4 (2 tags): d8 shows 3, d4 4, the Challenge die 5; 3 Aura, 1 Resolve.
    const { status, stdout, stderr } = await advise(
      'd8=3',
      'd4=4',
      '--vs',
      '4',
      '--defence',
      '5',
      '--aura',
      '3',
      '--resolve',
      '1',
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('d8 | d4  against  the Challenge die showing 5');
    const rows = lines.filter((l) => /^(stop|reroll)/.test(l));
    expect(rows.map((l) => l.split(/\s{2,}/).slice(0, 2))).toEqual([
      ['reroll the d8 (showing 3)', '1.5000'],
      ['reroll all dice', '1.1250'],
      ['stop', '1.0000'],
      ['reroll the d4 (showing 4)', '1.0000'],
    ]);
    expect(rows[2]).toContain('Spend 1 Aura: +2 on the d4 (showing 4).');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'Reroll the d8 (showing 3): 1.50 intents expected, against 1.00 if you stop.',
    );
  });

  it('says which +2 and which tie to pay when stopping is best, on two threats', async () => {
    const { status, stdout } = await advise(
      'd8=3',
      'd4@B=4',
      '--defence',
      '5',
      '--defence',
      '3',
      '--aura',
      '2',
      '--resolve',
      '1',
    );
    expect(status).toBe(0);
    expect(stdout).toContain('d8@A | d4@B  against  A showing 5, B showing 3');
    expect(stdout).toContain(
      'Stop: 2.00 intents expected, against 1.75 if you reroll the d8 (showing 3). Spend 2 Aura: +2 on the d8 (showing 3), pay the tie of intent 1 (d8).',
    );
  });

  it('shows the expected utility beside the intents won when the utility is not the default', async () => {
    const { status, stdout } = await advise(
      'd6=3',
      'd4*2=1',
      '--defence',
      '5',
      '--aura',
      '2',
      '--resolve',
      '1',
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/action\s+expected utility\s+intents won\s+all won/);
    expect(stdout).toMatch(/: expected utility \d\.\d\d, against/);
  });

  it('documents the faces, the state and late Aura in --help', async () => {
    const { status, stdout } = await advise('--help');
    expect(status).toBe(0);
    for (const text of [
      'd8=3',
      '--defence',
      '--aura-pending',
      'chain total',
      'area:d4=2',
      '--spec',
    ])
      expect(stdout).toContain(text);
    // --defence is required with dice (its help said "(default: none)"), and its bounds and
    // --resolve's are stated as they are enforced.
    const flat = stdout.replace(/\s+/g, ' ');
    expect(flat).toContain(
      "--defence <D> the face a threat's Challenge die shows, 1 to 100; repeat for each threat, in order (required, unless --spec) --vs",
    );
    expect(flat).toContain('--resolve <n> Resolve left, 0 to 10 (default: 0)');
    const none = await advise('d8=3');
    expect(none.status).toBe(2);
    expect(none.stderr).toBe(
      'dicelab: --defence: missing (expected the face the Challenge die shows, e.g. --defence 5)\n',
    );
    // --aura is the Aura held in the rolled state, not at the roll's start (that is late Aura's).
    expect(stdout.replace(/\s+/g, ' ')).toContain(
      "--aura <n> Aura held now, the shown dice's top faces counted",
    );
  });
});

describe('dicelab zidara advise --spec --json (for machines)', () => {
  it('answers the oracle file (an array, answers ignored) with an array, every action to 1e-9', async () => {
    const { status, stdout } = await advise('--spec', fileURLToPath(oracleFile), '--json');
    expect(status).toBe(0);
    const answers: {
      best: { action: string; expectedUtility: number };
      actions: { action: string; die?: number; expectedUtility: number; expectedWins: number }[];
    }[] = JSON.parse(stdout);
    expect(answers).toHaveLength(oracle.length);
    answers.forEach((answer, i) => {
      const expected = oracle[i]!;
      expect(answer.actions.map(label).sort()).toEqual(expected.actions.map(label).sort());
      for (const a of expected.actions) {
        const got = answer.actions.find((x) => label(x) === label(a))!;
        expect(Math.abs(got.expectedUtility - a.expectedUtility)).toBeLessThan(1e-9);
      }
      expect(answer.actions[0]).toEqual(answer.best);
      expect(Math.abs(answer.best.expectedUtility - expected.bestValue)).toBeLessThan(1e-9);
    });
  });

  it('answers one object with one object; stop carries its spends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicelab-advise-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify(ISSUE_ADVICE));
    const { status, stdout } = await advise('--spec', file, '--json');
    expect(status).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer.best).toEqual({
      action: 'reroll-one',
      die: 0,
      expectedUtility: 1.5,
      expectedWins: 1.5,
      pAllWin: 0.5,
    });
    expect(answer.actions.find((a: { action: string }) => a.action === 'stop')).toEqual({
      action: 'stop',
      expectedUtility: 1,
      expectedWins: 1,
      pAllWin: 0,
      spends: { auraSpent: 1, boosts: [{ die: 1, count: 1 }], tiesPaid: [], won: [1] },
    });
  });
});

describe('dicelab zidara advise: bad states exit 2 with one line', () => {
  const bad = async (args: string[], message: string | RegExp) => {
    const { status, stdout, stderr } = await advise(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  };

  it('a face above its die or below 1', async () => {
    await bad(
      ['d8=9', 'd4=4', '--defence', '5'],
      'dicelab: dice "d8=9": 9 is not allowed (expected a face of the d8: 1 to 8)',
    );
    await bad(
      ['d8=3', 'd4@B=0', '--defence', '5', '--defence', '2'],
      'dice "d4@B=0": 0 is not allowed',
    );
  });

  it('a second area die, said of the dice words typed', async () => {
    await bad(
      ['d8=3', 'area:d4=2', 'area:d4=1', '--defence', '4'],
      /^dicelab: dice: "d8=3 area:d4=2 area:d4=1" is not allowed \(expected at most one area die a roll\)\n$/,
    );
  });

  it('more dice than one exact roll, said of the dice words typed', async () => {
    await bad(
      [...Array<string>(4).fill('3d12=1,1,1'), 'd8=1', '--defence', '4'],
      /^dicelab: dice: "3d12=1,1,1 3d12=1,1,1 3d12=1,1,1 3d12=1,1,1 d8=1" is not allowed \(expected at most 12 dice in one exact roll\)\n$/,
    );
  });

  it('past the exact bounds, the flags that lower it', async () => {
    await bad(
      [
        ...Array<string>(4).fill('3d12=1,1,1'),
        '--defence',
        '4',
        '--aura-max',
        '20',
        '--boosts',
        '5',
      ],
      /any of these lowers them: roll fewer dice or put like dice on fewer intents; allow fewer or smaller \+2s a roll \(--boosts, --boost-size\); lower the Aura cap \(--aura-max\)\n$/,
    );
  });

  it('a defence above 2C', async () => {
    await bad(
      ['d8=3', '--vs', '4', '--defence', '9'],
      'dicelab: --defence: "9" is not allowed (expected a face of the Challenge die d8)',
    );
    await bad(['d8=3', '--defence', '101'], /--defence.*expected an integer from 1 to 100/);
  });

  it('Aura above the cap', async () => {
    await bad(
      ['d8=3', '--defence', '5', '--aura', '4', '--aura-max', '3'],
      'dicelab: --aura: "4" is not allowed (expected at most --aura-max (3): Aura past the cap is shared, never held)',
    );
  });

  it('counts that do not match: faces, threats, Challenges', async () => {
    await bad(
      ['d8=3', 'd4', '--defence', '5'],
      /dice "d4": "d4" is not allowed \(expected each die's face/,
    );
    await bad(['d8=3', 'd4@B=2', '--defence', '5'], /expected a threat letter from A to A/);
    await bad(
      ['d8=3', '--defence', '5', '--vs', '3', '--vs', '4'],
      /--vs: "3, 4" is not allowed \(expected one Challenge per --defence \(1\), or none\)/,
    );
    await bad(['d8=3'], /--defence: missing/);
  });

  it('late Aura needs the pending top faces; an exploding face must be a chain total', async () => {
    await bad(['d8=3', '--defence', '5', '--late-aura'], /--aura-pending: missing \(expected/);
    // Without --late-aura it said "…counted in roll.aura (auraPending is for late Aura only)",
    // the spec's fields, not the flags.
    await bad(
      ['d8=3', '--defence', '5', '--aura-pending', '2'],
      /^dicelab: --aura-pending: "2" is not allowed \(expected it only with --late-aura \(without it, a top face's Aura is usable in the same roll: count it in --aura\)\)\n$/,
    );
    await bad(
      ['d8=8', '--defence', '5', '--explode'],
      /dice "d8=8": 8 is not allowed \(expected the exploding d8's chain total/,
    );
    const { status } = await advise('d8=11', '--defence', '5', '--explode', '--resolve', '1');
    expect(status).toBe(0);
  });

  it('a bad field in a spec file is named with its line and column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicelab-advise-'));
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      '[\n  {\n    "roll": { "threats": [{ "challenge": 2 }], "dice": [{ "sides": 6, "intent": 0 }] },\n    "shown": [7],\n    "defence": [3]\n  }\n]\n',
    );
    await bad(
      ['--spec', file, '--json'],
      new RegExp(`${file}:4:\\d+: \\[0\\]\\.shown\\[0\\]: 7 is not allowed`),
    );
  });

  it('--spec refuses its own --json output in one line naming it', async () => {
    // Before: "system: no such field (the fields here are roll, shown, …)", not saying the file
    // was advise's output, which --spec does not read back.
    const state = ['d8=3', 'd4=4', '--vs', '4', '--defence', '5', '--aura', '3', '--resolve', '1'];
    const first = await advise(...state, '--json');
    expect(first.status).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'dicelab-advise-')), 'advice.json');
    writeFileSync(file, first.stdout);
    const again = await advise('--spec', file, '--json');
    expect(again.status).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe(
      `dicelab: ${file}:2:13: system: no such field (the fields here are roll, shown, defence, auraPending, actions, bestValue); this is dicelab's --json output ("system": "zidara"), which --spec does not read back\n`,
    );
  });
});

describe('dicelab zidara advise as a user runs it', () => {
  it('runs through the real binary entry', async () => {
    const { code, stdout } = await runDicelab([
      'zidara',
      'advise',
      'd12=2',
      '--defence',
      '3',
      '--aura',
      '0',
      '--resolve',
      '1',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Reroll the d12 (showing 2)');
  });
});
