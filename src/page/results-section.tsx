import type { ComponentChildren } from 'preact';
import { unfixedLine } from './status-line.tsx';
import type { Computation } from './use-engine.ts';

/** Where the answer on screen stands: what a view's results section shows and says in its data-* attributes. */
export interface ShownAnswer {
  /** The answer on screen is for an older question (it stays, dimmed, until the new one comes). */
  readonly stale: boolean;
  readonly status: string;
  /** The key of the question it answers. */
  readonly answered: string | undefined;
  /** Milliseconds the worker took for it. */
  readonly ms: number | undefined;
}

/** How a view's computation is shown: stale unless ready (a view may know better, e.g. advice for other faces). */
export function shownAnswer(
  computation: Computation<unknown>,
  stale = computation.status !== 'ready',
  status: string = computation.status,
): ShownAnswer {
  return { stale, status, answered: computation.answered, ms: computation.ms };
}

/**
 * A view's results: its answer's state as `data-state`, `data-answered` and `data-ms` (what the
 * end-to-end tests and the benchmark wait on), dimmed and marked busy while it is stale, and
 * while a field of the question is invalid (the answer is for the question before it).
 */
export function ResultsSection(props: {
  shown: ShownAnswer;
  labelledBy: string;
  children: ComponentChildren;
}) {
  const { shown, labelledBy, children } = props;
  const stale = shown.stale || unfixedLine() !== undefined;
  return (
    <section
      class={`results${stale ? ' stale' : ''}`}
      aria-busy={stale}
      data-state={shown.status}
      data-answered={shown.answered}
      data-ms={shown.ms}
      aria-labelledby={labelledBy}
    >
      {children}
    </section>
  );
}
