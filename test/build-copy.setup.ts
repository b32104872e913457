import { cpSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OFFLINE_PAGE } from '../src/report/offline-page.ts';
import { PAGE_SITE } from '../src/report/page-site.ts';
import { BUILD_COPY_ENV, PAGE_PROBLEM_ENV } from './built.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

/** What the page is built from: any of these newer than the page means it is out of date. */
const PAGE_SOURCES = ['src', 'vite.page.config.ts', 'vite.site.config.ts'];

/**
 * One copy of the build for the whole run (after test/temp-dir.setup.ts, inside its folder):
 * the compiled CLI (dist/, bin/, package.json for its `#zod` import, node_modules linked) and the
 * offline page. A build of the checkout during the run (an editor, a second terminal, `npm
 * install`) rewrites dist/ in place; the tests read this copy and never see it half-written.
 * Whether the page is older than its sources is decided here, once, for every page test.
 */
export default function setup(): void {
  const copy = join(process.env.TMPDIR!, 'build');
  mkdirSync(copy, { recursive: true });
  process.env[BUILD_COPY_ENV] = copy;
  const dist = join(root, 'dist');
  if (existsSync(dist)) {
    cpSync(dist, join(copy, 'dist'), { recursive: true, preserveTimestamps: true });
    cpSync(join(root, 'bin'), join(copy, 'bin'), { recursive: true, preserveTimestamps: true });
    cpSync(join(root, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  }
  // The single file and the site are built together (npm run build:page): the older decides.
  const page = join(copy, OFFLINE_PAGE.buildDir, OFFLINE_PAGE.fileName);
  const site = join(copy, PAGE_SITE.buildDir, 'index.html');
  let built: number | undefined;
  let oldest = page;
  try {
    built = statSync(page).mtimeMs;
    const siteBuilt = statSync(site).mtimeMs;
    if (siteBuilt < built) [built, oldest] = [siteBuilt, site];
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).path ?? page;
    process.env[PAGE_PROBLEM_ENV] = `${missing} is missing: run npm run build (npm test does)`;
    return;
  }
  const newer = PAGE_SOURCES.flatMap((source) => newerFiles(join(root, source), built));
  if (newer.length)
    process.env[PAGE_PROBLEM_ENV] =
      `${oldest} is older than ${newer.slice(0, 3).join(', ')}: run npm run build:page`;
}

function newerFiles(path: string, than: number): string[] {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > than ? [path] : [];
  return readdirSync(path).flatMap((name) => newerFiles(join(path, name), than));
}
