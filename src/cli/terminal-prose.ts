/** How far a wrapped line's continuation is indented under its start, so it reads as one line. */
const HANGING_INDENT = '  ';

/** How lines of prose are laid out for stdout: see {@link proseLayout}. */
export type ProseLayout = (lines: readonly string[]) => string[];

/**
 * How lines of prose (a title, the setup lines, findings, notes) are laid out for stdout. On a
 * terminal each is word-wrapped at its width, continuing indented under its start (an indented
 * line keeps its indent, its continuation further in): the terminal would otherwise break it
 * mid-word. Anywhere else (a pipe, a file, CI) they are returned as they are, byte for byte, for
 * the scripts and tests that read them. Never a table's lines: a table is read in columns, and a
 * wrapped row would break them.
 */
export async function proseLayout(): Promise<ProseLayout> {
  const width = process.stdout.isTTY ? process.stdout.columns : 0;
  // A terminal too narrow for the indent and a word is left to break lines its own way.
  if (!(width > HANGING_INDENT.length + 10)) return (lines) => [...lines];
  // Loaded for a terminal only: a pipe (a script, CI) does not pay its start-up.
  const { default: wrapAnsi } = await import('wrap-ansi');
  // A line that holds line breaks is laid out a line at a time.
  return (lines) => lines.map((text) => text.split('\n').map(wrapLine).join('\n'));
  function wrapLine(line: string): string {
    // An indented line (an item of a list) keeps its indent; its continuation goes further in.
    const indent = /^ */.exec(line)![0];
    const hang = indent + HANGING_INDENT;
    if (width <= hang.length + 10) return line;
    const text = line.slice(indent.length);
    const [first = '', ...rest] = wrapAnsi(text, width - indent.length, { hard: true }).split('\n');
    if (rest.length === 0) return line;
    const more = wrapAnsi(rest.join(' '), width - hang.length, { hard: true });
    return [indent + first, ...more.split('\n').map((part) => hang + part)].join('\n');
  }
}

/** `lines` laid out for stdout by {@link proseLayout}. */
export async function proseForStdout(lines: readonly string[]): Promise<string[]> {
  return (await proseLayout())(lines);
}
