import { EXIT } from '../process/exit-status.ts';

/** An AbortSignal wired to Ctrl-C; `dispose` gives SIGINT and SIGTERM back to Node. */
export interface SigintAbort {
  signal: AbortSignal;
  /**
   * The work is done and in place (a report whole on disk): from now on a signal is let be, and
   * the run ends as it would have (its last lines, exit 0), not saying it stopped what it finished.
   */
  done(): void;
  dispose(): void;
}

/** What the first Ctrl-C (or SIGTERM) does besides aborting or exiting, for {@link abortOnSigint}. */
export interface SigintOptions {
  /**
   * Called before anything is written: the progress bar stopped, as cli-progress goes back to
   * the line it began on when it stops, and would end above a line written under it (stopping it
   * also turns the terminal's line wrap back on).
   */
  readonly before?: () => void;
  /**
   * The line saying what happens now (default: a run stopping with the chunks finished); `null` for
   * none, where the caller's own message follows at once (a queued run's wait, which ends then).
   */
  readonly note?: string | null;
  /**
   * Ctrl-C stops at once as SIGTERM does (the bar stopped, `dicelab: stopped (SIGINT)`, exit
   * 130): for work with no partial result to give, an exact solve.
   */
  readonly stopOnSigint?: boolean;
}

/**
 * Ctrl-C once aborts the signal (a run stops, dropping the batches on worker threads, and
 * returns the chunks it finished, marked interrupted); Ctrl-C again exits at once with status 130.
 * SIGTERM (a service manager, `kill`, a CI timeout) asks for no result: it stops the bar, says so
 * in one line and exits at once with status 143; so does Ctrl-C with `stopOnSigint` (status 130).
 * After `done`, either is let be.
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
  let finished = false;
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    options.before?.();
    // After Ctrl-C, on a line of its own, below the terminal's "^C".
    stderr.write(`${signal === 'SIGINT' ? '\n' : ''}dicelab: stopped (${signal})\n`);
    process.exit(signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated);
  };
  const onSigint = () => {
    if (finished) return;
    if (options.stopOnSigint) return stop('SIGINT');
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    options.before?.();
    // The new line ends the terminal's "^C".
    stderr.write(note === null ? '\n' : `\ndicelab: ${note}\n`);
    controller.abort();
  };
  const onSigterm = () => {
    if (!finished) stop('SIGTERM');
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return {
    signal: controller.signal,
    done: () => {
      finished = true;
    },
    dispose: () => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    },
  };
}

/**
 * Runs `run`, the end of a command that writes files (or all of it, a report): until they are in
 * place Ctrl-C stops it at once, as SIGTERM does, with one line (exit 130 or 143; one during the
 * write leaves no file of it, see writeFilesAtomically); from their last rename on, either is let
 * be and the command ends as it would have, its lines said and its own status: the files it says
 * it wrote are there. `run` hands `placed` to the write (writeFilesAtomically's `placed`). The
 * stop line goes to `stderr`.
 * @example await stopUntilPlaced(async (placed) => { await writeFilesAtomically(dir, files, undefined, placed); say() }) // not run: listens for signals
 */
export async function stopUntilPlaced<T>(
  run: (placed: () => void) => Promise<T>,
  stderr: NodeJS.WritableStream = process.stderr,
): Promise<T> {
  const sigint = abortOnSigint(stderr, { stopOnSigint: true });
  try {
    return await run(() => sigint.done());
  } finally {
    sigint.dispose();
  }
}
