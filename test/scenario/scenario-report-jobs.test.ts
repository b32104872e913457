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
});
