import { describe, expect, it } from 'vitest';
import { RING_SKILL_DEFAULTS, RING_SKILL_LIMITS } from '../../src/systems/ring-skill/spec.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

describe('dicelab ring-skill', () => {
  it('odds --json carries the outcomes and every figure, exact fractions too', async () => {
    const { status, stdout } = await cli(
      'ring-skill',
      'odds',
      '--ring',
      '1',
      '--skill',
      '1',
      '--tn',
      '1',
      '--json',
    );
    expect(status).toBe(0);
    const r = JSON.parse(stdout);
    expect(r.outcomes.map((o: { name: string }) => o.name)).toEqual(['success', 'failure']);
    for (const key of [
      'pSuccess',
      'expectedStrife',
      'expectedBonusSuccesses',
      'expectedOpportunity',
      'pCapped',
    ])
      expect(typeof r[key]).toBe('number');
    expect(r.exact.pSuccess).toBe('19/24');
    expect(r.exact.expectedStrife).toBe('25/72');
  });

  it('table --csv and --json print the rows asked for', async () => {
    const csv = await cli(
      'ring-skill',
      'table',
      '--rings',
      '1',
      '--skills',
      '1',
      '--tns',
      '1,4',
      '--explode-depth',
      '10',
      '--csv',
    );
    expect(csv.status).toBe(0);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      'ring,skill,tn,pSuccess,expectedBonusSuccesses,expectedStrife,expectedOpportunity,pCapped',
    );
    expect(lines[1]!.startsWith('1,1,1,0.7916666666666')).toBe(true);
    expect(Number(lines[2]!.split(',')[3])).toBeCloseTo(1 / 216, 15);
    const json = await cli(
      'ring-skill',
      'table',
      '--rings',
      '1',
      '--skills',
      '0',
      '--tns',
      '1',
      '--json',
    );
    expect(JSON.parse(json.stdout)).toHaveLength(1);
  });

  it('table takes --format as the other tables do, --csv and --json still read as deprecated spellings', async () => {
    // Before, --format was refused ("unknown option '--format'"): only --csv and --json chose.
    const table = ['ring-skill', 'table', '--rings', '1', '--skills', '0,1', '--tns', '1'];
    const plain = await cli(...table);
    expect((await cli(...table, '--format', 'table')).stdout).toBe(plain.stdout);
    for (const format of ['csv', 'json']) {
      const given = await cli(...table, '--format', format);
      expect(given.status).toBe(0);
      expect(given.stdout).not.toBe(plain.stdout);
      expect((await cli(...table, `--${format}`)).stdout).toBe(given.stdout);
      // Both, agreeing, are one ask.
      expect((await cli(...table, '--format', format, `--${format}`)).stdout).toBe(given.stdout);
    }
    const clash = await cli(...table, '--format', 'csv', '--json');
    expect(clash.status).toBe(2);
    expect(clash.stdout).toBe('');
    expect(clash.stderr).toBe(
      'dicelab: --format: "csv" is not allowed with --json (expected --format json, or either alone: --json is the old spelling of --format json)\n',
    );
    const help = (await cli('ring-skill', 'table', '--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      '--format <format> table for people, or csv / json on stdout (choices: "table", "csv", "json", default: "table")',
    );
    expect(help).toContain('--json deprecated: the same as --format json');
    expect(help).toContain('--csv deprecated: the same as --format csv');
  });

  it("table takes runs in its lists, as the Zi'Dara lists do (1-3 is 1,2,3)", async () => {
    // Before, "1-3" was refused: "expected an integer from 1 to 5".
    const runs = await cli(
      ...['ring-skill', 'table', '--rings', '1-2', '--skills', '0,1', '--tns', '2-3', '--json'],
    );
    expect(runs.status).toBe(0);
    const rows = JSON.parse(runs.stdout) as { ring: number; skill: number; tn: number }[];
    expect(rows.map((r) => `${r.ring}/${r.skill}/${r.tn}`)).toEqual([
      ...['1/0/2', '1/0/3', '1/1/2', '1/1/3'],
      ...['2/0/2', '2/0/3', '2/1/2', '2/1/3'],
    ]);
    const past = await cli('ring-skill', 'table', '--rings', '2-6');
    expect(past.status).toBe(2);
    expect(past.stderr).toMatch(
      /"2-6" is not allowed \(expected integers from 1 to 5: a list such as 1-5 or 1,5\)/,
    );
  });

  it('takes the weighted objective with its weights', async () => {
    const { stdout } = await cli(
      'ring-skill',
      'odds',
      '--ring',
      '2',
      '--skill',
      '1',
      '--tn',
      '2',
      '--objective',
      'weighted',
      '--weight-strife',
      '-1',
      '--json',
    );
    const r = JSON.parse(stdout);
    expect(r.spec.weights.strife).toBe(-1);
    expect(r.expectedUtility).toBeCloseTo(
      r.pSuccess + 0.2 * r.expectedBonusSuccesses + 0.1 * r.expectedOpportunity - r.expectedStrife,
      12,
    );
  });

  it('refuses a weight without the weighted objective rather than ignore it', async () => {
    const { status, stdout, stderr } = await cli(
      'ring-skill',
      'odds',
      '--ring',
      '2',
      '--skill',
      '1',
      '--tn',
      '2',
      '--weight-strife',
      '-1',
    );
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'dicelab: --weight-strife: "-1" is not allowed (expected only with the weighted objective (succeed-then-least-strife reads no weights))\n',
    );
  });

  it('gives the TN and the explosion depth their bounds in --help, as the ring and skill have theirs', async () => {
    const L = RING_SKILL_LIMITS;
    const depth = `--explode-depth <n> most explosion waves rolled, 0 to ${L.explodeDepth} (default: ${RING_SKILL_DEFAULTS.explodeDepth})`;
    for (const command of ['odds', 'simulate', 'advise']) {
      const { stdout } = await cli('ring-skill', command, '--help');
      const help = stdout.replace(/\s+/g, ' ');
      expect(help).toContain(`--tn <n> target number of successes, 1 to ${L.tn}`);
      expect(help).toContain(depth);
      // Odds and advise take an array of specs; simulate runs one.
      expect(help).toContain(
        `--spec <file> JSON or YAML file with one spec${command === 'simulate' ? '' : ', or an array of them,'} instead of the flags;`,
      );
    }
    const { stdout } = await cli('ring-skill', 'table', '--help');
    const help = stdout.replace(/\s+/g, ' ');
    expect(help).toContain(depth);
    expect(help).toContain(`--rings <list> only these rings, 1 to ${L.ring},`);
    expect(help).toContain(`--skills <list> only these skills, 0 to ${L.skill},`);
    expect(help).toContain(`--tns <list> only these TNs, 1 to ${L.tn},`);
  });

  it('simulate prints every mean its --json holds, the expected successes too', async () => {
    const { stdout } = await cli(
      ...['ring-skill', 'simulate', '--ring', '1', '--skill', '1', '--tn', '1'],
      ...['--trials', '2000', '--threads', '1', '--quiet'],
    );
    for (const label of ['strife', 'bonus successes', 'opportunity', 'successes'])
      expect(stdout).toMatch(new RegExp(`^expected ${label}: \\d\\.\\d{4} \\(95% `, 'm'));
  });

  it('simulate gives the capped chance as odds does, a probability, with its interval', async () => {
    const check = ['--ring', '1', '--skill', '0', '--tn', '1', '--explode-depth', '0'];
    const odds = await cli('ring-skill', 'odds', ...check);
    // Depth 0 rolls no wave: the Ring 6 (explosive success) is kept and capped, 1 time in 6.
    expect(odds.stdout).toMatch(/^capped by the depth: 0\.1667 \(/m);
    const { stdout } = await cli(
      ...['ring-skill', 'simulate', ...check],
      ...['--trials', '2000', '--threads', '1', '--quiet'],
    );
    expect(stdout).toMatch(/^capped by the depth: 0\.1\d{3} \(95% 0\.1\d{3} to 0\.1\d{3}\)$/m);
    expect(stdout).not.toMatch(/^capped: /m);
  });

  it('simulate gives the utility of every objective with its interval, and the capped chance in the means’ shape', async () => {
    // Before, simulate printed expectedUtility only for the weighted objective, and --json's
    // pCapped was { "name": "capped", "p", "lo", "hi" }.
    const check = ['--ring', '3', '--skill', '2', '--tn', '3'];
    const run = ['--trials', '1000', '--threads', '1', '--quiet'];
    const plain = await cli('ring-skill', 'simulate', ...check, ...run);
    expect(plain.stdout).toMatch(
      /^expected utility \(the chance of success\): 0\.\d{4} \(95% 0\.\d{4} to 0\.\d{4}\)$/m,
    );
    const most = await cli(
      'ring-skill',
      'simulate',
      ...check,
      '--objective',
      'most-successes',
      ...run,
    );
    expect(most.stdout).toMatch(/^expected utility \(successes\): \d\.\d{4} \(95% /m);
    const json = JSON.parse(
      (await cli('ring-skill', 'simulate', ...check, ...run, '--json')).stdout,
    );
    expect(Object.keys(json.pCapped).sort()).toEqual(['estimate', 'hi', 'lo', 'n']);
    expect(Object.keys(json.expectedUtility).sort()).toEqual(['estimate', 'hi', 'lo', 'n']);
    expect(json.expectedUtility.estimate).toBe(json.outcomes[0].p);
  });

  it('simulate gives the weighted utility odds gives, with its interval, for the weighted objective', async () => {
    // Before, odds printed "expected weighted utility 0.1651 = …" and simulate nothing of it.
    const check = ['--ring', '2', '--skill', '1', '--tn', '2', '--objective', 'weighted'];
    const odds = await cli('ring-skill', 'odds', ...check, '--weight-strife', '-1');
    expect(odds.stdout).toMatch(/^expected weighted utility 0\.1651 = /m);
    const run = ['--trials', '20000', '--threads', '1', '--quiet'];
    const sim = await cli('ring-skill', 'simulate', ...check, '--weight-strife', '-1', ...run);
    const line = /^expected weighted utility: (\S+) \(95% (\S+) to (\S+)\)$/m.exec(sim.stdout);
    expect(line).not.toBeNull();
    const [estimate, lo, hi] = line!.slice(1).map(Number) as [number, number, number];
    expect(lo).toBeLessThan(estimate);
    expect(hi).toBeGreaterThan(estimate);
    expect(Math.abs(estimate - 0.1651)).toBeLessThan(0.02);
    const json = JSON.parse(
      (await cli('ring-skill', 'simulate', ...check, '--weight-strife', '-1', ...run, '--json'))
        .stdout,
    );
    expect(json.expectedUtility.estimate).toBeCloseTo(estimate, 4);
    // One trial: strife weighs as a cost, bonus and opportunity as gains: any value.
    const one = await cli(
      ...['ring-skill', 'simulate', ...check, '--trials', '1', '--threads', '1', '--quiet'],
    );
    expect(one.stdout).toMatch(/^expected weighted utility: -?\d\.\d{4} \(95% any value\)$/m);
    // Bonus and opportunity weighed at nothing: a trial is worth at most its success, 1.
    const costs = await cli(
      ...['ring-skill', 'simulate', ...check, '--weight-bonus', '0', '--weight-opportunity', '0'],
      ...['--trials', '1', '--threads', '1', '--quiet'],
    );
    expect(costs.stdout).toMatch(
      /^expected weighted utility: -?\d\.\d{4} \(95% 1\.0000 or less\)$/m,
    );
    const plain = await cli(
      ...['ring-skill', 'simulate', '--ring', '2', '--skill', '1', '--tn', '2', ...run],
    );
    expect(plain.stdout).not.toContain('weighted utility');
  });

  it('simulate --trials 1 gives each mean its whole range, as zidara simulate does, not n/a', async () => {
    const { stdout } = await cli(
      ...['ring-skill', 'simulate', '--ring', '2', '--skill', '1', '--tn', '2'],
      ...['--trials', '1', '--threads', '1', '--quiet'],
    );
    expect(stdout).not.toContain('n/a');
    expect(stdout).toMatch(/^expected strife: \d\.\d{4} \(95% 0\.0000 or more\)$/m);
  });

  it('refuses a ring of 0 in one line, exit 2', async () => {
    const { status, stderr } = await cli(
      'ring-skill',
      'odds',
      '--ring',
      '0',
      '--skill',
      '1',
      '--tn',
      '1',
    );
    expect(status).toBe(2);
    expect(stderr).toMatch(/"0" is not allowed \(expected an integer from 1 to 5\)/);
  });
});
