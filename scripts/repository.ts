import { readFileSync } from 'node:fs';

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  repository: { url: string };
};

/** dicelab's repository on GitHub, from package.json's `repository` (`https://github.com/owner/name`). */
export const REPOSITORY_URL = PACKAGE.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/**
 * Where a reader of the package's docs finds a file or folder of the repository that the package
 * does not ship (`src/…`): on GitHub, on main, so the link works from node_modules and npm alike.
 */
export function repositoryFileUrl(path: string): string {
  return `${REPOSITORY_URL}/${path.endsWith('/') ? 'tree' : 'blob'}/main/${path}`;
}

/** A markdown link to `path` of the repository, shown as code (`` [`src/x.ts`](…) ``). */
export function repositoryLink(path: string): string {
  return `[\`${path}\`](${repositoryFileUrl(path)})`;
}
