import { useHeightOnRoot } from '../use-height-on-root.ts';
import { siteWorker, updateSite } from './site-worker.ts';

/**
 * A note at the foot of the screen from the site's service worker: once, that the page now
 * works offline; and when a new version has been fetched, an Update button (the question on
 * screen stays: it is in the address). Its height is `--site-note-height` on the page's root,
 * so what else keeps to the foot of a phone's screen (the answer bar) stands above it.
 */
export function SiteNote() {
  const state = siteWorker.value;
  const shown = state !== 'idle';
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
        </>
      ) : (
        <>
          <span class="site-note-text">Saved on this device: dicelab now opens offline.</span>
          <button type="button" onClick={() => (siteWorker.value = 'idle')}>
            OK
          </button>
        </>
      )}
    </div>
  );
}
