/**
 * The page as an installable site (vite.site.config.ts builds it, `dicelab serve` serves it,
 * deploy/github-actions/pages.yml publishes it): where the build leaves it, and the facts its
 * web app manifest and its HTML share.
 */
export const PAGE_SITE = {
  buildDir: 'dist/site',
  name: "dicelab: Zi'Dara odds at the table",
  shortName: 'dicelab',
  /** The page's background in each colour scheme (page.css `--bg`): the browser's bar blends in. */
  themeColor: { light: '#f7f7f5', dark: '#141413' },
  /** PNG icons rendered from src/page/site/app-icon.svg: Chrome asks for 192 and 512, iOS 180. */
  iconSizes: [192, 512],
  appleTouchIconSize: 180,
} as const;

/** `dicelab serve`'s defaults: this machine only, on a port of its own. */
export const SERVE_DEFAULTS = {
  host: '127.0.0.1',
  port: 4173,
} as const;
