import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextAnswer } from '../../scripts/page-answer.ts';
import { formatChance } from '../../src/format/format-chance.ts';
import { toCsv } from '../../src/report/csv.ts';
import { FIGHTS_CSV_COLUMNS } from '../../src/report/zidara/fights-chart.ts';
import { SPLITS_CSV_COLUMNS } from '../../src/report/zidara/splits-chart.ts';
import { fightCurves } from '../../src/systems/zidara/analyses/fight-curves.ts';
import {
  rankStatedSplits,
  type SplitRow,
  splits,
} from '../../src/systems/zidara/analyses/splits.ts';
import { advise, parseAdviceRequest } from '../../src/systems/zidara/engine/advise.ts';
import { FIGHT_LIMITS, fightOdds, parseFight } from '../../src/systems/zidara/fight/fight.ts';
import { splitsOfPool } from '../../src/systems/zidara/roll/split.ts';
import { builtPage } from '../built.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';
import type { OpenOptions } from '../report/browser.ts';
import { ISSUE_ADVICE } from '../systems/zidara/issue-advice.ts';
import {
  expectSameRanking,
  pageUrl,
  pastTheScreen,
  shownActions,
  shownSplits,
} from './offline-page.ts';
import { pageSession } from './page-session.ts';
import { themeColorsShown } from './theme-color.ts';

const session = pageSession();

const open = (fragment: string, options?: OpenOptions) => session.open(pageUrl(fragment), options);

/** Sets a number field by typing, as a user on a keyboard would. */
async function type(page: Page, id: string, value: number) {
  await page.fill(`#${id}`, String(value));
}

/** Reads a downloaded export's text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/**
 * The focused control, when it is off the screen or under something else; else null (and null
 * while no control holds the focus: the body, between a re-drawn control and the next Tab).
 */
function focusHidden(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLInputElement | null;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = y >= 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
    const seen =
      hit !== null &&
      (focused.contains(hit) ||
        hit.contains(focused) ||
        Array.from(focused.labels ?? []).some((label) => label.contains(hit)));
    return seen ? null : `${focused.outerHTML.slice(0, 70)} under ${hit?.className ?? 'nothing'}`;
  });
}

/** A computed colour's relative luminance (WCAG 2): "rgb(0, 114, 178)" → 0.164. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two computed colours (WCAG 2), 1 to 21, to two decimals. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100;
}

const ISSUE_LINK = 'v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1&objective=wins';

describe('the offline page: Best split', () => {
  it("opens the issue's link and ranks exactly what `zidara splits … --format json` ranks", async () => {
    const page = await open(ISSUE_LINK);
    const shown = await shownSplits(page);
    const cli = await cliInProcess(
      'zidara',
      'splits',
      '--steps',
      '7',
      '--actions',
      '2',
      '--vs',
      '4',
      '--intents',
      '1-2',
      '--aura',
      '3',
      '--resolve',
      '1',
      '--objective',
      'wins',
      '--format',
      'json',
    );
    expect(cli.status).toBe(0);
    const rows = JSON.parse(cli.stdout).rows as SplitRow[];
    expect(rows.length).toBeGreaterThan(20);
    expectSameRanking(shown, rows);
    // The link is kept as it was given: it is the question's permalink.
    expect(await page.evaluate(() => location.hash)).toBe(`#${ISSUE_LINK}`);
    expect(await page.textContent('.answer .headline')).toBe(
      `Roll ${rows[0]!.split}: ${rows[0]!.score.toFixed(3)} tags stripped on average.`,
    );
  });

  it('works the same when served over http', async () => {
    const html = await readFile(builtPage()); // refuses an out-of-date build
    const server = createServer((request, response) => {
      const ok = request.url?.split('#')[0] === '/dicelab.html';
      response.writeHead(ok ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ok ? html : 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const served = await session.open(
        `http://127.0.0.1:${port}/dicelab.html#v=1&view=splits&steps=6&vs=2&tags=2`,
      );
      expectSameRanking(
        await shownSplits(served),
        splits({ steps: 6, challenge: 2, intents: [1, 2] }),
      );
    } finally {
      server.close();
    }
  });

  it('recomputes as the inputs change, and each state is a link that reopens it', async () => {
    const page = await open('v=1&view=splits&steps=6&vs=3&tags=1');
    expectSameRanking(await shownSplits(page), splits({ steps: 6, challenge: 3, intents: [1] }));
    // The contract: "ready" always answers the question on screen. The render that changes the
    // question already marks the answer out of date, before the engine is even asked.
    const right = await page.evaluate(async () => {
      document.querySelector<HTMLButtonElement>('button[aria-label="Steps: one more"]')!.click();
      await new Promise((settle) => setTimeout(settle, 0));
      return document.querySelector('.results')!.getAttribute('data-state');
    });
    expect(right).toBe('computing');
    await page.waitForSelector('.results[data-state="ready"]');
    // + on steps (above), a typed Challenge, one more tag, Resolve, the objective, Warrior.
    await nextAnswer(page, () => type(page, 'vs', 4));
    await nextAnswer(page, () => page.click('button[aria-label="Tags: one more"]'));
    await nextAnswer(page, () => page.click('button[aria-label="Resolve: one more"]'));
    await nextAnswer(page, () => page.click('label:has(#objective-primary)'));
    await page.click('.more-rules summary');
    await nextAnswer(page, () => page.click('label[for="explode"]'));
    const expected = splits({
      steps: 7,
      challenge: 4,
      intents: [1, 2],
      resolve: 1,
      objective: 'primary',
      explode: true,
    });
    const shown = await shownSplits(page);
    expectSameRanking(shown, expected);
    const link = await page.evaluate(() => location.hash);
    expect(link).toBe(
      '#v=1&view=splits&steps=7&actions=1&vs=4&tags=2&resolve=1&explode=1&objective=primary',
    );
    // The permalink round trip: the link alone opens the same question and answer.
    const again = await open(link);
    expectSameRanking(await shownSplits(again), expected);
    expect(await again.inputValue('#steps')).toBe('7');
    expect(await again.isChecked('#explode')).toBe(true);
  });

  it('ranks every split of a set pool, like `--only` with each of them', async () => {
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=2');
    await shownSplits(page);
    await nextAnswer(page, () => page.click('label:has(#dice-from-pool)'));
    // 8 steps unsplit are d12 d4; tap a d6 in and the d4 out.
    await nextAnswer(page, () => page.click('button[aria-label="Add d6"]'));
    await nextAnswer(page, () => page.click('button[aria-label="Remove d4"]'));
    expect(await page.evaluate(() => location.hash)).toContain('pool=d12,d6');
    const expected = rankStatedSplits(splitsOfPool([12, 6], [1, 2]), { challenge: 3 });
    expect(expected.map((r) => r.split)).toEqual(['d12 | d6', 'd12+d6']);
    expectSameRanking(await shownSplits(page), expected);
  });

  it('exports the table as the CLI writes it (CSV) and as JSON with the question', async () => {
    const page = await open('v=1&view=splits&steps=5&vs=2&tags=2&aura=1');
    await shownSplits(page);
    const rows = splits({ steps: 5, challenge: 2, intents: [1, 2], aura: 1 });
    const csv = await download(page, '.export button:text-is("CSV")');
    expect(csv.name).toBe('dicelab-splits.csv');
    expect(csv.text).toBe(toCsv(rows, SPLITS_CSV_COLUMNS));
    const json = await download(page, '.export button:text-is("JSON")');
    expect(json.name).toBe('dicelab-splits.json');
    const parsed = JSON.parse(json.text);
    expect(parsed.link).toBe(
      '#v=1&view=splits&steps=5&actions=1&vs=2&tags=2&aura=1&objective=wins',
    );
    expect(parsed.command).toBe('dicelab zidara splits --steps 5 --vs 2 --intents 1-2 --aura 1');
    expect(parsed.rows).toHaveLength(rows.length);
    parsed.rows.forEach((row: SplitRow, i: number) => {
      expect(row.split).toBe(rows[i]!.split);
      expect(Math.abs(row.score - rows[i]!.score)).toBeLessThan(1e-9);
    });
  });

  it('draws the bar chart when it is opened', async () => {
    const page = await open('v=1&view=splits&steps=4&vs=2&tags=2');
    await shownSplits(page);
    expect(await page.$('.chart svg')).toBeNull();
    await page.click('.chart-details summary');
    const svg = await page.waitForSelector('.chart svg', { timeout: 30_000 });
    const box = await svg.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(100);
    // One bar label per split, from the report's own chart spec.
    const labels = await page.$$eval('.chart svg text', (texts) => texts.map((t) => t.textContent));
    for (const row of splits({ steps: 4, challenge: 2, intents: [1, 2] }))
      expect(labels).toContain(row.split);
  });

  it('names the part of a bad link it cannot use, and answers the rest', async () => {
    const page = await open('v=1&view=splits&steps=abc&vs=4&tags=1');
    expectSameRanking(await shownSplits(page), splits({ steps: 8, challenge: 4, intents: [1] }));
    expect(await page.textContent('.problems li')).toBe(
      'steps: "abc" is not allowed (expected an integer from 1 to 72)',
    );
  });

  it("holds a worth to the engine's cap (1000000), in its field as in a link", async () => {
    const page = await open('v=1&view=splits&steps=7&vs=4&tags=1&resolve-value=1000001');
    expectSameRanking(await shownSplits(page), splits({ steps: 7, challenge: 4, intents: [1] }));
    expect(await page.textContent('.problems li')).toBe(
      'resolve-value: "1000001" is not allowed (expected a number from 0 to 1000000)',
    );
    await page.click('.more-rules summary');
    await page.fill('#aura-value', '1000001');
    expect(await page.getAttribute('#aura-value', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#aura-value-error')).toBe('A number from 0 to 1000000');
    expect(await page.evaluate(() => location.hash)).not.toContain('aura-value');
    await nextAnswer(page, () => page.fill('#aura-value', '1000000'));
    expect(await page.getAttribute('#aura-value', 'aria-invalid')).toBe('false');
    expect(await page.evaluate(() => location.hash)).toContain('aura-value=1000000');
  });

  it('names a key given twice, and says which of its values it answers', async () => {
    // A link edited by adding `&steps=9` to its end: the first value stands, and the page says
    // so, rather than answer for 8 steps as if 9 had not been asked.
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=1&steps=9');
    expectSameRanking(await shownSplits(page), splits({ steps: 8, challenge: 3, intents: [1] }));
    expect(await page.$$eval('.problems li', (items) => items.map((li) => li.textContent))).toEqual(
      [
        'steps: "steps=8&steps=9" is not allowed (expected each key once; the first, steps=8, is used)',
      ],
    );
  });

  it('names every hostile part of a link at the top, runs no markup, and still answers', async () => {
    const many = (word: string, n: number, sep: string) => Array(n).fill(word).join(sep);
    const cases: [string, RegExp][] = [
      ['pool=1e9d6', /^pool: "1e9d6" is not allowed \(expected dice such as "d12 d4"/],
      ['pool=4294967296d6', /^pool: "4294967296d6" is not allowed/],
      ['pool=99999999999999999999d6', /^pool: "99999999999999999999d6" is not allowed/],
      ['pool=100000000d6', /^pool: "100000000d6" is not allowed/],
      // The keys the page reads are folded under the line (phone-screen.test.ts).
      ['zap=1', /^zap: "1" is not allowed \(expected a key of this page\)The keys this page/],
      ['v=2', /^v: "2" is not allowed \(expected 1: this page reads version 1 links\)$/],
      ['steps=1e309', /^steps: "1e309" is not allowed \(expected an integer from 1 to 72\)$/],
      ['steps=-1', /^steps: "-1" is not allowed/],
      ['steps=NaN', /^steps: "NaN" is not allowed/],
      ['vs=51', /^vs: "51" is not allowed \(expected an integer from 1 to 50\)$/],
      ['aura=999', /^aura: "999" is not allowed/],
      [
        `split=${many('d2', 50, '|')}`,
        /^split: "d2\|d2.*"\.\.\. \(149 characters\) is not allowed/,
      ],
      [
        'split=<img src=x onerror=alert(1)>',
        /^split: "<img \| src=x \| onerror=alert\(1\)>" is not allowed/,
      ],
      [
        `${'x'.repeat(100_000)}=1`,
        /^x{57}\.\.\.: "1" is not allowed \(expected a key of this page/,
      ],
      ['__proto__=1&constructor=2', /^__proto__: "1" is not allowed/],
    ];
    for (const [fragment, problem] of cases) {
      const page = await open(`${fragment}&view=splits&steps=4&vs=2&tags=1`);
      await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
      const problems = await page.$$eval('.problems li', (items) =>
        items.map((li) => li.textContent),
      );
      expect(problems[0] ?? `no problem shown for ${fragment.slice(0, 60)}`).toMatch(problem);
      expect(await page.$$('.problems img, .answer img'), fragment.slice(0, 60)).toEqual([]);
    }
  });

  it('names faces past the split at the top, and refuses 50,000 of them at once', async () => {
    for (const [faces, problem] of [
      [
        '3,4,5,6,7,8',
        /^faces: "3,4,5,6,7,8" is not allowed \(expected at most 2 faces, one for each die of d8 \| d4; the rest are left out\)$/,
      ],
      [
        Array(50_000).fill('3').join(','),
        /^faces: ".*"\.\.\. \(99999 characters\) is not allowed \(expected at most 12 faces/,
      ],
    ] as const) {
      const page = await open(`v=1&view=advice&vs=3&split=d8|d4&faces=${faces}&defence=5`);
      await page.waitForSelector('.problems li');
      expect(await page.textContent('.problems li')).toMatch(problem);
      if (faces.length < 20) expect(await shownActions(page)).not.toEqual([]);
    }
  });

  it('a hostile link opened by a hash change is named too, and the page answers the new link', async () => {
    const page = await open('v=1&view=splits&steps=4&vs=2&tags=1');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    await page.evaluate(() => {
      location.hash = 'v=1&view=splits&steps=5&vs=3&tags=1&pool=1e9d6';
    });
    await page.waitForSelector('.problems li');
    expect(await page.textContent('.problems li')).toMatch(/^pool: "1e9d6" is not allowed/);
    expectSameRanking(await shownSplits(page), splits({ steps: 5, challenge: 3, intents: [1] }));
  });

  it("says the engine's message when a question cannot be answered, naming the page's field", async () => {
    // 12 dice on up to 12 intents: splits past the exact engine's bounds, refused before any is
    // solved. The engine names its field `intents`; the page's field that sets them is Tags.
    const page = await open('v=1&view=splits&steps=12&actions=11&vs=3&tags=12');
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await page.textContent('.status-error')).toMatch(
      /^Tags: the split "d2\+d2\+d2 \| .*" has [\d,]+ dice-and-Aura states, more than the exact engine's 8,388,608: allow at most 5 intents \(nothing was solved\)/,
    );
  });

  it('takes the last answer away when the engine refuses the new question', async () => {
    const page = await open('v=1&view=splits&steps=12&actions=11&vs=3&tags=2', {
      viewport: { width: 390, height: 844 },
    });
    await shownSplits(page);
    await page.fill('#tags', '12');
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    // Neither the ranking for 2 tags nor its bar at the foot of the screen stands for 12.
    expect(await page.$('.results')).toBeNull();
    expect(await page.$('.answer-bar')).toBeNull();
  });
});

describe('the offline page: Mid-roll advice', () => {
  /** The library's advice for a d8 | d4 (or other) roll against one threat, as data-action/data-eu read. */
  function expectedActions(request: unknown) {
    return advise(parseAdviceRequest(request)).actions.map((a) => ({
      action: a.action === 'reroll-one' ? `reroll-one:${a.die}` : a.action,
      eu: a.expectedUtility,
    }));
  }

  function expectSameActions(shown: { action: string; eu: number }[], expected: typeof shown) {
    expect(shown.map((a) => a.action)).toEqual(expected.map((a) => a.action));
    shown.forEach((a, i) => {
      expect(Math.abs(a.eu - expected[i]!.eu), a.action).toBeLessThan(1e-9);
    });
  }

  it("answers the issue's rolled state: reroll the d8, 1.5 tags against 1.0 if you stop", async () => {
    const page = await open(
      'v=1&view=advice&vs=4&split=d8|d4&faces=3,4&defence=5&aura=3&resolve=1',
    );
    const shown = await shownActions(page);
    const expected = expectedActions(ISSUE_ADVICE);
    expectSameActions(shown, expected);
    // The issue's brute force: rerolling the d8 1.5, all 1.125, stopping 1, the d4 1.
    expect(shown.map((a) => [a.action, a.eu])).toEqual([
      ['reroll-one:0', expect.closeTo(1.5, 12)],
      ['reroll-all', expect.closeTo(1.125, 12)],
      ['stop', expect.closeTo(1, 12)],
      ['reroll-one:1', expect.closeTo(1, 12)],
    ]);
    expect(await page.textContent('#advice-answer')).toBe(
      'Reroll the d8 (showing 3): 1.50 intents expected, against 1.00 if you stop.',
    );
    // The table names the figure as the sentence does (it said "Tags expected").
    expect(
      await page.$$eval('table.actions thead th', (cells) => cells.map((c) => c.textContent)),
    ).toEqual(['Action', 'Intents expected', 'All won']);
  });

  it('never shows an action 100.0% sure to win every intent when it is not', async () => {
    // Three d6 against C1, rerolling all with 5 Aura and 3 Resolve: every intent won 99.96%.
    const page = await open(
      'v=1&view=advice&vs=1&split=d6|d6|d6&faces=1,2,3&defence=2&aura=5&resolve=3',
    );
    await shownActions(page);
    const { pAllWin } = advise(
      parseAdviceRequest({
        roll: {
          threats: [{ challenge: 1 }],
          dice: [0, 1, 2].map((intent) => ({ sides: 6, intent })),
          aura: 5,
          resolve: 3,
        },
        shown: [1, 2, 3],
        defence: [2],
      }),
    ).actions.find((a) => a.action === 'reroll-all')!;
    expect(pAllWin).toBeGreaterThan(0.9995);
    expect(pAllWin).toBeLessThan(1);
    expect(await page.textContent('[data-action="reroll-all"] td:last-child')).toBe(
      formatChance(pAllWin),
    );
    expect(formatChance(pAllWin)).toBe('99.96%');
  });

  it('reads a + typed by hand in a link as dice stacked on one intent, as its own %2B', async () => {
    // URLSearchParams would read the + as a space: two intents, d8 | d4.
    const typed = await open(
      'v=1&view=advice&vs=4&split=d8+d4&faces=3,4&defence=5&aura=3&resolve=1',
    );
    const expected = expectedActions({
      roll: {
        threats: [{ challenge: 4 }],
        dice: [
          { sides: 8, intent: 0 },
          { sides: 4, intent: 0 },
        ],
        aura: 3,
        resolve: 1,
      },
      shown: [3, 4],
      defence: [5],
    });
    expectSameActions(await shownActions(typed), expected);
    expect(await typed.inputValue('#split')).toBe('d8+d4');
    // The page writes its own link with %2B, and that link opens the same question.
    const own = await typed.evaluate(() => location.hash);
    expect(own).toContain('&split=d8%2Bd4&');
    const reopened = await open(own);
    expectSameActions(await shownActions(reopened), expected);
    expect(await reopened.inputValue('#split')).toBe('d8+d4');
  });

  it("takes the Best split's answer to Mid-roll advice in one tap", async () => {
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=2');
    const [best] = await shownSplits(page);
    await page.click(`button[aria-label="Rolled it? Mid-roll advice for ${best!.split}"]`);
    await page.waitForSelector('.prompt');
    expect(await page.inputValue('#split')).toBe(best!.split);
    expect(await page.evaluate(() => location.hash)).toBe(
      `#v=1&view=advice&vs=3&split=${best!.split.replace(/ /g, '')}&faces=`,
    );
    // Back returns to the ranking.
    await page.goBack();
    await page.waitForSelector('#tab-splits[aria-selected="true"]');
  });

  it("keeps the keyboard's place: Enter on Rolled it? lands on Mid-roll's heading", async () => {
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=2');
    const [best] = await shownSplits(page);
    await page.focus(`button[aria-label="Rolled it? Mid-roll advice for ${best!.split}"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.prompt');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('I have rolled: what now?');
    // The next Tab goes on into the view, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('view')!.contains(document.activeElement)),
    ).toBe(true);
  });

  it('takes the faces tap by tap, and a new split typed with spaces', async () => {
    const page = await open('v=1&view=advice&vs=3&split=d8|d6&aura=1&resolve=1');
    expect(await page.textContent('.prompt')).toBe(
      "Tap each die's face and the Challenge die's face for advice.",
    );
    await page.click('label:has(#face-0-2)');
    await page.click('label:has(#face-1-6)');
    expect(await page.textContent('.prompt')).toBe("Tap the Challenge die's face for advice.");
    await page.click('label:has(#defence-4)');
    const request = (dice: number[], shown: number[]) => ({
      roll: {
        threats: [{ challenge: 3 }],
        dice: dice.map((sides, intent) => ({ sides, intent })),
        aura: 1,
        resolve: 1,
      },
      shown,
      defence: [4],
    });
    expectSameActions(await shownActions(page), expectedActions(request([8, 6], [2, 6])));
    expect(await page.evaluate(() => location.hash)).toBe(
      '#v=1&view=advice&vs=3&aura=1&resolve=1&split=d8|d6&faces=2,6&defence=4',
    );
    // A new split forgets the faces; tapped again, the advice follows.
    await page.fill('#split', 'd10 d4');
    await page.waitForSelector('.prompt');
    await page.click('label:has(#face-0-3)');
    await page.click('label:has(#face-1-4)');
    await page.click('label:has(#defence-4)');
    await page.waitForFunction(() => location.hash.includes('faces=3,4'));
    expectSameActions(await shownActions(page), expectedActions(request([10, 4], [3, 4])));
  });

  it('names the split field by its label when its text is refused', async () => {
    const page = await open('v=1&view=advice&vs=3&split=d8|d6');
    await page.fill('#split', 'abc');
    const error = page.locator('#split-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /^The split rolled: "abc" is not allowed \(expected dice such as "d12 \| d6\+d6"/,
    );
    expect(await page.getAttribute('#split', 'aria-invalid')).toBe('true');
  });

  it("advises a Warrior's chain totals with late Aura as the library does", async () => {
    const page = await open(
      'v=1&view=advice&vs=2&split=d6|d4&faces=9,2&defence=3&explode=1&late-aura=1&aura-pending=1&aura=2&resolve=1',
    );
    const expected = expectedActions({
      roll: {
        threats: [{ challenge: 2 }],
        dice: [
          { sides: 6, intent: 0 },
          { sides: 4, intent: 1 },
        ],
        aura: 2,
        resolve: 1,
        explode: true,
        auraGainUsableSameRoll: false,
      },
      shown: [9, 2],
      defence: [3],
      auraPending: 1,
    });
    expectSameActions(await shownActions(page), expected);
    expect(await page.inputValue('#face-0')).toBe('9');
  });

  it("keeps a Warrior's chain total past a d12's sides in its link, through a reload", async () => {
    // A d8 that rolled 8 then 5 shows 13: typed in, advised, and written into the address.
    const page = await open('v=1&view=advice&vs=3&split=d8|d4&explode=1&resolve=1');
    await page.fill('#face-0', '13');
    await page.fill('#face-1', '3');
    await page.click('label:has(#defence-5)');
    const expected = expectedActions({
      roll: {
        threats: [{ challenge: 3 }],
        dice: [
          { sides: 8, intent: 0 },
          { sides: 4, intent: 1 },
        ],
        resolve: 1,
        explode: true,
      },
      shown: [13, 3],
      defence: [5],
    });
    expectSameActions(await shownActions(page), expected);
    expect(await page.evaluate(() => location.hash)).toContain('&faces=13,3&');
    // The page reads back what it wrote: the same advice, the 13 still there, nothing refused.
    await page.reload();
    await page.waitForSelector('#face-0');
    expect(await page.$$eval('.problems li', (items) => items.map((li) => li.textContent))).toEqual(
      [],
    );
    expect(await page.inputValue('#face-0')).toBe('13');
    expectSameActions(await shownActions(page), expected);
  });

  it('asks again for a face its die can no longer show, rather than keep a refused one', async () => {
    // A lower Challenge: its d6 cannot show the 8 tapped on the d8.
    const page = await open('v=1&view=advice&vs=4&split=d8|d4&faces=3,4&defence=8');
    await shownActions(page);
    await page.click('[aria-label="Challenge: one less"]');
    await expect
      .poll(() => page.textContent('.status'))
      .toBe("Tap the Challenge die's face for advice.");
    expect(await page.$('.results')).toBeNull();
    await page.click('label:has(#defence-6)');
    expect((await shownActions(page)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => location.hash)).toBe(
      '#v=1&view=advice&vs=3&split=d8|d4&faces=3,4&defence=6',
    );
    // Warrior off: a chain total of 12 is no face of a d8.
    const warrior = await open('v=1&view=advice&vs=4&split=d8|d4&faces=12,3&defence=5&explode=1');
    await shownActions(warrior);
    await warrior.click('summary:has-text("Archetype and rules")');
    await warrior.click('label[for="explode"]');
    await expect
      .poll(() => warrior.textContent('.status'))
      .toBe("Tap the other die's face for advice.");
    // No area die: its face goes with it, and the link reopens with no problem named.
    const area = await open('v=1&view=advice&vs=4&split=d8|d4&faces=3,4,2&defence=5&area=d4');
    await shownActions(area);
    await area.click('label[for="area-die"]');
    await area.waitForFunction(() => location.hash.endsWith('faces=3,4&defence=5'));
    await area.reload();
    await shownActions(area);
    expect(await area.$('.problems')).toBeNull();
  });

  it("says the engine's message for a face the die cannot show, naming the die's picker", async () => {
    const page = await open('v=1&view=advice&vs=2&split=d4|d4&faces=3,7&defence=2');
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    // The engine's `shown[1]` is the second die's face, tapped in its picker.
    expect(await page.textContent('legend:has(+ .faces input[name="face-1"])')).toMatch(
      /^d4 \(intent 2\) shows/,
    );
    expect(await page.textContent('.status-error')).toBe(
      'd4 (intent 2) shows: 7 is not allowed (expected a face of the d4: 1 to 4)',
    );
    // A Challenge die's face past it, by its picker too (the engine's `defence[0]`).
    const defence = await open('v=1&view=advice&vs=2&split=d4|d4&faces=3,4&defence=9');
    await defence.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await defence.textContent('.status-error')).toBe(
      'The Challenge die (d4) shows: 9 is not allowed (expected a face of the Challenge die d4)',
    );
  });
});

describe('the offline page: What if', () => {
  it('ranks the splits under the rules page and under the rules set here, as --against does', async () => {
    const page = await open('v=1&view=whatif&steps=8&vs=3&tags=2&boosts=0&resolve=1');
    const shown = await shownSplits(page);
    const yours = splits({ steps: 8, challenge: 3, intents: [1, 2], boostsPerRoll: 0, resolve: 1 });
    expectSameRanking(shown, yours);
    const cli = await cliInProcess(
      ...'zidara splits --steps 8 --vs 3 --intents 1-2 --format json --against'.split(' '),
      '--boosts 0 --resolve 1',
    );
    expect(cli.status).toBe(0);
    const paired = JSON.parse(cli.stdout).rows as {
      key: { split: string };
      base: { score: number };
      against: { score: number };
    }[];
    const base = await page.$$eval('[data-split]', (rows) =>
      rows.map((row) => [
        row.getAttribute('data-split'),
        Number(row.getAttribute('data-base-score')),
      ]),
    );
    expect(base).toHaveLength(paired.length);
    for (const [split, score] of base) {
      const row = paired.find((r) => r.key.split === split)!;
      expect(Math.abs((score as number) - row.base.score), String(split)).toBeLessThan(1e-9);
    }
    expect(await page.textContent('.cli-details code')).toBe(
      'dicelab zidara splits --steps 8 --vs 3 --intents 1-2 --against "--resolve 1 --boosts 0"',
    );
  });

  it("reads a change of none as --against's change column does, ±0.000", async () => {
    // Ties are bought with Aura here, so who wins one changes nothing: every change is none, an
    // exact 0 or the float noise of the page's two runs (the old page read "+0.000", "−0.000").
    const page = await open('v=1&view=whatif&steps=6&vs=3&tags=2&objective=wins&ties-go-to=roller');
    await shownSplits(page);
    const changes = await page.$$eval('[data-split] td.gap', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(changes).toEqual(Array(7).fill('±0.000'));
    expect(await page.textContent('#whatif-answer .headline')).toMatch(/ \(±0\.000\)\.$/);
  });

  it('turns rules on and off, and goes back to the rules page', async () => {
    const page = await open('v=1&view=whatif&steps=6&vs=3&tags=2');
    await shownSplits(page);
    expect(await page.textContent('#whatif-answer .headline')).toBe(
      "These are the rules page's rules: change one above to see what it does.",
    );
    await nextAnswer(page, () => page.click('label[for="ties-bought"]'));
    await nextAnswer(page, () => page.click('button[aria-label="Aura cap: one less"]'));
    expect(await page.evaluate(() => location.hash)).toContain('aura-max=4&defending=1');
    expectSameRanking(
      await shownSplits(page),
      splits({ steps: 6, challenge: 3, intents: [1, 2], auraMax: 4, tieBreak: false }),
    );
    expect(await page.textContent('#whatif-answer .headline')).toMatch(
      /^With Aura cap 4, ties not bought, the best split (is still|becomes) /,
    );
    await nextAnswer(page, () => page.click('button:text-is("Back to the rules page\'s rules")'));
    expect(await page.evaluate(() => location.hash)).not.toContain('defending');
    // Going back to the rules page's rules is a question of its own: Back returns to the rules tried.
    await page.goBack();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('#aura-max')?.value === '4',
    );
    expect(await page.evaluate(() => location.hash)).toContain('aura-max=4&defending=1');
  });
});

describe('the offline page: Back and Forward', () => {
  const hash = (page: Page) => page.evaluate(() => location.hash.replace(/^#v=1&/, ''));
  const entries = (page: Page) => page.evaluate(() => history.length);
  /** Waits until a field shows VALUE (the page renders the state Back read a moment later). */
  const shows = (page: Page, id: string, value: string) =>
    page.waitForFunction(
      ([id, value]) => document.querySelector<HTMLInputElement>(`#${id}`)?.value === value,
      [id, value],
    );

  it('steps back through the questions and views asked, one entry per field edited, not per key', async () => {
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=2');
    await shownSplits(page);
    const opened = await entries(page);
    // Steps typed key by key ("1", then "12"), and + tapped: one entry for the field.
    await page.click('#steps', { clickCount: 3 });
    await page.keyboard.type('12');
    await page.waitForFunction(() => location.hash.includes('steps=12&'));
    await page.click('button[aria-label="Steps: one more"]');
    expect(await entries(page)).toBe(opened + 1);
    // Another field is another question; another view, another entry.
    await page.click('button[aria-label="Tags: one more"]');
    await page.click('#tab-fight');
    expect(await entries(page)).toBe(opened + 3);

    await page.goBack();
    await page.waitForSelector('#tab-splits[aria-selected="true"]');
    expect(await hash(page)).toBe('view=splits&steps=13&actions=1&vs=3&tags=3&objective=wins');
    await page.goBack();
    await shows(page, 'tags', '2');
    expect(await page.inputValue('#steps')).toBe('13');
    expect(await hash(page)).toBe('view=splits&steps=13&actions=1&vs=3&tags=2&objective=wins');
    // Back to the link opened, and its answer again.
    await page.goBack();
    await shows(page, 'steps', '8');
    expect(await hash(page)).toBe('view=splits&steps=8&actions=1&vs=3&tags=2&objective=wins');
    expectSameRanking(await shownSplits(page), splits({ steps: 8, challenge: 3, intents: [1, 2] }));
    await page.goForward();
    await shows(page, 'steps', '13');
    // An edit after Back starts a new entry there: Forward's entries are dropped, as anywhere.
    await page.click('button[aria-label="Tags: one less"]');
    expect(await entries(page)).toBe(opened + 2);
    expect(await hash(page)).toBe('view=splits&steps=13&actions=1&vs=3&tags=1&objective=wins');
  });

  it('gives each field edited in a row its own entry: Ring, then Skill, then Ring again', async () => {
    const page = await open('v=1&view=ring-skill&ring=2&skill=1&tn=1');
    await page.waitForSelector('#ring');
    const opened = await entries(page);
    await page.click('button[aria-label="Ring: one more"]');
    await page.click('button[aria-label="Skill: one more"]');
    // Typed key by key, a field is still one entry: "2" is erased (nothing taken), "3" taken.
    await page.click('#ring');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4');
    await page.click('button[aria-label="Ring: one more"]');
    expect(await entries(page)).toBe(opened + 3);
    expect(await hash(page)).toBe('view=ring-skill&vs=3&ring=5&skill=2&tn=1');
    await page.goBack();
    await shows(page, 'ring', '3');
    expect(await page.inputValue('#skill')).toBe('2');
    await page.goBack();
    await shows(page, 'skill', '1');
    expect(await page.inputValue('#ring')).toBe('3');
    await page.goBack();
    await shows(page, 'ring', '2');
    expect(await hash(page)).toBe('view=ring-skill&vs=3&ring=2&skill=1&tn=1');
  });

  it('makes each turn of a switch a step of its own, apart from the edit of what it shows', async () => {
    const page = await open('v=1&view=advice&split=3&vs=3');
    await page.waitForSelector('#second-threat', { state: 'attached' });
    const opened = await entries(page);
    // Threat B on (its Challenge starts at A's, 3), then its Challenge tapped to 5: two entries.
    await page.click('label[for="second-threat"]');
    await page.click('button[aria-label="Threat B\'s Challenge: one more"]');
    await page.click('button[aria-label="Threat B\'s Challenge: one more"]');
    expect(await entries(page)).toBe(opened + 2);
    // The area die on (a d4), then a d8 chosen: two more.
    await page.click('label[for="area-die"]');
    await page.click('#area-sides-8');
    expect(await entries(page)).toBe(opened + 4);
    // A switch turned on and off again is two steps, not one entry left as it was.
    await page.click('.more-rules summary');
    await page.click('label[for="explode"]');
    await page.click('label[for="explode"]');
    expect(await entries(page)).toBe(opened + 6);
    expect(await page.isChecked('#explode')).toBe(false);

    await page.goBack();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#explode')?.checked);
    await page.goBack();
    await page.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('#explode')?.checked,
    );
    expect(await page.isChecked('#area-sides-8')).toBe(true);
    await page.goBack();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('#area-sides-4')?.checked,
    );
    await page.goBack();
    await page.waitForSelector('#area-sides-4', { state: 'detached' });
    await shows(page, 'vs2', '5');
    // Back to threat B as it was turned on, its Challenge A's; then to no threat B.
    await page.goBack();
    await shows(page, 'vs2', '3');
    expect(await hash(page)).toBe('view=advice&vs=3&split=d8|d4&faces=&vs2=3');
    await page.goBack();
    await page.waitForSelector('#vs2', { state: 'detached' });
    expect(await page.isChecked('#second-threat')).toBe(false);
    expect(await hash(page)).toBe('view=advice&vs=3&split=d8|d4&faces=');
  });
});

describe('the offline page: Fight', () => {
  it('solves a fight round by round as fightOdds does, and exports it', async () => {
    const page = await open('v=1&view=fight&vs=3&tags=2&pool=d8,d6&max-rounds=4&titles=1');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    const shown = await page.$$eval('[data-round]', (rows) =>
      rows.map((row) => Number(row.getAttribute('data-win-within'))),
    );
    const odds = fightOdds(
      parseFight({ challenge: 3, tags: 2, pool: [8, 6], maxRounds: 4, titles: 1 }),
    );
    expect(shown).toHaveLength(4);
    shown.forEach((p, i) => {
      expect(Math.abs(p - odds.pWinWithin[i]!)).toBeLessThan(1e-9);
    });
    expect(await page.textContent('#fight-answer')).toContain(
      `Opening split: ${odds.openingSplit}.`,
    );
    // The figures worded as `zidara fight` and `fight-curves` word them.
    expect(await page.$$eval('table.rounds th', (ths) => ths.map((th) => th.textContent))).toEqual([
      'Round',
      'Down within',
      'Falls in it',
      'Round played',
    ]);
    expect(await page.textContent('table.rounds + p')).toMatch(
      /^“Round played”: the chance the fight is still on when the round starts\. Still standing after 4 rounds: /,
    );
    const oneRound = await open('v=1&view=fight&vs=3&tags=2&pool=d8,d6&max-rounds=1&titles=1');
    await oneRound.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    expect(await oneRound.textContent('table.rounds + p')).toMatch(
      / Still standing after 1 round: /,
    );
    const csv = await download(page, '.export button:text-is("CSV")');
    expect(csv.text).toBe(
      toCsv(
        fightCurves({ pool: [8, 6], challenges: [3], tags: [2], maxRounds: 4, titles: 1 }),
        FIGHTS_CSV_COLUMNS,
      ),
    );
    // The curve is drawn at once.
    const svg = await page.waitForSelector('.chart svg', { timeout: 30_000 });
    expect((await svg.boundingBox())!.height).toBeGreaterThan(100);
  });

  it("says a link's Resolve now is not a fight's, which starts at its Titles, and answers as --titles does", async () => {
    // `zidara fight` has no --resolve: the fight's Resolve is its Titles (2 by default).
    const page = await open('v=1&view=fight&steps=8&vs=4&tags=3&resolve=2&max-rounds=3');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    expect(await page.textContent('#fight-resolve-note')).toBe(
      'Resolve now (resolve=2) is not used here, only in Best split, Mid-roll and What if: a fight starts with Resolve at its Titles, 2.',
    );
    expect(await page.inputValue('#titles')).toBe('2');
    expect(await page.textContent('.cli-details')).toContain(
      'dicelab zidara fight --vs 4 --tags 3 --steps 8 --max-rounds 3 --json',
    );
    const shown = await page.$$eval('[data-round]', (rows) =>
      rows.map((row) => Number(row.getAttribute('data-win-within'))),
    );
    const odds = fightOdds(parseFight({ challenge: 4, tags: 3, steps: 8, maxRounds: 3 }));
    shown.forEach((p, i) => {
      expect(Math.abs(p - odds.pWinWithin[i]!)).toBeLessThan(1e-9);
    });
    // Without a Resolve now there is nothing to say.
    await page.goto(pageUrl('v=1&view=fight&steps=8&vs=4&tags=3&max-rounds=3'));
    await page.waitForSelector('#fight-resolve-note', { state: 'detached' });
  });

  it('never heads a fight the threat may still survive with 100%', async () => {
    // 14 steps against one C2 tag: the float sum of the wins is 1 by round 3, while the threat
    // still stands after it a few times in 10¹⁹.
    const page = await open('v=1&view=fight&steps=14&vs=2&tags=1&max-rounds=3');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    const round3 = page.locator('[data-round="3"]');
    expect(Number(await round3.getAttribute('data-win-within'))).toBeGreaterThanOrEqual(1);
    expect(await page.textContent('#fight-answer .headline')).toBe(
      'The threat is down within 3 rounds > 99.9999% of the time.',
    );
    // In the table the sign is held to its figure (a no-break space).
    expect(await round3.locator('td').nth(1).textContent()).toBe('>\u00a099.9999%');
  });

  it('names a field the engine refuses by its label on the page: Rounds, not maxRounds', async () => {
    // 36 steps in 3 actions against 2 tags: 1,271 round solves a round, so at most 3 rounds of
    // an exact fight's 5,000 solves. The engine's message names the library's field.
    const fight = { challenge: 3, tags: 2, steps: 36, actions: 3, maxRounds: 50 };
    const engine = (() => {
      try {
        parseFight(fight);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(engine).toMatch(/^maxRounds: 50 is not allowed \(expected at most 3: /);
    const page = await open('v=1&view=fight&steps=36&actions=3&vs=3&tags=2&max-rounds=50');
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await page.textContent('label[for="max-rounds"]')).toBe('Rounds');
    expect(await page.textContent('.status-error')).toBe(engine!.replace(/^maxRounds:/, 'Rounds:'));
  });

  it('marks the field the engine refuses, with its words, until the question is not refused', async () => {
    // 20 steps in 2 actions against 3 C20 tags: 8 rounds are refused; 4 tags, at any rounds;
    // 10 steps are answered.
    const base = { challenge: 20, steps: 20, actions: 2, titles: 2, fightPolicy: 'per-roll' };
    const refusal = (fight: object) => {
      try {
        parseFight(fight);
      } catch (error) {
        return (error as Error).message;
      }
    };
    const rounds = refusal({ ...base, tags: 3, maxRounds: 8 });
    const tags = refusal({ ...base, tags: 4, maxRounds: 8 });
    expect(rounds).toMatch(/^maxRounds: 8 is not allowed \(expected at most 1: /);
    expect(tags).toMatch(/^tags: 4 is not allowed \(expected at most 3 /);
    /** The field's mark: aria-invalid, and the words of the note it is described by. */
    const mark = (id: string) =>
      page.$eval(`#${id}`, (input) => ({
        invalid: input.getAttribute('aria-invalid'),
        note: (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((note) => document.getElementById(note))
          .find((note) => note?.classList.contains('field-error'))?.textContent,
      }));
    const page = await open(
      'v=1&view=fight&steps=20&actions=2&vs=20&tags=3&max-rounds=8&titles=2&fight-policy=per-roll',
    );
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await page.textContent('.status-error')).toBe(rounds!.replace(/^maxRounds:/, 'Rounds:'));
    expect(await mark('max-rounds')).toEqual({
      invalid: 'true',
      note: rounds!.replace(/^maxRounds: /, ''),
    });
    expect(await mark('tags')).toEqual({ invalid: 'false', note: undefined });
    // Another refusal moves the mark to the field it names.
    await page.click('[aria-label="Tags: one more"]');
    await expect
      .poll(() => page.textContent('.status-error'))
      .toBe(tags!.replace(/^tags:/, 'Tags:'));
    expect(await mark('tags')).toEqual({ invalid: 'true', note: tags!.replace(/^tags: /, '') });
    expect(await mark('max-rounds')).toEqual({ invalid: 'false', note: undefined });
    // A question answered (fewer steps) marks no field.
    await page.click('[aria-label="Tags: one less"]');
    await expect
      .poll(() => mark('max-rounds'))
      .toEqual({
        invalid: 'true',
        note: rounds!.replace(/^maxRounds: /, ''),
      });
    await type(page, 'steps', 10);
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    expect(await mark('tags')).toEqual({ invalid: 'false', note: undefined });
    expect(await mark('max-rounds')).toEqual({ invalid: 'false', note: undefined });
    expect(await page.$('.field-error')).toBeNull();
  });

  it("says a Best split pool past a fight's dice is too many dice, not sides out of range", async () => {
    // Best split takes a pool of 12 dice; a fight, fewer: nine d4 are refused for their count.
    const dice = FIGHT_LIMITS.poolDice + 1;
    const page = await open(`v=1&view=fight&pool=${dice}d4&vs=3&tags=2`);
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await page.textContent('.status-error')).toMatch(
      new RegExp(`^Pool: .* is not allowed \\(expected 1 to ${FIGHT_LIMITS.poolDice} dice, `),
    );
  });

  it("shows Best split's numbers past a fight's bounds as they are, marked, and − brings them in", async () => {
    // Best split allows 12 tags and 72 steps; a fight 10 and 36.
    const page = await open('v=1&view=fight&steps=40&actions=2&vs=4&tags=12');
    await page.waitForSelector('.status-error', { timeout: 60_000 });
    expect(await page.inputValue('#tags')).toBe('12');
    expect(await page.inputValue('#steps')).toBe('40');
    expect(await page.getAttribute('#tags', 'aria-invalid')).toBe('true');
    await page.click('[aria-label="Tags: one less"]');
    await page.click('[aria-label="Steps: one less"]');
    expect(await page.inputValue('#tags')).toBe('10');
    expect(await page.getAttribute('#tags', 'aria-invalid')).toBe('false');
    expect(await page.evaluate(() => location.hash)).toMatch(/&steps=36&.*&tags=10&/);
  });

  it("keeps a whole-fight solve's progress and Cancel in sight on a phone, where a tap stops it", async () => {
    const page = await open(
      'v=1&view=fight&vs=6&tags=6&steps=18&max-rounds=12&fight-policy=whole-fight',
      { viewport: { width: 360, height: 640 } },
    );
    await page.waitForSelector('.status-computing progress', { timeout: 30_000 });
    // On screen, not scrolled to, and nothing over it (Working… shows after a quarter second).
    const cancel = page.locator('.status-computing button:text-is("Cancel")');
    const inSight = () =>
      cancel.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.top >= 0 && box.bottom <= innerHeight && hit === button;
      });
    await expect.poll(inSight, { timeout: 5_000 }).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await page.isVisible('.status-computing progress')).toBe(true);
    // A tap where it stands (the mouse, not a click that scrolls to it first) stops the solve.
    const box = (await cancel.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector('.status-cancelled', { timeout: 5_000 });
    await page.waitForTimeout(500);
    expect(await page.$('.status-computing')).toBeNull();
  });

  it('shows a whole-fight solve progressing, keeps the page responsive, and cancels it', async () => {
    // Whole-fight play for 18 steps against 6 tags over 12 rounds takes over a minute here: it
    // is still computing when Cancel is pressed, however fast the machine.
    const page = await open(
      'v=1&view=fight&vs=6&tags=6&steps=18&max-rounds=12&fight-policy=whole-fight',
    );
    await progressMoves(page);
    // The main thread answers while the worker computes (speed is npm run bench's).
    expect(await page.evaluate(() => 1)).toBe(1);
    await page.click('.status button:text-is("Cancel")');
    await page.waitForSelector('.status-cancelled', { timeout: 5_000 });
    // Progress already sent by the cancelled solve does not bring "Working…" back.
    await page.waitForTimeout(500);
    expect(await page.$$('.status-cancelled')).toHaveLength(1);
    // Asked again for a small whole fight, the fresh worker answers it exactly.
    await page.fill('#steps', '4');
    await page.fill('#max-rounds', '3');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    const shown = await page.$$eval('[data-round]', (rows) =>
      rows.map((row) => Number(row.getAttribute('data-win-within'))),
    );
    const odds = fightOdds(
      parseFight({ challenge: 6, tags: 6, steps: 4, maxRounds: 3, fightPolicy: 'whole-fight' }),
    );
    expect(shown).toHaveLength(3);
    shown.forEach((p, i) => {
      expect(Math.abs(p - odds.pWinWithin[i]!)).toBeLessThan(1e-9);
    });
  });

  it("says a long solve's start and end to a screen reader, not each tick of its count", async () => {
    // Its count ("200 of 1,706") ticked in the live region 17 times in 2 s, Cancel's label too.
    // The whole fight of the test above: still computing when Cancel is pressed, however fast
    // the machine (a splits question of a few seconds could end before its count was read).
    const page = await open(
      'v=1&view=fight&vs=6&tags=6&steps=18&max-rounds=12&fight-policy=whole-fight',
    );
    await progressMoves(page);
    const said = () =>
      page.$$eval('.status[aria-live], .status [aria-live]', (regions) =>
        regions.map((region) => region.textContent),
      );
    expect(await said()).toEqual(['Working…']);
    // The count and Cancel are still shown, and Cancel stops the solve.
    expect(await page.textContent('.status-computing')).toMatch(/Working…[\d,]+ of [\d,]+Cancel/);
    await page.click('.status button:text-is("Cancel")');
    await page.waitForSelector('.status-cancelled', { timeout: 5_000 });
    expect(await said()).toEqual(['Cancelled.']);
  });
});

describe('the offline page on a phone', () => {
  const phone = { viewport: { width: 390, height: 844 } };

  /** A view opened on a phone, once `ready` is shown, with every folded section opened. */
  async function openUnfolded(
    link: string,
    options: OpenOptions = phone,
    ready = '.results[data-state="ready"]',
  ): Promise<Page> {
    const page = await open(link, options);
    await page.waitForSelector(ready, { timeout: 60_000 });
    for (const summary of await page.$$('details:not([open]) > summary')) await summary.click();
    return page;
  }

  it("tints the browser's bar with the page's own background in each colour scheme, as the site does", async () => {
    // Before, dicelab.html had no theme-color at all: the bar kept the browser's own colour.
    const page = await open('v=1&view=characters', phone);
    for (const shown of await themeColorsShown(page)) {
      const { colorScheme } = shown;
      expect(shown.count, colorScheme).toBe(2);
      expect(shown.theme, colorScheme).toBe(shown.expected);
      expect(shown.drawn, colorScheme).toBe(shown.background);
    }
  });

  it('fits 390 px with no sideways scrolling, in every view, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const view of ['splits', 'advice', 'fight', 'whatif']) {
        // Every disclosure open: the page must fit with all of it shown.
        const page = await openUnfolded(
          `v=1&view=${view}&steps=7&actions=2&vs=4&tags=2&split=d12+d2|d8+d4&faces=3,1,8,2&defence=5`,
          { ...phone, colorScheme },
        );
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${view} ${colorScheme}`).toBeLessThanOrEqual(390);
      }
    }
  });

  it("keeps a fight's figures whole, the sign with its number, at 320, 360 and 375 px", async () => {
    // "> 99.9999%" and "< 0.0001%" broke, sign above number, at 360 and 375 px, where the table
    // holds them whole if its headers wrap instead; at 320 px too, in smaller figures.
    const page = await open('v=1&view=fight', { viewport: { width: 360, height: 640 } });
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    const layout = () =>
      page.evaluate(() => ({
        broken: Array.from(document.querySelectorAll('table.rounds td.num'))
          .filter((cell) => {
            const figure = document.createRange();
            figure.selectNodeContents(cell);
            return figure.getClientRects().length > 1;
          })
          .map((cell) => cell.textContent),
        scrollWidth: document.documentElement.scrollWidth,
      }));
    // The default question's rounds 5 to 8 read "> 99.9999%".
    expect(
      await page.$$eval('table.rounds td.num', (cells) => cells.map((c) => c.textContent)),
    ).toContain('>\u00a099.9999%');
    for (const width of [360, 375, 320]) {
      await page.setViewportSize({ width, height: 640 });
      expect(await layout(), `${width} px`).toEqual({ broken: [], scrollWidth: width });
    }
  });

  it("fits 320 and 360 px too: no words past the screen, a fight's rounds and a long split's", async () => {
    // A fight's rounds read "> 99.9999%" and "< 0.0001%" in three columns. Twelve dice stacked
    // on one intent are one word with no space to break at: in Best split's answer, its bar at
    // the foot of the screen, and What if's answer. (A phone's browser widens the page to fit
    // such a word, zooms it out and takes the bar off the screen.)
    const pool = 'pool=d12,d12,d10,d10,d8,d8,d6,d6,d4,d4,d2,d2&vs=3&tags=1';
    const links = ['v=1&view=fight', `v=1&view=splits&${pool}`, `v=1&view=whatif&${pool}&boosts=2`];
    for (const width of [320, 360]) {
      for (const link of links) {
        const page = await open(link, { viewport: { width, height: 640 } });
        await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
        // At the top the answer card is below the question, out of sight: the bar holds it.
        if (link.includes('view=splits')) await page.waitForSelector('.answer-bar');
        expect(await pastTheScreen(page), `${link} at ${width} px`).toEqual([]);
        await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
        expect(await pastTheScreen(page), `${link} at ${width} px, scrolled`).toEqual([]);
      }
    }
  });

  it("keeps each face picker's shown face beside its last word at 320 px", async () => {
    // "The Challenge die (d8) shows" wrapped before its face, which sat alone on a second line.
    const page = await open('v=1&view=advice&vs=4&split=d8|d4&faces=3,4&defence=5', {
      viewport: { width: 320, height: 640 },
    });
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    const apart = await page.$$eval('.face-picker legend', (legends) =>
      legends.flatMap((legend) => {
        const shown = legend.querySelector('.face-shown')!;
        const words = document.createRange();
        words.setStart(legend, 0);
        words.setEndBefore(shown);
        const last = Array.from(words.getClientRects())
          .filter((line) => line.width > 0)
          .at(-1)!;
        const face = shown.getBoundingClientRect();
        // On the same line: the face's box and the last line's overlap vertically.
        return face.top < last.bottom && last.top < face.bottom ? [] : [legend.textContent];
      }),
    );
    expect(await page.$$eval('.face-picker legend', (l) => l.length)).toBeGreaterThanOrEqual(3);
    expect(apart).toEqual([]);
  });

  it("leaves the page's last words clear of the answer bar however many lines it takes", async () => {
    // Twelve dice on two intents: the bar takes 3 lines at 375 px and 4 at 320 px (109 px),
    // where the foot's last line lay 20 px under it behind the room kept for a one-line bar.
    const link = 'v=1&view=splits&pool=d12,d12,d10,d10,d8,d8,d6,d6,d4,d4,d2,d2&vs=3&tags=2';
    for (const width of [320, 375]) {
      const page = await open(link, { viewport: { width, height: 640 } });
      await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
      const toTheEnd = () =>
        page.evaluate(async () => {
          scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        });
      await toTheEnd();
      await page.waitForSelector('.answer-bar');
      // Once more: the bar, come into sight, may have made the page longer.
      await toTheEnd();
      const seen = await page.$eval('.answer-bar', (bar) => {
        const words = document.createRange();
        words.selectNodeContents(document.querySelector('.foot')!);
        const box = bar.getBoundingClientRect();
        const lines = Math.round(box.height / Number.parseFloat(getComputedStyle(bar).lineHeight));
        return { lines, barTop: box.top, wordsBottom: words.getBoundingClientRect().bottom };
      });
      expect(seen.lines, `${width} px`).toBeGreaterThanOrEqual(3);
      expect(seen.wordsBottom, `${width} px`).toBeLessThanOrEqual(seen.barTop);
    }
  });

  it("keeps Best split's rows in their boxes as the answer changes, at 320 and 360 px", async () => {
    // Each of the first rows' box and its cells' (a row is laid out once near the screen:
    // content-visibility), for one answer and the next: a row that changes height as its
    // split or figures change moves every row below it under the player's thumb.
    const boxes = async (page: Page) => {
      const seen: string[] = [];
      for (let i = 1; i <= 8; i++)
        seen.push(
          await page.$eval(`.ranked tbody tr:nth-child(${i})`, async (row) => {
            row.scrollIntoView({ block: 'center' });
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
            return [row, ...Array.from(row.children)]
              .map((box) => box.getBoundingClientRect())
              .map((box) => `${box.width.toFixed(1)}×${box.height.toFixed(1)}`)
              .join(' ');
          }),
        );
      return seen;
    };
    for (const width of [320, 360]) {
      const page = await open('v=1&view=splits&steps=7&actions=2&vs=4&tags=2', {
        viewport: { width, height: 640 },
      });
      await shownSplits(page);
      const before = await boxes(page);
      await nextAnswer(page, () => page.fill('#vs', '3'));
      expect(await boxes(page), `${width} px`).toEqual(before);
    }
  });

  it('scrolls the control the keyboard reaches clear of the header and the answer bar', async () => {
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=2', {
      viewport: { width: 360, height: 640 },
    });
    await shownSplits(page);
    const hidden: string[] = [];
    const look = async () => {
      // Read once the page has drawn the frames after the key (an answer re-drawn meanwhile can
      // stand in a control's place for a frame): what the player sees, not a frame between.
      const settled = () =>
        page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
      let seen = await focusHidden(page);
      if (seen) {
        await settled();
        seen = await focusHidden(page);
      }
      if (seen) hidden.push(seen);
    };
    // Down the question and the answer with Tab: the answer bar stands at the foot of the
    // screen once the answer card is scrolled away.
    await page.focus('#tab-splits');
    const last = '.cli-details > summary';
    while (!(await page.$eval(last, (summary) => summary === document.activeElement))) {
      await page.keyboard.press('Tab');
      await look();
    }
    // The bar comes with the observer's next callback, a frame or so after the scroll.
    await page.waitForSelector('.answer-bar', { timeout: 10_000 }).catch(async (error) => {
      // Say what stood in its way: where the card is, the status, the bar's style.
      const seen = await page.evaluate(() => {
        const cards = document.querySelectorAll('#splits-answer');
        const bar = document.querySelector('.answer-bar');
        return {
          cards: Array.from(cards, (card) => {
            const box = card.getBoundingClientRect();
            return `${box.top.toFixed(0)}..${box.bottom.toFixed(0)} ${card.isConnected}`;
          }),
          scroll: `${scrollY} of ${document.documentElement.scrollHeight} in ${innerHeight}`,
          visibility: document.visibilityState,
          bar:
            bar &&
            `${getComputedStyle(bar).visibility} ${JSON.stringify(bar.getBoundingClientRect())}`,
          status: document.querySelector('.status')?.className,
          results: document.querySelector('.results')?.outerHTML.slice(0, 200),
          active: document.activeElement?.outerHTML.slice(0, 80),
        };
      });
      throw new Error(`no answer bar: ${JSON.stringify(seen)}`, { cause: error });
    });
    // Back up with Shift+Tab: the header stands at the top of the screen.
    while (!(await page.$eval('#tab-splits', (tab) => tab === document.activeElement))) {
      await page.keyboard.press('Shift+Tab');
      await look();
    }
    expect(hidden).toEqual([]);
  });

  it('keeps the answer bar up when a busy phone hears of the card coming and going at once', async () => {
    // A page whose main thread is behind draws frames before it runs an observer's callback,
    // which then hears of every crossing since, oldest first. Here the page's observers hold
    // what the browser reports until the test lets it through, so that the card's coming into
    // sight and going again are heard in one callback, every time, as on such a phone.
    const page = await open('v=1&view=splits&steps=8&vs=3&tags=2', {
      viewport: { width: 360, height: 640 },
    });
    await page.addInitScript(() => {
      const Browser = window.IntersectionObserver;
      const held: (() => boolean[])[] = [];
      Object.assign(window, {
        // Lets the held reports through, a callback per observer: what each one heard.
        hearHeld: () => held.splice(0).map((hear) => hear()),
        IntersectionObserver: class extends Browser {
          constructor(heard: IntersectionObserverCallback, options?: IntersectionObserverInit) {
            let waiting: IntersectionObserverEntry[] = [];
            super((entries, observer) => {
              if (waiting.length === 0)
                held.push(() => {
                  const all = waiting;
                  waiting = [];
                  heard(all, observer);
                  return all.map((entry) => entry.isIntersecting);
                });
              waiting.push(...entries);
            }, options);
          }
        },
      });
    });
    await page.reload();
    await shownSplits(page);
    const frames = () =>
      page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    const hearHeld = () =>
      page.evaluate(() => (window as unknown as { hearHeld: () => boolean[][] }).hearHeld());
    // The card starts below the question, out of sight, and the ranking's first row (which the
    // bar repeats, and stays away for) too: the bar is up.
    await frames();
    expect(await hearHeld()).toEqual([[false], [false]]);
    await page.waitForSelector('.answer-bar');
    // Into sight, then away past the table's end, heard at once: the last is where it is.
    await page.$eval('#splits-answer', (card) => card.scrollIntoView({ block: 'center' }));
    await frames();
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await frames();
    // The card's observer hears both at once; the first row's, below the card, may too.
    const heard = await hearHeld();
    expect(heard).toContainEqual([true, false]);
    for (const crossings of heard) expect(crossings.at(-1)).toBe(false);
    await page.waitForSelector('.answer-bar', { timeout: 5_000 });
  });

  it('labels every control for screen readers and works from the keyboard', async () => {
    for (const view of ['advice', 'fight', 'whatif', 'splits']) {
      const page = await openUnfolded(
        `v=1&view=${view}&steps=6&vs=3&tags=1&split=d8|d4&faces=3,2&defence=5&late-aura=1&explode=1`,
      );
      const unlabelled = await page.$$eval('input, button, select, summary', (controls) =>
        controls
          .filter((c) => {
            const input = c as HTMLInputElement;
            const named =
              (input.labels?.length ?? 0) > 0 ||
              c.getAttribute('aria-label') ||
              c.getAttribute('aria-labelledby') ||
              (c.tagName !== 'INPUT' && c.textContent?.trim());
            return !named;
          })
          .map((c) => c.outerHTML.slice(0, 80)),
      );
      expect(unlabelled, view).toEqual([]);
    }
    const page = await open('v=1&view=splits&steps=6&vs=3&tags=1', phone);
    await shownSplits(page);
    // Tab to the Steps "+" button and press it; arrow keys move between the view tabs.
    await page.focus('#steps');
    await page.keyboard.press('Tab');
    await nextAnswer(page, () => page.keyboard.press('Enter'));
    expect(await page.inputValue('#steps')).toBe('7');
    await page.focus('#tab-splits');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => location.hash)).toMatch(/^#v=1&view=advice&/);
  });

  it("rings a segmented choice's checked option, as the keyboard reaches it, in light and dark", async () => {
    // The checked option is filled with the accent: a ring of the accent inside it was unseen.
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open('v=1&view=splits&steps=8&vs=4&tags=3', { ...phone, colorScheme });
      await shownSplits(page);
      await page.focus('#tab-splits');
      await page.keyboard.press('Tab');
      await expectRingOnChecked(page, colorScheme, 'radio true true', 'type');
    }
  });

  it("rings a face picker's checked face, as the keyboard reaches it, in light and dark", async () => {
    // The checked face is filled with the accent: a ring of the accent around it was unseen.
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open('v=1&view=advice&vs=4&split=d8|d4&faces=3,2&defence=5', {
        ...phone,
        colorScheme,
      });
      await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
      // Out of the first die's faces and back in, from the keyboard: to its checked face.
      await page.focus('#face-0-3');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expectRingOnChecked(page, colorScheme, 'face-0-3 true true', 'id');
    }
  });

  it("draws an off switch's track and a text box's border 3:1 or more against the card, in light and dark", async () => {
    // Each control's boundary against what it adjoins: the off switch's track against the card
    // it sits on and its thumb; a text box's border against the card and the box's inside.
    const controls = [
      { link: 'v=1&view=advice&split=d8|d4&vs=4', control: '#split' },
      { link: 'v=1&view=advice&split=d8|d4&vs=4', control: '.stepper' },
      { link: 'v=1&view=advice&split=d8|d4&vs=4', control: 'input[role="switch"]:not(:checked)' },
      { link: 'v=1&view=characters', control: '#character-name', first: 'text=New character' },
    ];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const { link, control, first } of controls) {
        const page = await openUnfolded(link, { ...phone, colorScheme }, 'main');
        if (first) await page.click(first);
        const drawn = await page.$eval(control, (c) => {
          const style = getComputedStyle(c);
          let around = c.parentElement!;
          while (getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)')
            around = around.parentElement!;
          const card = getComputedStyle(around).backgroundColor;
          return c.getAttribute('role') === 'switch'
            ? {
                boundary: style.backgroundColor,
                adjoining: [card, getComputedStyle(c, '::after').backgroundColor],
              }
            : { boundary: style.borderTopColor, adjoining: [card, style.backgroundColor] };
        });
        const ratios = drawn.adjoining.map((colour) => contrast(drawn.boundary, colour));
        expect(
          ratios.every((ratio) => ratio >= 3),
          `${control} ${colorScheme}: ${drawn.boundary} against ${drawn.adjoining.join(', ')}: ${ratios.join(', ')}`,
        ).toBe(true);
      }
    }
  });

  it('draws a chart again at the new width when the phone is turned, cut off neither way', async () => {
    const page = await open('v=1&view=fight&steps=7&actions=2&vs=4&tags=2', {
      viewport: { width: 844, height: 390 },
    });
    await page.waitForSelector('.chart svg', { timeout: 30_000 });
    // The plot's width against its card's: a chart drawn for another width is cut off or narrow.
    const fitting = () =>
      page.$eval('.chart', (figure) => {
        const card = figure.getBoundingClientRect();
        const svg = figure.querySelector('svg')!.getBoundingClientRect();
        return { fits: svg.right <= card.right, share: svg.width / card.width };
      });
    expect((await fitting()).share).toBeGreaterThan(0.8);
    await page.setViewportSize(phone.viewport);
    await expect
      .poll(fitting, { timeout: 10_000 })
      .toEqual({ fits: true, share: expect.any(Number) });
    expect((await fitting()).share).toBeGreaterThan(0.8);
    await page.setViewportSize({ width: 844, height: 390 });
    await expect
      .poll(async () => (await fitting()).share, { timeout: 10_000 })
      .toBeGreaterThan(0.8);
  });

  it("draws Best split's bar chart readable at 320 px: its card's width, no label cut, wide bars", async () => {
    const page = await open('v=1&view=splits&steps=9&actions=3&vs=4&tags=3', {
      viewport: { width: 320, height: 640 },
    });
    await shownSplits(page);
    await page.click('summary:has-text("Bar chart")');
    await page.waitForSelector('.chart svg', { timeout: 30_000 });
    const chart = await page.$eval('.chart', (figure) => {
      const box = figure.querySelector('.chart-box')!.getBoundingClientRect();
      const svg = figure.querySelector('svg')!.getBoundingClientRect();
      const texts = Array.from(figure.querySelectorAll('svg text'));
      const bars = Array.from(figure.querySelectorAll('svg .mark-rect path'));
      return {
        share: svg.width / box.width,
        // A text past the SVG's edge is cut off (an axis's title, a bar's label).
        cut: texts
          .filter((text) => {
            const at = text.getBoundingClientRect();
            return at.width > 0 && (at.left < svg.left - 0.5 || at.right > svg.right + 0.5);
          })
          .map((text) => text.textContent),
        widestBar: Math.max(...bars.map((bar) => bar.getBoundingClientRect().width)) / svg.width,
      };
    });
    expect(chart.cut).toEqual([]);
    expect(chart.share).toBeGreaterThan(0.98);
    // Beside the split names and the margins the bars keep near a third of the chart (a fifth
    // was left them when the chart was drawn narrower than its card, with wide margins).
    expect(chart.widestBar).toBeGreaterThan(0.3);
  });

  it('marks each disclosure as one that opens, and as open once opened', async () => {
    const page = await open(ISSUE_LINK, phone);
    await shownSplits(page);
    const markers = () =>
      page.$$eval('details > summary', (summaries) =>
        summaries.map((summary) => getComputedStyle(summary, '::before').content),
      );
    // Archetype and rules, the bar chart, the command line.
    expect(await markers()).toEqual(['"▸"', '"▸"', '"▸"']);
    await page.click('summary:has-text("Bar chart")');
    expect(await markers()).toEqual(['"▸"', '"▾"', '"▸"']);
  });

  it("puts a disclosure's triangle beside its title's first line, wrapped or not", async () => {
    // Its note wrapped below "Archetype and rules" at 360 px, and the rows spread: the title's
    // line stood 10 px above the triangle, which was centred on the summary's top 44 px.
    const page = await open('v=1&view=splits', { viewport: { width: 360, height: 640 } });
    await shownSplits(page);
    const geometry = (text: string) =>
      page.$$eval(
        'details > summary',
        (summaries, text) => {
          const summary = summaries.find((s) => s.textContent!.startsWith(text))!;
          const box = summary.getBoundingClientRect();
          const triangle = getComputedStyle(summary, '::before');
          const title = document.createRange();
          title.selectNodeContents(summary.firstChild!);
          const line = title.getClientRects()[0]!;
          return {
            height: box.height,
            // The note on a row of its own, below the title.
            wrapped:
              (summary.querySelector('.summary-note')?.getBoundingClientRect().top ?? 0) >=
              line.bottom,
            titleMiddle: line.top + line.height / 2 - box.top,
            triangleMiddle:
              summary.clientTop + parseFloat(triangle.top) + parseFloat(triangle.height) / 2,
          };
        },
        text,
      );
    for (const width of [360, 1024]) {
      await page.setViewportSize({ width, height: 640 });
      const wrapped = await geometry('Archetype and rules');
      expect(wrapped.wrapped, `${width} px`).toBe(true);
      expect(Math.abs(wrapped.titleMiddle - wrapped.triangleMiddle), `${width} px`).toBeLessThan(2);
      expect(wrapped.height).toBeGreaterThanOrEqual(44);
      // A one-row summary keeps its 44 px, its title in the middle.
      const oneRow = await geometry('Bar chart');
      expect(oneRow.height).toBe(44);
      expect(Math.abs(oneRow.titleMiddle - 22), `${width} px`).toBeLessThan(1);
      expect(Math.abs(oneRow.triangleMiddle - 22), `${width} px`).toBeLessThan(1);
    }
  });

  it('gives every button and disclosure a thumb-sized target, in every view', async () => {
    const links = [
      'v=1&view=splits&steps=7&actions=2&vs=4&tags=2',
      'v=1&view=advice&split=d8|d4&faces=3,4&defence=5&vs=4&resolve=1',
      'v=1&view=fight&steps=7&actions=2&vs=4&tags=2',
      'v=1&view=whatif&steps=7&actions=2&vs=4&tags=2&boosts=2',
      'v=1&view=ring-skill&ring=3&skill=2&tn=3&ring-faces=5,1,2&skill-faces=5,1',
      'v=1&view=characters',
    ];
    for (const link of links) {
      const page = await openUnfolded(link, phone, '.results[data-state="ready"], .characters');
      const small = await page.$$eval('button, summary, select, .file-button', (controls) =>
        controls
          .map((c) => ({ c, box: c.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height < 40)
          .map(({ c, box }) => `${c.outerHTML.slice(0, 60)}: ${Math.round(box.height)} px`),
      );
      expect(small, link).toEqual([]);
    }
  });

  it("gives every die's face a thumb-sized button on a narrow phone, d2 to d20", async () => {
    // Eight faces of a d8 in one row at 320 px were 30 px wide each (39 px at 390 px).
    const link = 'v=1&view=advice&split=d12|d10|d8|d6|d4|d2&vs=10&vs2=4';
    for (const width of [320, 360, 390]) {
      const page = await open(link, { viewport: { width, height: 640 } });
      await page.waitForSelector('.faces');
      const pickers = await page.$$eval('.faces', (all) =>
        all.map((faces) =>
          Array.from(faces.querySelectorAll('label.face'), (face) => face.getBoundingClientRect()),
        ),
      );
      // Every die of the split, the Challenge's d20 and the second Challenge's d8.
      expect(pickers.map((faces) => faces.length)).toEqual([12, 10, 8, 6, 4, 2, 20, 8]);
      const small = pickers
        .flat()
        .filter((box) => box.width < 44 || box.height < 44)
        .map((box) => `${box.width.toFixed(1)} × ${box.height.toFixed(1)}`);
      expect(small, `${width} px`).toEqual([]);
    }
  });

  it('gives each on/off switch a thumb-sized target, not only the 28 px it is drawn', async () => {
    const links = [
      'v=1&view=advice&split=d8|d4&faces=3,4&defence=5&vs=4',
      'v=1&view=fight&steps=7&vs=4&tags=2',
      'v=1&view=whatif&steps=7&vs=4&tags=2&boosts=2',
    ];
    for (const link of links) {
      const page = await openUnfolded(link);
      // What a tap 21 px above or below a switch's middle lands on: the switch, or its label.
      const missed = await page.$$eval('input[role="switch"]', (switches: HTMLInputElement[]) =>
        switches.flatMap((s) => {
          s.scrollIntoView({ block: 'center' });
          const box = s.getBoundingClientRect();
          const middle = box.top + box.height / 2;
          return [middle - 21, middle + 21]
            .map((y) => document.elementFromPoint(box.left + box.width / 2, y))
            .filter((hit) => hit !== s && hit !== s.labels?.[0])
            .map((hit) => `#${s.id}: ${hit?.className}`);
        }),
      );
      expect(missed, link).toEqual([]);
    }
  });

  it('keeps each tab label in its tab and the header one height, whichever tab is open, at 320-375 px', async () => {
    // The open tab's label is bold, and wider: at 320 px "Sheets" ran 9 px past its tab, and
    // "Ring & Skill" took a third line, so the sticky header grew by a line on that tab alone.
    for (const width of [320, 360, 375]) {
      const page = await open('v=1&view=splits', { viewport: { width, height: 640 } });
      const heights = new Set<number>();
      for (const tab of await page.$$('[role="tab"]')) {
        await tab.click();
        await page.waitForFunction((t) => t.getAttribute('aria-selected') === 'true', tab);
        const overflowing = await page.$$eval('[role="tab"]', (tabs) =>
          tabs
            .filter((t) => t.scrollWidth > t.clientWidth)
            .map((t) => `${t.textContent}: ${t.scrollWidth} px in ${t.clientWidth}`),
        );
        expect(overflowing, `${await tab.textContent()} open at ${width} px`).toEqual([]);
        heights.add(
          await page.$eval('.top', (top) => Math.round(top.getBoundingClientRect().height)),
        );
      }
      expect([...heights], `the header at ${width} px`).toHaveLength(1);
    }
  });

  it('lets the header scroll away on a short screen (400% zoom), keeping the answer bar', async () => {
    // 320 × 256 is a 1280-wide window at 400%: the sticky header (92 px) and the answer bar
    // (62 px) left the question 94 px. On a taller phone the header stays at hand.
    for (const { width, height, sticky } of [
      { width: 320, height: 256, sticky: false },
      { width: 390, height: 844, sticky: true },
    ]) {
      const page = await open('v=1&view=splits&steps=8&vs=3&tags=2', {
        viewport: { width, height },
      });
      await shownSplits(page);
      await page.$eval('#tags', (tags) => tags.scrollIntoView({ block: 'center' }));
      await page.waitForSelector('.answer-bar', { timeout: 10_000 });
      const seen = await page.$eval('.top', (top) => {
        const bar = document.querySelector('.answer-bar')!.getBoundingClientRect();
        return {
          header: top.getBoundingClientRect().bottom > 0,
          bar: bar.top < innerHeight && bar.bottom <= innerHeight,
        };
      });
      expect(seen, `${width} × ${height}`).toEqual({ header: sticky, bar: true });
    }
  });

  it('leaves phone-size screenshots of the landing view to look at (reports/page-phone*.png)', async () => {
    const page = await open(ISSUE_LINK, phone);
    await shownSplits(page);
    const dir = fileURLToPath(new URL('../../reports/', import.meta.url));
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: `${dir}page-phone.png` });
    await page.screenshot({ path: `${dir}page-phone-full.png`, fullPage: true });
    const dark = await open(ISSUE_LINK, { ...phone, colorScheme: 'dark' });
    await shownSplits(dark);
    await dark.evaluate(() => document.querySelector('.answer')?.scrollIntoView());
    await dark.screenshot({ path: `${dir}page-phone-dark.png` });
  });
});

describe('the offline page at a desk', () => {
  it('keeps the whole question within reach beside a long answer, its card scrolling by itself', async () => {
    const page = await open(
      'v=1&view=whatif&steps=9&actions=3&vs=4&tags=3&aura-max=3&ties-go-to=roller',
      { viewport: { width: 1280, height: 800 } },
    );
    await shownSplits(page);
    // Well into the ranking: the card stays beside it, all of it on screen or in its own scroll.
    await page.evaluate(() => scrollTo(0, 2000));
    const reach = await page.$eval('.question', (card) => {
      card.scrollTop = card.scrollHeight;
      const last = card.querySelector('button.reset')!.getBoundingClientRect();
      return { cardBottom: card.getBoundingClientRect().bottom, lastBottom: last.bottom };
    });
    expect(reach.cardBottom).toBeLessThanOrEqual(800);
    expect(reach.lastBottom).toBeLessThanOrEqual(800);
    await nextAnswer(page, () => page.click('button.reset'));
    expect(await page.evaluate(() => location.hash)).not.toContain('ties-go-to');
  });
});

/**
 * The focused radio's ring (drawn on the element after it) is solid, 3 px, and 3:1 or more both
 * against what is inside it (an inset band, else the fill) and against its card; `focused` is
 * the radio's `named` property, whether it is checked and whether it shows focus from the keyboard.
 */
async function expectRingOnChecked(
  page: Page,
  colorScheme: string,
  focused: string,
  named: 'type' | 'id',
): Promise<void> {
  const drawn = await page.evaluate((named) => {
    const radio = document.activeElement as HTMLInputElement;
    const shown = getComputedStyle(radio.nextElementSibling!);
    // Inside the ring: an inset band drawn between it and the fill, else the fill.
    const band = /inset/.test(shown.boxShadow) ? /^rgba?\([^)]*\)/.exec(shown.boxShadow) : null;
    return {
      focused: `${radio[named]} ${radio.checked} ${radio.matches(':focus-visible')}`,
      ring: `${shown.outlineStyle} ${shown.outlineWidth}`,
      ringColour: shown.outlineColor,
      inside: band?.[0] ?? shown.backgroundColor,
      card: getComputedStyle(radio.closest('.question')!).backgroundColor,
    };
  }, named);
  expect(drawn.focused, colorScheme).toBe(focused);
  expect(drawn.ring, colorScheme).toBe('solid 3px');
  expect(
    {
      inside: contrast(drawn.ringColour, drawn.inside) >= 3,
      card: contrast(drawn.ringColour, drawn.card) >= 3,
    },
    `${colorScheme}: ${JSON.stringify(drawn)}`,
  ).toEqual({ inside: true, card: true });
}

/** Waits for a solve's progress bar to show, then to move on from its first value. */
async function progressMoves(page: Page): Promise<void> {
  await page.waitForSelector('.status-computing progress', { timeout: 30_000 });
  const first = Number(await page.getAttribute('.status-computing progress', 'value'));
  await page.waitForFunction(
    (before) =>
      Number(document.querySelector('.status-computing progress')?.getAttribute('value')) > before,
    first,
    { timeout: 30_000 },
  );
}
