import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUESTION_SIZE } from '../../src/page/question-size.ts';
import { WINDOW_ABOVE_ROWS, WINDOWED_ROW_PX } from '../../src/page/use-row-window.ts';
import { type SplitRow, splitCandidates } from '../../src/systems/zidara/analyses/splits.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';
import { pageUrl } from './offline-page.ts';
import { PHONE_VIEWPORT, pageSession } from './page-session.ts';

const session = pageSession();

const open = (fragment: string) => session.open(pageUrl(fragment), { viewport: PHONE_VIEWPORT });

/** The rows the page has put in the document: their place in the ranking and their split. */
function renderedRows(page: Page) {
  return page.$$eval('.ranked tbody tr[data-split]', (rows) =>
    rows.map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')) - 2,
      split: row.getAttribute('data-split') ?? '',
      score: Number(row.getAttribute('data-score')),
    })),
  );
}

/** Scrolls a windowed ranking to row AT (0 first), at the height its rows have now. */
async function scrollToRow(page: Page, at: number) {
  await page.evaluate((at) => {
    const list = document.querySelector<HTMLElement>('.ranked tbody')!;
    scrollTo(0, list.getBoundingClientRect().top + scrollY + at * Number(list.dataset.rowPx));
  }, at);
}

/** The rendered rows whose cells reach past the row's bottom (clipped by its fixed height). */
function clippedRows(page: Page) {
  return page.$$eval('.ranked tbody tr[data-split]', (rows) =>
    rows
      .filter((row) => {
        const bottom = row.getBoundingClientRect().bottom;
        // A cell, or what is in it (a cell may be held to the row's height, its content not).
        return Array.from(row.querySelectorAll('td, td > *')).some(
          (c) => c.getBoundingClientRect().bottom > bottom,
        );
      })
      .map((row) => row.getAttribute('data-split')),
  );
}

/** The rendered rows whose rank runs past its cell, into the split beside it. */
function crowdedRanks(page: Page) {
  return page.$$eval('.ranked tbody tr[data-split]', (rows) =>
    rows
      .filter((row) => {
        const [rank, split] = Array.from(row.children);
        const digits = document.createRange();
        digits.selectNodeContents(rank!);
        return digits.getBoundingClientRect().right > split!.getBoundingClientRect().left;
      })
      .map((row) => row.querySelector('.rank')?.textContent),
  );
}

function expectRowsOf(shown: Awaited<ReturnType<typeof renderedRows>>, rows: readonly SplitRow[]) {
  for (const row of shown) {
    expect(row.split).toBe(rows[row.index]!.split);
    expect(Math.abs(row.score - rows[row.index]!.score)).toBeLessThan(1e-9);
  }
}

describe('the page with long questions and large answers', () => {
  it("puts only the rows in view of a large ranking in the page, each the CLI's row at its place", async () => {
    const page = await open('v=1&view=splits&steps=16&actions=3&vs=4&tags=3');
    const cli = await cliInProcess(
      ...'zidara splits --steps 16 --actions 3 --vs 4 --intents 1-3 --format json'.split(' '),
    );
    const rows = JSON.parse(cli.stdout).rows as SplitRow[];
    expect(rows.length).toBeGreaterThan(WINDOW_ABOVE_ROWS * 5);
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
    expect(await page.getAttribute('.ranked', 'data-rows')).toBe(String(rows.length));
    // A screen's worth of rows and a margin, not the whole ranking.
    const top = await renderedRows(page);
    expect(top.length).toBeLessThan(60);
    expect(top[0]!.index).toBe(0);
    expectRowsOf(top, rows);
    // Scrolled half way down, the rows there are the ranking's rows there.
    const middle = Math.floor(rows.length / 2);
    await scrollToRow(page, middle);
    await page.waitForFunction((at) => {
      const first = document.querySelector('.ranked tbody tr[data-split]');
      return Number(first?.getAttribute('aria-rowindex')) - 2 > at - 40;
    }, middle);
    const there = await renderedRows(page);
    expect(there.length).toBeLessThan(60);
    expect(there.some((row) => row.index === middle)).toBe(true);
    expectRowsOf(there, rows);
    // The list is as long as the ranking: the page scrolls to its last row.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      (last) =>
        Array.from(document.querySelectorAll('.ranked tbody tr[data-split]')).some(
          (row) => Number(row.getAttribute('aria-rowindex')) - 2 === last,
        ),
      rows.length - 1,
    );
    expectRowsOf(await renderedRows(page), rows);
  });

  it('shows the whole of every windowed row on a narrow phone, the longest split and its figures too', async () => {
    const page = await session.open(pageUrl('v=1&view=splits&steps=14&actions=5&vs=4&tags=4'), {
      viewport: { width: 360, height: 640 },
    });
    const cli = await cliInProcess(
      ...'zidara splits --steps 14 --actions 5 --vs 4 --intents 1-4 --format json'.split(' '),
    );
    const rows = JSON.parse(cli.stdout).rows as SplitRow[];
    expect(rows.length).toBeGreaterThan(WINDOW_ABOVE_ROWS);
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
    expect(await clippedRows(page)).toEqual([]);
    // The longest split wraps to the most lines: scrolled to it, it and its neighbours fit.
    const longest = rows.reduce(
      (at, row, i) => (row.split.length > rows[at]!.split.length ? i : at),
      0,
    );
    await scrollToRow(page, longest);
    await page.waitForFunction(
      (split) => document.querySelector(`.ranked tr[data-split="${split}"]`) !== null,
      rows[longest]!.split,
    );
    expect(await clippedRows(page)).toEqual([]);
    expectRowsOf(await renderedRows(page), rows);
    const px = Number(await page.getAttribute('.ranked tbody', 'data-row-px'));
    expect(px).toBeGreaterThan(WINDOWED_ROW_PX);
  });

  it("keeps a rank of 1000 or more in its column on a narrow phone, clear of the split's name", async () => {
    const page = await session.open(pageUrl('v=1&view=splits&steps=14&actions=5&vs=4&tags=4'), {
      viewport: { width: 360, height: 640 },
    });
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 120_000 });
    const rows = Number(await page.getAttribute('.ranked', 'data-rows'));
    expect(rows).toBeGreaterThan(3000);
    await scrollToRow(page, rows - 1);
    await page.waitForFunction(
      (last) => document.querySelector(`.ranked tr[aria-rowindex="${last + 1}"]`) !== null,
      rows,
    );
    expect(await crowdedRanks(page)).toEqual([]);
  });

  it('says how big a question is before solving it, solves it when asked with progress, and cancels', async () => {
    const page = await open('v=1&view=splits&steps=27&actions=3&vs=9&tags=4');
    await page.waitForSelector('.status-confirm', { timeout: 60_000 });
    // The count, made without listing a split, is the library's list's length.
    const splits = splitCandidates({
      steps: 27,
      actions: 3,
      intents: [1, 2, 3, 4],
      challenge: 9,
    }).length;
    expect(await page.textContent('.status')).toContain(
      `${splits.toLocaleString('en')} splits to solve`,
    );
    // Nothing was solved: the results are not ready.
    expect(await page.$('.results[data-state="ready"]')).toBeNull();
    await page.click('.status button:text-is("Solve it")');
    await page.waitForFunction(
      () => {
        const bar = document.querySelector<HTMLProgressElement>('.status-computing progress');
        return bar !== null && bar.value > 0 && bar.max > 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.getAttribute('.status-computing progress', 'aria-label')).toBe(
      'Splits solved',
    );
    await page.click('.status button:text-is("Cancel")');
    await page.waitForSelector('.status-cancelled');
    expect(await page.textContent('.status')).toContain('Cancelled');
  });

  it("refuses a question past the CLI's bound on work with the CLI's line, before solving any split", async () => {
    // 3,998 splits, few enough to rank, but more dice-and-Aura states than one CLI run solves.
    const page = await open('v=1&view=splits&steps=40&vs=3&tags=8');
    const cli = await cliInProcess(
      ...'zidara splits --steps 40 --vs 3 --intents 1-8 --format json'.split(' '),
    );
    expect(cli.status).toBe(2);
    const refusal = cli.stderr.trim().replace(/^dicelab: --intents: /, '');
    expect(refusal).toContain('more than one run');
    await page.waitForSelector('.status-error', { timeout: 30_000 });
    expect(await page.textContent('.status-error')).toBe(`Tags: ${refusal}`);
  });

  it("names the fields the engine's advice names by the page's labels, not the library's", async () => {
    // Six dice on one intent with ten +2s a roll and a cap of 20: past the exact engine's
    // states, whose advice names the +2s' fields. It said "(boostsPerRoll, boostSize)".
    const page = await open('v=1&view=splits&steps=30&vs=3&tags=1&aura-max=20&boosts=10&resolve=1');
    await page.waitForSelector('.status-error', { timeout: 30_000 });
    expect(await page.textContent('.status-error')).toBe(
      'Tags: the split "d12+d12+d10+d10+d8+d8" has 21,024,576 dice-and-Aura states, more than the exact engine\'s 8,388,608: allow fewer steps or actions; roll fewer dice or put like dice on fewer intents; allow fewer or smaller +2s a roll (+2s a roll, What the archetype\'s +2 adds) (nothing was solved)',
    );
    // Beside Tags, the refusal's split is one word with no space to break at: it broke out of
    // its column and past the right edge of a phone's screen.
    expect(
      await page.$eval('#tags-error', (note) => ({
        text: note.textContent?.startsWith('the split "d12+d12+d10+d10+d8+d8"'),
        inside: note.scrollWidth <= note.clientWidth,
        screen: document.documentElement.scrollWidth <= window.innerWidth,
      })),
    ).toEqual({ text: true, inside: true, screen: true });
  });

  it('refuses a question past its limit with one line naming it and the CLI, and asks the engine nothing', async () => {
    const page = await open('v=1&view=whatif&steps=28&actions=4&vs=10&tags=4');
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await page.textContent('.status-error')).toBe(
      `28 steps and 4 actions with up to 4 intents make more than ${QUESTION_SIZE.mostSplits.toLocaleString('en')} splits: more than this page ranks (so its memory stays bounded). Allow fewer tags or actions, or ask the command line (dicelab zidara splits), which has no such limit.`,
    );
    // Fewer tags, and the page answers again.
    await page.fill('#tags', '1');
    await page.waitForSelector('.results[data-state="ready"], .status-confirm', {
      timeout: 120_000,
    });
  });
});
