import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { builtPage } from '../built.ts';

/**
 * The built page's file:// URL with a fragment: the run's copy of it (test/build-copy.setup.ts),
 * refused when it was missing or older than its sources when the run started, so a test never
 * checks yesterday's build (`npm run build:page` refreshes it).
 */
export function pageUrl(fragment = ''): string {
  return `${pathToFileURL(builtPage()).href}${fragment ? `#${fragment.replace(/^#/, '')}` : ''}`;
}

/** One ranked split as the page shows it (the test contract). */
export interface ShownSplit {
  readonly split: string;
  readonly score: number;
}

/** Waits until the view's results answer the current question, then reads its ranked splits. */
export async function shownSplits(page: Page): Promise<ShownSplit[]> {
  await page.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
  return page.$$eval('[data-split]', (rows) =>
    rows.map((row) => ({
      split: row.getAttribute('data-split') ?? '',
      score: Number(row.getAttribute('data-score')),
    })),
  );
}

/**
 * The page's ranked splits equal the library's or the CLI's rows: the same splits in the same
 * order, each score to 1e-9.
 */
export function expectSameRanking(
  shown: readonly ShownSplit[],
  rows: readonly { readonly split: string; readonly score: number }[],
): void {
  expect(shown.map((s) => s.split)).toEqual(rows.map((r) => r.split));
  shown.forEach((s, i) => {
    expect(Math.abs(s.score - rows[i]!.score), s.split).toBeLessThan(1e-9);
  });
}

/** Each advised action as the page shows it (the test contract). */
export async function shownActions(page: Page): Promise<{ action: string; eu: number }[]> {
  await page.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
  return page.$$eval('[data-action]', (rows) =>
    rows.map((row) => ({
      action: row.getAttribute('data-action') ?? '',
      eu: Number(row.getAttribute('data-eu')),
    })),
  );
}
