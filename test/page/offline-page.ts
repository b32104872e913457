import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { OFFLINE_PAGE } from '../../src/report/offline-page.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The built page, as `npm run build` leaves it (npm test builds it first). */
export const BUILT_PAGE = join(root, OFFLINE_PAGE.buildDir, OFFLINE_PAGE.fileName);

/** What the page is built from: any of these newer than the page means it is out of date. */
const SOURCES = ['src', 'vite.page.config.ts'];

/**
 * The built page's file:// URL with a fragment. Refuses a page older than its sources, so a
 * test never checks yesterday's build (`npm run build:page` refreshes it).
 */
export function pageUrl(fragment = ''): string {
  let built: number;
  try {
    built = statSync(BUILT_PAGE).mtimeMs;
  } catch {
    throw new Error(`${BUILT_PAGE} is missing: run npm run build (npm test does)`);
  }
  const newer = SOURCES.flatMap((source) => newerFiles(join(root, source), built));
  if (newer.length)
    throw new Error(
      `${BUILT_PAGE} is older than ${newer.slice(0, 3).join(', ')}: run npm run build:page`,
    );
  return `${pathToFileURL(BUILT_PAGE).href}${fragment ? `#${fragment.replace(/^#/, '')}` : ''}`;
}

function newerFiles(path: string, than: number): string[] {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > than ? [path] : [];
  return readdirSync(path).flatMap((name) => newerFiles(join(path, name), than));
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
