import { useEffect, useState } from 'preact/hooks';

/**
 * How many of `items` to draw in full now: the first `first` at once, then `step` more per
 * task until all are, so a long table (132 ranked splits) never holds the main thread for long
 * (each chunk is its own task, with a paint between). A new `items` array starts again.
 */
export function useProgressive<T>(items: readonly T[], first = 30, step = 40): number {
  const [progress, setProgress] = useState({ items, shown: Math.min(items.length, first) });
  const shown = progress.items === items ? progress.shown : Math.min(items.length, first);
  useEffect(() => {
    if (shown >= items.length) {
      if (progress.items !== items) setProgress({ items, shown });
      return;
    }
    const timer = setTimeout(
      () => setProgress({ items, shown: Math.min(items.length, shown + step) }),
      0,
    );
    return () => clearTimeout(timer);
  }, [items, shown]);
  return shown;
}
