import type { Page } from 'playwright-core';

/** What the browser's bar is tinted with on `page`, beside what the page itself draws. */
export interface ThemeColorShown {
  /** The page's theme-color metas. */
  readonly count: number;
  /** The one a browser takes: the first whose media matches, or that has none. */
  readonly theme: string | undefined;
  /** That colour as the page draws it (rgb()), and the page's background, to compare. */
  readonly drawn: string;
  readonly background: string;
}

/** The theme colour `page` shows in its current colour scheme (see {@link ThemeColorShown}). */
export function themeColorShown(page: Page): Promise<ThemeColorShown> {
  return page.evaluate(() => {
    const metas = Array.from(
      document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'),
    );
    const theme = metas.find((meta) => !meta.media || matchMedia(meta.media).matches)?.content;
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.color = theme ?? '';
    const drawn = getComputedStyle(probe).color;
    probe.remove();
    return {
      count: metas.length,
      theme,
      drawn,
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
}

/** The page's own background in each colour scheme, as its CSS draws it: what its bar must take. */
const BACKGROUNDS = [
  ['light', '#f7f7f5'],
  ['dark', '#141413'],
] as const;

/**
 * {@link themeColorShown} in each colour scheme in turn (emulated), with the background the page
 * should have in it (`expected`).
 */
export async function themeColorsShown(
  page: Page,
): Promise<(ThemeColorShown & { colorScheme: 'light' | 'dark'; expected: string })[]> {
  const shown = [];
  for (const [colorScheme, expected] of BACKGROUNDS) {
    await page.emulateMedia({ colorScheme });
    shown.push({ ...(await themeColorShown(page)), colorScheme, expected });
  }
  return shown;
}
