import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { unfixedLine } from './status-line.tsx';
import { useHeightOnRoot } from './use-height-on-root.ts';

/** Props of {@link AnswerBar}. */
export interface AnswerBarProps {
  /** The id of the answer card the bar stands in for. */
  readonly target: string;
  readonly text: string;
  /** Whether the row the bar repeats (the ranking's first) is on screen: the bar stays away. */
  readonly repeatedInSight: boolean;
}

/**
 * An observer telling `seen` whether its element is on the screen below the sticky header: the
 * header's room is the page's scroll-padding-top (page.css), what a scroll to it leaves clear.
 */
function inSight(seen: (shown: boolean) => void): IntersectionObserver {
  const headerRoom = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  return new IntersectionObserver(
    // A busy page may hear of several crossings at once, oldest first: the last is now.
    (entries) => seen(entries.at(-1)?.isIntersecting ?? true),
    { rootMargin: `-${Number.isFinite(headerRoom) ? headerRoom : 0}px 0px 0px 0px` },
  );
}

/**
 * A ref for the ranking's first row, and whether it is on screen ({@link AnswerBar}'s
 * `repeatedInSight`). A ref, not an id: a windowed ranking takes the row out and puts a new one
 * in as it scrolls, and a new best split is a new row.
 */
export function useRepeatedRow(): [ref: (row: HTMLElement | null) => void, inSight: boolean] {
  const [seen, setSeen] = useState(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  const ref = useCallback((row: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = row ? inSight(setSeen) : undefined;
    if (row) observer.current!.observe(row);
    else setSeen(false);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, seen];
}

/**
 * The answer in a line, fixed at the bottom of a phone's screen while the answer card is
 * scrolled out of sight, and the ranking's first row too (hidden at a desk, where the answer sits beside the question). A tap
 * scrolls to the card (at once under reduced motion) and focuses it (its `tabindex="-1"`). Its height is `--answer-bar-height` on the page's root while it is shown,
 * so the page keeps that much room below its last words (page.css). While a field of the
 * question is invalid it says which to fix instead ({@link unfixedLine}): its answer is not the
 * question's.
 */
export function AnswerBar({ target, text, repeatedInSight }: AnswerBarProps) {
  const [cardVisible, setCardVisible] = useState(true);
  useEffect(() => {
    const card = document.getElementById(target);
    if (!card) return;
    // Under the sticky header the card is out of sight too.
    const observer = inSight(setCardVisible);
    observer.observe(card);
    return () => observer.disconnect();
  }, [target]);
  const shown = !cardVisible && !repeatedInSight && Boolean(text);
  // A long split wraps the bar to three or four lines on a phone.
  const bar = useHeightOnRoot<HTMLButtonElement>('--answer-bar-height', shown);
  if (!shown) return null;
  return (
    <button
      ref={bar}
      type="button"
      class="answer-bar"
      onClick={() => {
        const card = document.getElementById(target);
        if (!card) return;
        const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
        card.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
        // The bar leaves once the card is in sight, and its focus with it (WCAG 2.4.3): the card
        // takes it, without a scroll of its own to cut the smooth one short.
        card.focus({ preventScroll: true });
      }}
    >
      {unfixedLine() ?? text} <span aria-hidden="true">↓</span>
    </button>
  );
}
