import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { REPOSITORY_URL, repositoryFileUrl } from '../../scripts/repository.ts';

/**
 * The repository's folders and files that a shipped doc may point a reader to but the package
 * does not ship (or ships only in part): named in a doc, they must be links to the repository.
 */
const REPOSITORY_ONLY =
  /(?<![\w./-])(?:(?:src|test|scripts|deploy|scenarios)\/[\w./-]*[\w/]|action\.yml|CONTRIBUTING\.md)(?![\w-])/g;

/** `text` with its fenced and indented code blocks blanked (lines kept, so line numbers hold). */
function prose(text: string): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  let indented = false;
  return lines
    .map((line, i) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker?.startsWith(fence)) fence = undefined;
        return '';
      }
      if (marker !== undefined) {
        fence = marker;
        return '';
      }
      // An indented block starts after a blank line and runs while lines are blank or indented.
      if (/^ {4}/.test(line) && (indented || (lines[i - 1] ?? '').trim() === '')) indented = true;
      else if (line.trim() !== '') indented = false;
      return indented ? '' : line;
    })
    .join('\n');
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * What a reader of the installed package's docs would meet that is not there, one line each
 * (`README.md:433: …`): for every packed .md file, a relative link (inline, reference, or an
 * HTML `href`/`src`) to a file the package lacks; a link into the repository that is not
 * `repositoryFileUrl` of a path it has; and, but in the changelog, a file or folder of the
 * repository's own (src/, deploy/, …) that the package lacks, named without a link.
 */
export function shippedDocProblems(root: string, packed: readonly string[]): string[] {
  const inPackage = (path: string) =>
    packed.includes(path) || (path.endsWith('/') && packed.some((f) => f.startsWith(path)));
  const problems: string[] = [];
  for (const doc of packed.filter((f) => f.endsWith('.md'))) {
    const text = prose(readFileSync(join(root, doc), 'utf8'));
    const links =
      /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)|\b(?:href|src)="([^"]+)"/gm;
    for (const match of text.matchAll(links)) {
      const target = (match[1] ?? match[2] ?? match[3])!;
      const at = `${doc}:${lineOf(text, match.index)}`;
      if (target.startsWith(`${REPOSITORY_URL}/`)) {
        const path = /^\/(?:blob|tree)\/main\/([^#?]+)/.exec(
          target.slice(REPOSITORY_URL.length),
        )?.[1];
        if (
          /\/(?:blob|tree)\//.test(target) &&
          (path === undefined ||
            target !== repositoryFileUrl(path) ||
            !existsSync(join(root, path)))
        )
          problems.push(`${at}: ${target} is not a file of the repository on main`);
        continue;
      }
      if (/^[a-z][a-z\d+.-]*:|^#|^\/\//i.test(target)) continue;
      // Packed paths are POSIX (`docs/x.md`), whatever the machine.
      const path = posix.normalize(
        posix.join(posix.dirname(doc), decodeURIComponent(target.replace(/[#?].*$/, ''))),
      );
      if (!inPackage(path)) problems.push(`${at}: ${target} is not in the package`);
    }
    // Links are fine (their targets were checked above), and so is a path in a command line
    // (`docker build -f deploy/Dockerfile .`): the reader runs it in a checkout.
    const unlinked = text
      .replace(/\[((?:[^\][]|\[[^\]]*\])*)\]\([^)]*\)/g, (link) => link.replace(/[^\n]/g, ' '))
      .replace(/`[^`\n]*\s[^`\n]*`/g, (command) => command.replace(/[^\n]/g, ' '));
    // A changelog names files as they were then (a link to main would rot as they move).
    if (doc === 'CHANGELOG.md') continue;
    for (const match of unlinked.matchAll(REPOSITORY_ONLY)) {
      const path = match[0];
      if (existsSync(join(root, path)) && !inPackage(path) && !inPackage(`${path}/`))
        problems.push(
          `${doc}:${lineOf(unlinked, match.index)}: ${path} is named but not in the package nor linked`,
        );
    }
  }
  return problems;
}
