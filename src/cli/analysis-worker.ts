import type { MessagePort } from 'node:worker_threads';
import { InputError } from '../input/input-error.ts';
import { type AnalysisJob, type AnalysisResult, runAnalysis } from '../systems/run-analysis.ts';

/** A job for the analysis' worker thread, and the port its progress is told on (see runFlagged). */
export interface AnalysisTask {
  readonly job: AnalysisJob;
  readonly progress: MessagePort;
}

/** One report of `runAnalysis`'s progress, as the port carries it. */
export interface AnalysisProgressReport {
  readonly done: number;
  readonly total: number;
  readonly unit: string;
}

/**
 * What the worker answers: the result, or that the job was refused. An InputError does not
 * cross threads whole (its `naming` is a function): the caller runs the job again to get it,
 * which is refused before anything is solved.
 */
export type AnalysisReply = { readonly result: AnalysisResult } | { readonly refused: true };

/**
 * The worker's entry (piscina calls the default export): `runAnalysis` on a thread of its own,
 * so that the main thread stays free to hear Ctrl-C and SIGTERM while it solves.
 */
export default function runAnalysisTask({ job, progress }: AnalysisTask): AnalysisReply {
  try {
    return {
      result: runAnalysis(job, (done, total, unit) => {
        progress.postMessage({ done, total, unit } satisfies AnalysisProgressReport);
      }),
    };
  } catch (error) {
    if (error instanceof InputError) return { refused: true };
    throw error;
  } finally {
    progress.close();
  }
}
