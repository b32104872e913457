import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OFFLINE_PAGE } from '../src/report/offline-page.ts';
import { PAGE_SITE } from '../src/report/page-site.ts';

/** Where test/build-copy.setup.ts left the run's copy of the build. */
export const BUILD_COPY_ENV = 'DICELAB_TEST_BUILD';
/** Why the built page cannot be tested (missing, or older than its sources), if it cannot. */
export const PAGE_PROBLEM_ENV = 'DICELAB_TEST_PAGE_PROBLEM';

function copyRoot(): string {
  const copy = process.env[BUILD_COPY_ENV];
  if (!copy) throw new Error(`${BUILD_COPY_ENV} is not set: run the tests with vitest (npm test)`);
  return copy;
}

/**
 * A file of the run's copy of the build, by its path in the checkout ("dist/cli/main.js",
 * "bin/dicelab.js"): what `npm run build` left when the run started, whatever builds since.
 */
export function builtFile(path: string): string {
  return join(copyRoot(), path);
}

/** The same as a file: URL, for `import()`. */
export function builtUrl(path: string): URL {
  return pathToFileURL(builtFile(path));
}

/** The run's copy of the offline page. @throws Error when it is missing or out of date. */
export function builtPage(): string {
  const problem = process.env[PAGE_PROBLEM_ENV];
  if (problem) throw new Error(problem);
  return builtFile(join(OFFLINE_PAGE.buildDir, OFFLINE_PAGE.fileName));
}

/** The run's copy of the installable site's folder. @throws Error when it is missing or out of date. */
export function builtSite(): string {
  const problem = process.env[PAGE_PROBLEM_ENV];
  if (problem) throw new Error(problem);
  return builtFile(PAGE_SITE.buildDir);
}
