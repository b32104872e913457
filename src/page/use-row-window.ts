import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Rankings longer than this are windowed: only the rows near the screen are in the page. */
export const WINDOW_ABOVE_ROWS = 200;
/**
 * A windowed row's least height in CSS pixels (page.css `.ranked.windowed` falls back to the
 * same): rows taller at the screen's width raise it (see {@link useRowWindow}).
 */
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
   * windowed, padding the height of the rows before `first` and after `last`, and every row's
   * height (`--row-px`, also `data-row-px`).
   */
  readonly body: {
    readonly ref: { current: HTMLTableSectionElement | null };
    readonly style?: {
      readonly paddingTop: string;
      readonly paddingBottom: string;
      readonly '--row-px': string;
    };
    readonly 'data-row-px'?: number;
  };
}

/**
 * Windows a long list under the page's own scrolling: past {@link WINDOW_ABOVE_ROWS} rows,
 * only those on screen (and a few around) are rendered, all of one height, so a ranking of
 * 30,000 splits costs the page what 40 rows cost, and a tap anywhere is answered at once. The
 * window follows scrolling and resizing, a frame at a time. The height is
 * {@link WINDOWED_ROW_PX} or the tallest row rendered so far at this width, whichever is more:
 * a long split wraps to more lines on a phone, and a fixed height clipped it and its figures.
 */
export function useRowWindow(total: number): RowWindow {
  const windowed = total > WINDOW_ABOVE_ROWS;
  const ref = useRef<HTMLTableSectionElement>(null);
  const [span, setSpan] = useState({ first: 0, count: 2 * OVERSCAN + 20 });
  const [rowPx, setRowPx] = useState(WINDOWED_ROW_PX);
  // The height the listeners below read (they are not made again when it changes).
  const px = useRef(rowPx);
  px.current = rowPx;
  // How far to scroll once rows of the new height are laid out.
  const shift = useRef(0);
  /** Rows of height `to`, the list scrolled by as much as the rows above the screen changed. */
  const resize = (to: number) => {
    const list = ref.current;
    if (!list || to === px.current) return;
    const above = Math.max(0, -list.getBoundingClientRect().top);
    shift.current = (above / px.current) * (to - px.current);
    px.current = to;
    setRowPx(to);
  };
  useLayoutEffect(() => {
    if (shift.current) scrollBy(0, shift.current);
    shift.current = 0;
  }, [rowPx]);
  // After each render, before it is painted: a row taller than the others raises them all.
  useLayoutEffect(() => {
    const list = ref.current;
    if (!windowed || !list) return;
    let tallest = 0;
    for (const row of Array.from(list.rows)) {
      const top = row.getBoundingClientRect().top;
      const border = row.offsetHeight - row.clientHeight;
      for (const cell of Array.from(row.cells)) {
        // With its content past a cell held to the row's height (page.css's grid rows); a
        // pixel of rounding is none, or the rows would grow a pixel a render for ever.
        const overflow = cell.scrollHeight - cell.clientHeight;
        const bottom = cell.getBoundingClientRect().bottom + (overflow > 1 ? overflow : 0);
        tallest = Math.max(tallest, bottom - top + border);
      }
    }
    if (Math.ceil(tallest) > px.current) resize(Math.ceil(tallest));
  });
  useEffect(() => {
    if (!windowed) return;
    let frame = 0;
    let width = innerWidth;
    const measure = () => {
      frame = 0;
      const list = ref.current;
      if (!list) return;
      // Another width (a turned phone) wraps otherwise: measure again from the least height.
      if (innerWidth !== width) {
        width = innerWidth;
        resize(WINDOWED_ROW_PX);
      }
      const above = -list.getBoundingClientRect().top;
      const first = Math.max(0, Math.min(total - 1, Math.floor(above / px.current) - OVERSCAN));
      const count = Math.ceil(innerHeight / px.current) + 2 * OVERSCAN;
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
  }, [total, windowed, rowPx]);
  if (!windowed) return { windowed, first: 0, last: total, body: { ref } };
  const first = Math.min(span.first, Math.max(0, total - 1));
  const last = Math.min(total, first + span.count);
  const style = {
    paddingTop: `${first * rowPx}px`,
    paddingBottom: `${(total - last) * rowPx}px`,
    '--row-px': `${rowPx}px`,
  };
  return { windowed, first, last, body: { ref, style, 'data-row-px': rowPx } };
}
