import type { AnalysisJob } from '../systems/run-analysis.ts';

/**
 * What `dicelab report` runs and what its page calls it: the built-in report's questions, or
 * the analyses scenario files list under the files' own titles and names.
 */
export interface ReportPlan {
  /** The page's title (default: the built-in report's). */
  readonly title?: string;
  /** Paragraphs under the title on what the page is about (a scenario's description). */
  readonly about?: readonly string[];
  readonly jobs: readonly ReportJob[];
}

/** One analysis of a report, and what its section is headed with over its question. */
export interface ReportJob {
  readonly job: AnalysisJob;
  /** What the analysis is and ran with, in the file's names ("split-warden: Knight vs a Warden"). */
  readonly label?: string;
}
