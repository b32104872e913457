import { EXIT } from '../process/exit-status.ts';

/** An AbortSignal wired to Ctrl-C; `dispose` gives SIGINT back to Node. */
export interface SigintAbort {
  signal: AbortSignal;
  dispose(): void;
}

/** What the first Ctrl-C does besides aborting, for {@link abortOnSigint}. */
export interface SigintOptions {
  /**
   * Called before anything is written: the progress bar stopped, as cli-progress goes back to
   * the line it began on when it stops, and would end above a line written under it.
   */
  readonly before?: () => void;
  /**
   * The line saying what happens now (default: a run stopping with the chunks finished); `null` for
   * none, where the caller's own message follows at once (a queued run's wait, which ends then).
   */
  readonly note?: string | null;
}

/**
 * Ctrl-C once aborts the signal (a run stops, dropping the batches on worker threads, and
 * returns the chunks it finished, marked interrupted); Ctrl-C again exits at once with status 130.
 * @example const sigint = abortOnSigint(); try { await simulate({ …, signal: sigint.signal }) } finally { sigint.dispose() } // not run: listens for Ctrl-C
 */
export function abortOnSigint(
  stderr: NodeJS.WritableStream = process.stderr,
  options: SigintOptions = {},
): SigintAbort {
  const controller = new AbortController();
  const note =
    options.note === undefined
      ? 'stopping with the chunks finished so far (Ctrl-C again to quit now)'
      : options.note;
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    options.before?.();
    // The new line ends the terminal's "^C".
    stderr.write(note === null ? '\n' : `\ndicelab: ${note}\n`);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSigint);
    },
  };
}
