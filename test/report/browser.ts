import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/ensure-browser.mjs';

/** One `<svg>` chart (not an svg nested in another) as the browser laid it out. */
export interface ChartBox {
  readonly width: number;
  readonly height: number;
  /** On screen with a non-zero size: displayed, not hidden, not transparent. */
  readonly visible: boolean;
}

/** What a page did when opened: its errors, its requests and its charts. */
export interface PageReport {
  readonly consoleErrors: readonly string[];
  /** Uncaught exceptions in the page. */
  readonly pageErrors: readonly string[];
  /** Requests that failed, as "url: reason" (every request leaving the page fails: see below). */
  readonly failedRequests: readonly string[];
  /** Every URL the page asked for besides itself (data: URLs aside). */
  readonly outsideRequests: readonly string[];
  /** Per `<section>` of the page, in order: its id and its charts. */
  readonly sections: readonly { readonly id: string; readonly charts: readonly ChartBox[] }[];
}

/** What an opened page has done so far that a test must see empty. */
export interface PageTrouble {
  readonly consoleErrors: readonly string[];
  readonly pageErrors: readonly string[];
  readonly failedRequests: readonly string[];
  readonly outsideRequests: readonly string[];
}

/** A page left open for a test to drive. */
export interface OpenPage {
  readonly page: Page;
  /** Console errors, uncaught exceptions and requests so far (the page's and its workers'). */
  trouble(): PageTrouble;
  close(): Promise<void>;
}

/** How to open a page for a test: the screen it has and the colour scheme it prefers. */
export interface OpenOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
  /** A site (http): any file of the page's origin may be asked for, not only the page's own. */
  readonly site?: boolean;
}

/** A headless Chromium for tests, with a fresh profile and no way out to the network. */
export interface TestBrowser {
  /** Opens a file:// or http://localhost page, waits for it to load and reports on it. */
  check(url: string): Promise<PageReport>;
  /**
   * Opens a page and leaves it open. Every request that is not for the page's own file (or
   * localhost page), a data: or a blob: URL made in the page, is aborted and recorded, from
   * the page or any of its workers.
   */
  open(url: string, options?: OpenOptions): Promise<OpenPage>;
  close(): Promise<void>;
}

/**
 * Launches the Chromium found by scripts/ensure-browser.mjs (CHROMIUM_PATH or
 * /usr/bin/chromium) with a fresh temporary profile. Playwright refuses `--user-data-dir` in
 * `launch()`, so the profile is given to `launchPersistentContext` instead. Every request
 * that is not for the page's own file or localhost is aborted and recorded. About a second.
 */
export async function launchTestBrowser(): Promise<TestBrowser> {
  const executablePath = chromiumPath();
  const profile = await mkdtemp(join(tmpdir(), 'dicelab-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      args: [...CHROMIUM_FLAGS],
      headless: true,
      viewport: { width: 1200, height: 900 },
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw new Error(
      `could not start Chromium at ${executablePath} (run node scripts/ensure-browser.mjs): ${String(error).split('\n')[0]}`,
    );
  }
  return {
    check: (url) => checkPage(context, url),
    open: (url, options) => openPage(context, url, options),
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function openPage(
  context: BrowserContext,
  url: string,
  options: OpenOptions = {},
): Promise<OpenPage> {
  const page = await context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme });
  const trouble = {
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    failedRequests: [] as string[],
    outsideRequests: [] as string[],
  };
  const own = new URL(url);
  const allowed = (target: URL) =>
    target.protocol === 'data:' ||
    target.protocol === 'blob:' ||
    (target.protocol === own.protocol &&
      target.host === own.host &&
      (options.site || target.pathname === own.pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') trouble.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => trouble.pageErrors.push(e.message));
  page.on('requestfailed', (r) =>
    trouble.failedRequests.push(`${r.url()}: ${r.failure()?.errorText ?? '?'}`),
  );
  // Workers' requests too: the context sees every request of the page and its workers.
  const onRequest = (request: { url(): string }) => {
    const target = new URL(request.url());
    if (!allowed(target)) trouble.outsideRequests.push(target.href);
  };
  page.on('request', onRequest);
  page.on('worker', (worker) => {
    worker.on('console', (m) => {
      if (m.type() === 'error') trouble.consoleErrors.push(`worker: ${m.text()}`);
    });
  });
  await page.route('**/*', (route) => {
    const target = new URL(route.request().url());
    if (allowed(target)) return route.continue();
    return route.abort('blockedbyclient');
  });
  await page.goto(url, { waitUntil: 'load' });
  return {
    page,
    trouble: () => ({
      consoleErrors: [...trouble.consoleErrors],
      pageErrors: [...trouble.pageErrors],
      failedRequests: [...trouble.failedRequests],
      outsideRequests: [...new Set(trouble.outsideRequests)],
    }),
    close: () => page.close(),
  };
}

async function checkPage(context: BrowserContext, url: string): Promise<PageReport> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const failedRequests: string[] = [];
  const outsideRequests: string[] = [];
  const own = new URL(url);
  const isOwn = (u: URL) =>
    (u.protocol === 'file:' && u.pathname === own.pathname) ||
    ((u.protocol === 'http:' || u.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname) &&
      u.host === own.host);
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('requestfailed', (r) =>
    failedRequests.push(`${r.url()}: ${r.failure()?.errorText ?? '?'}`),
  );
  await page.route('**/*', (route) => {
    const target = new URL(route.request().url());
    if (target.protocol === 'data:') return route.continue();
    if (isOwn(target) && target.pathname === own.pathname) return route.continue();
    outsideRequests.push(target.href);
    return route.abort('blockedbyclient');
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const sections = (await page.evaluate(MEASURE_CHARTS)) as PageReport['sections'];
    return { consoleErrors, pageErrors, failedRequests, outsideRequests, sections };
  } finally {
    await page.close();
  }
}

/**
 * Runs in the page (as a string: the project compiles without the DOM library): every
 * `<section>`, with the size and visibility of each top-level `<svg>` in it.
 */
const MEASURE_CHARTS = `[...document.querySelectorAll('section')].map((section) => ({
  id: section.id,
  charts: [...section.querySelectorAll('svg')]
    .filter((svg) => !svg.parentElement?.closest('svg'))
    .map((svg) => {
      const box = svg.getBoundingClientRect();
      return {
        width: box.width,
        height: box.height,
        visible: box.width > 0 && box.height > 0 &&
          svg.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
      };
    }),
}))`;
