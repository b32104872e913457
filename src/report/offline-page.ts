/**
 * The offline page (src/page): where the build leaves it, relative to the package root, and the
 * name it has there and beside a report (`dicelab report --out DIR` copies it into DIR).
 */
export const OFFLINE_PAGE = {
  buildDir: 'dist/page',
  fileName: 'dicelab.html',
} as const;
