import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * An element's height, as `property` on the page's root while it is `shown` (removed when it
 * goes), so the page keeps room for what stands at the foot of a phone's screen: its lines wrap
 * with the screen's width and its words, so it is measured, not assumed. Give the element the
 * ref returned.
 */
export function useHeightOnRoot<T extends HTMLElement>(
  property: `--${string}`,
  shown: boolean,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(property, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(property);
    };
  }, [property, shown]);
  return ref;
}
