import { describe, expect, it } from 'vitest';
import {
  checkScenarios,
  formatProblem,
  parseBaseline,
  pathFromBaseline,
  readBaseline,
  rerecordCommand,
} from '../../src/api/scenario.ts';
import {
  fight,
  formatPool,
  formatSplit,
  InputError,
  meanRoundsToWin,
  splitSteps,
  splitsOfPool,
} from '../../src/api/zidara.ts';

/**
 * The entries' functions that take a value rather than a spec, given a missing or wrong-typed
 * argument as a JavaScript caller may pass it: each is an InputError naming the argument and
 * what is allowed, in one line, as parseSplit and fightRounds say it, never "Cannot read
 * properties of undefined" from inside.
 */
type Call = () => unknown;
const SPLIT =
  'a split: each intent a list of dice sides (2, 4, 6, 8, 10, 12), such as [[12], [6, 6]] (parseSplit reads "d12 | d6+d6")';
const POOL = 'a list of dice sides (2, 4, 6, 8, 10, 12), such as [12, 4]';
const ODDS = "a fight's odds, as fight() returns them";
const SCENARIOS =
  "loaded scenarios (an array), as loadScenarioFiles returns them or parseScenario's `.scenario`";

const WRONG: [string, Call, string][] = [
  [
    'formatSplit()',
    () => formatSplit(undefined as never),
    `split: nothing is not allowed (expected ${SPLIT})`,
  ],
  ['formatSplit("d12")', () => formatSplit('d12' as never), `split: "d12" is not allowed`],
  [
    'formatSplit([[7]])',
    () => formatSplit([[7]]),
    `split: [[7]] is not allowed (expected ${SPLIT})`,
  ],
  [
    'splitSteps(null)',
    () => splitSteps(null as never),
    'split: null (an empty value) is not allowed',
  ],
  ['formatPool(5)', () => formatPool(5 as never), `pool: 5 is not allowed (expected ${POOL})`],
  ['splitsOfPool()', () => splitsOfPool(undefined as never), `pool: nothing is not allowed`],
  [
    'splitsOfPool([12, 4], 2)',
    () => splitsOfPool([12, 4], 2 as never),
    'intents: 2 is not allowed (expected a list of intent counts, each an integer ≥ 1, such as [1, 2])',
  ],
  [
    'meanRoundsToWin()',
    () => meanRoundsToWin(undefined as never),
    `odds: nothing is not allowed (expected ${ODDS})`,
  ],
  ['meanRoundsToWin({})', () => meanRoundsToWin({} as never), `odds: {} is not allowed`],
  [
    'formatProblem()',
    () => formatProblem(undefined as never),
    "problem: nothing is not allowed (expected a scenario's problem, as parseScenario returns them)",
  ],
  [
    'rerecordCommand()',
    () => rerecordCommand(undefined as never),
    "result: nothing is not allowed (expected a check's result, as checkScenarioFiles returns it)",
  ],
  [
    'pathFromBaseline("a.yaml")',
    () => pathFromBaseline('a.yaml', undefined as never),
    "baselinePath: nothing is not allowed (expected the baseline file's path)",
  ],
  [
    'readBaseline()',
    () => readBaseline(undefined as never),
    'path: nothing is not allowed (expected the path of a baseline file)',
  ],
  [
    'parseBaseline(null, path)',
    () => parseBaseline(null as never, 'b.json'),
    "text: null (an empty value) is not allowed (expected the file's text, a string: readFileSync(path, 'utf8'))",
  ],
];

describe('a missing or wrong-typed argument', () => {
  it.each(WRONG)('%s is an InputError naming it', (_, call, message) => {
    expect(call).toThrow(InputError);
    expect(call).toThrow(message);
  });

  it('to checkScenarios is refused before anything runs, the scenario at fault named', async () => {
    await expect(checkScenarios(undefined as never)).rejects.toThrow(InputError);
    await expect(checkScenarios(undefined as never)).rejects.toThrow(
      `scenarios: nothing is not allowed (expected ${SCENARIOS})`,
    );
    // The parse itself, not its `.scenario`: the first thing a caller may get wrong.
    await expect(checkScenarios([{ ok: true, scenario: {} }] as never)).rejects.toThrow(
      /^scenarios\[0\]: \{"ok":true,"scenario":\{\}\} is not allowed \(expected a loaded scenario/,
    );
  });

  it('leaves the right ones alone', () => {
    expect(formatSplit([[12], [6, 6]])).toBe('d12 | d6+d6');
    expect(formatPool([4, 12])).toBe('d12 d4');
    expect(splitSteps([[12], [6, 6]])).toBe(12);
    expect(splitsOfPool([12, 4]).map(formatSplit)).toEqual(['d12+d4', 'd12 | d4']);
    const odds = fight({ challenge: 4, tags: 1, pool: [8], auraMax: 0, titles: 0, maxRounds: 2 });
    expect(meanRoundsToWin(odds)).toBeCloseTo(1.36, 10);
  });
});
