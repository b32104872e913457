import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFiles } from '../../src/scenario/scenario-files.ts';
import { runInProcess } from '../cli/run-in-process.ts';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'dicelab-suite-'));
});
afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

/**
 * The project's own balance suite, as CI runs it: `dicelab check` on scenarios/*.yaml against the
 * committed reports/baseline.json. A rules change that breaks an expectation, or moves a figure
 * without the baseline being re-recorded, fails this test.
 */
describe('the project suite (scenarios/)', () => {
  it('covers every analysis, simulated and exact figures, differences and monotone rules', () => {
    const scenarios = loadScenarioFiles([]);
    expect(scenarios.map((s) => s.path)).toEqual([
      'scenarios/ash-fights.yaml',
      'scenarios/bram-gate.yaml',
      'scenarios/d12-action-tokens.yaml',
      'scenarios/d6-pool-hits.yaml',
      'scenarios/dorrie-talk.yaml',
      'scenarios/isolde-study.yaml',
      'scenarios/ring-skill-checks.yaml',
      'scenarios/tags-2d6-bands.yaml',
      'scenarios/vesk-locks.yaml',
      'scenarios/walls-and-storms.yaml',
    ]);
    // One file for each system besides Zi'Dara, each judging its own figures.
    const systems = scenarios.map((s) => ('system' in s.scenario ? s.scenario.system : 'zidara'));
    expect([...new Set(systems)].sort()).toEqual([
      'd12-action',
      'd6-pool',
      'ring-skill',
      'tags-2d6',
      'zidara',
    ]);
    const analyses = new Set(scenarios.flatMap((s) => s.plan.analyses.map((a) => a.table)));
    expect([...analyses].sort()).toEqual([
      'advantage',
      'fight',
      'fishing',
      'rerolls',
      'splits',
      'stated-splits',
      'tune',
    ]);
    const expectations = scenarios.flatMap((s) => s.plan.expectations);
    const kinds = new Set(expectations.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['bound', 'difference', 'monotone', 'monotone-cells']);
    const simulated = expectations.filter(
      (e) => e.kind === 'bound' && e.figure.by === 'simulation',
    );
    expect(simulated.length).toBeGreaterThanOrEqual(4);
    for (const s of scenarios) expect(s.plan.expectations.length, s.path).toBeGreaterThanOrEqual(5);
  });

  it('passes dicelab check with every expectation met and no figure moved from the baseline', async () => {
    const { code, stdout, stderr } = await runInProcess(['check', '--out', out, '--quiet']);
    expect(stderr).toBe('');
    const summary = stdout.split('\n').find((line) => line.startsWith('check: '));
    expect(summary).toMatch(/^check: (\d+) passed \(\1 expectations, 10 files, /);
    expect(stdout).toMatch(
      /Baseline: \d+ figures unchanged, 0 moved, 0 new, 0 no longer computed\./,
    );
    expect(stdout).not.toMatch(/FAIL|inconclusive/);
    expect(code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['check.junit.xml', 'check.md']);
    expect(await readFile(join(out, 'check.junit.xml'), 'utf8')).toMatch(
      /failures="0" errors="0" skipped="0"/,
    );
  });
});
