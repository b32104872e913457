import { EXIT } from '../process/exit-status.ts';

/** An AbortSignal wired to Ctrl-C; `dispose` gives SIGINT back to Node. */
export interface SigintAbort {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * Ctrl-C once aborts the signal (a run stops dispatching, finishes the batches in flight and
 * returns what it has, marked interrupted); Ctrl-C again exits at once with status 130.
 * @example const sigint = abortOnSigint(); try { await simulate({ …, signal: sigint.signal }) } finally { sigint.dispose() } // not run: listens for Ctrl-C
 */
export function abortOnSigint(stderr: NodeJS.WritableStream = process.stderr): SigintAbort {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    stderr.write('\ndicelab: stopping after the work in flight (Ctrl-C again to quit now)\n');
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
