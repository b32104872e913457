import type { Page } from 'playwright-core';

/**
 * Makes a change on the offline page and waits for its next answer: the results go stale,
 * then ready again with another `data-answered`. The page tests and the page benchmark wait
 * the same way.
 */
export async function nextAnswer(page: Page, change: () => Promise<void>): Promise<void> {
  const before = await page
    .$eval('.results', (el) => el.getAttribute('data-answered'))
    .catch(() => null);
  await change();
  await page.waitForFunction(
    (previous) => {
      const results = document.querySelector('.results');
      return (
        results?.getAttribute('data-state') === 'ready' &&
        results.getAttribute('data-answered') !== previous
      );
    },
    before,
    { timeout: 120_000 },
  );
}
