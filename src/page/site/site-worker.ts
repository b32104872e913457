import { registerSW } from 'virtual:pwa-register';
import { signal } from '@preact/signals';

/** How often an open page asks for a new version (also whenever it comes back into view). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Longest the page waits for its first answer before it registers the service worker (a view
 * that asks the engine nothing, such as the character sheets, has none).
 */
export const REGISTER_AT_LATEST_MS = 3000;

/**
 * What the service worker has to say: nothing yet, the site now works offline, a new version
 * waits, or one waits and the player said Later (not offered again until the page is opened anew).
 */
export const siteWorker = signal<'idle' | 'offline-ready' | 'update-waiting' | 'update-later'>(
  'idle',
);

let applyUpdate: (() => Promise<void>) | undefined;

/**
 * Registers the site's service worker (Workbox, precaching the whole site). A new version is
 * fetched in the background and waits; the page offers it (siteWorker = update-waiting) and
 * {@link updateSite} activates it and reloads. The reload keeps the address, and so the
 * question on screen: the page's state is its URL fragment.
 */
export function registerSiteWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  applyUpdate = registerSW({
    onNeedRefresh: () => {
      if (siteWorker.value !== 'update-later') siteWorker.value = 'update-waiting';
    },
    onOfflineReady: () => {
      siteWorker.value = 'offline-ready';
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}

/**
 * Activates the waiting version and reloads into it (same address, same question). The reload
 * is the page's own: Workbox's waits for a version it found itself, and one the browser or the
 * page's check found is not that (so the Update button would do nothing).
 */
export function updateSite(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
    once: true,
  });
  void applyUpdate?.();
}
