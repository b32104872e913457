import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { median } from 'simple-statistics';
import { PAGE_SITE } from '../../src/report/page-site.ts';
import type { BenchRow } from './bench-row.ts';
import { packageRoot } from './package-root.ts';

/** Loads measured for each figure (the median is reported). */
const LOADS = 5;

/**
 * The installable site's speed targets (issue 23), in real headless Chromium, served by the
 * compiled `dicelab serve` on 127.0.0.1: interactive (the page's `dicelab:interactive` mark)
 * in < 1 s on a cold visit (a fresh browser profile each time) and < 300 ms from the service
 * worker's cache (the network cut off: every byte comes from the cache), and the first answer
 * to the default question (8 steps vs Challenge 3, two tags) in < 200 ms from asking.
 */
export async function benchSite(): Promise<BenchRow[]> {
  const root = packageRoot();
  if (!existsSync(join(root, PAGE_SITE.buildDir, 'index.html'))) {
    process.stderr.write(`bench: ${PAGE_SITE.buildDir} is missing (npm run build): no site rows\n`);
    return [];
  }
  const { chromiumPath, CHROMIUM_FLAGS } = (await import(
    pathToFileURL(join(root, 'scripts', 'ensure-browser.mjs')).href
  )) as { chromiumPath: () => string; CHROMIUM_FLAGS: readonly string[] };
  const server = spawn(
    process.execPath,
    [join(root, 'bin', 'dicelab.js'), 'serve', '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        const found = /^serve: (http:\/\/\S+)$/m.exec(out)?.[1];
        if (found) resolve(found);
      });
      server.on('close', (code) => reject(new Error(`dicelab serve exited ${code}`)));
    });
    const cold = { interactive: [] as number[], answered: [] as number[], shown: [] as number[] };
    const cached = { interactive: [] as number[], answered: [] as number[], shown: [] as number[] };
    for (let i = 0; i < LOADS; i++) {
      // A fresh context is a fresh profile: nothing cached, no service worker yet.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const first = await load(context, url);
        cold.interactive.push(first.interactive);
        cold.answered.push(first.answered);
        cold.shown.push(first.shown);
        await context.setOffline(true);
        const again = await load(context, url);
        cached.interactive.push(again.interactive);
        cached.answered.push(again.answered);
        cached.shown.push(again.shown);
      } finally {
        await context.close();
      }
    }
    const row = (name: string, values: number[], target?: number): BenchRow => {
      const value = median(values);
      return target === undefined
        ? { name, value, unit: 'ms' }
        : { name, value, unit: 'ms', target: `< ${target}`, ok: value < target };
    };
    return [
      row(
        'site: interactive on a cold visit over http (fresh profile, median of 5)',
        cold.interactive,
        1000,
      ),
      row(
        'site: interactive from the service worker cache (offline, median of 5)',
        cached.interactive,
        300,
      ),
      row('site: first answer, default question, from asking (cold visit)', cold.answered, 200),
      row(
        'site: first answer, default question, from asking (from the cache)',
        cached.answered,
        200,
      ),
      row('site: first answer on screen since navigation (cold visit)', cold.shown),
      row('site: first answer on screen since navigation (from the cache)', cached.shown),
    ];
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

/**
 * One visit: waits for the default question's answer and, on a first visit, for the service
 * worker to control the page (so the next visit is served by it). When the inputs were on
 * screen, and how long the first answer took from being asked (the page's `dicelab:splits`).
 */
async function load(context: BrowserContext, url: string) {
  const page = await context.newPage();
  try {
    const response = await page.goto(url);
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    const times = await page.evaluate(() => {
      const mark = performance.getEntriesByName('dicelab:interactive')[0];
      const answer = performance.getEntriesByName('dicelab:splits')[0];
      return {
        interactive: mark?.startTime ?? Number.NaN,
        answered: answer?.duration ?? Number.NaN,
        shown: answer ? answer.startTime + answer.duration : Number.NaN,
      };
    });
    if (response === null) throw new Error(`no response for ${url}`);
    return times;
  } finally {
    await page.close();
  }
}
