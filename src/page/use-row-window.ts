import { useEffect, useRef, useState } from 'preact/hooks';

/** Rankings longer than this are windowed: only the rows near the screen are in the page. */
export const WINDOW_ABOVE_ROWS = 200;
/** A windowed row's height in CSS pixels (page.css `.ranked.windowed` sets the same). */
export const WINDOWED_ROW_PX = 80;
/** Rows kept above and below the screen, so a quick scroll shows no gap. */
const OVERSCAN = 12;

/** The rows of a list to put in the page now, and the space standing in for the others. */
export interface RowWindow {
  readonly windowed: boolean;
  /** Rows `first` up to (not including) `last` are in the page. */
  readonly first: number;
  readonly last: number;
  /**
   * The list's `<tbody>` props: its ref (where the rows start on the page) and, while
   * windowed, padding the height of the rows before `first` and after `last`.
   */
  readonly body: {
    readonly ref: { current: HTMLTableSectionElement | null };
    readonly style?: { readonly paddingTop: string; readonly paddingBottom: string };
  };
}

/**
 * Windows a long list under the page's own scrolling: past {@link WINDOW_ABOVE_ROWS} rows,
 * only those on screen (and a few around) are rendered, each {@link WINDOWED_ROW_PX} high, so
 * a ranking of 30,000 splits costs the page what 40 rows cost, and a tap anywhere is answered
 * at once. The window follows scrolling and resizing, a frame at a time.
 */
export function useRowWindow(total: number): RowWindow {
  const windowed = total > WINDOW_ABOVE_ROWS;
  const ref = useRef<HTMLTableSectionElement>(null);
  const [span, setSpan] = useState({ first: 0, count: 2 * OVERSCAN + 20 });
  useEffect(() => {
    if (!windowed) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const list = ref.current;
      if (!list) return;
      const above = -list.getBoundingClientRect().top;
      const first = Math.max(
        0,
        Math.min(total - 1, Math.floor(above / WINDOWED_ROW_PX) - OVERSCAN),
      );
      const count = Math.ceil(innerHeight / WINDOWED_ROW_PX) + 2 * OVERSCAN;
      setSpan((s) => (s.first === first && s.count === count ? s : { first, count }));
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    addEventListener('scroll', later, { passive: true });
    addEventListener('resize', later);
    return () => {
      removeEventListener('scroll', later);
      removeEventListener('resize', later);
      cancelAnimationFrame(frame);
    };
  }, [total, windowed]);
  if (!windowed) return { windowed, first: 0, last: total, body: { ref } };
  const first = Math.min(span.first, Math.max(0, total - 1));
  const last = Math.min(total, first + span.count);
  const style = {
    paddingTop: `${first * WINDOWED_ROW_PX}px`,
    paddingBottom: `${(total - last) * WINDOWED_ROW_PX}px`,
  };
  return { windowed, first, last, body: { ref, style } };
}
