import type { AnalysisJob } from '../systems/run-analysis.ts';
import type { LoadedScenario } from './load-scenario.ts';

/**
 * The report jobs scenario files ask for: each analysis (splits, compare, advantage, fishing,
 * rerolls, tune; a fight as its fight curve), named `<file stem>-<analysis key>` so two files
 * may use the same key. Pure.
 * @example scenarioReportJobs([bramGate]).map((j) => j.name) // not run: needs loaded scenario files; gives ["bram-gate-splits-vs-warden", …]
 */
export function scenarioReportJobs(scenarios: readonly LoadedScenario[]): AnalysisJob[] {
  return scenarios.flatMap((loaded) => {
    const stem = (loaded.path.split(/[\\/]/).pop() ?? loaded.path).replace(/\.(ya?ml|json)$/i, '');
    return loaded.plan.analyses.map((analysis) => ({
      ...analysis.job,
      name: `${stem}-${analysis.key}`,
    }));
  });
}
