import { siteWorker, updateSite } from './site-worker.ts';

/**
 * A note at the foot of the screen from the site's service worker: once, that the page now
 * works offline; and when a new version has been fetched, an Update button (the question on
 * screen stays: it is in the address).
 */
export function SiteNote() {
  const state = siteWorker.value;
  if (state === 'idle') return null;
  return (
    <div class="site-note" role="status" aria-live="polite">
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
