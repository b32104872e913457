import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportPlan } from '../../src/cli/report.ts';
import { analysisOutput } from '../../src/report/zidara/analysis-output.ts';
import { loadScenarioFiles } from '../../src/scenario/scenario-files.ts';
import { analysisLabel, scenarioReport } from '../../src/scenario/scenario-report.ts';
import { runAnalysis } from '../../src/systems/run-analysis.ts';
import { NAMED_SCENARIO, NAMED_SCENARIO_SHOWN } from './named-scenario.ts';

/** `text` written as `name` in a fresh folder: its path. */
function scenarioFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'dicelab-')), name);
  writeFileSync(file, text);
  return file;
}

describe('scenarioReport', () => {
  it('turns each analysis of a scenario file into the report job of its chart, named after the file', () => {
    const plan = scenarioReport(loadScenarioFiles(['scenarios/bram-gate.yaml']));
    const jobs = plan.jobs.map(({ job }) => job);
    expect(jobs.map((j) => [j.name, j.analysis])).toEqual([
      ['bram-gate-fight-splits-vs-warden', 'splits'],
      ['bram-gate-d12-or-d6-d6', 'stated-splits'],
      ['bram-gate-fight-vs-warden', 'fight-curves'],
    ]);
    expect(reportPlan(['scenarios/bram-gate.yaml'])).toEqual(plan);
    // The fight's curve is the one the check judges round by round.
    const curve = analysisOutput(runAnalysis(jobs[2]!)).rows as {
      round: number;
      winWithin: number;
    }[];
    expect(curve).toHaveLength(6);
    expect(curve[1]!.winWithin).toBeGreaterThan(0.9);
  });

  it("names a fight's play in its chart: whole-fight play is for the chance within its rounds", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dicelab-')), 'plays.yaml');
    writeFileSync(
      file,
      `scenario: two plays
characters:
  hero: { titles: 2, actions: { fight: 8 } }
analyses:
  each-roll: { analysis: fight, character: hero, action: fight, challenge: 4, tags: 3, maxRounds: 3 }
  whole: { analysis: fight, character: hero, action: fight, challenge: 4, tags: 3, maxRounds: 3, fightPolicy: whole-fight }
`,
    );
    const subtitles = scenarioReport(loadScenarioFiles([file])).jobs.map(({ job }) => {
      const { title } = analysisOutput(runAnalysis(job)).spec as { title: { subtitle: string[] } };
      return title.subtitle[0];
    });
    expect(subtitles).toEqual([
      'Exact, round by round: each round the pool is split among the tags left and played optimally; 2 Titles of Resolve for the fight',
      'Exact, round by round: each round the pool is split among the tags left and played for the chance it is down within 3 rounds (whole-fight play); 2 Titles of Resolve for the fight',
    ]);
  });

  it("names the page after the file's title and description, and each analysis by its key and who it ran with", () => {
    const plan = scenarioReport(loadScenarioFiles([scenarioFile('boost.yaml', NAMED_SCENARIO)]));
    expect(plan.title).toBe(NAMED_SCENARIO_SHOWN.title);
    expect(plan.about).toEqual(NAMED_SCENARIO_SHOWN.about);
    expect(plan.jobs.map(({ label }) => label)).toEqual(NAMED_SCENARIO_SHOWN.labels);
    // The two tunes ask one question: only their labels tell them apart.
    expect(plan.jobs.map(({ job }) => job.name)).toEqual([
      'boost-tune-rules',
      'boost-tune-boost3',
      'boost-split-warden',
      'boost-resolve',
      'boost-squire-odds',
    ]);
  });

  it("names each file's analyses after it when several files are reported; another system's file adds nothing", () => {
    const named = scenarioFile('boost.yaml', NAMED_SCENARIO);
    const plain = scenarioFile(
      'plain.yaml',
      `scenario: Plain
characters:
  hero: { actions: { fight: 6 } }
analyses:
  odds: { analysis: stated-splits, character: hero, splits: [d12], challenge: 3 }
`,
    );
    const plan = scenarioReport(loadScenarioFiles([named, 'scenarios/d6-pool-hits.yaml', plain]));
    expect(plan.title).toBe(`${NAMED_SCENARIO_SHOWN.title} · Plain`);
    expect(plan.about).toEqual([`${NAMED_SCENARIO_SHOWN.title}: ${NAMED_SCENARIO_SHOWN.about[0]}`]);
    expect(plan.jobs.map(({ label }) => label)).toEqual([
      ...NAMED_SCENARIO_SHOWN.labels.map((label) => `${NAMED_SCENARIO_SHOWN.title} · ${label}`),
      'Plain · odds: hero',
    ]);
    // Another system's file alone has nothing to report, as before.
    expect(() => reportPlan(['scenarios/d6-pool-hits.yaml'])).toThrow(
      'expected scenario files that list analyses',
    );
  });

  it('says the threats faced as a list', () => {
    expect(analysisLabel('odds', { character: 'Bram', threats: [] })).toBe('odds: Bram');
    expect(analysisLabel('odds', { character: 'Bram', threats: ['a Warden', 'an ogre'] })).toBe(
      'odds: Bram vs a Warden and an ogre',
    );
  });
});
