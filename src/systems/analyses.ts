import { parseSpec } from '../input/issue-messages.ts';
import { defineAnalysis } from './analysis-declaration.ts';
import {
  type CompareSystemsOptions,
  compareRows,
  compareSystemsOptionsSchema,
  type SystemCompareRow,
} from './compare.ts';
import { ADVANTAGE_ANALYSIS } from './zidara/analyses/advantage.ts';
import { FIGHT_CURVES_ANALYSIS } from './zidara/analyses/fight-curves.ts';
import { FISHING_ANALYSIS } from './zidara/analyses/fishing.ts';
import { REROLLS_ANALYSIS } from './zidara/analyses/rerolls.ts';
import { SPLITS_ANALYSIS, STATED_SPLITS_ANALYSIS } from './zidara/analyses/splits.ts';
import { TUNE_ANALYSIS } from './zidara/analyses/tune.ts';

/** The five systems side by side (`dicelab compare`): not in a What if. */
const declareCompareSystems = /* @__PURE__ */ defineAnalysis<
  CompareSystemsOptions,
  unknown,
  SystemCompareRow
>();
export const COMPARE_SYSTEMS_ANALYSIS = /* @__PURE__ */ declareCompareSystems({
  name: 'compare-systems',
  run: (job) => ({ rows: compareRows(job.options) }),
  check(job) {
    parseSpec(compareSystemsOptionsSchema, job.options);
  },
});

/**
 * Every analysis, by its name: the list `runAnalysis`, `checkAnalysis` and the report's outputs
 * read. A new analysis is one line here (and its entry in `ANALYSIS_OUTPUTS`, which the
 * compiler asks for).
 */
export const ANALYSES = {
  splits: SPLITS_ANALYSIS,
  'stated-splits': STATED_SPLITS_ANALYSIS,
  advantage: ADVANTAGE_ANALYSIS,
  fishing: FISHING_ANALYSIS,
  rerolls: REROLLS_ANALYSIS,
  tune: TUNE_ANALYSIS,
  'fight-curves': FIGHT_CURVES_ANALYSIS,
  'compare-systems': COMPARE_SYSTEMS_ANALYSIS,
} as const;

/** An analysis' name (`analysis` of a job). */
export type AnalysisName = keyof typeof ANALYSES;

/** The analyses' names, in the declared order. */
export const ANALYSIS_NAMES = Object.keys(ANALYSES) as AnalysisName[];

/**
 * The old names of analyses, still read by `runAnalysis` (a job of the library's users):
 * `fights` is `fight-curves`, the name of its command, and `compare` is `stated-splits` (the
 * word is `dicelab compare`'s, the systems side by side).
 */
export const ANALYSIS_ALIASES: Readonly<Record<string, AnalysisName>> = {
  fights: 'fight-curves',
  compare: 'stated-splits',
};
