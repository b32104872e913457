import { describe, expect, it } from 'vitest';
import { cliInProcess } from './cli-in-process.ts';

/** A lone d8 against C4 (D ~ d8): figures worked by hand below. */
const lone = ['zidara', 'odds', 'd8', '--vs', '4', '--json'];
const pWin = (stdout: string) => JSON.parse(stdout).intents[0].pWin as number;

describe('the rule variants on the command line', () => {
  it('--ties-go-to roller: with no Aura a d8 wins when it reaches D, 36/64 (ties to the defender: 28/64)', async () => {
    const roller = await cliInProcess(...lone, '--aura-max', '0', '--ties-go-to', 'roller');
    expect(roller.status).toBe(0);
    expect(pWin(roller.stdout)).toBeCloseTo(36 / 64, 12);
    const rules = await cliInProcess(...lone, '--aura-max', '0');
    expect(pWin(rules.stdout)).toBeCloseTo(28 / 64, 12);
  });

  it('--boost-size 3: one Aura wins whenever the d8 is at most 2 below D, 49/64 (a +2: 43/64)', async () => {
    const { status, stdout } = await cliInProcess(...lone, '--aura-max', '1', '--boost-size', '3');
    expect(status).toBe(0);
    expect(pWin(stdout)).toBeCloseTo(49 / 64, 12);
  });

  it('--aura-per-top-face 0: a top face gives nothing, so no Aura buys the 8 against an 8: 28/64 (else 29/64)', async () => {
    const none = await cliInProcess(...lone, '--aura', '0', '--aura-per-top-face', '0');
    expect(pWin(none.stdout)).toBeCloseTo(28 / 64, 12);
    expect(JSON.parse(none.stdout).expectedAuraGained).toBe(0);
    const one = await cliInProcess(...lone, '--aura', '0');
    expect(pWin(one.stdout)).toBeCloseTo(29 / 64, 12);
    expect(JSON.parse(one.stdout).expectedAuraGained).toBeCloseTo(1 / 8, 12);
  });

  it('says each variant in the setup line, and nothing at the rules page', async () => {
    const { stdout } = await cliInProcess(
      'zidara',
      'odds',
      'd8',
      'd4',
      '--vs',
      '4',
      '--resolve',
      '1',
      '--boost-size',
      '3',
      '--aura-per-top-face',
      '2',
      '--ties-go-to',
      'roller',
      '--reroll-keeps-best',
    );
    expect(stdout.split('\n')[1]).toBe(
      'Aura 5 of 5 · 1 Resolve · one +2 a roll · the +2 adds 3 · a top face gives 2 Aura · ties go to the roller · a reroll keeps the better result · optimal play',
    );
    const rules = await cliInProcess('zidara', 'odds', 'd8', '--vs', '4');
    expect(rules.stdout.split('\n')[1]).toBe(
      'Aura 5 of 5 · no Resolve · one +2 a roll · ties bought with Aura · optimal play',
    );
  });

  it('refuses ties to the roller with --defending in one line, exit 2', async () => {
    const { status, stdout, stderr } = await cliInProcess(
      ...lone,
      '--ties-go-to',
      'roller',
      '--defending',
    );
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'dicelab: --ties-go-to: "roller" is not allowed (expected defender with --defending: ties going to the roller contradict the defence model, where they go to the defender)\n',
    );
  });

  it('refuses a value outside a variant’s limits, naming the flag', async () => {
    const { status, stderr } = await cliInProcess(...lone, '--boost-size', '5');
    expect(status).toBe(2);
    expect(stderr).toContain('--boost-size');
    expect(stderr).toContain('an integer from 1 to 4');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--against a variant: the lone d8 with one Aura gains 6/64 from a +3', async () => {
    const { status, stdout } = await cliInProcess(
      'zidara',
      'rerolls',
      '--split',
      'd8',
      '--vs',
      '4',
      '--resolve',
      '0',
      '--kinds',
      'any',
      '--aura-max',
      '1',
      '--against',
      '--boost-size 3',
      '--format',
      'json',
    );
    expect(status).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.against).toBe('--boost-size 2 → 3');
    expect(out.rows[0].change.winChance).toBeCloseTo(6 / 64, 12);
  });

  it('simulates and advises under a variant', async () => {
    const sim = await cliInProcess(
      ...['zidara', 'simulate', 'd8', '--vs', '4', '--aura-max', '0', '--ties-go-to', 'roller'],
      ...['--trials', '40000', '--seed', '5', '--threads', '1', '--json'],
    );
    expect(sim.status).toBe(0);
    const p = JSON.parse(sim.stdout).intents[0].pWin as number;
    // 36/64 within 4 standard errors of 40 000 trials.
    expect(Math.abs(p - 36 / 64)).toBeLessThan(4 * Math.sqrt(((36 / 64) * (28 / 64)) / 40000));
    const advice = await cliInProcess(
      ...['zidara', 'advise', 'd8=4', '--vs', '4', '--defence', '4', '--aura-max', '0'],
      ...['--ties-go-to', 'roller', '--resolve', '1', '--json'],
    );
    expect(advice.status).toBe(0);
    // A 4 against D 4 is a win when ties go to the roller: nothing to reroll.
    const actions = JSON.parse(advice.stdout).actions as { action: string }[];
    expect(actions.map((a) => a.action)).toEqual(['stop']);
  });

  it('--help states the values each rule flag takes, as the rules page gives them', async () => {
    for (const command of ['odds', 'fight', 'splits']) {
      const { stdout } = await cliInProcess('zidara', command, '--help');
      const help = stdout.replace(/\s+/g, ' ');
      // rules/zidara.md: boostSize "1 to 4, default 2", auraPerTopFace "0 to 3, default 1",
      // 0 ≤ aura ≤ auraMax, explodeDepth read only when dice explode.
      expect(help, command).toContain("what the archetype's +2 adds, 1 to 4 (default: 2)");
      expect(help, command).toContain('the excess shared), 0 to 3 (default: 1)');
      expect(help, command).toContain(
        '--aura <n> Aura at the start, at most --aura-max, 0 to 20 (default: full)',
      );
      expect(help, command).toMatch(
        /--explode-depth <n> [^-]*, only with --explode \(default: 20\)/,
      );
    }
    const odds = (await cliInProcess('zidara', 'odds', '--help')).stdout.replace(/\s+/g, ' ');
    expect(odds).toContain('--resolve <n> Resolve available for rerolls, 0 to 10 (default: 0)');
  });
});
