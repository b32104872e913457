import { describe, expect, it } from 'vitest';
import { type AnalysisProgressReport, runOnAnalysisThread } from '../../src/cli/analysis-worker.ts';
import { type AnalysisJob, runAnalysis } from '../../src/systems/run-analysis.ts';

describe("the analyses' worker thread", () => {
  it('tells every progress report before it answers, the last included, as the solve on this thread does', async () => {
    // Its last report comes just before the answer, on another channel: the one most at risk.
    const job: AnalysisJob = {
      analysis: 'splits',
      options: { steps: 10, actions: 3, challenge: 3 },
    };
    const here: AnalysisProgressReport[] = [];
    const expected = runAnalysis(job, (done, total, unit) => here.push({ done, total, unit }));
    expect(here.length).toBeGreaterThan(1);
    for (let run = 0; run < 5; run++) {
      const told: AnalysisProgressReport[] = [];
      const result = await runOnAnalysisThread(job, (report) => told.push(report));
      expect(told).toEqual(here);
      expect(result.rows).toEqual(expected.rows);
    }
  });
});
