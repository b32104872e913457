import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cliInProcess } from '../cli/cli-in-process.ts';
import { pageUrl, shownSplits } from './offline-page.ts';
import { PHONE_VIEWPORT, pageSession } from './page-session.ts';

const session = pageSession();

const open = (fragment: string) => session.open(pageUrl(fragment), { viewport: PHONE_VIEWPORT });

/**
 * Empties a number field and types TEXT into it with no pause between the keys, as a slow phone
 * delivers keys it queued; then waits long enough for any late re-render to have happened.
 */
async function typeFast(page: Page, id: string, text: string) {
  await page.click(`#${id}`);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 0 });
  await page.waitForTimeout(500);
}

/** A field's text and whether it is marked invalid. */
function field(page: Page, id: string) {
  return page.$eval(`#${id}`, (input: HTMLInputElement) => ({
    text: input.value,
    invalid: input.getAttribute('aria-invalid'),
  }));
}

describe('the offline page: number fields typed into fast', () => {
  it('keeps every key typed with no pause, and says a decimal is not an integer, in the words of the CLI', async () => {
    const page = await open('v=1&view=fight');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    await typeFast(page, 'vs', '2.5');
    expect(await field(page, 'vs')).toEqual({ text: '2.5', invalid: 'true' });
    expect(await page.textContent('#vs-error')).toBe('An integer from 1 to 50');
    // `--vs 2.5` is refused with the same words (the page said "A whole number from 1 to 50").
    const cli = await cliInProcess('zidara', 'fight', '--vs', '2.5');
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('is not allowed (expected an integer from 1 to 50)');
    await typeFast(page, 'vs', '12');
    expect(await field(page, 'vs')).toEqual({ text: '12', invalid: 'false' });
    expect(await page.evaluate(() => location.hash)).toContain('vs=12');
    const best = await open('v=1&view=splits');
    await best.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    await typeFast(best, 'steps', '99999999');
    expect(await field(best, 'steps')).toEqual({ text: '99999999', invalid: 'true' });
  });
});

describe('the offline page: an answer while a field of its question is invalid', () => {
  it('marks the answer as not for the question on screen until the field is fixed, and says which', async () => {
    const page = await open('v=1&view=splits');
    await shownSplits(page);
    // Steps 9 is taken on the first key; 99999999 is not a number of steps.
    await typeFast(page, 'steps', '99999999');
    await page.waitForSelector('.results[data-state="ready"]', { timeout: 60_000 });
    await page.evaluate(() => scrollTo({ top: document.body.scrollHeight }));
    await page.waitForSelector('.answer-bar');
    expect(await page.getAttribute('.results', 'class')).toBe('results stale');
    expect(await page.textContent('.status')).toBe('Fix Steps to see the answer.');
    expect(await page.textContent('.answer-bar')).toBe('Fix Steps to see the answer. ↓');
    // Left, Steps shows the 9 it holds again, which the answer is for; then Tags 45 is wrong.
    await typeFast(page, 'tags', '45');
    expect(await field(page, 'steps')).toEqual({ text: '9', invalid: 'false' });
    expect(await page.textContent('.status')).toBe('Fix Tags to see the answer.');
    expect(await page.getAttribute('.results', 'class')).toBe('results stale');
    await page.fill('#tags', '4');
    await page.waitForSelector('.results[data-state="ready"]:not(.stale)', { timeout: 60_000 });
    expect(await page.textContent('.status')).toMatch(/^Exact · \d+ splits · /);
  });
});
