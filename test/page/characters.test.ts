import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SplitRow } from '../../src/systems/zidara/analyses/splits.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';
import { expectSameRanking, pageUrl, pastTheScreen, shownSplits } from './offline-page.ts';
import { pageSession } from './page-session.ts';

const session = pageSession();

/** Opens the page with no character saved (the browser's store is shared by file:// pages). */
async function open(fragment: string): Promise<Page> {
  const page = await session.open(pageUrl(fragment));
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  return page;
}

const scenario = (name: string) =>
  fileURLToPath(new URL(`../../scenarios/${name}`, import.meta.url));

/** `dicelab zidara splits … --format json`'s rows. */
async function cliRows(...args: string[]): Promise<SplitRow[]> {
  const cli = await cliInProcess('zidara', 'splits', ...args, '--format', 'json');
  expect(cli.status, cli.stderr).toBe(0);
  return JSON.parse(cli.stdout).rows as SplitRow[];
}

async function expectRanking(page: Page, rows: readonly SplitRow[]) {
  expectSameRanking(await shownSplits(page), rows);
}

async function fragment(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(
    await page.evaluate(() => [...new URLSearchParams(location.hash.slice(1)).entries()]),
  );
}

/** The focused control: "its card's name: its label or text" ("Ash: Edit"), a field's `#id`, or `body`. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    if (element.matches('input, textarea')) return `#${element.id}`;
    const card = element.closest('[data-character]')?.querySelector('h3')?.textContent;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return card ? `${card}: ${name}` : name;
  });
}

describe("the player's characters", () => {
  it("imports a scenario file's characters, and a set action asks Best split what the CLI asks", async () => {
    const page = await open('v=1&view=characters');
    await page.setInputFiles('#import-characters', scenario('vesk-locks.yaml'));
    const card = page.locator('[data-character="vesk"]');
    await card.waitFor();
    // Steps are 1 for the action and 1 a line on it. Two Titles: Resolve 2.
    expect(await card.locator('.set-action').allTextContents()).toEqual([
      'locks · 5 steps',
      'sneak · 5 steps',
      'fight · 2 steps',
    ]);
    await card.locator('.set-action:text-is("locks · 5 steps")').click();
    expect(await fragment(page)).toMatchObject({ view: 'splits', steps: '5', resolve: '2' });
    // The button is gone with Sheets: focus goes on from Best split's question.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('How should I split my dice?');
    await expectRanking(
      page,
      await cliRows('--steps', '5', '--vs', '3', '--intents', '1-2', '--resolve', '2'),
    );
    // Kept by the browser: a reload still has Vesk, and the picker above Best split offers her.
    await page.reload();
    await page.waitForSelector('.character-picker');
    expect(await page.inputValue('#splits-character')).toBe('vesk');
  });

  it('shows no list while there is no character, and one once there is', async () => {
    // An empty list is still a list to a screen reader ("list, 0 items").
    const page = await open('v=1&view=characters');
    await page.waitForSelector('text=No character yet');
    const lists = page.locator('.characters').getByRole('list');
    expect(await lists.count()).toBe(0);
    await page.setInputFiles('#import-characters', scenario('vesk-locks.yaml'));
    await page.locator('[data-character="vesk"]').waitFor();
    expect(await lists.getByRole('listitem').count()).toBe(1);
  });

  it("makes a character in the form, and a combo adds a friend's set action and its split", async () => {
    const page = await open('v=1&view=characters&vs=4');
    await page.setInputFiles('#import-characters', scenario('vesk-locks.yaml'));
    await page.locator('[data-character="vesk"]').waitFor();
    await page.click('button:text-is("New character")');
    await page.fill('#character-name', 'Ash the Warrior');
    await page.fill('#character-titles', '1');
    await page.click('label[for="character-explode"]');
    await page.fill('#action-name-0', 'fight');
    await page.fill('#action-lines-0', 'Blade of the Ninth Company\nfight with a sword\nsword');
    await page.click('button:text-is("Save")');
    const ash = page.locator('[data-character="ash-the-warrior"]');
    await ash.waitFor();
    expect(await ash.locator('.set-action').allTextContents()).toEqual(['fight · 4 steps']);
    // Fight: Ash's set action fills the steps, her Titles and Warrior.
    await page.click('#tab-fight');
    await page.selectOption('#fight-character', 'ash-the-warrior');
    await page.click('.character-picker .set-action:text-is("fight · 4 steps")');
    expect(await fragment(page)).toMatchObject({
      view: 'fight',
      steps: '4',
      titles: '1',
      resolve: '1',
      explode: '1',
    });
    // Best split: Vesk's locks in a combo with Ash's fight: 5 + 4 steps, two actions.
    await page.click('#tab-splits');
    await page.selectOption('#splits-character', 'vesk');
    await page.click('.character-picker summary');
    await page.selectOption('#splits-combo', 'ash-the-warrior/fight');
    await page.click('.character-picker .set-action:text-is("locks · 5 steps")');
    const asked = await fragment(page);
    expect(asked).toMatchObject({ steps: '9', actions: '2', resolve: '2' });
    expect(asked.explode).toBeUndefined(); // the roll is Vesk's: no exploding dice
    await expectRanking(
      page,
      await cliRows(
        '--steps',
        '9',
        '--actions',
        '2',
        '--vs',
        '4',
        '--intents',
        '1-2',
        '--resolve',
        '2',
      ),
    );
    // A set action is a question of its own: Back returns to the one before it, Ash's 4 steps.
    await page.goBack();
    await page.waitForFunction(() => /view=splits&steps=4&/.test(location.hash));
    expect(await fragment(page)).toMatchObject({ view: 'splits', steps: '4', actions: '1' });
  });

  it("exports a character as a file (a scenario file's characters: section) that it imports again", async () => {
    const page = await open('v=1&view=characters');
    await page.setInputFiles('#import-characters', scenario('ash-fights.yaml'));
    const card = page.locator('[data-character="ash"]');
    await card.waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      card.locator('button:text-is("Export")').click(),
    ]);
    expect(file.suggestedFilename()).toBe('ash.json');
    const text = await readFile((await file.path())!, 'utf8');
    const original = parse(await readFile(scenario('ash-fights.yaml'), 'utf8')).characters.ash;
    expect(JSON.parse(text)).toEqual({ characters: { ash: original } });
    page.once('dialog', (dialog) => dialog.accept());
    await card.locator('button:text-is("Delete")').click();
    await card.waitFor({ state: 'detached' });
    const saved = join(tmpdir(), 'ash.json');
    await writeFile(saved, text);
    await page.setInputFiles('#import-characters', saved);
    await card.waitFor();
    expect(await card.locator('.set-action').allTextContents()).toEqual(['fight · 4 steps']);
  });

  it("drops a Warrior's explosion depth with the Warrior (a depth without exploding dice is refused)", async () => {
    const page = await open('v=1&view=characters');
    const file = join(tmpdir(), 'deep-warrior.yaml');
    await writeFile(
      file,
      'characters:\n  ash:\n    archetype: { name: Warrior, explode: true, explodeDepth: 3 }\n    actions: { fight: 4 }\n',
    );
    await page.setInputFiles('#import-characters', file);
    const card = page.locator('[data-character="ash"]');
    await card.waitFor();
    await card.locator('button:text-is("Edit")').click();
    await page.click('label[for="character-explode"]');
    await page.click('button:text-is("Save")');
    await page.locator('.characters >> text=Saved').waitFor();
    expect(await page.locator('.problems li').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.locator('button:text-is("Export")').click(),
    ]);
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(saved.characters.ash.archetype).toEqual({
      name: 'Warrior',
      explode: false,
      boostsPerRoll: 1,
    });
  });

  it('refuses to save while a field says its typed text is not allowed, and goes to that field', async () => {
    const page = await open('v=1&view=characters');
    await page.click('button:text-is("New character")');
    await page.fill('#character-name', 'Kaya');
    // Typed key by key, as a player does: "1" is taken on the way to "15", which is not.
    const titles = page.locator('#character-titles');
    await titles.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('15', { delay: 100 });
    const error = page.locator('#character-titles-error');
    await expect.poll(() => error.textContent()).toBe('An integer from 0 to 10');
    for (const submit of [
      () => page.click('button:text-is("Save")'),
      () => page.keyboard.press('Enter'),
    ]) {
      await submit();
      await page.waitForTimeout(300);
      expect(await page.locator('[data-character]').count()).toBe(0);
      expect(await titles.inputValue()).toBe('15');
      expect(await titles.getAttribute('aria-invalid')).toBe('true');
      expect(await error.textContent()).toBe('An integer from 0 to 10');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('character-titles');
    }
    // Put right, it saves what the field shows.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3', { delay: 100 });
    await page.click('button:text-is("Save")');
    const card = page.locator('[data-character="kaya"]');
    await card.waitFor();
    expect(await card.locator('p').first().textContent()).toMatch(/^3 Titles/);
  });

  it('keeps a long name and a long set action on the screen of a narrow phone', async () => {
    // Names with no space to break at: on their card, as set actions to tap, and above Best split.
    const page = await open('v=1&view=characters');
    await page.setViewportSize({ width: 320, height: 640 });
    const name = 'Thundercrashvalkyrieoftheeasternwinds';
    await page.setInputFiles('#import-characters', {
      name: 'long.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from(
        `characters:\n  thunder:\n    name: ${name}\n    actions: { swingthegreataxeofthenorthernpeaks: 6 }\n`,
      ),
    });
    await page.locator('[data-character="thunder"]').waitFor();
    expect(await pastTheScreen(page), 'Sheets').toEqual([]);
    await page.click('#tab-splits');
    await page.waitForSelector('.character-picker .set-action');
    expect(await pastTheScreen(page), 'Best split').toEqual([]);
  });

  // Before, the YAML parser made such a key text and said so on the console ("Keys with
  // collection values will be stringified due to JS Object restrictions …"); a key of the
  // file's own, outside characters:, was then read without a word on the page.
  it.each([
    ['a character', 'characters:\n  ? [a, b]\n  : { actions: { locks: 5 } }\n', 2, 5],
    ['the file', '? [a, b]\n: 1\ncharacters:\n  vesk: { actions: { locks: 5 } }\n', 1, 3],
  ])(
    'names a list as the key of %s on the page, and nothing on the console',
    async (_of, text, line, col) => {
      const page = await open('v=1&view=characters');
      const logged: string[] = [];
      page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
      await page.setInputFiles('#import-characters', {
        name: 'list-key.yaml',
        mimeType: 'text/yaml',
        buffer: Buffer.from(text),
      });
      const problems = await page.locator('.problems li').allTextContents();
      expect(problems).toEqual([
        `list-key.yaml:${line}:${col}: ["a","b"]: a list as a key is not allowed (expected a name)`,
      ]);
      expect(logged).toEqual([]);
      expect(await page.$('[data-character]')).toBeNull();
    },
  );

  // Before, a !!binary value was read as a Buffer and named field by field ("…locks.type: no
  // such field", "…locks.data: no such field", …); an unknown tag was read as text.
  it.each([
    ['!!binary', 'locks: !!binary aGVsbG8=', 'characters.vesk.actions.locks: the tag !!binary'],
    ['an unknown tag', 'locks: !foo 5', 'characters.vesk.actions.locks: the tag !foo'],
  ])('names a value tagged %s on the page, once, at the tag', async (_tag, locks, named) => {
    const page = await open('v=1&view=characters');
    await page.setInputFiles('#import-characters', {
      name: 'tagged.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from(`characters:\n  vesk:\n    actions:\n      ${locks}\n`),
    });
    const problems = await page.locator('.problems li').allTextContents();
    expect(problems).toEqual([
      `tagged.yaml:4:14: ${named} is not allowed (expected a plain value: untagged, or !!str, !!int, !!float, !!bool, !!null, !!seq or !!map)`,
    ]);
    expect(await page.$('[data-character]')).toBeNull();
  });

  it('names the problem of a file it cannot read, where it is, and saves nothing of it', async () => {
    const page = await open('v=1&view=characters');
    const bad = join(tmpdir(), 'bad-characters.yaml');
    await writeFile(bad, 'characters:\n  vesk:\n    actions:\n      locks: 99\n');
    await page.setInputFiles('#import-characters', bad);
    const problems = await page.locator('.problems li').allTextContents();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^bad-characters\.yaml:4:14: characters\.vesk\.actions\.locks: 99 is not allowed \(expected an integer from 1 to \d+\)$/,
    );
    expect(await page.$('[data-character]')).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // Each line's bullet (drawn left of its text) is inside the list's border.
    const inset = await page.$eval('.problems li', (li) => {
      const list = li.parentElement!.getBoundingClientRect();
      return li.getBoundingClientRect().left - list.left;
    });
    expect(inset).toBeGreaterThanOrEqual(24);
  });

  it("keeps the keyboard's place as the form opens, saves, cancels and a character goes", async () => {
    const page = await open('v=1&view=characters');
    const press = async (button: string) => {
      await page.focus(button);
      await page.keyboard.press('Enter');
    };
    // New character opens the form at its Name; Cancel goes back to New character.
    await press('button:text-is("New character")');
    await expect.poll(() => focused(page)).toBe('#character-name');
    await press('button:text-is("Cancel")');
    await expect.poll(() => focused(page)).toBe('New character');

    await press('button:text-is("New character")');
    await expect.poll(() => focused(page)).toBe('#character-name');
    await page.keyboard.type('Ash');
    await press('button:text-is("Add a set action")');
    await press('button:text-is("Add a set action")');
    await page.fill('#action-name-1', 'sneak');
    await page.fill('#action-name-2', 'climb');
    // A removed set action's Remove hands on to the next one's, the last one's to the one
    // before, and the only one's to Add a set action.
    await press('button[aria-label="Remove the set action sneak"]');
    await expect.poll(() => focused(page)).toBe('Remove the set action climb');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Remove the set action fight');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Add a set action');
    await page.keyboard.press('Enter');
    await page.fill('#action-name-0', 'fight');
    // Save goes to the saved character's Edit.
    await press('button:text-is("Save")');
    await expect.poll(() => focused(page)).toBe('Ash: Edit');
    // Edit opens the form (at the end of the page) at its Name; Cancel goes back to Edit.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('#character-name');
    expect(await page.inputValue('#character-name')).toBe('Ash');
    await press('button:text-is("Cancel")');
    await expect.poll(() => focused(page)).toBe('Ash: Edit');

    // Delete goes to the next card's Edit, and from the last card to New character.
    await page.setInputFiles('#import-characters', scenario('vesk-locks.yaml'));
    await page.locator('[data-character="vesk"]').waitFor();
    page.on('dialog', (dialog) => dialog.accept());
    await press('button[aria-label="Delete Ash"]');
    await expect.poll(() => focused(page)).toBe('Vesk the lock-breaker: Edit');
    await press('button[aria-label="Delete Vesk the lock-breaker"]');
    await expect.poll(() => focused(page)).toBe('New character');
  });

  it('closes the form of a character deleted while it is open, and goes to New character', async () => {
    const page = await open('v=1&view=characters');
    page.on('dialog', (dialog) => dialog.accept());
    await page.setInputFiles('#import-characters', scenario('vesk-locks.yaml'));
    await page.locator('[data-character="vesk"]').waitFor();
    await page.focus('[data-edit="vesk"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('#character-name');
    await page.focus('button[aria-label="Delete Vesk the lock-breaker"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.$('[data-character]')).toBeNull();
    // The form edited a character that is gone: its Save would bring it back, its Cancel would
    // hand the focus to an Edit that is gone too.
    await expect.poll(() => focused(page), { timeout: 2000 }).toBe('New character');
    expect(await page.$('.character-form')).toBeNull();
    // Another character's form stays open, and takes the place of New character.
    await page.setInputFiles('#import-characters', scenario('vesk-locks.yaml'));
    await page.locator('[data-character="vesk"]').waitFor();
    await page.focus('button:text-is("New character")');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Ash');
    await page.focus('button[aria-label="Delete Vesk the lock-breaker"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 2000 }).toBe('#character-name');
    expect(await page.inputValue('#character-name')).toBe('Ash');
  });
});
