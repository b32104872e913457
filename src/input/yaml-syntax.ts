import { type CST, Parser, type YAMLError } from 'yaml';
import { linePosition } from './input-bytes.ts';
import { nestingMessage } from './located-text.ts';

// The YAML parser notices a mistake where it stops making sense of the text, often lines later:
// here each of its syntax errors is moved to where the mistake is written and told in the
// reader's terms.

/** A YAML syntax error where the mistake is (an offset in the text), in the reader's terms. */
export interface PlacedSyntaxError {
  readonly offset: number;
  /**
   * The parser's code (`DUPLICATE_KEY`, `BAD_INDENT`, …), or `UNCLOSED` for a bracket or quote
   * never closed, `UNOPENED` for one closed and never opened.
   */
  readonly code: string;
  readonly message: string;
  /** The message is about the value written at `offset`: the caller names its field where it knows it. */
  readonly ofValue?: true;
}

/** What the parser says of a bracket or quote left open: said instead at its opening. */
const UNCLOSED_WORDS = /must (?:be sufficiently indented and )?end with a [\]}]$|^Missing closing/;

/**
 * The parser's syntax errors of `text`, placed and worded for the reader, in text order. A
 * bracket or quote never closed is named at its opening, the innermost one only (an outer one
 * is left open by the inner: `[1, "a]`); the parser's errors past its line, or past the line of
 * a broken indentation, are left out, as they follow from it. A key run over two lines (`figure mixed` then `of: …`, or a line
 * indented deeper than its mapping) is named where its `:` is missing or its indentation is.
 * O(size of the text).
 */
export function placeSyntaxErrors(
  text: string,
  errors: readonly YAMLError[],
): readonly PlacedSyntaxError[] {
  const openings = unclosedOpenings(text);
  const multiline = new Set(
    errors.filter((e) => e.code === 'MULTILINE_IMPLICIT_KEY').map((e) => e.pos[0]),
  );
  const placed: PlacedSyntaxError[] = [];
  const said = new Set<number>();
  for (const error of errors) {
    const first = error.message.split('\n')[0]!;
    if (openings.length > 0 && UNCLOSED_WORDS.test(first)) continue;
    // Said once, by its MULTILINE_IMPLICIT_KEY twin at the same place.
    if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && multiline.has(error.pos[0])) continue;
    const next =
      error.code === 'MULTILINE_IMPLICIT_KEY' ? multilineKey(text, error) : place(text, error);
    // One mistake the parser tells twice or thrice at one place (a list item indented wrong, a
    // `-` with no space) is said once, by its first.
    if (said.has(next.offset)) continue;
    said.add(next.offset);
    placed.push(next);
  }
  // Past the line of a bracket or quote left open, or of a broken indentation, the parser reads
  // the text at the wrong level: what it finds there follows from that one mistake.
  const derail = [...openings, ...placed.filter((p) => DERAILING.has(p.code))].reduce(
    (least, p) => Math.min(least, p.offset),
    Number.POSITIVE_INFINITY,
  );
  const lineEnd = text.indexOf('\n', derail);
  const cutoff = lineEnd < 0 ? Number.POSITIVE_INFINITY : lineEnd;
  return [
    ...openings.map((o) => ({ ...o, code: 'UNCLOSED' })),
    ...placed.filter((p) => p.offset <= cutoff),
  ].sort((a, b) => a.offset - b.offset);
}

/** The codes of a mistake after which the parser reads the rest at the wrong level. */
const DERAILING = new Set([
  'TAB_AS_INDENT',
  'BAD_INDENT',
  'MULTILINE_IMPLICIT_KEY',
  'MISSING_CHAR',
  'UNOPENED',
]);

/** A syntax error of the parser's, placed: a value's hint, else its row of {@link SYNTAX_WORDS}. */
function place(text: string, error: YAMLError): PlacedSyntaxError {
  const hinted = valueHint(text, error);
  if (hinted) return { offset: error.pos[0], code: error.code, message: hinted, ofValue: true };
  const first = error.message.split('\n')[0]!;
  const row = SYNTAX_WORDS.find((r) => r.code === error.code && r.words.test(first));
  let offset = error.pos[0];
  // The parser puts an indentation error at the start of its line; the mistake is where the
  // line's text starts.
  if (error.code === 'BAD_INDENT' || row?.indented)
    offset += /^ */.exec(text.slice(offset))![0].length;
  // Block nesting too deep for the parser's own recursion.
  if (/call stack/i.test(first)) return { offset, code: error.code, message: nestingMessage() };
  if (!row) return { offset, code: error.code, message: first };
  const rest = text.slice(offset, lineEndOf(text, offset));
  return { offset, code: row.as ?? error.code, message: row.say(rest) };
}

/** What a list item indented wrong is told. */
const LIST_ITEM =
  'this list item is not indented as the items above it (expected each "- " of a list to line up)';

/**
 * The syntax errors a scenario's author meets most, by the parser's code and its words, told in
 * the reader's terms: `say` is given the text from the mistake to its line's end. The parser's
 * own words send the reader to its API or its tokens ("Unexpected flow-map-end token in YAML
 * stream"); a mistake not listed keeps them, at its place.
 */
const SYNTAX_WORDS: readonly {
  readonly code: string;
  readonly words: RegExp;
  /** Placed where the line's text starts, not at the line's start where the parser puts it. */
  readonly indented?: true;
  /** The code it is placed under, when not the parser's. */
  readonly as?: string;
  readonly say: (rest: string) => string;
}[] = [
  {
    code: 'TAB_AS_INDENT',
    words: /^Tabs/,
    say: () => 'a tab indents this line (expected spaces: YAML indents with spaces only)',
  },
  {
    code: 'MISSING_CHAR',
    words: /^Sequence item without/,
    indented: true,
    say: () =>
      'this line is not indented as the keys above it (expected them to line up, or "- " to start a list item)',
  },
  {
    code: 'BAD_INDENT',
    words: /^All mapping items/,
    say: (rest) =>
      /^-\S/.test(rest)
        ? `${JSON.stringify(/^\S+/.exec(rest)![0])} has no space after its "-" (expected "- " to start a list item)`
        : 'this line is not indented as the keys above it (expected them to line up)',
  },
  { code: 'BAD_INDENT', words: /^All sequence items/, say: () => LIST_ITEM },
  // A `- ` deeper or shallower than its list's, where the parser wanted a key.
  {
    code: 'BLOCK_AS_IMPLICIT_KEY',
    words: /^A block sequence/,
    indented: true,
    say: () => LIST_ITEM,
  },
  {
    code: 'MISSING_CHAR',
    words: /^Implicit map keys need to be followed/,
    say: (rest) => `${JSON.stringify(rest.trim())} has no ":" (expected "key: value")`,
  },
  {
    code: 'UNEXPECTED_TOKEN',
    words: /^Unexpected flow-(?:map|seq)-end token/,
    // What the parser reads after it, to the end of the file, follows from it.
    as: 'UNOPENED',
    say: (rest) =>
      `"${rest[0]}" closes nothing (expected it only to end a "${rest[0] === '}' ? '{' : '['}" opened before it)`,
  },
  {
    code: 'UNEXPECTED_TOKEN',
    words: /^Unexpected , in flow/,
    say: () => 'this "," has no item before it (expected one item before each ",")',
  },
  {
    code: 'MISSING_CHAR',
    words: /^Comments must be separated/,
    say: () =>
      '"#" right after a value starts no comment (expected a space before "#", or the "#" inside quotes)',
  },
  {
    code: 'BAD_DQ_ESCAPE',
    words: /^Invalid escape/,
    say: (rest) =>
      `${rest.slice(0, 2)} is no escape in double quotes (expected \\\\ for a backslash, or the text in single quotes)`,
  },
  {
    code: 'MULTIPLE_DOCS',
    words: /./,
    // The parser's own words send the reader to its API ("please use YAML.parseAllDocuments()").
    say: () =>
      'a second YAML document starts here (expected one document in the file; for several items, one list)',
  },
];

/**
 * The parser's message for a mistake inside one value, with what to write for the common ones
 * (a `: ` or a reserved first character in an unquoted value, text after a closing quote or
 * bracket), or undefined for the others.
 */
function valueHint(text: string, error: YAMLError): string | undefined {
  const [start, end] = error.pos;
  const line = text
    .slice(start, lineEndOf(text, start))
    .replace(/\s+#.*$/, '')
    .trimEnd();
  if (
    error.code === 'BLOCK_AS_IMPLICIT_KEY' &&
    /^Nested mappings/.test(error.message) &&
    /:(?: |$)/.test(line)
  )
    return `${line} has ": " unquoted, which YAML reads as a key (expected quotes around a value with ": " in it: ${JSON.stringify(line)})`;
  if (error.code === 'BLOCK_IN_FLOW' && /: /.test(text.slice(start, end)))
    return `${text.slice(start, end).trim()} has ": " unquoted, which YAML reads as a key (expected quotes around a value with ": " in it)`;
  if (error.code === 'BAD_SCALAR_START') {
    const value = /^[^,\]}]*/.exec(line)![0].trimEnd();
    return `${value} starts with ${text[start]}, which YAML reserves (expected the value in quotes: ${JSON.stringify(value)})`;
  }
  if (error.code === 'UNEXPECTED_TOKEN' && /at node end/.test(error.message)) {
    const closer = /\S(?=\s*$)/.exec(text.slice(0, start))?.[0];
    const what =
      closer === '"' || closer === "'" ? `the closing quote ${closer}` : `the closing "${closer}"`;
    return `${line} is written after ${what} (expected the whole value inside it, or a comment after " #")`;
  }
  return undefined;
}

/** Where the line holding `offset` ends (its newline, or the end of the text). */
function lineEndOf(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

/**
 * A plain key the parser read over two lines or more, up to a `:`: a line with no `:` when the
 * key starts its line (`figure mixed` then `of: …`), else a line indented deeper than its
 * mapping's keys, read as more of the value before it.
 */
function multilineKey(text: string, error: YAMLError): PlacedSyntaxError {
  const [start, colon] = error.pos;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', start);
  const colonLine = linePosition(text, colon).line;
  if (/^[ \t]*(?:-[ \t]+)*$/.test(text.slice(lineStart, start))) {
    const words = text.slice(start, lineEnd < 0 ? undefined : lineEnd).trim();
    return {
      offset: start,
      code: error.code,
      message: `${JSON.stringify(words)} has no ":" (expected "key: value"; without one it runs on into line ${colonLine})`,
    };
  }
  const deepStart = text.lastIndexOf('\n', colon - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(deepStart))![0].length;
  return {
    offset: deepStart + indent,
    code: error.code,
    message: `this line is indented deeper than the keys of its mapping (expected them to line up; it reads as more of the value on line ${linePosition(text, start).line})`,
  };
}

/** The closing character of each opening, and what it opens, in the reader's words. */
const CLOSERS: Record<string, { close: string; what: string }> = {
  '{': { close: '}', what: 'the mapping it opens' },
  '[': { close: ']', what: 'the list it opens' },
  '"': { close: '"', what: 'the text it opens' },
  "'": { close: "'", what: "the text it opens; '' writes one ' inside" },
};

/**
 * The brackets and quotes of a YAML text that are never closed, innermost only, with what each
 * misses: from the parser's token tree, walked iteratively.
 */
function unclosedOpenings(text: string): { offset: number; message: string }[] {
  interface Opening {
    offset: number;
    message: string;
    inner: boolean;
  }
  const found: Opening[] = [];
  const stack: { token: CST.Token | null | undefined; open: Opening | undefined }[] = [
    ...new Parser().parse(text),
  ].map((token) => ({ token, open: undefined }));
  while (stack.length > 0) {
    const { token, open } = stack.pop()!;
    if (!token) continue;
    const opening = unclosed(text, token);
    let inside = open;
    if (opening) {
      if (open) open.inner = false;
      inside = { ...opening, inner: true };
      found.push(inside);
    }
    if (token.type === 'document') stack.push({ token: token.value, open: inside });
    if (
      token.type === 'block-map' ||
      token.type === 'block-seq' ||
      token.type === 'flow-collection'
    )
      for (const item of token.items) {
        stack.push({ token: item.key, open: inside }, { token: item.value, open: inside });
      }
  }
  return found
    .filter((o) => o.inner)
    .map(({ offset, message }) => ({ offset, message }))
    .sort((a, b) => a.offset - b.offset);
}

/** A flow collection or quoted scalar token never closed: its opening and what it misses. */
function unclosed(text: string, token: CST.Token): { offset: number; message: string } | undefined {
  if (token.type === 'flow-collection') {
    const { close, what } = CLOSERS[token.start.source]!;
    const end = token.end[0];
    if (end?.source === close) return undefined;
    const other =
      end?.source === ']' || end?.source === '}'
        ? `, before the "${end.source}" on line ${linePosition(text, end.offset).line}`
        : '';
    return {
      offset: token.start.offset,
      message: `"${token.start.source}" is never closed (expected a "${close}" to end ${what}${other})`,
    };
  }
  if (token.type !== 'double-quoted-scalar' && token.type !== 'single-quoted-scalar')
    return undefined;
  const quote = token.source[0]!;
  const { what } = CLOSERS[quote]!;
  const body = token.source.slice(1);
  // A `\"` inside double quotes is a quote written, not one that closes.
  const closed = body.endsWith(quote) && (quote === "'" || /(?:^|[^\\])(?:\\\\)*"$/.test(body));
  if (closed) return undefined;
  return {
    offset: token.offset,
    message: `the quote ${quote} is never closed (expected a ${quote} to end ${what})`,
  };
}
