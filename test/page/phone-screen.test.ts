import { describe, expect, it } from 'vitest';
import { pageUrl, shownActions } from './offline-page.ts';
import { pageSession } from './page-session.ts';

// The narrowest phone the page is made for: what a QA of it as an installed app found there.

const session = pageSession();

const NARROW = { width: 320, height: 640 } as const;

const open = (fragment: string) => session.open(pageUrl(fragment), { viewport: NARROW });

describe('the page at 320 px', () => {
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
});
