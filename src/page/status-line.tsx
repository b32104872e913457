import type { Computation } from './use-engine.ts';

/** Props of {@link StatusLine}. */
export interface StatusLineProps {
  readonly computation: Computation<unknown>;
  readonly cancel: () => void;
  readonly retry: () => void;
  /** What was computed, for the "ready" line ("33 splits"). */
  readonly done?: string;
}

/**
 * Where the engine is: working (with progress and a Cancel button for long solves), the
 * engine's message when the question cannot be answered, cancelled (with Solve again), or
 * done with the time it took. Announced politely to screen readers.
 */
export function StatusLine({ computation, cancel, retry, done }: StatusLineProps) {
  const { status, progress, error, ms } = computation;
  return (
    <div class={`status status-${status}`} role="status" aria-live="polite">
      {status === 'computing' ? (
        <>
          <span class="spinner" aria-hidden="true" />
          <span>Working…</span>
          {progress && progress.of > 0 ? (
            <progress
              value={progress.done}
              max={progress.of}
              aria-label="Positions of the fight solved"
            />
          ) : null}
          <button type="button" class="cancel" onClick={cancel}>
            Cancel
          </button>
        </>
      ) : status === 'error' ? (
        <span class="error-text">{error}</span>
      ) : status === 'cancelled' ? (
        <>
          <span>Cancelled.</span>
          <button type="button" onClick={retry}>
            Solve again
          </button>
        </>
      ) : status === 'ready' && ms !== undefined ? (
        <span class="muted">
          Exact{done ? ` · ${done}` : ''} ·{' '}
          {ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`}
        </span>
      ) : null}
    </div>
  );
}
