/** A code block of the README's "Use it as a library" section. */
export interface LibraryExample {
  readonly language: 'js' | 'ts';
  readonly code: string;
  /** What it prints, line by line: its `// → …` comments, in order. */
  readonly prints: readonly string[];
}

/**
 * The `js` and `ts` blocks of the README's "Use it as a library" section (up to the next
 * `## ` heading): the consumer test runs the first kind in an installed project and
 * type-checks the second.
 */
export function libraryExamples(readme: string): LibraryExample[] {
  const start = readme.indexOf('\n## Use it as a library\n');
  if (start < 0) throw new Error('the README has no "## Use it as a library" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```(js|ts)\n([\s\S]*?)```/g)].map((m) => ({
    language: m[1] as 'js' | 'ts',
    code: m[2]!,
    prints: [...m[2]!.matchAll(/^\/\/ → (.*)$/gm)].map((p) => p[1]!),
  }));
}
