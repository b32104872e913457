import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageUrl } from './offline-page.ts';
import { PHONE_VIEWPORT, pageSession } from './page-session.ts';

// WCAG 2.4.3 (focus order): a control pressed from the keyboard that disables itself or leaves
// the page must hand the focus on, never drop it on the body (the next Tab restarts at the top).

const session = pageSession();

const open = (fragment: string) => session.open(pageUrl(fragment), { viewport: PHONE_VIEWPORT });

/** The focused element's id, or `body`. */
const focusedId = (page: Page) =>
  page.evaluate(() =>
    document.activeElement === document.body ? 'body' : (document.activeElement?.id ?? ''),
  );

/** The focused element's accessible name as a screen reader would say it, or `body`. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const labels = (element as HTMLInputElement).labels;
    return (
      element.getAttribute('aria-label') ??
      (labels?.[0]?.textContent || element.textContent || element.id).trim()
    );
  });
}

/** The page of a long question, its Solve it pressed from the keyboard: the focus on Cancel. */
async function solveItFromTheKeyboard(fragment: string): Promise<Page> {
  const page = await open(fragment);
  await page.waitForSelector('button.solve');
  await page.focus('button.solve');
  await page.keyboard.press('Enter');
  // Working… may show after a moment; a busy machine takes longer than the poll's second.
  await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('Cancel');
  return page;
}

describe('the keyboard keeps its place', () => {
  it('on a stepper at its limit: the button stays focused and a press changes nothing', async () => {
    const page = await open('v=1&view=splits&steps=8&vs=4&tags=3&aura=4');
    await page.focus('button[aria-label="Aura now: one more"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.inputValue('#aura')).toBe('5');
    expect(await focused(page)).toBe('Aura now: one more');
    expect(
      await page.getAttribute('button[aria-label="Aura now: one more"]', 'aria-disabled'),
    ).toBe('true');
    // At the limit a press is refused: 5 stays 5, and focus stays.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await page.inputValue('#aura')).toBe('5');
    expect(await focused(page)).toBe('Aura now: one more');

    const low = await open('v=1&view=splits&steps=8&vs=4&tags=3&resolve=1');
    await low.focus('button[aria-label="Resolve: one less"]');
    await low.keyboard.press('Space');
    await expect.poll(() => low.inputValue('#resolve')).toBe('0');
    expect(await focused(low)).toBe('Resolve: one less');
    await low.keyboard.press('Space');
    expect(await low.inputValue('#resolve')).toBe('0');
    // The other button of the stepper still works, and its partner is pressable again.
    await low.keyboard.press('Tab');
    await low.keyboard.press('Tab');
    expect(await focused(low)).toBe('Resolve: one more');
    await low.keyboard.press('Enter');
    await expect.poll(() => low.inputValue('#resolve')).toBe('1');
    expect(await low.getAttribute('button[aria-label="Resolve: one less"]', 'aria-disabled')).toBe(
      'false',
    );
  });

  it("on the answer bar: Enter scrolls to the answer and hands it the focus the bar's leaving drops", async () => {
    const page = await open('v=1&view=splits&steps=8&vs=4&tags=3');
    await page.focus('.answer-bar');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('splits-answer');
    await page.waitForSelector('.answer-bar', { state: 'detached' });
    expect(await focusedId(page)).toBe('splits-answer');
  });

  it('on the answer bar under reduced motion: the scroll is at once, not smooth', async () => {
    const page = await open('v=1&view=splits&steps=8&vs=4&tags=3');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForSelector('.answer-bar');
    // Read in the same task as the press: a smooth scroll has not moved yet, an instant one has.
    const moved = await page.evaluate(() => {
      const before = scrollY;
      document.querySelector<HTMLButtonElement>('.answer-bar')!.click();
      return scrollY !== before;
    });
    expect(moved).toBe(true);
  });

  it("on a set pool's dice: a removed die's Remove hands on to its neighbour's, a full pool's Add stays", async () => {
    const page = await open('v=1&view=splits&pool=d12,d4&vs=3&tags=2');
    await page.focus('button[aria-label="Remove d12"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.die-chip').count()).toBe(1);
    expect(await focused(page)).toBe('Remove d4');
    // The last die stays: its Remove is marked so and a press does nothing.
    await page.keyboard.press('Enter');
    expect(await page.locator('.die-chip').count()).toBe(1);
    expect(await focused(page)).toBe('Remove d4');

    // The last die's Remove hands on to the die before it.
    const three = await open('v=1&view=splits&pool=d12,d8,d4&vs=3&tags=2');
    await three.focus('button[aria-label="Remove d4"]');
    await three.keyboard.press('Enter');
    await expect.poll(() => three.locator('.die-chip').count()).toBe(2);
    expect(await focused(three)).toBe('Remove d8');

    // Add until the pool holds its most dice: the button that filled it keeps the focus.
    await three.focus('button[aria-label="Add d6"]');
    let dice = 2;
    while ((await three.getAttribute('button[aria-label="Add d6"]', 'aria-disabled')) !== 'true') {
      await three.keyboard.press('Enter');
      dice += 1;
      await expect.poll(() => three.locator('.die-chip').count()).toBe(dice);
      expect(await focused(three)).toBe('Add d6');
    }
    await three.keyboard.press('Enter');
    expect(await three.locator('.die-chip').count()).toBe(dice);
    expect(await focused(three)).toBe('Add d6');
  });

  it("on Ring & Skill's Clear the faces: the focus goes to the first die's faces", async () => {
    const page = await open('v=1&view=ring-skill&ring=3&skill=2&ring-faces=1,6,3&skill-faces=12,4');
    await page.focus('button.clear-faces');
    await page.keyboard.press('Enter');
    await page.waitForSelector('button.clear-faces', { state: 'detached' });
    expect(await focusedId(page)).toBe('ring-face-0-1');
  });

  it("on What if's Back to the rules page's rules: the button keeps the focus, marked unpressable", async () => {
    const page = await open('v=1&view=whatif&steps=8&vs=4&tags=3&explode=1');
    const back = 'button:text-is("Back to the rules page\'s rules")';
    await page.focus(back);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getAttribute(back, 'aria-disabled')).toBe('true');
    expect(await focused(page)).toBe("Back to the rules page's rules");
    expect(await page.evaluate(() => location.hash)).not.toContain('explode');
  });

  it('on a long solve that ends: the line keeps the focus its Cancel had, and Tab goes on to the answer', async () => {
    // Big enough to be asked about on 4 workers (the page's most), done in seconds on 2.
    const page = await solveItFromTheKeyboard('v=1&view=splits&steps=20&actions=4&vs=5&tags=4');
    await page.waitForSelector('.status-ready', { timeout: 120_000 });
    expect(await page.evaluate(() => document.activeElement?.matches('.status'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() =>
        Boolean(
          document.querySelector('.status')!.compareDocumentPosition(document.activeElement!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      ),
    ).toBe(true);
  });

  it('on a long solve: Solve it hands the focus to Cancel, Cancel to Solve again, and Solve again to Cancel, which keeps it while the solve runs', async () => {
    const page = await solveItFromTheKeyboard('v=1&view=splits&steps=27&actions=3&vs=9&tags=4');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('Solve again');
    // Several times over, each Solve again pressed as soon as it has the focus: the end of the
    // solve cancelled before it must not undo it (it did, now and then, as the page painted).
    for (let again = 1; again <= 4; again++) {
      await page.keyboard.press('Enter');
      await page.waitForSelector('.status-computing');
      // Past the moment a solve's line waits before it shows (page.css), while it still runs.
      await page.waitForTimeout(500);
      expect(await page.$('.status-computing')).not.toBeNull();
      expect(await focused(page), `Solve again, time ${again}`).toBe('Cancel');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('Solve again');
    }
  });
});
