import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
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
    // The end of the reports (null), then the port closed: the caller waits for it, as the
    // reply comes on another channel and may overtake the last report.
    progress.postMessage(null);
    progress.close();
  }
}

/**
 * The analyses' worker thread, made at the first run and kept: idle, piscina lets the process end,
 * and a what-if's second run (a report's next, a test's next) pays no start-up again.
 */
let analysisThread: Piscina<AnalysisTask, AnalysisReply> | undefined;

/**
 * Runs `job` on the analyses' worker thread (see {@link runAnalysisTask}), telling `onProgress`
 * of its progress: on the main thread a solve held Ctrl-C and SIGTERM back. A job refused there
 * is run again here, to throw its InputError.
 * @example await runOnAnalysisThread(job, ({ done, total }) => bar.update(done, total)) // not run: starts a worker thread
 */
export async function runOnAnalysisThread(
  job: AnalysisJob,
  onProgress: (report: AnalysisProgressReport) => void = () => {},
): Promise<AnalysisResult> {
  const { workerPool } = await import('../process/worker-pool.ts');
  const progress = new MessageChannel();
  // Every report told before the job's end: ordered on this port, ended by null (or its close,
  // should the thread die first).
  const told = new Promise<void>((done) => {
    progress.port1.on('message', (report: AnalysisProgressReport | null) =>
      report === null ? done() : onProgress(report),
    );
    progress.port1.once('close', () => done());
  });
  analysisThread ??= workerPool<AnalysisTask, AnalysisReply>(
    new URL('./analysis-worker', import.meta.url),
    1,
  );
  try {
    const reply = await analysisThread.run(
      { job, progress: progress.port2 },
      { transferList: [progress.port2] },
    );
    await told;
    return 'result' in reply ? reply.result : runAnalysis(job);
  } finally {
    progress.port1.close();
  }
}
