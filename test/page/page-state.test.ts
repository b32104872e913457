import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fragmentKeysTable, KEYS_TABLE_MARKS } from '../../src/page/fragment-keys-table.ts';
import {
  FRAGMENT_KEYS,
  fitFaces,
  PAGE_DEFAULTS,
  PAGE_LIMITS,
  readFragment,
  splitDice,
  writeFragment,
} from '../../src/page/page-state.ts';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../../src/systems/zidara/roll/spec.ts';
import { parsePool } from '../../src/systems/zidara/roll/split.ts';

describe('the page fragment', () => {
  it("opens exactly the issue's question", () => {
    const { state, problems } = readFragment(
      '#v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1&objective=wins',
    );
    expect(problems).toEqual([]);
    expect(state).toEqual({
      ...PAGE_DEFAULTS,
      view: 'splits',
      steps: 7,
      actions: 2,
      vs: 4,
      tags: 2,
      aura: 3,
      resolve: 1,
      objective: 'wins',
    });
    // Written back, it is the same link (keys in the same order).
    expect(writeFragment(state)).toBe(
      'v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1&objective=wins',
    );
  });

  it('reads back every state it writes', () => {
    const states = [
      PAGE_DEFAULTS,
      {
        ...PAGE_DEFAULTS,
        view: 'fight' as const,
        pool: [12, 6, 4],
        vs: 5,
        tags: 3,
        auraMax: 7,
        aura: 0,
        boosts: 2,
        explode: true,
        defending: true,
        lateAura: true,
        auraValue: 0.25,
        resolveValue: 1.5,
        objective: 'all' as const,
        maxRounds: 5,
        titles: 0,
        fightPolicy: 'whole-fight' as const,
      },
      {
        ...PAGE_DEFAULTS,
        view: 'advice' as const,
        split: 'd8 | d6+d2',
        faces: [3, null, 2],
        defence: 5,
      },
      { ...PAGE_DEFAULTS, view: 'whatif' as const, steps: 12, actions: 2, resolve: 2, tags: 3 },
    ];
    for (const state of states) {
      const read = readFragment(`#${writeFragment(state)}`);
      expect(read.problems).toEqual([]);
      expect(read.state).toEqual(state);
    }
  });

  it('writes only links it reads back: a count past 2^53 − 1 is refused, not written as 1e+23', () => {
    const huge = readFragment('#view=advice&late-aura=1&aura-pending=100000000000000000000000');
    expect(huge.problems).toEqual([
      'aura-pending: "100000000000000000000000" is not allowed (expected an integer from 0 to 9007199254740991)',
    ]);
    expect(huge.state.auraPending).toBe(PAGE_DEFAULTS.auraPending);
    const largest = readFragment('#view=advice&late-aura=1&aura-pending=9007199254740991');
    expect(largest.problems).toEqual([]);
    const written = writeFragment(largest.state);
    expect(written).toContain('aura-pending=9007199254740991');
    const again = readFragment(`#${written}`);
    expect(again.problems).toEqual([]);
    expect(again.state.auraPending).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("reads a + typed by hand as a plus (a split's stacked dice), a space as a space", () => {
    // URLSearchParams reads a form's + as a space; a fragment's + is a plus.
    for (const hash of ['#view=advice&split=d8+d4', '#view=advice&split=d8%2Bd4'])
      expect(readFragment(hash).state.split, hash).toBe('d8+d4');
    expect(readFragment('#view=advice&split=d8+d4|d6').state.split).toBe('d8+d4 | d6');
    // A space (the address bar sends %20) still parts intents, | too.
    expect(readFragment('#view=advice&split=d8%20d4').state.split).toBe('d8 | d4');
    expect(readFragment('#view=advice&split=d8+d4%20d6').state.split).toBe('d8+d4 | d6');
    expect(readFragment('#view=advice&split=d8|d4').state.split).toBe('d8 | d4');
    // Other keys as before: a pool's + parts dice, a worth may be signed.
    const other = readFragment('#pool=d8+d4&aura-value=+0.5');
    expect(other.problems).toEqual([]);
    expect(other.state.pool).toEqual([8, 4]);
    expect(other.state.auraValue).toBe(0.5);
  });

  it('keeps links short and readable: defaults left out, | and , as they are', () => {
    expect(writeFragment(PAGE_DEFAULTS)).toBe(
      'v=1&view=splits&steps=8&actions=1&vs=3&tags=2&objective=wins',
    );
    expect(
      writeFragment({
        ...PAGE_DEFAULTS,
        view: 'advice',
        split: 'd8 | d4',
        faces: [3, 4],
        defence: 5,
      }),
    ).toBe('v=1&view=advice&vs=3&split=d8|d4&faces=3,4&defence=5');
  });

  it('names each key it cannot use, with the value and what is allowed, and keeps the default', () => {
    const { state, problems } = readFragment(
      '#v=2&view=odds&steps=abc&vs=60&pool=d7&explode=yes&aura=9&objective=best&zap=1',
    );
    expect(state).toEqual(PAGE_DEFAULTS);
    expect(problems).toEqual([
      expect.stringMatching(
        /^zap: "1" is not allowed \(expected a key of this page: v, view, steps/,
      ),
      'v: "2" is not allowed (expected 1: this page reads version 1 links)',
      'view: "odds" is not allowed (expected one of splits, advice, fight, whatif, characters, ring-skill)',
      'steps: "abc" is not allowed (expected an integer from 1 to 72)',
      'pool: "d7" is not allowed (expected dice such as "d12 d4", "d12+d4" or "2d6 d4" (d2, d4, d6, d8, d10 or d12, at most 12 dice, no |: a pool has no intents))',
      'vs: "60" is not allowed (expected an integer from 1 to 50)',
      'explode: "yes" is not allowed (expected 1 (on) or 0 (off))',
      'objective: "best" is not allowed (expected one of primary, wins, all, utility)',
      'aura: 9 is not allowed (expected an integer from 0 to aura-max (5))',
    ]);
  });

  it('refuses a pool past 12 dice before making any die, and faces past the split', () => {
    for (const pool of ['1e9d6', '4294967296d6', '99999999999999999999d6', '100000000d6', '13d2'])
      expect(readFragment(`#pool=${pool}`).problems, pool).toEqual([
        `pool: "${pool}" is not allowed (expected dice such as "d12 d4", "d12+d4" or "2d6 d4" (d2, d4, d6, d8, d10 or d12, at most 12 dice, no |: a pool has no intents))`,
      ]);
    expect(readFragment('#pool=12d2').state.pool).toHaveLength(12);
    const past = readFragment('#view=advice&split=d8|d4&faces=3,4,5,6,7,8');
    expect(past.state.faces).toEqual([3, 4]);
    expect(past.problems).toEqual([
      'faces: "3,4,5,6,7,8" is not allowed (expected at most 2 faces, one for each die of d8 | d4; the rest are left out)',
    ]);
    const many = readFragment(
      `#view=advice&split=d8|d4&faces=${Array(50_000).fill('3').join(',')}`,
    );
    expect(many.state.faces).toEqual([]);
    expect(many.problems).toEqual([
      expect.stringMatching(
        /^faces: ".*"\.\.\. \(99999 characters\) is not allowed \(expected at most 12 faces/,
      ),
    ]);
    // A 100,000-character key is named by its start.
    expect(readFragment(`#${'k'.repeat(100_000)}=1`).problems[0]).toMatch(
      /^k{57}\.\.\.: "1" is not allowed/,
    );
  });

  it("clears a Mid-roll face its die can no longer show, and drops the gone area die's", () => {
    const rolled = {
      ...PAGE_DEFAULTS,
      view: 'advice' as const,
      split: 'd8 | d4',
      vs: 4,
      faces: [12, 3],
      defence: 8,
      explode: true,
    };
    expect(fitFaces(rolled)).toBe(rolled);
    // A lower Challenge: its die (d6) cannot show 8. Warrior off: the d8 cannot show 12.
    expect(fitFaces({ ...rolled, vs: 3 })).toEqual({ ...rolled, vs: 3, defence: undefined });
    expect(fitFaces({ ...rolled, explode: false })).toEqual({
      ...rolled,
      explode: false,
      faces: [null, 3],
    });
    const second = { ...rolled, explode: false, vs2: 2, defence2: 4, area: 6, faces: [7, 3, 5] };
    expect(fitFaces(second)).toBe(second);
    expect(fitFaces({ ...second, vs2: 1 }).defence2).toBeUndefined();
    expect(fitFaces({ ...second, area: 4 }).faces).toEqual([7, 3, null]);
    // No area die: its face is not carried, so the link reads back whole.
    const gone = fitFaces({ ...second, area: undefined });
    expect(gone.faces).toEqual([7, 3]);
    expect(readFragment(`#${writeFragment(gone)}`).problems).toEqual([]);
  });

  it("reads its defaults and bounds from the library's constants", () => {
    expect(PAGE_DEFAULTS.auraMax).toBe(ROLL_DEFAULTS.auraMax);
    expect(PAGE_DEFAULTS.boosts).toBe(ROLL_DEFAULTS.boostsPerRoll);
    expect(PAGE_LIMITS.vs).toBe(ROLL_LIMITS.challenge);
    expect(PAGE_LIMITS.resolve).toBe(ROLL_LIMITS.resolve);
    expect(PAGE_LIMITS.worth).toBe(ROLL_LIMITS.value);
    expect(readFragment('#aura-value=1000001&resolve-value=1e6')).toEqual({
      state: { ...PAGE_DEFAULTS, resolveValue: ROLL_LIMITS.value },
      problems: ['aura-value: "1000001" is not allowed (expected a number from 0 to 1000000)'],
    });
  });

  it("reads a link's pool with the core's parsePool: what it refuses is named in the core's words", () => {
    // Every spelling the page's own reader took: spaces, commas and + in any run, either case.
    for (const [pool, dice] of [
      ['d12,d4', [12, 4]],
      ['d4+2d6', [6, 6, 4]],
      ['d12%20+%20d4', [12, 4]],
      ['+d12,,D4,', [12, 4]],
      ['12d2', Array(12).fill(2)],
    ] as const)
      expect(readFragment(`#pool=${pool}`), pool).toEqual({
        state: { ...PAGE_DEFAULTS, pool: dice },
        problems: [],
      });
    for (const pool of ['d7', 'd12|d4', '7d2,6d4', 'd12@B', 'area:d4', '0d6']) {
      let core = '';
      try {
        parsePool(pool);
      } catch (error) {
        core = (error as Error).message;
      }
      expect(core, pool).toMatch(/^pool: ".*" is not allowed \(expected dice such as "d12 d4"/);
      expect(readFragment(`#pool=${pool}`).problems, pool).toEqual([core]);
    }
  });

  it('reads pools and splits in the notation', () => {
    expect(readFragment('#pool=d4,2d6').state.pool).toEqual([6, 6, 4]);
    expect(readFragment('#pool=d12%20d4').state.pool).toEqual([12, 4]);
    expect(readFragment('#pool=').problems).toEqual([
      expect.stringMatching(/^pool: "" is not allowed/),
    ]);
    expect(splitDice('d4 | d8')).toEqual([8, 4]);
    expect(readFragment('#split=d4|2d6').state.split).toBe('d6+d6 | d4');
    // Spaces (a phone's keyboard has no |) also separate intents.
    expect(readFragment('#split=d4 2d6').state.split).toBe('d6+d6 | d4');
  });

  it("is documented key by key in the README, by the keys' own table", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf(KEYS_TABLE_MARKS.start) + KEYS_TABLE_MARKS.start.length;
    const end = readme.indexOf(KEYS_TABLE_MARKS.end);
    // Run `npm run docs:page-keys` after changing a key.
    expect(readme.slice(start, end).trim()).toBe(fragmentKeysTable());
    for (const key of ['v', 'view', ...FRAGMENT_KEYS.map((k) => k.key)])
      expect(fragmentKeysTable(), key).toContain(`| \`${key}\` |`);
  });
});
