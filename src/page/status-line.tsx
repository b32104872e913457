import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { refusedField, unfixedFields } from './page-store.ts';
import type { Computation } from './use-engine.ts';

/**
 * While a field's text is not taken, what to do to see the answer ("Fix Steps to see the
 * answer."): the answer on screen is for the question before it; else undefined. (A field
 * left shows its last good value again, so it is the one being typed in.)
 */
export function unfixedLine(): string | undefined {
  const labels = [...unfixedFields.value.values()];
  return labels.length ? `Fix ${labels.join(' and ')} to see the answer.` : undefined;
}

/** 33980 → "33,980". */
const formatCount = (n: number) => n.toLocaleString('en');

/** "17 s", "2 min". */
function formatSeconds(seconds: number): string {
  return seconds < 90 ? `${Math.max(1, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`;
}

/** Props of {@link StatusLine}. */
export interface StatusLineProps {
  readonly computation: Computation<unknown>;
  readonly cancel: () => void;
  readonly retry: () => void;
  /** What was computed, for the "ready" line ("33 splits"). */
  readonly done?: string;
  /** What the progress bar counts ("Splits solved"). */
  readonly progressLabel?: string;
  /**
   * The label of the page field that holds a field of the question, by the engine's name for it
   * (`maxRounds`), or undefined: a refusal names the field as the page shows it.
   */
  readonly fieldLabel?: (field: string) => string | undefined;
}

/**
 * The engine's refusal with its field named as the page names it: "maxRounds: 60 is not
 * allowed …" is "Rounds: 60 is not allowed …", of the field labelled "Rounds" with the words
 * "60 is not allowed …". A message of no field is as it is, of no label.
 */
function inPageWords(
  message: string,
  fieldLabel: StatusLineProps['fieldLabel'],
): { readonly line: string; readonly label?: string; readonly words?: string } {
  const field = /^([\w.[\]]+): /.exec(message)?.[1];
  const label = field === undefined ? undefined : fieldLabel?.(field);
  if (label === undefined) return { line: message };
  const words = message.slice(field!.length + 2);
  return { line: `${label}: ${words}`, label, words };
}

/**
 * Where the engine is: working (with progress and a Cancel button), a big question waiting
 * for "Solve it" (its size and the time it would take said first), the
 * engine's message when the question cannot be answered, cancelled (with Solve again), or
 * done with the time it took; while a field is invalid, which to fix ({@link unfixedLine}) and
 * Cancel while a solve runs, unless the question held is refused (its message says more). The
 * field a refusal names is marked with it ({@link refusedField}) until the question changes.
 * Its words are announced politely to screen readers; a solve's count and the buttons are not.
 */
export function StatusLine(props: StatusLineProps) {
  const {
    computation,
    cancel,
    retry,
    done,
    progressLabel = 'Positions of the fight solved',
    fieldLabel,
  } = props;
  const { status, progress, error, ms, size } = computation;
  const refusal =
    status === 'error' && error !== undefined ? inPageWords(error, fieldLabel) : undefined;
  const { label, words } = refusal ?? {};
  useEffect(() => {
    if (label === undefined || words === undefined) return;
    refusedField.value = { label, words };
    return () => {
      refusedField.value = undefined;
    };
  }, [label, words]);
  // A solve asked for with Solve it (or Solve again) shows its working line at once
  // (`status-now`), not after the moment that spares a typed question's flicker (page.css). The
  // button leaves with its line, and its focus with it (WCAG 2.4.3): when it had the focus, Cancel
  // takes it, as the line is drawn (hidden, it could not hold the focus: Solve again's focus fell
  // to the page's body while the line waited).
  const [asked, setAsked] = useState(false);
  const focusCancel = useRef(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // As the line is drawn, not after the paint: a Solve again pressed at once would have its
  // `asked` undone by this solve's end, its line hidden a moment, and its focus dropped.
  useLayoutEffect(() => {
    if (status === 'ready' || status === 'cancelled' || status === 'error') setAsked(false);
  }, [status]);
  useLayoutEffect(() => {
    if (status !== 'computing' || !focusCancel.current) return;
    focusCancel.current = false;
    cancelButton.current?.focus();
  }, [status]);
  const solveNow = (event: { readonly currentTarget: HTMLButtonElement }) => {
    focusCancel.current = event.currentTarget === document.activeElement;
    setAsked(true);
    retry();
  };
  const unfixed = unfixedLine();
  const computing = status === 'computing';
  // A refusal of the question held (a link's value past a view's bounds) says more than "Fix".
  const fixFirst = unfixed !== undefined && status !== 'error';
  // The one button the line draws, in one place (another takes over a pressed one's focus).
  const button = computing
    ? 'cancel'
    : status === 'confirm' && size && !fixFirst
      ? 'solve'
      : status === 'cancelled' && !fixFirst
        ? 'again'
        : undefined;
  // A solve that ends (answered or refused) takes its Cancel away, and the focus Cancel had
  // would fall to the page's body: the line keeps it, where Tab goes on to the answer. Whether
  // Cancel had it is read as this render is made, before the commit removes it.
  const line = useRef<HTMLDivElement>(null);
  const focusLine = useRef(false);
  if (
    button === undefined &&
    cancelButton.current &&
    cancelButton.current === document.activeElement
  )
    focusLine.current = true;
  useLayoutEffect(() => {
    if (!focusLine.current) return;
    focusLine.current = false;
    line.current?.focus();
  });
  // Only what is said is in the live region: the start, the end, a refusal; a solve's count
  // and Cancel beside it change on every tick, and were read out on each one.
  const said = fixFirst ? (
    <span class="error-text">{unfixed}</span>
  ) : computing ? (
    'Working…'
  ) : status === 'confirm' && size ? (
    `A big question: ${formatCount(size.splits)} splits to solve, about ${formatSeconds(size.seconds)} on this device.`
  ) : status === 'error' ? (
    <span class="error-text">{refusal?.line}</span>
  ) : status === 'cancelled' ? (
    'Cancelled.'
  ) : status === 'ready' && ms !== undefined ? (
    <span class="muted">
      Exact{done ? ` · ${done}` : ''} ·{' '}
      {ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`}
    </span>
  ) : null;
  return (
    <div
      ref={line}
      // Focusable by the page only: it takes the focus from a Cancel that goes.
      tabIndex={-1}
      class={
        fixFirst
          ? 'status status-unfixed'
          : `status status-${status}${computing && asked ? ' status-now' : ''}`
      }
    >
      {computing && !fixFirst ? <span class="spinner" aria-hidden="true" /> : null}
      <span role="status" aria-live="polite">
        {said}
      </span>
      {computing && !fixFirst && progress && progress.of > 0 ? (
        <>
          <progress value={progress.done} max={progress.of} aria-label={progressLabel} />
          <span class="muted small">
            {formatCount(progress.done)} of {formatCount(progress.of)}
          </span>
        </>
      ) : null}
      {/* A solve still running (of the question before, while a field is unfixed) can be stopped. */}
      {button === 'cancel' ? (
        <button type="button" class="cancel" ref={cancelButton} onClick={cancel}>
          Cancel
        </button>
      ) : button === 'solve' ? (
        <button type="button" class="solve" onClick={solveNow}>
          Solve it
        </button>
      ) : button === 'again' ? (
        <button type="button" onClick={solveNow}>
          Solve again
        </button>
      ) : null}
    </div>
  );
}
