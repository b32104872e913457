import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/format/format-count.ts';
import { MAX_STAT } from '../../src/systems/d6-pool/spec.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

describe('dicelab d6-pool', () => {
  it('odds --stat 3 --json gives 8/27, 4/9 and 7/27 and how far the seed is off', async () => {
    const { status, stdout } = await cli('d6-pool', 'odds', '--stat', '3', '--json');
    expect(status).toBe(0);
    const r = JSON.parse(stdout);
    expect(r.outcomes.map((o: { name: string; fraction: string }) => [o.name, o.fraction])).toEqual(
      [
        ['failure', '8/27'],
        ['mixed', '4/9'],
        ['success', '7/27'],
      ],
    );
    expect(r.seedClaim.largestGap).toBeCloseTo(4 / 9 - 0.4, 12);
  });

  it('odds --json gives how far the seed is off exactly: subtracted as fractions, rounded once', async () => {
    // Before, failure's off was −0.003703703703703709, the floats' 8/27 − 0.3; exactly −1/270.
    const { stdout } = await cli('d6-pool', 'odds', '--stat', '3', '--json');
    const gaps = JSON.parse(stdout).seedClaim.outcomes;
    expect(gaps.map((g: { offFraction: string }) => g.offFraction)).toEqual([
      '-1/270',
      '2/45',
      '-11/270',
    ]);
    expect(gaps.map((g: { off: number }) => g.off)).toEqual([-1 / 270, 2 / 45, -11 / 270]);
  });

  it('prints a table and the size of the seed claim’s error', async () => {
    const { status, stdout } = await cli('d6-pool', 'odds', '--stat', '3');
    expect(status).toBe(0);
    expect(stdout).toMatch(/mixed\s+44\.44%\s+0\.444444\s+4\/9/);
    expect(stdout).toMatch(/off by up to 4\.4 percentage points/);
  });

  it('prints the expected hits its --json gives, as the other systems print their means', async () => {
    // Before, only --json and the scenario figures had them. Four dice, a hit on 2 faces of 6.
    const { status, stdout } = await cli('d6-pool', 'odds', '--stat', '4');
    expect(status).toBe(0);
    expect(stdout).toContain('expected hits 1.3333 (a third of the dice)');
  });

  it('refuses a stat of 0 in one line, exit 2', async () => {
    const { status, stderr } = await cli('d6-pool', 'odds', '--stat', '0');
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^dicelab: .*--stat.*"0" is not allowed \(expected an integer from 1 to 1000\)/,
    );
    expect(stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('reads an array of specs and prints an array; points at the line of a bad field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicelab-d6-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([{ stat: 1 }, { stat: 2 }]));
    const { status, stdout } = await cli('d6-pool', 'odds', '--spec', good, '--json');
    expect(status).toBe(0);
    expect(
      JSON.parse(stdout).map((r: { outcomes: { fraction: string }[] }) => r.outcomes[0]!.fraction),
    ).toEqual(['2/3', '4/9']);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[\n  { "stat": 2 },\n  { "stat": 0 }\n]\n');
    const out = await cli('d6-pool', 'odds', '--spec', bad);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/bad\.json:3:\d+: \[1\]\.stat: 0 is not allowed/);
  });

  it('simulate --help gives --stat its bounds, as odds --help does', async () => {
    for (const command of ['odds', 'simulate']) {
      const { stdout } = await cli('d6-pool', command, '--help');
      expect(stdout.replace(/\s+/g, ' ')).toContain(
        `--stat <n> dice rolled, one per point of the stat (1 to 4 in play), 1 to ${formatCount(MAX_STAT)}`,
      );
    }
  });

  it('odds keeps a huge pool readable: a fraction of hundreds of digits by its size, whole in --json', async () => {
    const text = await cli('d6-pool', 'odds', '--stat', '1000');
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('10715086…/13220708… (302 / 478 digits)');
    for (const line of text.stdout.split('\n')) expect(line.length).toBeLessThan(120);
    const json = JSON.parse((await cli('d6-pool', 'odds', '--stat', '1000', '--json')).stdout);
    expect(json.outcomes[0].fraction).toMatch(/^1071508607\d{292}\/1322070819\d{468}$/);
  });

  it('odds reads a near-certain success as short of certain, never 100.00% and 1.000000', async () => {
    // Before, "success  100.00%  1.000000" while P(success) is 1 − 4e-174; tiny ones read "< 0.01%".
    const { status, stdout } = await cli('d6-pool', 'odds', '--stat', '1000');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^success {2}> 99\.99% {2}> 0\.999999 {2}/m);
    expect(stdout).not.toContain('100.00%');
    expect(stdout).not.toContain('1.000000');
    expect(stdout).toMatch(/^mixed +< 0\.01% +4\.1e-174 /m);
  });

  it("simulate's title counts its trials in words: 1 trial, 2 trials", async () => {
    for (const [trials, title] of [
      ['1', 'd6 pool, stat 3: 1 trial\n'],
      ['2', 'd6 pool, stat 3: 2 trials\n'],
    ] as const) {
      const run = await cli(
        'd6-pool',
        'simulate',
        '--stat',
        '3',
        '--trials',
        trials,
        '--threads',
        '1',
      );
      expect(run.status).toBe(0);
      expect(run.stdout.startsWith(title)).toBe(true);
    }
  });

  it('simulate runs the kernel and reports intervals', async () => {
    const { status, stdout } = await cli(
      'd6-pool',
      'simulate',
      '--stat',
      '3',
      '--trials',
      '20000',
      '--threads',
      '1',
      '--quiet',
      '--json',
    );
    expect(status).toBe(0);
    const s = JSON.parse(stdout);
    expect(s.trials).toBe(20000);
    for (const o of s.outcomes) expect(o.lo).toBeLessThanOrEqual(o.hi);
  });
});
