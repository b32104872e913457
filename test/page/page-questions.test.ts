import { describe, expect, it } from 'vitest';
import {
  adviceCommand,
  adviceQuestion,
  fightCommand,
  fightQuestion,
  QUESTION_FIELD_KEYS,
  splitsCommand,
  splitsQuestion,
  whatIfCommand,
  whatIfQuestion,
} from '../../src/page/page-questions.ts';
import { PAGE_DEFAULTS, type PageState, readFragment } from '../../src/page/page-state.ts';
import { splits } from '../../src/systems/zidara/analyses/splits.ts';
import { fightOdds, parseFight } from '../../src/systems/zidara/fight/fight.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';

/** A command line as the CLI's own argument list (quotes keep a value whole). */
function args(command: string): string[] {
  const words = command.match(/"[^"]*"|\S+/g) ?? [];
  return words.slice(1).map((w) => w.replace(/^"|"$/g, ''));
}

const state = (fragment: string): PageState => readFragment(fragment).state;

describe("the page's questions", () => {
  it('asks Best split what `zidara splits` is asked for the same flags', async () => {
    const s = state(
      '#v=1&view=splits&steps=7&actions=2&vs=4&tags=2&aura=3&resolve=1&objective=all&defending=1',
    );
    expect(splitsQuestion(s)).toEqual({
      steps: 7,
      actions: 2,
      challenge: 4,
      intents: [1, 2],
      objective: 'all',
      setup: {
        aura: 3,
        auraMax: 5,
        resolve: 1,
        boostsPerRoll: 1,
        tieBreak: false,
        explode: false,
        auraGainUsableSameRoll: true,
        auraValue: 0,
        resolveValue: 0,
      },
    });
    const command = splitsCommand(s);
    expect(command).toBe(
      'dicelab zidara splits --steps 7 --actions 2 --vs 4 --intents 1-2 --aura 3 --resolve 1 --defending --objective all',
    );
    // The command the page shows runs, and answers the page's question.
    const cli = await cliInProcess(...args(command), '--format', 'json');
    expect(cli.status).toBe(0);
    const rows = JSON.parse(cli.stdout).rows as { split: string; score: number }[];
    const expected = splits({
      steps: 7,
      actions: 2,
      challenge: 4,
      intents: [1, 2],
      aura: 3,
      resolve: 1,
      tieBreak: false,
      objective: 'all',
    });
    expect(rows.map((r) => r.split)).toEqual(expected.map((r) => r.split));
  });

  it('lists every split of a set pool for `--only`, and the command runs', async () => {
    const s = state('#v=1&view=splits&pool=d12,d6,d4&vs=3&tags=2');
    const command = splitsCommand(s);
    expect(command).toBe(
      'dicelab zidara splits --only "d12+d6+d4" "d12+d6 | d4" "d12+d4 | d6" "d12 | d6+d4" --vs 3',
    );
    const cli = await cliInProcess(...args(command), '--format', 'json');
    expect(cli.status).toBe(0);
    expect(
      JSON.parse(cli.stdout)
        .rows.map((r: { split: string }) => r.split)
        .sort(),
    ).toEqual(['d12+d6+d4', 'd12 | d6+d4', 'd12+d6 | d4', 'd12+d4 | d6'].sort());
  });

  it('asks a fight what `zidara fight` is asked, Resolve being the Titles', async () => {
    const s = state('#v=1&view=fight&vs=3&tags=2&pool=d8,d6&max-rounds=3&titles=1&boosts=0');
    const question = fightQuestion(s);
    expect(question).toEqual({
      challenge: 3,
      tags: 2,
      pool: [8, 6],
      titles: 1,
      maxRounds: 3,
      fightPolicy: 'per-roll',
      auraMax: 5,
      boostsPerRoll: 0,
      tieBreak: true,
      explode: false,
      auraGainUsableSameRoll: true,
      auraValue: 0,
      resolveValue: 0,
    });
    const command = fightCommand(s);
    expect(command).toBe(
      'dicelab zidara fight --vs 3 --tags 2 --pool "d8 d6" --titles 1 --max-rounds 3 --boosts 0',
    );
    const cli = await cliInProcess(...args(command), '--json', '--no-simulate');
    expect(cli.status).toBe(0);
    const shown = JSON.parse(cli.stdout).exact.pWinWithin as number[];
    const odds = fightOdds(parseFight(question));
    expect(shown).toHaveLength(3);
    shown.forEach((p, i) => {
      expect(Math.abs(p - odds.pWinWithin[i]!)).toBeLessThan(1e-12);
    });
  });

  it('leaves the worths of Aura and Resolve out of a command whose play gives them none', async () => {
    const all = state('#v=1&view=splits&steps=6&vs=3&tags=1&objective=all&aura-value=3');
    expect(splitsCommand(all)).toBe(
      'dicelab zidara splits --steps 6 --vs 3 --intents 1 --objective all',
    );
    const whole = state(
      '#v=1&view=fight&vs=2&tags=1&pool=d6&max-rounds=2&fight-policy=whole-fight&resolve-value=1',
    );
    expect(fightCommand(whole)).toBe(
      'dicelab zidara fight --vs 2 --tags 1 --pool "d6" --max-rounds 2 --fight-policy whole-fight',
    );
    // Both run: with the worths they would be refused.
    const split = await cliInProcess(...args(splitsCommand(all)), '--format', 'json');
    expect(split.status, split.stderr).toBe(0);
    const fight = await cliInProcess(...args(fightCommand(whole)), '--no-simulate', '--quiet');
    expect(fight.status, fight.stderr).toBe(0);
    // The objectives and the play that read them keep them.
    expect(splitsCommand({ ...all, objective: 'utility' })).toContain('--aura-value 3');
    expect(fightCommand({ ...whole, fightPolicy: 'per-roll' })).toContain('--resolve-value 1');
  });

  it('asks for advice only once every face is given, as `zidara advise` takes it', () => {
    const s = state('#v=1&view=advice&vs=4&split=d8|d4&faces=3,&aura=3&resolve=1');
    expect(adviceQuestion(s, 2)).toBeUndefined();
    const full = { ...s, faces: [3, 4], defence: 5 };
    expect(adviceQuestion(full, 2)).toEqual({
      split: 'd8 | d4',
      challenge: 4,
      shown: [3, 4],
      defence: 5,
      setup: expect.objectContaining({ aura: 3, resolve: 1 }),
    });
    expect(adviceCommand(full)).toBe(
      'dicelab zidara advise d8=3 d4=4 --vs 4 --defence 5 --aura 3 --resolve 1',
    );
    expect(adviceQuestion({ ...full, lateAura: true, auraPending: 2 }, 2)?.auraPending).toBe(2);
  });

  it("compares the page's rules with the rules page's, as `--against` does", () => {
    const s = { ...PAGE_DEFAULTS, auraMax: 7, aura: 6, boosts: 0, explode: true, resolve: 1 };
    const { base, yours } = whatIfQuestion(s);
    expect(base.setup).toMatchObject({
      auraMax: 5,
      aura: 5,
      boostsPerRoll: 1,
      explode: false,
      resolve: 0,
    });
    expect(yours.setup).toMatchObject({
      auraMax: 7,
      aura: 6,
      boostsPerRoll: 0,
      explode: true,
      resolve: 1,
    });
    expect(whatIfCommand(s)).toBe(
      'dicelab zidara splits --steps 8 --vs 3 --intents 1-2 --aura 5 --against "--aura 6 --aura-max 7 --resolve 1 --boosts 0 --explode"',
    );
    expect(whatIfCommand(PAGE_DEFAULTS)).toBe(
      'dicelab zidara splits --steps 8 --vs 3 --intents 1-2',
    );
  });

  it('reads each question field from the key of the state QUESTION_FIELD_KEYS names', () => {
    // A state every question is asked of (late Aura: Mid-roll asks the top faces so far too).
    const base: PageState = {
      ...PAGE_DEFAULTS,
      aura: 2,
      lateAura: true,
      faces: [3, 4],
      defence: 5,
    };
    const asked = (s: PageState) => [splitsQuestion(s), fightQuestion(s), adviceQuestion(s, 2)];
    // Every value of a field of that name, at any depth of the questions.
    const valuesOf = (value: unknown, field: string): unknown[] =>
      typeof value !== 'object' || value === null
        ? []
        : Object.entries(value).flatMap(([name, inner]) => [
            ...(name === field ? [inner] : []),
            ...valuesOf(inner, field),
          ]);
    const choices: Readonly<Record<string, string>> = {
      objective: 'all',
      fightPolicy: 'whole-fight',
      tiesGoTo: 'roller',
    };
    const other = (key: keyof PageState, value: unknown): unknown =>
      typeof value === 'boolean'
        ? !value
        : typeof value === 'number'
          ? value + 1
          : value === undefined
            ? [8, 4]
            : choices[key];
    for (const [field, key] of Object.entries(QUESTION_FIELD_KEYS)) {
      const changed = { ...base, [key]: other(key, base[key]) };
      // A field no question has (a name mistyped) has no values either way, and fails here.
      expect(valuesOf(asked(changed), field), `${field} from ${key}`).not.toEqual(
        valuesOf(asked(base), field),
      );
    }
  });
});
