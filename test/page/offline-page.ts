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

/**
 * What the page shows past the right edge of the screen: boxes, and words that run out of
 * their box (a fixed bar's too, which never widens the document). A chart's SVG, clipped by its
 * card, and text hidden for screen readers aside.
 */
export function pastTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const shown = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement;
      return element !== null && !element.closest('svg, .visually-hidden');
    };
    const name = (node: Node) =>
      `${(node instanceof Element ? node : node.parentElement!).className}: ${node.textContent?.slice(0, 40)}`;
    const past: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (shown(element) && box.width > 0 && box.right > width + 0.5) past.push(name(element));
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (shown(text) && box.width > 0 && box.right > width + 0.5) past.push(name(text));
    }
    return past;
  });
}
