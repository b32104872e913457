import type { ReportPlan } from '../report/report-plan.ts';
import type { LoadedScenario } from './load-scenario.ts';
import type { AnalysisNames } from './plan-analysis.ts';

/**
 * The report scenario files ask for: each analysis (splits, compare, advantage, fishing,
 * rerolls, tune; a fight as its fight curve), named `<file stem>-<analysis key>` so two files
 * may use the same key, its section headed by {@link analysisLabel}, under the files' titles
 * and descriptions. Files with no analyses (another system's) add nothing. Pure.
 * @example scenarioReport([bramGate]).jobs.map((j) => j.job.name) // not run: needs loaded scenario files; gives ["bram-gate-splits-vs-warden", …]
 */
export function scenarioReport(scenarios: readonly LoadedScenario[]): ReportPlan {
  const reported = scenarios.filter((loaded) => loaded.plan.analyses.length > 0);
  const titles = reported.map((loaded) => loaded.scenario.scenario);
  // Several files: each section says which file's it is, each description whose it is.
  const several = reported.length > 1;
  const jobs = reported.flatMap((loaded) => {
    const stem = (loaded.path.split(/[\\/]/).pop() ?? loaded.path).replace(/\.(ya?ml|json)$/i, '');
    return loaded.plan.analyses.map((analysis) => {
      const label = analysisLabel(analysis.key, analysis.names);
      return {
        job: { ...analysis.job, name: `${stem}-${analysis.key}` },
        label: several ? `${loaded.scenario.scenario} · ${label}` : label,
      };
    });
  });
  const about = reported.flatMap(({ scenario }) =>
    scenario.description === undefined
      ? []
      : [several ? `${scenario.scenario}: ${scenario.description}` : scenario.description],
  );
  return {
    ...(titles.length ? { title: titles.join(' · ') } : {}),
    ...(about.length ? { about } : {}),
    jobs,
  };
}

/**
 * An analysis of a scenario in the file's own words: its key, the character and the threats
 * it faces. Two analyses that ask the same question (the same heading) read apart by it.
 * @example analysisLabel('split-warden', { character: 'Knight', threats: ['a Warden'] }) // "split-warden: Knight vs a Warden"
 * @example analysisLabel('odds', { character: 'Bram', threats: ['a Warden', 'an ogre', 'a wall'] }) // "odds: Bram vs a Warden, an ogre and a wall"
 */
export function analysisLabel(key: string, names: AnalysisNames): string {
  const { threats } = names;
  const faced =
    threats.length > 1 ? `${threats.slice(0, -1).join(', ')} and ${threats.at(-1)}` : threats[0];
  return `${key}: ${names.character}${faced === undefined ? '' : ` vs ${faced}`}`;
}
