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

  it('still names a key written twice, at its second appearance', () => {
    expect(problems('a: 1\na: 2\n')).toEqual([
      '2:1: a: written twice (expected each key once in its mapping; its first is at line 1)',
    ]);
  });
});
