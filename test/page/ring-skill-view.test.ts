import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advise, odds } from '../../src/api/ring-skill.ts';
import { toCsv } from '../../src/report/csv.ts';
import type { RingSkillAdvice } from '../../src/systems/ring-skill/advise.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';
import { launchTestBrowser, type OpenPage, type TestBrowser } from '../report/browser.ts';
import { pageUrl } from './offline-page.ts';

/**
 * The Ring & Skill view in a real Chromium: the chance it shows is the library's `odds` (the
 * solver `dicelab ring-skill odds` runs), and the keeps it ranks for the faces tapped are
 * `advise`'s, in its order, with its values; the command line it shows gives the same advice.
 */

let browser: TestBrowser;
const opened: OpenPage[] = [];

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
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
});

async function open(fragment = ''): Promise<Page> {
  const page = await browser.open(pageUrl(fragment), { viewport: { width: 390, height: 844 } });
  opened.push(page);
  return page.page;
}

/** Waits until the results answer a question whose key contains every one of `parts`. */
async function answered(page: Page, ...parts: string[]): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const results = document.querySelector('.results[data-state="ready"]');
      const key = results?.getAttribute('data-answered') ?? '';
      return want.every((part) => key.includes(part));
    },
    parts,
    { timeout: 120_000 },
  );
}

async function shownChance(page: Page): Promise<number> {
  return Number(await page.getAttribute('[data-p-success]', 'data-p-success'));
}

async function shownKeeps(page: Page): Promise<{ keep: string; eu: number }[]> {
  return page.$$eval('[data-keep]', (rows) =>
    rows.map((row) => ({
      keep: row.getAttribute('data-keep') ?? '',
      eu: Number(row.getAttribute('data-eu')),
    })),
  );
}

/** Reads a downloaded export's text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

function keepsOf(advice: RingSkillAdvice): { keep: string; eu: number }[] {
  return advice.actions.map((a) => ({
    keep: `ring:${a.keep.ring.join(',')}|skill:${a.keep.skill.join(',')}`,
    eu: a.expectedUtility,
  }));
}

describe('the Ring & Skill view', () => {
  it("shows ring 3, skill 2 against TN 3 at the library's chance, set field by field", async () => {
    const page = await open();
    await page.click('#tab-ring-skill');
    await page.fill('#ring', '3');
    await page.fill('#skill', '2');
    await page.fill('#tn', '3');
    await answered(page, '"ring":3', '"skill":2', '"tn":3');
    const library = odds({ ring: 3, skill: 2, tn: 3 });
    expect(library.pSuccess).toBeGreaterThan(0.5);
    expect(library.pSuccess).toBeLessThan(0.8);
    expect(Math.abs((await shownChance(page)) - library.pSuccess)).toBeLessThan(1e-12);
    expect(await page.textContent('.headline')).toContain(
      `${(library.pSuccess * 100).toFixed(1)}%`,
    );
    await page.waitForFunction(() => location.hash.includes('view=ring-skill'));
    expect(await page.evaluate(() => location.hash)).toContain('ring=3&skill=2&tn=3');
  });

  it('ranks the keeps of the faces tapped as advise does, and its command line agrees', async () => {
    const page = await open('v=1&view=ring-skill&ring=3&skill=2&tn=3');
    await answered(page, '"tn":3');
    expect(await page.$('[data-keep]')).toBeNull();
    // Ring 6 (explosive success + strife), 4 (success + strife), 1 (blank); Skill 12
    // (explosive success + strife), 7 (success).
    for (const [die, face] of [
      ['ring-face-0', 6],
      ['ring-face-1', 4],
      ['ring-face-2', 1],
      ['skill-face-0', 12],
      ['skill-face-1', 7],
    ] as const)
      await page.click(`label:has(#${die}-${face})`);
    await answered(page, '"ring":[6,4,1]', '"skill":[12,7]');
    const library = advise({
      check: { ring: 3, skill: 2, tn: 3 },
      ring: [6, 4, 1],
      skill: [12, 7],
    });
    const shown = await shownKeeps(page);
    expect(shown.length).toBeGreaterThanOrEqual(5);
    expect(shown.map((k) => k.keep)).toEqual(keepsOf(library).map((k) => k.keep));
    shown.forEach((k, i) => {
      expect(Math.abs(k.eu - library.actions[i]!.expectedUtility)).toBeLessThan(1e-12);
    });
    // The odds stay the check's, whatever the faces.
    expect(Math.abs((await shownChance(page)) - odds({ ring: 3, skill: 2, tn: 3 }).pSuccess)).toBe(
      0,
    );
    const command = (await page.textContent('code.cli')) ?? '';
    expect(command).toBe(
      'dicelab ring-skill advise --ring 3 --skill 2 --tn 3 --ring-faces 6,4,1 --skill-faces 12,7',
    );
    const cli = await cliInProcess(...command.split(' ').slice(1), '--json');
    expect(cli.status, cli.stderr).toBe(0);
    expect(keepsOf(JSON.parse(cli.stdout) as RingSkillAdvice)).toEqual(keepsOf(library));
    expect(await page.textContent('#ring-skill-advice')).toMatch(/^Keep /);
  });

  it('takes the options from a link, and names a bad key with what is allowed', async () => {
    const page = await open(
      'v=1&view=ring-skill&ring=2&skill=1&tn=2&keep-for=most-successes&explode-depth=2&ring-faces=5,3,1',
    );
    await page.waitForSelector('.problems li');
    expect(await page.textContent('.problems li')).toContain(
      'ring-faces: "5,3,1" is not allowed (expected at most 2 faces, one for each Ring die (ring))',
    );
    await answered(page, '"objective":"most-successes"', '"explodeDepth":2');
    const library = odds({
      ring: 2,
      skill: 1,
      tn: 2,
      objective: 'most-successes',
      explodeDepth: 2,
    });
    expect(Math.abs((await shownChance(page)) - library.pSuccess)).toBeLessThan(1e-12);
    // Faces from a link: the advice is the library's too.
    await page.click('label:has(#ring-face-0-5)');
    await page.click('label:has(#ring-face-1-3)');
    await page.click('label:has(#skill-face-0-11)');
    await answered(page, '"ring":[5,3]', '"skill":[11]');
    const advice = advise({
      check: { ring: 2, skill: 1, tn: 2, objective: 'most-successes', explodeDepth: 2 },
      ring: [5, 3],
      skill: [11],
    });
    expect((await shownKeeps(page)).map((k) => k.keep)).toEqual(keepsOf(advice).map((k) => k.keep));
  });

  it("shows what to keep from every later wave as advise gives it, in the CLI's words, on a 320 px phone", async () => {
    const phone = await browser.open(
      pageUrl('v=1&view=ring-skill&ring=2&skill=1&tn=4&ring-faces=6,6&skill-faces=11'),
      { viewport: { width: 320, height: 640 } },
    );
    opened.push(phone);
    const page = phone.page;
    await answered(page, '"ring":[6,6]', '"skill":[11]');
    const tn = 4;
    const library = advise({ check: { ring: 2, skill: 1, tn }, ring: [6, 6], skill: [11] });
    // Later waves of several situations: successes short of the TN and met, Ring and Skill dice.
    expect(library.laterWaves.some((w) => w.successes < tn)).toBe(true);
    expect(library.laterWaves.some((w) => w.wave > 2)).toBe(true);
    expect(await page.locator('.later-waves > summary').count()).toBe(1);
    await page.click('.later-waves > summary');
    const shown = await page.$$eval('.later-waves [data-waves]', (sections) =>
      sections.map((section) => ({
        waves: (section.getAttribute('data-waves') ?? '').split(',').map(Number),
        heading: section.querySelector('h3')?.textContent ?? '',
        outcomes: Array.from(section.querySelectorAll('li')).map((li) => ({
          text: li.textContent ?? '',
          p: Number(li.getAttribute('data-probability')),
        })),
      })),
    );
    // Each later wave once, under a heading naming its wave, successes and dice, with every
    // outcome at advise's chance and its keep.
    expect(shown.reduce((n, s) => n + s.waves.length, 0)).toBe(library.laterWaves.length);
    for (const w of library.laterWaves) {
      const dice = [
        w.dice.ring ? `${w.dice.ring} Ring di${w.dice.ring === 1 ? 'e' : 'ce'}` : '',
        w.dice.skill ? `${w.dice.skill} Skill di${w.dice.skill === 1 ? 'e' : 'ce'}` : '',
      ].filter(Boolean);
      const kept = w.successes >= tn ? `TN ${tn} met` : `${w.successes} successes kept`;
      const matching = shown.filter(
        (s) =>
          s.waves.includes(w.wave) &&
          s.heading.endsWith(`, ${kept}, rolling ${dice.join(' and ')}`) &&
          s.outcomes.length === w.outcomes.length &&
          s.outcomes.every((o, i) => {
            const want = w.outcomes[i]!;
            return (
              Math.abs(o.p - want.probability) < 1e-12 &&
              o.text.startsWith(
                `${want.rolled.join(', ')} (${(want.probability * 100).toFixed(1)}%): `,
              ) &&
              o.text.endsWith(want.keep.length ? `keep ${want.keep.join(', ')}` : 'keep none')
            );
          }),
      );
      expect(matching, `wave ${w.wave}, ${kept}, ${dice.join(' and ')}`).toHaveLength(1);
    }
    expect(await page.getByRole('heading', { level: 3 }).count()).toBe(shown.length);
    // The headings are the CLI's, line for line.
    const cli = await cliInProcess(
      ...'ring-skill advise --ring 2 --skill 1 --tn 4 --ring-faces 6,6 --skill-faces 11'.split(' '),
    );
    expect(cli.status, cli.stderr).toBe(0);
    const cliLines = cli.stdout.split('\n');
    const title = cliLines.findIndex((line) => line.startsWith('Each later wave'));
    expect(await page.textContent('.later-waves > summary')).toBe(cliLines[title]!.slice(0, -1));
    expect(shown.map((s) => `${s.heading}:`)).toEqual(
      cliLines.slice(title + 1).filter((line) => /^waves? /.test(line)),
    );
    // A phone's width holds it: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    const right = await page.$$eval('.later-waves h3, .later-waves li', (nodes) =>
      Math.max(...nodes.map((n) => n.getBoundingClientRect().right)),
    );
    expect(right).toBeLessThanOrEqual(320);
  });

  it('exports the keeps as the table shows them: CSV with every figure in full, JSON with the question', async () => {
    const page = await open(
      'v=1&view=ring-skill&ring=2&skill=1&tn=2&ring-faces=6,4&skill-faces=11',
    );
    await answered(page, '"ring":[6,4]', '"skill":[11]');
    const library = advise({ check: { ring: 2, skill: 1, tn: 2 }, ring: [6, 4], skill: [11] });
    // Each keep by its dice and the kinds they show, as the table names it, then its figures.
    const faces = { R: [6, 4], S: [11] };
    const rows = library.actions.map((a) => ({
      keep: [
        ...a.keep.ring.map((i) => `R${i + 1}=${faces.R[i]}`),
        ...a.keep.skill.map((i) => `S${i + 1}=${faces.S[i]}`),
      ].join(' '),
      showing: a.kept.join(', '),
      pSuccess: a.pSuccess,
      expectedStrife: a.expectedStrife,
    }));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(
      await page.$$eval('[data-keep] .split-name', (names) => names.map((n) => n.textContent)),
    ).toEqual(rows.map((r) => r.keep));
    const csv = await download(page, '.export button:text-is("CSV")');
    expect(csv.name).toBe('dicelab-ring-skill.csv');
    expect(csv.text.split('\r\n')[0]).toBe('keep,showing,pSuccess,expectedStrife');
    expect(csv.text).toBe(
      toCsv(rows, [
        { key: 'keep', header: 'Keep' },
        { key: 'showing', header: 'Showing' },
        { key: 'pSuccess', header: 'Success' },
        { key: 'expectedStrife', header: 'Strife' },
      ]),
    );
    const json = JSON.parse((await download(page, '.export button:text-is("JSON")')).text);
    expect(json.rows).toEqual(rows);
    expect(json.command).toBe(
      'dicelab ring-skill advise --ring 2 --skill 1 --tn 2 --ring-faces 6,4 --skill-faces 11',
    );
    expect(json.link).toBe(await page.evaluate(() => location.hash));
    expect(json.sentence).toBe(await page.textContent('#ring-skill-advice'));
  });
});
