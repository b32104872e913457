import { describe, expect, it } from 'vitest';
import { supporterFlag } from '../../src/cli/d12-action.ts';
import { D12_LIMITS } from '../../src/systems/d12-action/spec.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

describe('dicelab d12-action', () => {
  it('odds --json: four outcomes, expected utility, tokens', async () => {
    const { status, stdout } = await cli(
      'd12-action',
      'odds',
      '--roll',
      'safe',
      '--rating',
      '1',
      '--capacity',
      '5',
      '--tokens',
      '2',
      '--json',
    );
    expect(status).toBe(0);
    const r = JSON.parse(stdout);
    expect(r.outcomes.map((o: { name: string }) => o.name)).toEqual([
      'critical-success',
      'success',
      'failure',
      'critical-failure',
    ]);
    expect(r.expectedUtilityFraction).toBe('7/10');
    expect(r.expectedBalanceTokens).toBeCloseTo(4 / 12, 14);
    expect(r.expectedInterruptionTokens).toBe(0);
  });

  it('group rolls take supporters as rating:capacity and say what each rolls', async () => {
    const { status, stdout } = await cli(
      'd12-action',
      'odds',
      '--roll',
      'group',
      '--rating',
      '1',
      '--supporter',
      '2:5',
      '--supporter',
      '0:3:reckless',
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/1 \(2:5\)\s+safe/);
    // Named as given, options and all (before, "2 (0:3)", as if it could roll safe).
    expect(stdout).toMatch(/2 \(0:3:reckless\)\s+risky/);
    // Each supporter's balance tokens, with that supporter: a safe roll at proficiency 7 fails
    // on 8 to 12 (5/12); a risky roll of 2 dice fails critically without a 1 ((11/12)² = 121/144).
    expect(stdout).toMatch(/balance tokens$/m);
    expect(stdout).toMatch(/^1 \(2:5\)\s+safe .* 0\.4167$/m);
    expect(stdout).toMatch(/^2 \(0:3:reckless\)\s+risky .* 0\.8403$/m);
  });

  it('names the stopping rule a stacked roll is played by, optimal only when it is', async () => {
    const args = ['d12-action', 'odds', '--roll', 'stacked', '--rating', '1', '--capacity', '5'];
    const named = await cli(...args, '--policy', 'keep-first-success');
    expect(named.stdout).toContain(
      'expected utility (keep-first-success, best token spends): 0.9063 = 29/32\n',
    );
    expect(named.stdout).not.toContain('optimal play');
    const optimal = await cli(...args);
    expect(optimal.stdout).toMatch(/^expected utility \(optimal play\): .+ = .+$/m);
  });

  it('simulate prints every figure its --json holds, the tokens spent too', async () => {
    const args = ['simulate', '--roll', 'safe', '--rating', '0', '--capacity', '1'];
    const flags = ['--tokens', '6', '--trials', '2000', '--threads', '1', '--quiet'];
    const text = await cli('d12-action', ...args, ...flags);
    const json = JSON.parse((await cli('d12-action', ...args, ...flags, '--json')).stdout);
    expect(json.expectedTokensSpent.estimate).toBeGreaterThan(0);
    expect(text.stdout).toMatch(/^tokens spent: \d\.\d{4} \(95% \d\.\d{4} to \d\.\d{4}\)$/m);
  });

  it("simulate prints the supporters' rolls and shares its --json holds, as odds prints them", async () => {
    // Before, the text said nothing of the supporters. The reckless one never rolls safe.
    const args = ['simulate', '--roll', 'group', '--rating', '1', '--supporter', '2:5'];
    const flags = ['--supporter', '0:3:reckless', '--trials', '2000', '--threads', '1', '--quiet'];
    const { status, stdout } = await cli('d12-action', ...args, ...flags);
    expect(status).toBe(0);
    expect(stdout).toContain('The supporters choose together (best for the lead), their shares');
    expect(stdout).toMatch(/^1 \(2:5\)\s+safe\s+\d/m);
    expect(stdout).toMatch(/^2 \(0:3:reckless\)\s+risky\s+\d/m);
  });

  it('simulate --trials 1 gives each mean its whole range, as zidara simulate does, not n/a', async () => {
    const args = ['simulate', '--roll', 'risky', '--rating', '2', '--trials', '1', '--quiet'];
    const { stdout } = await cli('d12-action', ...args);
    expect(stdout).not.toContain('n/a');
    expect(stdout).toMatch(/^expected utility: -?\d\.\d{4} \(95% -0\.2500 to 1\.2500\)$/m);
    expect(stdout).toMatch(/^tokens spent: 0\.0000 \(95% 0\.0000 or more\)$/m);
  });

  it('a capacity roll heads with the tokens held, which cap those gained, and spends none', async () => {
    const args = ['--roll', 'capacity', '--capacity', '5', '--tokens', '6'];
    const odds = await cli('d12-action', 'odds', ...args);
    expect(odds.status).toBe(0);
    const lines = odds.stdout.split('\n');
    expect(lines[0]).toBe('capacity roll, capacity 5, 6 tokens');
    expect(odds.stdout).toContain('\nbalance tokens gained 0.0000, DM interruption tokens 0.0000');
    expect(odds.stdout).not.toContain('tokens spent');
    const flags = ['--trials', '1000', '--threads', '1', '--quiet'];
    const simulated = await cli('d12-action', 'simulate', ...args, ...flags);
    expect(simulated.stdout.split('\n')[0]).toBe(
      'capacity roll, capacity 5, 6 tokens: 1,000 trials',
    );
    expect(simulated.stdout).toMatch(/^balance tokens gained: 0\.0000 /m);
    // Named as odds names them (simulate said "interruption tokens (DM)").
    expect(simulated.stdout).toMatch(/^DM interruption tokens: 0\.0000 /m);
    expect(simulated.stdout).not.toContain('tokens spent');
  });

  it('utilities and the token value can be overridden', async () => {
    const { stdout } = await cli(
      'd12-action',
      'odds',
      '--roll',
      'risky',
      '--rating',
      '0',
      '--tokens',
      '1',
      '--critical-success-utility',
      '2',
      '--token-value',
      '0',
      '--json',
    );
    expect(JSON.parse(stdout).spec.utilities.criticalSuccess).toBe(2);
  });

  it('parses supporters and refuses bad ones', () => {
    expect(supporterFlag('1:3:6:demoralized')).toEqual([
      { rating: 1, capacity: 3, tokens: 6, demoralized: true },
    ]);
    expect(() => supporterFlag('1')).toThrow(/expected rating:capacity/);
    expect(() => supporterFlag('1:2:brave')).toThrow(/"1:2:brave" is not allowed/);
  });

  it('gives the bounds of the rating, the capacity and a supporter in --help and messages', async () => {
    const L = D12_LIMITS;
    const { stdout } = await cli('d12-action', 'odds', '--help');
    const help = stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      `--rating <n> action rating (risky and stacked rolls roll rating + 2 dice), 0 to ${L.rating}`,
    );
    expect(help).toContain(
      `--capacity <n> capacity score (proficiency is rating + capacity); a capacity roll passes on 1d12 <= capacity, 0 to ${L.capacity}`,
    );
    const bounds = `(rating and capacity 0 to ${L.rating}, tokens 0 to ${L.tokens})`;
    expect(help).toContain(bounds);
    expect(help).toContain(`one supporter (repeat the flag, 1 to ${L.supporters} of them)`);
    // A supporter past a bound gets the bounds it broke, not the syntax alone.
    const { status, stderr } = await cli(
      'd12-action',
      'odds',
      '--roll',
      'group',
      '--rating',
      '1',
      '--supporter',
      `2:5:${L.tokens + 1}`,
    );
    expect(status).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toContain(bounds);
  });

  it('refuses a safe roll while Reckless, in one line, exit 2', async () => {
    const { status, stderr } = await cli(
      'd12-action',
      'odds',
      '--roll',
      'safe',
      '--rating',
      '1',
      '--capacity',
      '5',
      '--reckless',
    );
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^dicelab: --roll: "safe" is not allowed \(expected risky, stacked, capacity or group while reckless/,
    );
  });

  it('names the missing flag', async () => {
    const { status, stderr } = await cli(
      'd12-action',
      'odds',
      '--roll',
      'stacked',
      '--rating',
      '1',
    );
    expect(status).toBe(2);
    expect(stderr).toMatch(/^dicelab: --capacity: missing \(expected/);
  });

  it('says --supporter in flags, as typed: missing, too many, or on a roll without support', async () => {
    // Before: the spec file's words and JSON ("expected a non-empty array of supporters such as
    // { \"rating\": 2, \"capacity\": 5 }", "[{\"rating\":1,\"capacity\":1},…").
    const group = ['d12-action', 'odds', '--roll', 'group', '--rating', '1'];
    const none = await cli(...group);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe(
      'dicelab: --supporter: missing (expected one or more, such as --supporter 2:5)\n',
    );
    const eleven = Array.from({ length: 11 }, () => ['--supporter', '1:1']).flat();
    const many = await cli(...group, ...eleven);
    expect(many.status).toBe(2);
    expect(many.stderr).toBe(
      `dicelab: --supporter: "${Array(11).fill('1:1').join(' ')}" is not allowed (expected at most 10 supporters)\n`,
    );
    const safe = ['d12-action', 'simulate', '--roll', 'safe', '--rating', '1', '--capacity', '1'];
    const unread = await cli(...safe, '--supporter', '1:1', '--supporter', '2:5:reckless');
    expect(unread.status).toBe(2);
    expect(unread.stderr).toBe(
      'dicelab: --supporter: "1:1 2:5:reckless" is not allowed (expected no supporters except on a group roll)\n',
    );
  });
});
