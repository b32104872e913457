import { type Roll, rollWith } from '../roll/spec.ts';
import { type ExactSolveSize, exactSolveSize } from './backward-solve.ts';
import { closedFormOdds, closedFormTakes, noRerollPossible } from './closed-form.ts';
import { type RollOdds, type SolveOptions, startAuraState } from './roll-play.ts';
import { rollShape } from './roll-shape.ts';
import { RollSolver } from './roll-solver.ts';

/**
 * The exact figures of many rolls at once, each what `new RollSolver(roll, options).odds()`
 * gives (to 1e-12), for a fraction of the cost: rolls of one shape (everything but the
 * Challenges, the starting Resolve and Aura: see `rollShape`) share one solve, whose tables
 * serve every Challenge and start (`RollSolver.oddsFor`), and rolls where no reroll can happen
 * take the closed form (`closedFormOdds`). Results are in the order of `rolls`. What the page,
 * the analyses and `zidara odds` on a file of specs call.
 *
 * `terminalOf` plays every roll for a terminal utility (see `SolveOptions.terminal`) instead of
 * the rules' linear one: given the roll a shape is solved for (its largest Challenges and
 * Resolve), the table in that roll's layout. It must value only how a roll ends, not where it
 * started, so one table serves every roll of the shape (as "every intent won" does).
 * @example solveRolls([3, 4].map((c) => parseRoll({ threats: [{ challenge: c }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 }))).map((o) => o.intents[0].pWin) // [0.5625, 0.4375]
 */
export function solveRolls(
  rolls: readonly Roll[],
  options: SolveOptions = {},
  terminalOf?: (cover: Roll) => ArrayLike<number>,
): RollOdds[] {
  // A terminal utility given as a table is laid out for its roll's own Resolve: such rolls are solved alone.
  if (options.terminal) return rolls.map((roll) => new RollSolver(roll, options).odds());
  return solveShared(
    rolls,
    options,
    terminalOf,
    (odds) => odds,
    (solver, asked) => solver.oddsFor(asked),
  );
}

/**
 * The size of the search {@link solveRolls} runs for `roll` asked alone (or beside rolls of
 * other shapes) under `options`, and whether it is past the exact engine's bounds (see
 * `exactSolveSize`); no search at all (states 0) when the closed form answers it. `terminal`:
 * played for a terminal utility (`terminalOf`), which the closed form never takes. Counted,
 * nothing built (microseconds): what a caller with many rolls checks of each before it solves
 * any, so that none is refused half-way through.
 * @example searchSize(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }, { sides: 8, intent: 1 }], resolve: 0 })).states // 0
 */
export function searchSize(
  roll: Roll,
  options: SolveOptions = {},
  terminal = false,
): ExactSolveSize {
  if (options.terminal) return exactSolveSize(roll, options.lowestAura ?? 0);
  if (!terminal && closedFormTakes(roll, options)) return { states: 0, moves: 0 };
  return exactSolveSize(roll, startAuraState(roll));
}

/**
 * Only each roll's expected utility, what `solveRolls` gives as `expectedUtility` (bit for
 * bit): the same shared solves, without the figures' forward pass under optimal play (a
 * third less work). What an analysis that needs nothing else asks, such as a win chance
 * when the utility is the win (`utilityIsWins`, one intent).
 * @example solveUtilities([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3, resolve: 1 })])[0] // 0.892578125 (457/512)
 */
export function solveUtilities(rolls: readonly Roll[], options: SolveOptions = {}): number[] {
  if (options.terminal)
    return rolls.map((roll) => new RollSolver(roll, options).utilitiesFor([roll])[0]!);
  return solveShared(
    rolls,
    options,
    undefined,
    (odds) => odds.expectedUtility,
    (solver, asked) => solver.utilitiesFor(asked),
  );
}

/**
 * Rolls grouped by shape, each group answered by the closed form where no reroll can happen,
 * else by one solver of the group's cover (its largest Challenges and Resolve); `closed` and
 * `searched` say what is kept of each answer. Results in the order of `rolls`.
 */
function solveShared<T>(
  rolls: readonly Roll[],
  options: SolveOptions,
  terminalOf: ((cover: Roll) => ArrayLike<number>) | undefined,
  closed: (odds: RollOdds) => T,
  searched: (solver: RollSolver, asked: readonly Roll[]) => T[],
): T[] {
  const out = new Array<T>(rolls.length);
  const groups = new Map<string, { closed: number[]; searched: number[] }>();
  rolls.forEach((roll, i) => {
    const shape = rollShape(roll);
    let group = groups.get(shape);
    if (!group) {
      group = { closed: [], searched: [] };
      groups.set(shape, group);
    }
    (!terminalOf && noRerollPossible(roll, options) ? group.closed : group.searched).push(i);
  });
  for (const group of groups.values()) {
    const direct =
      group.closed.length > 0
        ? closedFormOdds(
            group.closed.map((i) => rolls[i]!),
            options,
          )
        : [];
    if (direct) for (const [k, odds] of direct.entries()) out[group.closed[k]!] = closed(odds);
    else group.searched.push(...group.closed);
    if (group.searched.length === 0) continue;
    const asked = group.searched.map((i) => rolls[i]!);
    const cover = coverOf(asked);
    // Aura only rises within a roll: the tables need no state below the lowest start.
    const lowestAura = Math.min(...asked.map(startAuraState));
    const solver = new RollSolver(cover, {
      ...options,
      lowestAura,
      ...(terminalOf ? { terminal: terminalOf(cover) } : {}),
    });
    for (const [k, answer] of searched(solver, asked).entries()) out[group.searched[k]!] = answer;
  }
  return out;
}

/** The roll of a shape whose solve covers every roll given: the largest Challenge of each threat, the most Resolve. */
function coverOf(rolls: readonly Roll[]): Roll {
  const first = rolls[0]!;
  if (rolls.length === 1) return first;
  return rollWith(first, {
    challenges: first.threats.map((_, t) =>
      Math.max(...rolls.map((roll) => roll.threats[t]!.challenge)),
    ),
    resolve: Math.max(...rolls.map((roll) => roll.resolve)),
  });
}
