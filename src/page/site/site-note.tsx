import { useHeightOnRoot } from '../use-height-on-root.ts';
import { siteWorker, updateSite } from './site-worker.ts';

/**
 * A note at the foot of the screen from the site's service worker: once, that the page now
 * works offline; and when a new version has been fetched, an Update button (the question on
 * screen stays: it is in the address) and Later, which puts the offer away for this visit. Its height is `--site-note-height` on the page's root,
 * so what else keeps to the foot of a phone's screen (the answer bar) stands above it.
 */
export function SiteNote() {
  const state = siteWorker.value;
  const shown = state !== 'idle' && state !== 'update-later';
  const note = useHeightOnRoot<HTMLDivElement>('--site-note-height', shown);
  if (!shown) return null;
  return (
    <div class="site-note" role="status" aria-live="polite" ref={note}>
      {state === 'update-waiting' ? (
        <>
          <span class="site-note-text">A new version of dicelab is ready.</span>
          <button type="button" class="update" onClick={updateSite}>
            Update
          </button>
          <button type="button" onClick={() => leave('update-later')}>
            Later
          </button>
        </>
      ) : (
        <>
          <span class="site-note-text">Saved on this device: dicelab now opens offline.</span>
          <button type="button" onClick={() => leave('idle')}>
            OK
          </button>
        </>
      )}
    </div>
  );
}

/**
 * Puts the note away; the focus it held goes to the view's heading (WCAG 2.4.3), not to the
 * body, where the next Tab would start again at the top.
 */
function leave(state: 'idle' | 'update-later'): void {
  const held = document.activeElement?.closest('.site-note') != null;
  siteWorker.value = state;
  if (held) document.querySelector<HTMLElement>('#view .asks')?.focus({ preventScroll: true });
}
