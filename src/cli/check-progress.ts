import type { CheckOptions } from '../scenario/check-scenarios.ts';
import { type ProgressBar, progressBar } from './progress-bar.ts';

/** The progress options a check's run takes, and `stop`, called once it ends (also on failure). */
export interface CheckProgressDisplay {
  readonly options: Pick<CheckOptions, 'onProgress' | 'onProgressCounts'>;
  stop(): void;
}

/** The signals a drawn bar is cleared on, before they end the process as they would have. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * `check`'s and `baseline`'s progress on `stream` (stderr): a line per expectation judged, and on a
 * terminal `progressBar`'s bar above them: the expectations done of all, or, while a simulated
 * figure's sample is still running at its first report (a long one), its trials. Into a pipe or
 * a file only the lines, as before the bar; nothing with `quiet`. While a bar may be drawn,
 * Ctrl-C and SIGTERM clear it, then end the process as they did before (by the signal itself,
 * nothing said): cli-progress goes back to the bar's line only when stopped. An exact solve under
 * way (on this thread) is finished first: checkScenarios turns the event loop between them.
 * @example const progress = checkProgress(quiet); try { await checkScenarios(scenarios, progress.options) } finally { progress.stop() } // not run: draws on the terminal
 */
export function checkProgress(
  quiet: boolean | undefined,
  stream: NodeJS.WriteStream = process.stderr,
): CheckProgressDisplay {
  if (quiet) return { options: {}, stop() {} };
  let shown: { key: string; bar: ProgressBar; done: number } | undefined;
  const draw = (key: string, label: string, unit: string, done: number, total: number) => {
    // A new sample of the same size starts again from its first batch.
    if (shown?.key !== key || done < shown.done) {
      shown?.bar.stop();
      shown = { key, bar: progressBar({ stream, label, unit }), done };
    }
    shown.bar.update(done, total);
    shown.done = done;
  };
  const stopBar = () => {
    shown?.bar.stop();
    shown = undefined;
  };
  const onProgress = (line: string) => {
    if (shown) shown.bar.note(line);
    else stream.write(`${line}\n`);
  };
  if (!stream.isTTY) return { options: { onProgress }, stop() {} };
  const clearThenEnd = (signal: NodeJS.Signals) => {
    stopBar();
    release();
    process.kill(process.pid, signal);
  };
  const release = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, clearThenEnd);
  };
  for (const signal of ENDING_SIGNALS) process.on(signal, clearThenEnd);
  return {
    options: {
      onProgress,
      onProgressCounts: ({ done, expectations, trials }) => {
        if (!trials) draw('expectations', 'judging', 'expectations', done, expectations);
        // A sample over at its first report was short: its bar would only flash.
        else if (trials.done < trials.total || shown?.key === `trials ${trials.total}`)
          draw(
            `trials ${trials.total}`,
            `expectation ${done + 1} of ${expectations}: simulating`,
            'trials',
            trials.done,
            trials.total,
          );
      },
    },
    stop() {
      stopBar();
      release();
    },
  };
}
