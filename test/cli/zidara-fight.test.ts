import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIGHT_DEFAULTS } from '../../src/systems/zidara/fight/fight.ts';
import { runInProcess } from './run-in-process.ts';

/**
 * d6 against C2 (d4), no Aura, no Resolve: a round wins when the d6 beats the d4, 14 of 24
 * pairs, so the threat's one tag falls within n rounds with chance 1 − (10/24)^n.
 */
const PLAIN_FIGHT = [
  'zidara',
  'fight',
  '--vs',
  '2',
  '--tags',
  '1',
  '--pool',
  'd6',
  '--max-rounds',
  '3',
  '--titles',
  '0',
  '--aura-max',
  '0',
];
const within = (n: number) => 1 - (10 / 24) ** n;
/** {@link PLAIN_FIGHT} with some of its flags' values changed (a flag of one value is refused twice). */
const plainFightWith = (values: Readonly<Record<string, string>>) =>
  PLAIN_FIGHT.map((word, i) => values[PLAIN_FIGHT[i - 1] ?? ''] ?? word);

describe('dicelab zidara fight', () => {
  it('gives the exact chain and the simulation side by side, as JSON', async () => {
    const { code, stdout } = await runInProcess([
      ...PLAIN_FIGHT,
      '--trials',
      '20000',
      '--seed',
      '3',
      '--threads',
      '1',
      '--json',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    for (let n = 1; n <= 3; n++) {
      expect(result.exact.pWinWithin[n - 1]).toBeCloseTo(within(n), 12);
      const [lo, hi] = result.simulated.pWinWithinCi95[n - 1];
      // The 95% interval widened by 0.01 (about 3 standard errors): the check does not hinge on the seed.
      expect(within(n)).toBeGreaterThan(lo - 0.01);
      expect(within(n)).toBeLessThan(hi + 0.01);
    }
    expect(result.simulated).toMatchObject({ seed: 3, trials: 20000 });
  });

  it('gives every simulated figure its 95% interval in ci95, and the mean rounds to win’s in its text', async () => {
    const args = [...plainFightWith({ '--aura-max': '2' }), '--trials', '5000', '--seed', '3'];
    const json = await runInProcess([...args, '--threads', '1', '--json']);
    const sim = JSON.parse(json.stdout).simulated;
    // As zidara simulate's ci95: each figure by its name, [lo, hi] (one pair a round).
    expect(Object.keys(sim.ci95)).toEqual([
      'roundsToWin',
      'pWinWithin',
      'pNotWon',
      'pReached',
      'auraAtStart',
      'resolveAtStart',
      'auraSpent',
      'resolveSpent',
      'meanRoundsToWin',
    ]);
    for (const name of ['auraAtStart', 'auraSpent', 'resolveAtStart', 'resolveSpent'])
      sim.ci95[name].forEach(([lo, hi]: [number, number], k: number) => {
        expect(lo).toBeLessThanOrEqual(sim[name][k]);
        expect(hi).toBeGreaterThanOrEqual(sim[name][k]);
      });
    // Aura is spent on ties: the spends spread, so their interval has a width.
    const [lo, hi] = sim.ci95.auraSpent[0];
    expect(hi - lo).toBeGreaterThan(0);
    expect(sim.ci95.meanRoundsToWin).toEqual(sim.meanRoundsToWinCi95);
    const text = await runInProcess([...args, '--threads', '1']);
    const [mlo, mhi] = sim.meanRoundsToWinCi95 as [number, number];
    expect(text.stdout).toContain(
      `simulated: 5,000 fights, seed 3; mean rounds to win ${sim.meanRoundsToWin.toFixed(3)} (95% ${mlo.toFixed(3)} to ${mhi.toFixed(3)}, over the fights won)`,
    );
  });

  it('words its figures as fight-curves does: Down within, Round played, Opening split', async () => {
    // The same fight both ways, 8 steps against two C3 tags; their tables' headers, one wording each.
    const fight = await runInProcess([
      ...['zidara', 'fight', '--vs', '3', '--tags', '2', '--steps', '8', '--max-rounds', '2'],
      '--no-simulate',
    ]);
    const curves = await runInProcess([
      ...['zidara', 'fight-curves', '--vs', '3', '--tags', '2', '--steps', '8'],
      ...['--max-rounds', '2'],
    ]);
    const header = (text: string) =>
      text
        .split('\n')
        .find((line) => line.startsWith('Round') || line.startsWith('Challenge'))!
        .trim()
        .split(/\s{2,}/);
    expect(header(fight.stdout)).toEqual([
      'Round',
      'Down within (exact)',
      'Simulated',
      '95% interval',
      'Round played',
      'Aura at start',
      'Aura spent',
      'Resolve spent',
    ]);
    expect(header(curves.stdout)).toEqual([
      'Challenge',
      'Tags',
      'Round',
      'Down within',
      'Round played',
      'Opening split',
    ]);
    // Every figure column is right-aligned: each row's last figure ends where its header does.
    const lines = fight.stdout.split('\n');
    const head = lines.find((line) => line.startsWith('Round'))!;
    const firstRow = lines[lines.indexOf(head) + 2]!;
    for (const label of ['Aura at start', 'Aura spent', 'Resolve spent']) {
      const end = head.indexOf(label) + label.length;
      expect(firstRow.slice(0, end)).toMatch(/\d$/);
      expect(firstRow.charAt(end)).toMatch(/^ ?$/);
    }
    expect(fight.stdout).toContain('Fight: 2 tags against C3 (d6); opening split d8 | d8');
    expect(fight.stdout).toContain(
      'Round played: the chance the fight is still on when the round starts',
    );
    expect(fight.stdout).toContain('exact: still standing after 2 rounds ');
    expect(curves.stdout).toContain('Down within 2 rounds: C3 (d6), 2 tags');
    // Round played, the same figure, reads alike in both (fight's exact Down within keeps the
    // two decimals of the simulated column beside it).
    const cells = (text: string, at: number) =>
      text
        .split('\n')
        .filter((line) => /^\s+(C3 \(d6\)\s+2\s+)?\d\s/.test(line))
        .map((line) => line.trim().split(/\s{2,}/)[at]);
    expect(cells(fight.stdout, 4)).toEqual(cells(curves.stdout, 4));
    expect(cells(fight.stdout, 4)).toHaveLength(2);
  });

  it('--help says how each fight policy plays, whole-fight too (it described per-roll alone)', async () => {
    const { stdout } = await runInProcess(['zidara', 'fight', '--help']);
    expect(stdout).toContain('per-roll (the default), for that roll (utility: tags stripped');
    expect(stdout).toContain('whole-fight, for the chance the threat is down within --max-rounds');
  });

  it('prints a readable table, and says why the exact chain is missing', async () => {
    const { code, stdout } = await runInProcess([
      ...PLAIN_FIGHT,
      '--trials',
      '5000',
      '--seed',
      '1',
      '--threads',
      '1',
      '--no-exact',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Fight: 1 tag');
    expect(stdout).toMatch(/Round\s+Down within \(exact\)\s+Simulated/);
    expect(stdout).toContain('exact chain skipped: as --no-exact asked');
  });

  it('never says 100.00% won while the fight may still be on, though the sum of its rounds reached 1', async () => {
    // 8 steps against one C2 tag: the fight is over in round 1 but for a few chances in 10⁸,
    // and by round 5 the exact chance, a float sum, is 1 while round 6's Round played is not 0.
    const { code, stdout } = await runInProcess([
      'zidara',
      'fight',
      '--vs',
      '2',
      '--tags',
      '1',
      '--steps',
      '8',
      '--no-simulate',
    ]);
    expect(code).toBe(0);
    const wonBy = stdout
      .split('\n')
      .filter((line) => /^\s+\d+\s/.test(line))
      .map((line) => line.trim().split(/\s{2,}/)[1]);
    expect(wonBy).toEqual(Array(8).fill('> 99.99%'));
    expect(stdout).toContain('still standing after 8 rounds < 0.01%');
    // A fight that cannot go on is certain: d12 against C1 always wins its one tag.
    const sure = await runInProcess([
      'zidara',
      'fight',
      '--vs',
      '1',
      '--tags',
      '1',
      '--pool',
      'd12',
      '--max-rounds',
      '2',
      '--no-simulate',
    ]);
    expect(sure.stdout).toMatch(/^\s+1\s+100\.00%/m);
    // No fight is won in one round of d6 against three C6 tags: one round, and no mean to give.
    const never = await runInProcess([
      ...['zidara', 'fight', '--vs', '6', '--tags', '3', '--steps', '6'],
      ...['--max-rounds', '1', '--no-simulate'],
    ]);
    expect(never.stdout).toContain(
      'exact: still standing after 1 round 100.00%; no fight is won, so no mean rounds to win',
    );
  });

  it.each([
    [['--shard', '0/2', '--partial', 'part.json'], '--shard'],
    [['--trials', '1000'], '--trials'],
    [['--seed', '3'], '--seed'],
  ])(
    'refuses simulation flags %j with --no-simulate (they would be ignored)',
    async (flags, named) => {
      const { code, stderr } = await runInProcess([...PLAIN_FIGHT, '--no-simulate', ...flags]);
      expect(code).toBe(2);
      expect(stderr.trim()).toBe(
        `dicelab: ${named}: cannot be used with --no-simulate (only the simulation reads it, and --no-simulate skips it; drop one of them)`,
      );
    },
  );

  it('takes --quiet and --threads with --no-simulate: the exact whole-fight solve reads them', async () => {
    const { code, stderr } = await runInProcess([
      ...PLAIN_FIGHT,
      '--fight-policy',
      'whole-fight',
      '--no-simulate',
      '--quiet',
      '--threads',
      '1',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('refuses --threads with --no-simulate and per-roll play, where nothing runs on threads', async () => {
    const { code, stdout, stderr } = await runInProcess([
      ...PLAIN_FIGHT,
      '--no-simulate',
      '--threads',
      '2',
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(
      'dicelab: --threads: 2 does nothing with --no-simulate and per-roll play (only the simulation and the exact whole-fight solve use threads; drop it, or add --fight-policy whole-fight)',
    );
  });

  it('says what "Round played" means and gives the exact mean rounds to win', async () => {
    const { stdout } = await runInProcess([...PLAIN_FIGHT, '--no-simulate']);
    // The tag falls in round n with chance q^(n−1)·p, p = 14/24, q = 10/24, n ≤ 3.
    const p = 14 / 24;
    const q = 10 / 24;
    const mean = (p + 2 * q * p + 3 * q * q * p) / within(3);
    expect(stdout).toContain(
      'Round played: the chance the fight is still on when the round starts',
    );
    expect(stdout).toContain(`mean rounds to win ${mean.toFixed(3)} (over the fights won)`);
  });

  it('says no fight is won, in the simulation’s line as in the exact one, when none can be', async () => {
    // One d6 a round strips at most one tag: two tags never fall in one round.
    const { code, stdout } = await runInProcess([
      ...plainFightWith({ '--tags': '2', '--max-rounds': '1' }),
      ...['--trials', '200', '--seed', '1', '--threads', '1'],
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('exact: still standing after 1 round 100.00%; no fight is won');
    expect(stdout).toContain(
      'simulated: 200 fights, seed 1; no fight is won, so no mean rounds to win',
    );
    expect(stdout).not.toContain('NaN');
  });

  it.each([
    ['--aura-value', '3'],
    ['--resolve-value', '0.5'],
  ])(
    'refuses %s %s with whole-fight play, which plays for the win chance alone',
    async (flag, value) => {
      const { code, stdout, stderr } = await runInProcess([
        ...PLAIN_FIGHT,
        '--fight-policy',
        'whole-fight',
        flag,
        value,
      ]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim()).toBe(
        `dicelab: ${flag}: "${value}" is not allowed (expected it only with --fight-policy per-roll (whole-fight play is for P(win within the rounds) alone))`,
      );
    },
  );

  it('refuses a spec file’s worth of Aura or Resolve with whole-fight play, at its line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dicelab-')), 'fights.json');
    writeFileSync(
      file,
      '[{ "challenge": 2, "tags": 1, "pool": [6], "resolveValue": 1 },\n { "challenge": 2, "tags": 1, "pool": [6],\n  "fightPolicy": "whole-fight", "resolveValue": 1 }]\n',
    );
    const { code, stdout, stderr } = await runInProcess([
      ...['zidara', 'fight', '--spec', file, '--no-simulate'],
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `dicelab: ${file}:3:49: [1].resolveValue: 1 is not allowed (expected it only with fightPolicy per-roll (whole-fight play is for P(win within the rounds) alone))\n`,
    );
  });

  it('says in --help that a spec’s pool is dice by their sides, as a spec file is refused otherwise', async () => {
    // Before, --help said the fields were "as the flags", and the flag's pool is "d12 d4".
    const help = (await runInProcess(['zidara', 'fight', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      'but pool: 1 to 8 dice, each by its sides, such as [12, 4], not "d12 d4")',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'dicelab-')), 'fight.yaml');
    writeFileSync(file, 'challenge: 2\ntags: 1\npool: d12 d4\n');
    const flagWise = await runInProcess(['zidara', 'fight', '--spec', file, '--no-simulate']);
    expect(flagWise.code).toBe(2);
    expect(flagWise.stderr).toContain(
      'pool: "d12 d4" is not allowed (expected 1 to 8 dice, each by its sides, such as [12, 4])',
    );
    writeFileSync(file, 'challenge: 2\ntags: 1\npool: [12, 4]\n');
    const sideWise = await runInProcess(['zidara', 'fight', '--spec', file, '--no-simulate']);
    expect(sideWise.code).toBe(0);
  });

  it('--json names each fight of a spec array by what it solved, not by Challenge and tags alone', async () => {
    // Two fights alike in Challenge and tags: before, their results could not be told apart.
    const file = join(mkdtempSync(join(tmpdir(), 'dicelab-')), 'fights.json');
    writeFileSync(
      file,
      '[{ "challenge": 2, "tags": 1, "pool": [6] }, { "challenge": 2, "tags": 1, "pool": [8] }]\n',
    );
    const { code, stdout } = await runInProcess([
      ...['zidara', 'fight', '--spec', file, '--no-simulate', '--json'],
    ]);
    expect(code).toBe(0);
    const results = JSON.parse(stdout) as { spec: { pool: number[]; maxRounds: number } }[];
    expect(results.map((r) => r.spec.pool)).toEqual([[6], [8]]);
    expect(results[0]!.spec.maxRounds).toBe(FIGHT_DEFAULTS.maxRounds);
  });

  it('--json names its system beside the fight solved, as odds and simulate do', async () => {
    // Before, each result ended with `spec` alone: no "system", which every other JSON has.
    const { code, stdout } = await runInProcess([...PLAIN_FIGHT, '--no-simulate', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual(['challenge', 'tags', 'exact', 'system', 'spec']);
    expect(result.system).toBe('zidara');
  });

  it('gives the exact mean rounds to win in its JSON as in its text', async () => {
    const { code, stdout } = await runInProcess([...PLAIN_FIGHT, '--no-simulate', '--json']);
    expect(code).toBe(0);
    // The tag falls in round n with chance q^(n−1)·p, p = 14/24, q = 10/24, n ≤ 3.
    const p = 14 / 24;
    const q = 10 / 24;
    const exact = JSON.parse(stdout).exact;
    expect(exact.meanRoundsToWin).toBeCloseTo((p + 2 * q * p + 3 * q * q * p) / within(3), 12);
    // Added beside the chain's figures, which keep their names and order.
    expect(Object.keys(exact).slice(0, 3)).toEqual(['roundsToWin', 'pWinWithin', 'pNotWon']);
  });

  it('refuses a die of no size the game has by naming each size allowed, not a range', async () => {
    // Before, "(d2…d12, …)" read as if a d7 were allowed.
    const pool = await runInProcess([
      'zidara',
      'fight',
      '--vs',
      '3',
      '--tags',
      '2',
      '--pool',
      'd7',
    ]);
    expect(pool.code).toBe(2);
    expect(pool.stderr).toBe(
      'dicelab: --pool: "d7" is not allowed (expected dice such as "d12 d4", "d12+d4" or "2d6 d4" (d2, d4, d6, d8, d10 or d12, at most 8 dice, no |: a pool has no intents))\n',
    );
    const only = await runInProcess(['zidara', 'splits', '--only', 'd7', '--vs', '3']);
    expect(only.code).toBe(2);
    expect(only.stderr).toBe(
      'dicelab: --only: "d7" is not allowed (expected dice such as "d12 | d6+d6": d2, d4, d6, d8, d10 or d12, + (or 2d6) stacks dice on one intent, | separates intents)\n',
    );
  });

  it('refuses a pool past a fight’s dice as typed, naming the fight’s limit', async () => {
    const pool = 'd4 d4 d4 d4 d4 d4 d4 d4 d4';
    const allowed =
      'expected dice such as "d12 d4", "d12+d4" or "2d6 d4" (d2, d4, d6, d8, d10 or d12, at most 8 dice, no |: a pool has no intents)';
    for (const args of [
      ['zidara', 'fight', '--vs', '3', '--tags', '2', '--pool', pool, '--no-simulate'],
      ['zidara', 'fight-curves', '--pool', pool],
    ]) {
      const { code, stdout, stderr } = await runInProcess(args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`dicelab: --pool: "${pool}" is not allowed (${allowed})\n`);
    }
  });

  it('asks for --steps or --pool by their flags and the pool as typed, as fight-curves does', async () => {
    // It said "--pool: missing (expected a set pool (e.g. [12, 4]) or steps)", a spec file's
    // syntax, which --pool "[12, 4]" refuses.
    const none = await runInProcess(['zidara', 'fight', '--vs', '4', '--tags', '3']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'dicelab: --steps: missing (expected --steps or --pool (one of them), e.g. --steps 8 or --pool "d12 d4")\n',
    );
    const both = await runInProcess([
      'zidara',
      'fight',
      '--vs',
      '4',
      '--tags',
      '3',
      '--pool',
      'd12 d4',
      '--steps',
      '8',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      'dicelab: --steps: "8" is not allowed (expected either --steps or --pool (one of them))\n',
    );
  });

  it('refuses a bad flag with one line naming it, exit status 2', async () => {
    const { code, stdout, stderr } = await runInProcess(plainFightWith({ '--tags': '0' }));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/--tags: "0" is not allowed \(expected an integer from 1 to/);
  });
});
