import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageUrl, pastTheScreen, shownActions, shownSplits } from './offline-page.ts';
import { pageSession } from './page-session.ts';

// The narrowest phone the page is made for: what a QA of it as an installed app found there.

const session = pageSession();

const NARROW = { width: 320, height: 640 } as const;

const open = (fragment: string) => session.open(pageUrl(fragment), { viewport: NARROW });

/** Whether the answer bar is on the page now. */
const barShown = (page: Page) =>
  page.evaluate(() => document.querySelector('.answer-bar') !== null);

/** Scrolls the ranking's row at `index` (aria-rowindex: 2 is the first) to the top of the screen. */
async function scrollToRow(page: Page, index: number) {
  await page.evaluate((index) => {
    document
      .querySelector(`table.ranked tr[aria-rowindex="${index}"]`)!
      .scrollIntoView({ block: 'start' });
  }, index);
}

/** Every line box of each element matching `selector`: the text of each line it was broken into. */
function lines(page: Page, selector: string): Promise<string[][]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => {
      const byTop = new Map<number, string>();
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        for (let i = 0; i < (text.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const box = range.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          const top = Math.round(box.top);
          byTop.set(top, (byTop.get(top) ?? '') + text.textContent![i]);
        }
      }
      return [...byTop.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, line]) => line.replace(/\u00a0/g, ' ').trim());
    }),
  );
}

describe('the page at 320 px', () => {
  it('keeps the answer bar away while ranking row 1, the split it repeats, is on screen', async () => {
    const page = await open('v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1');
    await shownSplits(page);
    await scrollToRow(page, 2);
    // The answer card is above the screen now: only row 1 stands in for it.
    await page.waitForTimeout(300);
    expect(await barShown(page)).toBe(false);
    await scrollToRow(page, 14);
    await page.waitForSelector('.answer-bar');
    await scrollToRow(page, 2);
    await page.waitForSelector('.answer-bar', { state: 'detached' });
  });

  it('breaks a split only between its intents, and keeps a ">" with its figure', async () => {
    const whatIf = await open('v=1&view=whatif&steps=8&actions=2&vs=4&tags=2&aura-max=3');
    await whatIf.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
    // Each intent whole on its lines, its "|" with it: one is broken only when it is wider than
    // the whole column (a stack of four dice at 320 px), never to fit a line's end.
    const broken = await whatIf.$$eval('table.ranked .intent', (intents) =>
      intents
        .filter((intent) => {
          const name = intent.closest('.split-name')!;
          const range = document.createRange();
          range.selectNodeContents(intent);
          const tops = new Set(
            Array.from(range.getClientRects()).map((box) => Math.round(box.top)),
          );
          if (tops.size === 1) return false;
          intent.style.whiteSpace = 'nowrap';
          intent.style.maxWidth = 'none';
          const whole = intent.getBoundingClientRect().width;
          intent.removeAttribute('style');
          return whole <= name.clientWidth;
        })
        .map((intent) => intent.closest('.split-name')!.textContent),
    );
    expect(broken).toEqual([]);
    const names = await lines(whatIf, 'table.ranked .split-name');
    for (const name of names)
      expect(
        name.filter((line) => line.startsWith('|')),
        name.join(' / '),
      ).toEqual([]);
    // A short split is one line.
    expect(names[0]).toEqual(['1. d8 | d8']);
    const over = await whatIf.$$eval('table.ranked .split-name', (names) =>
      names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent),
    );
    expect(over).toEqual([]);
    expect(await pastTheScreen(whatIf)).toEqual([]);
    const fight = await open('v=1&view=fight&vs=2&tags=1&steps=12&actions=2');
    await fight.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
    const cells = await lines(fight, 'table td.num');
    expect(
      cells.some((cell) => /^[<>]/.test(cell.join(''))),
      'a cell with > or <',
    ).toBe(true);
    for (const cell of cells) expect(cell, cell.join(' / ')).toHaveLength(1);
    expect(await pastTheScreen(fight)).toEqual([]);
  });

  it('writes every minus sign on every view as U+2212, as the CLI does, never a hyphen', async () => {
    const views = [
      'v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1',
      'v=1&view=splits&steps=7&actions=2&vs=4&tags=2&objective=primary',
      'v=1&view=advice&vs=4&split=d8|d4&faces=3,4&defence=5&aura=3&resolve=1',
      'v=1&view=fight&vs=2&tags=1&steps=12&actions=2',
      'v=1&view=whatif&steps=8&actions=2&vs=4&tags=2&aura-max=3',
      'v=1&view=ring-skill&ring=3&skill=2&ring-faces=1,6,3&skill-faces=12,4',
    ];
    let minuses = 0;
    for (const fragment of views) {
      const page = await open(fragment);
      await page.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
      if (fragment.includes('advice')) expect((await shownActions(page)).length).toBeGreaterThan(1);
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, line by line.
      const text = await page.evaluate(() => document.body.innerText);
      expect(text.match(/(^|[\s(])-\d[^\n]*/gm) ?? [], fragment).toEqual([]);
      minuses += (text.match(/−\d/g) ?? []).length;
    }
    expect(minuses).toBeGreaterThan(0);
  }, 300_000);

  it('says an unknown key in a line, the keys the page reads folded under it', async () => {
    const page = await open('v=1&view=splits&steps=4&vs=2&tags=1&zap=1');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    const problem = page.locator('.problems li');
    expect(await problem.locator('.problem-line').textContent()).toBe(
      'zap: "1" is not allowed (expected a key of this page)',
    );
    const fold = problem.locator('details');
    expect(await fold.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    expect(await fold.locator('summary').isVisible()).toBe(true);
    await fold.locator('summary').click();
    expect(await fold.textContent()).toMatch(/v, view, steps, .*ring/);
    const box = await page.locator('.problems').boundingBox();
    await fold.locator('summary').click();
    const folded = await page.locator('.problems').boundingBox();
    expect(folded!.height).toBeLessThan(box!.height);
    expect(folded!.height).toBeLessThan(NARROW.height / 2);
  });
});
