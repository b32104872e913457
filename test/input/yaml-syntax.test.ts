import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/input/yaml-source.ts';

/** Each problem of a YAML text as `line:col: message`. */
function problems(text: string): string[] {
  const parsed = parseYaml(text);
  return parsed.ok ? [] : parsed.problems.map((p) => `${p.line}:${p.col}: ${p.message}`);
}

const HEAD = 'scenario: x\nsystem: d6-pool\nexpectations:\n  - expect: a\n';

describe('YAML syntax errors, where the mistake is', () => {
  it('names a bracket or quote never closed at its opening, and nothing the parser found after it', () => {
    // Before, "6:5: Flow map in block collection must be sufficiently indented and end with a }",
    // on the next line.
    expect(problems(`${HEAD}    of: { stat: 3\n    atLeast: 0.2\n`)).toEqual([
      '5:9: "{" is never closed (expected a "}" to end the mapping it opens)',
    ]);
    // Before, "6:5: Flow sequence …", then two lines of what followed from it.
    expect(problems(`${HEAD}    between: [0.1, 0.2\n    figure: success\n  - expect: b\n`)).toEqual(
      ['5:14: "[" is never closed (expected a "]" to end the list it opens)'],
    );
    // Before, "7:1: Missing closing "quote", at the end of the file.
    expect(problems(`${HEAD}    atLeast: "10%\n    figure: success\n`)).toEqual([
      '5:14: the quote " is never closed (expected a " to end the text it opens)',
    ]);
    // Before, "7:1: Missing closing 'quote".
    expect(problems(`${HEAD}    atLeast: '10%\n    figure: success\n`)).toEqual([
      "5:14: the quote ' is never closed (expected a ' to end the text it opens; '' writes one ' inside)",
    ]);
    // The inner one left open leaves the outer open too: only the inner is named.
    expect(problems(`${HEAD}    over: { stat: [1, 2 }\n    figure: success\n`)).toEqual([
      '5:19: "[" is never closed (expected a "]" to end the list it opens, before the "}" on line 5)',
    ]);
    expect(problems('a: [1, "b]\nc: 1\n')).toEqual([
      '1:8: the quote " is never closed (expected a " to end the text it opens)',
    ]);
    // A quote written inside quotes does not close them.
    expect(problems('a: "x\\"\nb: 1\n')).toEqual([
      '1:4: the quote " is never closed (expected a " to end the text it opens)',
    ]);
    expect(problems("a: \"x\\\\\"\nb: [1, 'it''s']\n")).toEqual([]);
  });

  it('names a missing ":" on its line, and a line indented wrong at its indentation', () => {
    // Before, "5:5: Implicit keys need to be on a single line".
    expect(problems(`${HEAD}    figure success\n    atLeast: 0.2\n`)).toEqual([
      '5:5: "figure success" has no ":" (expected "key: value"; without one it runs on into line 6)',
    ]);
    // Before, "4:13: Nested mappings are not allowed in compact mappings", then its twin.
    expect(problems(`${HEAD}      figure: success\n`)).toEqual([
      '5:7: this line is indented deeper than the keys of its mapping (expected them to line up; it reads as more of the value on line 4)',
    ]);
    // Before, "5:1: Sequence item without - indicator", then four lines that followed from it.
    expect(problems(`${HEAD}   figure: success\n    atLeast: 0.2\n    by: exact\n`)).toEqual([
      '5:4: this line is not indented as the keys above it (expected them to line up, or "- " to start a list item)',
    ]);
    // Before, the tab's line, then four lines that followed from it.
    expect(problems(`${HEAD}\tfigure: success\n    atLeast: 0.2\n    by: exact\n`)).toEqual([
      '5:1: a tab indents this line (expected spaces: YAML indents with spaces only)',
    ]);
  });

  it('names the field of a value the parser stops in, with what to write for the common mistakes', () => {
    // Before, "5:13: Nested mappings are not allowed in compact mappings".
    expect(problems(`${HEAD}  - expect: stat 3: a quarter succeed  # note\n`)).toEqual([
      '5:13: expectations[1].expect: stat 3: a quarter succeed has ": " unquoted, which YAML reads as a key (expected quotes around a value with ": " in it: "stat 3: a quarter succeed")',
    ]);
    // Before, "1:9: Block collections are not allowed within flow collections".
    expect(problems('a: { b: c: d }\n')).toEqual([
      '1:9: a.b: c: d has ": " unquoted, which YAML reads as a key (expected quotes around a value with ": " in it)',
    ]);
    // Before, "1:8: Plain value cannot start with reserved character @".
    expect(problems('a: [x, @b]\n')).toEqual([
      '1:8: a[1]: @b starts with @, which YAML reserves (expected the value in quotes: "@b")',
    ]);
    // Before, "2:10: Unexpected scalar at node end".
    expect(problems('a:\n  x: "b" c\n  y: [1, 2] 3\n')).toEqual([
      '2:10: a.x: c is written after the closing quote " (expected the whole value inside it, or a comment after " #")',
      '3:13: a.y: 3 is written after the closing "]" (expected the whole value inside it, or a comment after " #")',
    ]);
  });

  it("tells the other common mistakes in the reader's words, once each, at the mistake", () => {
    const cases: [string, string[]][] = [
      // Before, "6:1: All mapping items must start at the same column", at the line's start.
      [
        `${HEAD}    figure: success\n  of: { stat: 3 }\n`,
        ['6:3: this line is not indented as the keys above it (expected them to line up)'],
      ],
      // Before, "6:1:     - expect: b has ": " unquoted, which YAML reads as a key (…)", then
      // "6:5: "- expect: b" has no ":" (…)" and "6:5: Implicit map keys need to be followed by map values".
      [
        `${HEAD}    figure: success\n    - expect: b\n`,
        [
          '6:5: this list item is not indented as the items above it (expected each "- " of a list to line up)',
        ],
      ],
      // Before, "7:4: All sequence items must start at the same column".
      [
        `${HEAD}    between:\n    - 0.1\n   - 0.2\n`,
        [
          '7:4: this list item is not indented as the items above it (expected each "- " of a list to line up)',
        ],
      ],
      // Before, "5:1: All mapping items must start at the same column".
      [
        `${HEAD}  -expect: b\n`,
        ['5:3: "-expect:" has no space after its "-" (expected "- " to start a list item)'],
      ],
      // Before, "6:5: Implicit map keys need to be followed by map values".
      [
        `${HEAD}    figure: success\n    atLeast 0.2\n`,
        ['6:5: "atLeast 0.2" has no ":" (expected "key: value")'],
      ],
      // Before, "5:20: Unexpected flow-map-end token in YAML stream: "}"", then three lines
      // of the next line's tokens.
      [
        `${HEAD}    of: { stat: 3 }}\n    atLeast: 0\n`,
        ['5:20: "}" closes nothing (expected it only to end a "{" opened before it)'],
      ],
      // Before, "1:10: Unexpected flow-seq-end token in YAML stream: "]"".
      [
        'a: [1, 2]]\n',
        ['1:10: "]" closes nothing (expected it only to end a "[" opened before it)'],
      ],
      // Before, "1:11: Unexpected , in flow map".
      [
        'a: { b: 1,, c: 2 }\n',
        ['1:11: this "," has no item before it (expected one item before each ",")'],
      ],
      // Before, "1:7: Comments must be separated from other tokens by white space characters".
      [
        'a: "x"#c\n',
        [
          '1:7: "#" right after a value starts no comment (expected a space before "#", or the "#" inside quotes)',
        ],
      ],
      // Before, "1:7: Invalid escape sequence \\q".
      [
        'a: "c:\\qa"\n',
        [
          '1:7: \\q is no escape in double quotes (expected \\\\ for a backslash, or the text in single quotes)',
        ],
      ],
    ];
    for (const [text, expected] of cases) expect(problems(text), text).toEqual(expected);
  });

  it('still names a key written twice, at its second appearance', () => {
    expect(problems('a: 1\na: 2\n')).toEqual([
      '2:1: a: written twice (expected each key once in its mapping; its first is at 1:1)',
    ]);
  });
});
