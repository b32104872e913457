import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D12_LIMITS } from '../../src/systems/d12-action/spec.ts';
import { cliInProcess as cli } from './cli-in-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-d12-advise-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('dicelab d12-action advise', () => {
  it('says whether to keep the die in front of you or roll the next, with every action', async () => {
    const args = ['d12-action', 'advise', '--rating', '2', '--capacity', '5', '--tokens', '1'];
    const rollOn = await cli(...args, '--rolled', '7');
    expect(rollOn.status).toBe(0);
    expect(rollOn.stdout).toContain('Roll the next die (3 left): expected utility 1.0106.');
    expect(rollOn.stdout).toContain('keep the 7, spending 1 token to make it 6 (success)');
    const keep = await cli(...args, '--rolled', '12,12,2');
    expect(keep.stdout).toContain(
      'Keep the 2, spending 1 token to make it 1 (critical-success): expected utility 1.2000.',
    );
  });

  it('gives the advice the figure its table gives the best action, to the same digits', async () => {
    // Before, the advice rounded to 3 decimals ("expected utility 1.011.") and the table to 4
    // ("1.0106"): one figure read two ways.
    const args = ['d12-action', 'advise', '--rating', '2', '--capacity', '5', '--tokens', '1'];
    const { stdout } = await cli(...args, '--rolled', '7');
    expect(stdout).toMatch(/^Roll the next die \(3 left\): expected utility 1\.0106\.$/m);
    expect(stdout).toMatch(/^1 +roll the next die \(3 left\) +1\.0106 +2183\/2160$/m);
    expect(stdout).toMatch(
      /^3 +keep the 7, spending 1 token to make it 6 \(success\) +0\.9500 +19\/20$/m,
    );
  });

  it("--help lists only what advice asks: not the roll's kind nor a group's supporters", async () => {
    const help = await cli('d12-action', 'advise', '--help');
    expect(help.stdout).toContain('--rolled <list>');
    expect(help.stdout).toContain('--tokens <n>');
    expect(help.stdout).not.toContain('--roll <kind>');
    expect(help.stdout).not.toContain('--supporter');
  });

  it('refuses the flags its --help leaves out, --roll and --supporter, naming them, exit 2', async () => {
    // --roll stacked ran, and --supporter 1:1 said "expected no supporters except on a group roll",
    // though advise has no group roll.
    const state = ['d12-action', 'advise', '--rating', '2', '--capacity', '1', '--rolled', '9,4'];
    const roll = await cli(...state, '--roll', 'stacked');
    expect(roll.status).toBe(2);
    expect(roll.stdout).toBe('');
    expect(roll.stderr).toBe(
      'dicelab: --roll: "stacked" is not allowed (expected no --roll: advise is for a stacked roll alone (odds and simulate take --roll))\n',
    );
    const supporter = await cli(...state, '--supporter', '1:1', '--supporter', '2:3:reckless');
    expect(supporter.status).toBe(2);
    expect(supporter.stderr).toBe(
      'dicelab: --supporter: "1:1 2:3:reckless" is not allowed (expected no --supporter: advise is for a stacked roll, and supporters help a group roll (odds and simulate take --supporter))\n',
    );
  });

  it('--help says what capacity is to a stacked roll, and that --spec takes an array', async () => {
    const help = (await cli('d12-action', 'advise', '--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      `--capacity <n> capacity score (proficiency is rating + capacity), 0 to ${D12_LIMITS.capacity} --tokens`,
    );
    expect(help).not.toContain('a capacity roll passes');
    expect(help).toContain('--spec <file> JSON or YAML file with one spec, or an array of them,');
  });

  it('--spec FILE --json: one object or an array, best first', async () => {
    const file = join(dir, 'rolls.yaml');
    await writeFile(
      file,
      '- { check: { roll: stacked, rating: 2, capacity: 5, tokens: 1 }, rolled: [9, 4] }\n- { check: { roll: stacked, rating: 0, capacity: 5 }, rolled: [12, 12] }\n',
    );
    const { status, stdout } = await cli('d12-action', 'advise', '--spec', file, '--json');
    expect(status).toBe(0);
    const [first, last] = JSON.parse(stdout);
    expect(first.best).toEqual({
      action: 'keep',
      spend: 0,
      outcome: 'success',
      expectedUtility: 1,
      expectedUtilityFraction: '1',
    });
    expect(first.actions[0]).toEqual(first.best);
    expect(first.actions.at(-1)).toMatchObject({ action: 'roll', diceLeft: 2 });
    // The last die must be kept: no rolling on.
    expect(last.actions.map((a: { action: string }) => a.action)).toEqual(['keep']);
    expect(last.best.outcome).toBe('critical-failure');
  });

  it('refuses a bad file with file:line:col and a bad flag naming it, exit 2', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, '{ "check": { "roll": "risky", "rating": 2 }, "rolled": [3] }\n');
    const bad = await cli('d12-action', 'advise', '--spec', file, '--json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /bad\.json:1:22: check\.roll: "risky" is not allowed \(expected stacked/,
    );
    const flags = await cli(
      'd12-action',
      'advise',
      '--rating',
      '0',
      '--capacity',
      '5',
      '--rolled',
      '3,4,5',
    );
    expect(flags.status).toBe(2);
    expect(flags.stderr).toMatch(/--rolled: "3,4,5" is not allowed \(expected at most 2 dice/);
  });

  it("--spec refuses its own --json output in one line naming it; the output's check and rolled read back", async () => {
    // Before: "system: no such field (the fields here are check, rolled)", not saying the file
    // was advise's output, which --spec does not read back.
    const state = ['--rating', '2', '--capacity', '1', '--tokens', '1', '--rolled', '9,4'];
    const first = await cli('d12-action', 'advise', ...state, '--json');
    expect(first.status).toBe(0);
    const file = join(dir, 'advice.json');
    await writeFile(file, first.stdout);
    const again = await cli('d12-action', 'advise', '--spec', file, '--json');
    expect(again.status).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe(
      `dicelab: ${file}:2:13: system: no such field (the fields here are check, rolled); this is dicelab's --json output ("system": "d12-action"), which --spec does not read back\n`,
    );
    // An array of outputs names the one refused.
    const outputs = join(dir, 'advices.json');
    await writeFile(outputs, `[${first.stdout}]`);
    expect((await cli('d12-action', 'advise', '--spec', outputs)).stderr).toMatch(
      /: \[0\]\.system: no such field \(the fields here are check, rolled\); this is dicelab's --json output \("system": "d12-action"\), which --spec does not read back\n$/,
    );
    // What it echoes of the request is a spec as --spec reads it: the same advice again.
    const { check, rolled } = JSON.parse(first.stdout);
    const request = join(dir, 'request.json');
    await writeFile(request, JSON.stringify({ check, rolled }));
    const echoed = await cli('d12-action', 'advise', '--spec', request, '--json');
    expect(echoed.status).toBe(0);
    expect(echoed.stdout).toBe(first.stdout);
  });

  it('says --rolled is missing when it is not given (it read as an empty list), exit 2', async () => {
    const { status, stderr } = await cli(
      'd12-action',
      'advise',
      '--rating',
      '0',
      '--capacity',
      '5',
    );
    expect(status).toBe(2);
    expect(stderr).toBe(
      'dicelab: --rolled: missing (expected the dice rolled so far, in order, such as 9,4 (the 4 showing), or --spec FILE)\n',
    );
  });
});
