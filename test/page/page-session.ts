import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  launchTestBrowser,
  type OpenOptions,
  type OpenPage,
  type TestBrowser,
} from '../report/browser.ts';

/** A phone's screen (an iPhone 12's), for the views a player opens at the table. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** One test file's headless Chromium and the pages its tests open in it. */
export interface PageSession {
  /**
   * Opens URL and leaves it open for the test; when the test ends the page is closed and must
   * have had no console error, no uncaught exception and no request out.
   */
  open(url: string, options?: OpenOptions): Promise<Page>;
  /** Runs STOP when the test ends, after its pages are closed (a server they were served by). */
  whenTestEnds(stop: () => Promise<unknown>): void;
}

/**
 * Registers the file's hooks (call it once, at the top of a test file): Chromium is launched
 * before the file's tests and closed after them; each test's pages are checked and closed.
 */
export function pageSession(): PageSession {
  let browser: TestBrowser | undefined;
  const opened: OpenPage[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    browser = await launchTestBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    try {
      for (const open of opened.splice(0)) {
        const trouble = open.trouble();
        await open.close();
        expect(trouble).toEqual({
          consoleErrors: [],
          pageErrors: [],
          failedRequests: [],
          outsideRequests: [],
        });
      }
    } finally {
      for (const stop of stops.splice(0)) await stop();
    }
  });
  return {
    async open(url, options) {
      if (!browser) throw new Error('pageSession: open a page in a test, once Chromium is up');
      const open = await browser.open(url, options);
      opened.push(open);
      return open.page;
    },
    whenTestEnds(stop) {
      stops.push(stop);
    },
  };
}
