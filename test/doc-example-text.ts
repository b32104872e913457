/**
 * How an `@example` of a doc comment reads (the doc-examples test runs those of src/, the
 * consumer test those of the shipped declarations).
 */

/** Code, then the stated result: after ` // ` on a code line, or on `//` lines after the code. */
export function splitExample(block: readonly string[]): { code: string; expected: string } {
  const lines = block.map((l) => l.trim()).filter(Boolean);
  // Leading comment lines describe the example; they are not its result.
  while (lines.length > 1 && lines[0]!.startsWith('//')) lines.shift();
  const code: string[] = [];
  const expected: string[] = [];
  for (const line of lines) {
    if (expected.length > 0 || (code.length > 0 && line.startsWith('//'))) {
      expected.push(line.replace(/^\/\/\s?/, ''));
      continue;
    }
    const cut = line.indexOf(' // ');
    if (cut >= 0) {
      code.push(line.slice(0, cut));
      expected.push(line.slice(cut + 4));
    } else code.push(line);
  }
  return { code: code.join('\n').trim(), expected: expected.join(' ').trim() };
}
