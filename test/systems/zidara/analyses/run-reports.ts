import { expect } from 'vitest';
import { type AnalysisJob, runAnalysis } from '../../../../src/systems/run-analysis.ts';

/** The first progress report of a run of `job` (done, total, unit), the run stopped there. */
export function firstReport(job: AnalysisJob): [number, number, string] | undefined {
  let first: [number, number, string] | undefined;
  expect(() =>
    runAnalysis(job, (done, total, unit) => {
      first = [done, total, unit];
      throw new Error('stopped');
    }),
  ).toThrow('stopped');
  return first;
}

/** Every progress report of a whole run of `job`, and its rows. */
export function runReports(job: AnalysisJob): { reports: unknown[]; rows: readonly unknown[] } {
  const reports: unknown[] = [];
  const { rows } = runAnalysis(job, (...report) => {
    reports.push(report);
  });
  return { reports, rows };
}
