import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportJobs } from '../../src/cli/report.ts';
import { analysisOutput } from '../../src/report/zidara/analysis-output.ts';
import { loadScenarioFiles } from '../../src/scenario/scenario-files.ts';
import { scenarioReportJobs } from '../../src/scenario/scenario-report-jobs.ts';
import { runAnalysis } from '../../src/systems/run-analysis.ts';

describe('scenarioReportJobs', () => {
  it('turns each analysis of a scenario file into the report job of its chart, named after the file', () => {
    const jobs = scenarioReportJobs(loadScenarioFiles(['scenarios/bram-gate.yaml']));
    expect(jobs.map((j) => [j.name, j.analysis])).toEqual([
      ['bram-gate-fight-splits-vs-warden', 'splits'],
      ['bram-gate-d12-or-d6-d6', 'stated-splits'],
      ['bram-gate-fight-vs-warden', 'fight-curves'],
    ]);
    expect(reportJobs(['scenarios/bram-gate.yaml'])).toEqual(jobs);
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
    const subtitles = scenarioReportJobs(loadScenarioFiles([file])).map((job) => {
      const { title } = analysisOutput(runAnalysis(job)).spec as { title: { subtitle: string[] } };
      return title.subtitle[0];
    });
    expect(subtitles).toEqual([
      'Exact, round by round: each round the pool is split among the tags left and played optimally; 2 Titles of Resolve for the fight',
      'Exact, round by round: each round the pool is split among the tags left and played for the chance it is down within 3 rounds (whole-fight play); 2 Titles of Resolve for the fight',
    ]);
  });
});
