import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OFFLINE_PAGE } from '../../src/report/offline-page.ts';
import { PAGE_SITE } from '../../src/report/page-site.ts';
import type { SplitRow } from '../../src/systems/zidara/analyses/splits.ts';
import { builtFile, builtPage, builtSite } from '../built.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';
import { expectSameRanking, pageUrl, type ShownSplit, shownSplits } from './offline-page.ts';
import { pageSession } from './page-session.ts';
import { themeColorsShown } from './theme-color.ts';

const session = pageSession();

/** A running `dicelab serve`: the address it printed first, all it printed, and a stop. */
interface Served {
  readonly url: string;
  readonly stdout: () => string;
  /** Sends `signal`; resolves to the exit status it stopped with. */
  readonly stop: (signal: NodeJS.Signals) => Promise<unknown>;
}

/**
 * Starts the compiled `dicelab serve ARGS` of a build (the run's copy by default) and waits
 * for it to print its address; it is stopped when the test ends.
 */
async function startServe(bin: string, args: readonly string[]): Promise<Served> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((settle) => child.on('close', settle));
  session.whenTestEnds(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const found = /^serve: (http:\/\/\S+)$/m.exec(stdout)?.[1];
      if (stdout.includes('Ctrl-C stops it') && found) resolve(found);
    });
    exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  const stop = (signal: NodeJS.Signals) => {
    child.kill(signal);
    return exited;
  };
  return { url, stdout: () => stdout, stop };
}

/**
 * `dicelab serve --port 0` serving a copy of the run's build of its own (the CLI, and the site
 * beside it), so that a test may put a new version of the site there.
 */
async function serveCopy(): Promise<{ url: string; site: string }> {
  const copy = mkdtempSync(join(tmpdir(), 'dicelab-site-'));
  for (const part of ['dist', 'bin', 'package.json'])
    cpSync(builtFile(part), join(copy, part), { recursive: true });
  symlinkSync(builtFile('node_modules'), join(copy, 'node_modules'), 'dir');
  const { url } = await startServe(join(copy, 'bin', 'dicelab.js'), ['--port', '0']);
  return { url, site: join(copy, PAGE_SITE.buildDir) };
}

const openSite = (url: string) => session.open(url, { site: true });

/** The media types a browser needs to hear for the site's files (a module script's above all). */
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * A copy of the run's site under `/app/` of a plain static server, as a host serves a project
 * site (GitHub Pages' `/dicelab/`): its address, ending in `/app/`.
 */
async function serveUnderFolder(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'dicelab-folder-'));
  cpSync(builtSite(), join(root, 'app'), { recursive: true });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  session.whenTestEnds(async () => {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/app/`;
}

/** Waits until the service worker controls the page (on a first visit it claims it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}

/** The question of issue 10's link, and what `dicelab zidara splits` says to it. */
const QUESTION = 'v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1&objective=wins';
async function cliRanking(): Promise<SplitRow[]> {
  const cli = await cliInProcess(
    ...'zidara splits --steps 7 --actions 2 --vs 4 --intents 1-2 --aura 3 --resolve 1 --objective wins --format json'.split(
      ' ',
    ),
  );
  expect(cli.status).toBe(0);
  return JSON.parse(cli.stdout).rows as SplitRow[];
}

/** The CLI's ranking, long enough to say something (more than 20 splits), shown as it is. */
function expectRanking(shown: ShownSplit[], rows: readonly SplitRow[]) {
  expect(rows.length).toBeGreaterThan(20);
  expectSameRanking(shown, rows);
}

/**
 * The site opened (and in its service worker's hands), then a new version of it landed on the
 * server and the page's own background check found it: the page, its note about to offer Update.
 */
async function newVersionWaiting(): Promise<Page> {
  const { url, site } = await serveCopy();
  const page = await openSite(`${url}#${QUESTION}`);
  await controlled(page);
  await shownSplits(page);
  // A new version of the site lands on the server: its page changed, the service worker
  // with it (Workbox names each precached file's revision: the new page's digest).
  const index = join(site, 'index.html');
  const before = readFileSync(index, 'utf8');
  const after = before.replace(
    '<head>',
    '<head>\n    <meta name="dicelab-test-version" content="2" />',
  );
  const digest = (text: string) => createHash('md5').update(text).digest('hex');
  const sw = readFileSync(join(site, 'sw.js'), 'utf8');
  expect(sw).toContain(digest(before));
  writeFileSync(index, after);
  writeFileSync(join(site, 'sw.js'), sw.replace(digest(before), digest(after)));
  // The page's own background check, as when it comes back into view.
  await checkForUpdate(page);
  return page;
}

/** The page's own background check for a new version, as when it comes back into view. */
const checkForUpdate = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

describe('the page as an installable site (dicelab serve)', () => {
  it('is installable: its service worker takes control and Chromium reports no installability error', async () => {
    const { url } = await serveCopy();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await openSite(`${url}#${QUESTION}`);
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(readFileSync(join(builtSite(), 'manifest.webmanifest'), 'utf8'));
    expect(parsed.display).toBe('standalone');
    expect(parsed.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    await cdp.detach();
  });

  it('registers its service worker on a view that asks the engine nothing, too', async () => {
    // The site registers it after the first answer; the character sheets have none to wait for.
    const { url } = await serveCopy();
    const page = await openSite(`${url}#v=1&view=characters`);
    await controlled(page);
    expect(await page.evaluate(() => performance.getEntriesByType('measure').length)).toBe(0);
  });

  it('opens offline once visited, and answers exactly as the CLI does', async () => {
    const { url } = await serveCopy();
    const rows = await cliRanking();
    const page = await openSite(`${url}#${QUESTION}`);
    await controlled(page);
    await page.waitForSelector('.site-note', { timeout: 60_000 });
    expect(await page.textContent('.site-note')).toContain('opens offline');
    await page.context().setOffline(true);
    try {
      const reloaded = await page.reload({ waitUntil: 'load' });
      expect(reloaded?.fromServiceWorker()).toBe(true);
      expectRanking(await shownSplits(page), rows);
      expect(await page.evaluate(() => location.hash)).toBe(`#${QUESTION}`);
      // The chart's worker is a chunk of its own, fetched when a chart is first opened: the
      // service worker has it too.
      await page.click('.chart-details summary');
      await page.waitForSelector('.chart svg', { timeout: 30_000 });
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('opens the page, question and all, from a mistyped address under the site, offline and online', async () => {
    // Served there, index.html's relative scripts would not load: a blank screen.
    const { url } = await serveCopy();
    const rows = await cliRanking();
    const page = await openSite(`${url}#${QUESTION}`);
    await controlled(page);
    try {
      for (const offline of [true, false]) {
        await page.context().setOffline(offline);
        await page.goto(`${url}foo/bar#${QUESTION}`, { waitUntil: 'load' });
        expect(await page.evaluate(() => location.pathname + location.hash)).toBe(`/#${QUESTION}`);
        expectRanking(await shownSplits(page), rows);
      }
    } finally {
      await page.context().setOffline(false);
    }
  });

  it("keeps a phone's answer bar in sight and in reach while its note is shown", async () => {
    const { url } = await serveCopy();
    const page = await session.open(`${url}#${QUESTION}`, {
      site: true,
      viewport: { width: 360, height: 640 },
    });
    await controlled(page);
    await page.waitForSelector('.site-note', { timeout: 60_000 });
    await shownSplits(page);
    // The ranking scrolled to: the answer card goes off screen, and the bar stands in for it.
    // Row 1 out of sight too (the bar repeats it, and stays away while it is on screen).
    await page.evaluate(() =>
      document.querySelector('table.ranked tr[aria-rowindex="12"]')!.scrollIntoView(),
    );
    await page.waitForSelector('.answer-bar');
    // Each on screen, and what is at its centre is itself: neither covers the other.
    const uncovered = (selector: string) =>
      page.evaluate((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.top >= 0 && box.bottom <= innerHeight && hit?.closest(selector) != null;
      }, selector);
    expect(await uncovered('.answer-bar')).toBe(true);
    expect(await uncovered('.site-note')).toBe(true);
    // A tap on the bar brings the answer card back (and the bar goes), the note still shown.
    await page.click('.answer-bar', { timeout: 5_000 });
    await page.waitForSelector('.answer-bar', { state: 'detached' });
    expect(await page.$('.site-note')).not.toBeNull();
  });

  it('fetches a new version in the background, offers Update, and keeps the question through it', async () => {
    const page = await newVersionWaiting();
    const update = page.locator('.site-note button:text-is("Update")');
    await update.waitFor({ timeout: 60_000 });
    // Still the old version on screen until the player says so.
    expect(await page.$('meta[name="dicelab-test-version"]')).toBeNull();
    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), update.click()]);
    expect(await page.$('meta[name="dicelab-test-version"]')).not.toBeNull();
    expect(await page.evaluate(() => location.hash)).toBe(`#${QUESTION}`);
    expectRanking(await shownSplits(page), await cliRanking());
  });

  it('puts a waiting version away with Later, for the rest of the visit, the focus on the view', async () => {
    const page = await newVersionWaiting();
    const later = page.locator('.site-note button:text-is("Later")');
    await later.waitFor({ timeout: 60_000 });
    await later.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.site-note', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('asks');
    // The next background check finds the same version waiting: it is not offered again.
    await checkForUpdate(page);
    await page.waitForTimeout(2000);
    expect(await page.$('.site-note')).toBeNull();
    expect(await page.$('meta[name="dicelab-test-version"]')).toBeNull();
  });

  it('opened from a file, says how to open it instead of a blank page; served, the words are gone', async () => {
    const { url } = await serveCopy();
    const page = await openSite(`${url}#${QUESTION}`);
    await shownSplits(page);
    expect(await page.locator('.file-note').isVisible()).toBe(false);
    // From file:// the browser refuses the module scripts (CORS): a page of the same browser,
    // outside the session's checks, since it is refused.
    const file = await page.context().newPage();
    try {
      await file.setViewportSize({ width: 320, height: 640 });
      await file.goto(pathToFileURL(join(builtSite(), 'index.html')).href, { waitUntil: 'load' });
      await file.waitForTimeout(1000);
      const note = file.locator('.file-note');
      expect(await note.isVisible()).toBe(true);
      const text = await note.textContent();
      expect(text).toContain('dicelab serve');
      expect(text).toContain(`${OFFLINE_PAGE.buildDir}/${OFFLINE_PAGE.fileName}`);
    } finally {
      await file.close();
    }
  });

  it("tints the browser's bar with the page's own background in each colour scheme", async () => {
    const { url } = await serveCopy();
    const page = await openSite(`${url}#v=1&view=characters`);
    for (const shown of await themeColorsShown(page)) {
      const { colorScheme } = shown;
      expect(shown.theme, colorScheme).toBe(shown.expected);
      expect(shown.drawn, colorScheme).toBe(shown.background);
    }
  });

  it("served from a folder, is an app of that folder: its manifest's id is the folder's", async () => {
    const url = await serveUnderFolder();
    const page = await openSite(`${url}#${QUESTION}`);
    await shownSplits(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${url}manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { appId } = (await cdp.send('Page.getAppId')) as { appId?: string };
    expect(appId).toBe(url);
    await cdp.detach();
  });

  it('leaves the single file as it was: no service worker, no manifest, from file:// with no error', async () => {
    const html = readFileSync(builtPage(), 'utf8');
    expect(html).not.toContain('rel="manifest"');
    expect(html).not.toContain('serviceWorker.register');
    const page = await session.open(pageUrl(QUESTION));
    expectRanking(await shownSplits(page), await cliRanking());
  });
});

describe('dicelab serve: bad flags', () => {
  it.each([
    [
      ['--port', '70000'],
      /^dicelab: --port: "70000" is not allowed \(expected an integer from 0 to 65535\)\n$/,
    ],
    [['--host', 'my phone'], /--host: "my phone" is not allowed \(expected an IP address/],
    [['--hots', '0.0.0.0'], /unknown option '--hots' \(did you mean --host\?\)/],
  ])('serve %j: one line, exit status 2', async (args, message) => {
    const run = await cliInProcess('serve', ...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('stops on %s with exit status %i, as every command does', async (signal, status) => {
    const served = await startServe(builtFile('bin/dicelab.js'), ['--port', '0']);
    expect(await served.stop(signal)).toBe(status);
  });

  it('with --host 0.0.0.0 prints the address a phone on the same network opens', async () => {
    const served = await startServe(builtFile('bin/dicelab.js'), [
      '--port',
      '0',
      '--host',
      '0.0.0.0',
    ]);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const port = new URL(served.url).port;
    // Every IPv4 network of this machine but loopback, each named as the one to open on a phone.
    const lan = Object.values(networkInterfaces())
      .flat()
      .filter((net) => net && !net.internal && net.family === 'IPv4')
      .map((net) => `serve: http://${net!.address}:${port}/ (this network: open it on a phone)`);
    const printed = served.stdout().split('\n');
    expect(printed.filter((line) => line.includes('this network'))).toEqual(lan);
    const page = await openSite(served.url);
    expect(await page.title()).toBe(PAGE_SITE.name);
  });
});
