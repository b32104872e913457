import { z } from '#zod';
import { integer } from '../../../input/field-schemas.ts';
import { invalid, missing } from '../../../input/input-error.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { intentDice } from '../roll/notation.ts';
import { challengeDie } from '../roll/pool.ts';
import { parseRoll, type Roll, type RollSpec, rollHeading } from '../roll/spec.ts';
import { classDefence, classOf, topFaces } from './die-outcome.ts';
import {
  type ActionValue,
  REROLL_ALL,
  REROLL_GROUP_STRIDE,
  STOP,
  utilityIsWins,
} from './roll-play.ts';
import { RollSolver } from './roll-solver.ts';

/**
 * A rolled state, mid-roll: the roll (its `aura` and `resolve` are what the player holds now,
 * the shown dice's top faces already counted, capped), each die's face in `roll.dice` order
 * (an exploding die's chain total), and each threat's defence D in `roll.threats` order.
 */
export interface AdviceRequest {
  readonly roll: Roll;
  readonly shown: readonly number[];
  readonly defence: readonly number[];
  /**
   * Late Aura only (`auraGainUsableSameRoll` false): the top faces rolled so far this roll,
   * rerolled dice included, whose Aura arrives after the roll. `roll.aura` is then the Aura
   * held at the roll's start, the only Aura spends can use.
   */
  readonly auraPending?: number;
}

/** What stopping spends: +2s (on each intent's best die) and tie payments, and what it wins. */
export interface AuraSpends {
  readonly auraSpent: number;
  /** +2s by die index (the best die of the intent they win). */
  readonly boosts: readonly { die: number; count: number }[];
  /** Intents whose tie is paid (after their +2s, if any). */
  readonly tiesPaid: readonly number[];
  /** Intents won. */
  readonly won: readonly number[];
}

/** Figures every advised action carries: E[U], E[intents won] and P(all won) after it. */
export interface ActionFigures {
  /** E[U] of taking the action now and playing optimally after it (the roll's own utility). */
  readonly expectedUtility: number;
  /** E[intents won] under that same play (equal to `expectedUtility` under the default utility). */
  readonly expectedWins: number;
  /** P(every intent won) under that play. */
  readonly pAllWin: number;
}

/** One legal action in a rolled state (stop, reroll every die, reroll die `die`), with its figures. */
export type AdvisedAction =
  | ({ readonly action: 'stop'; readonly spends: AuraSpends } & ActionFigures)
  | ({ readonly action: 'reroll-all' } & ActionFigures)
  | ({ readonly action: 'reroll-one'; readonly die: number } & ActionFigures);

/**
 * What `advise` finds in a rolled state, after the state as advised (as every system's advice
 * opens: the system, the check, what was rolled): the engine's decision, and every legal
 * action valued.
 */
export interface Advice {
  readonly system: 'zidara';
  /** The roll as solved, every field explicit (`rollHeading`'s spec). */
  readonly check: RollSpec;
  readonly shown: readonly number[];
  readonly defence: readonly number[];
  /** Late Aura only, as asked (`AdviceRequest.auraPending`). */
  readonly auraPending?: number;
  /** The engine's own decision in this state. */
  readonly best: AdvisedAction;
  /** Every legal action, best first, then by expected utility (ties in the engine's order). */
  readonly actions: readonly AdvisedAction[];
}

/** A request's fields; an oracle case's answers (`actions`, `bestValue`) are read past, so a case file can be fed as it is. */
const requestSchema = z.strictObject(
  {
    roll: z.unknown().optional(),
    shown: z.unknown().optional(),
    defence: z.unknown().optional(),
    auraPending: z.unknown().optional(),
    actions: z.unknown().optional(),
    bestValue: z.unknown().optional(),
  },
  { error: 'an object' },
);

/**
 * Validates a JSON advice request `{ roll, shown, defence, auraPending? }`: the roll as for
 * `parseRoll` (under `roll.`), one face per die (1..sides; an exploding die's chain total), one
 * D per threat (1..2C). An oracle case's `actions` and `bestValue` are ignored. Throws an
 * InputError naming the field; `where` prefixes field names.
 * @example parseAdviceRequest({ roll: { threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }] }, shown: [3], defence: [5] }).shown // [3]
 */
export function parseAdviceRequest(input: unknown, where = ''): AdviceRequest {
  const request = parseSpec(requestSchema, input, where);
  const f = (name: string) => `${where}${name}`;
  const roll = parseRoll(request.roll, f('roll.'));
  const shown = readList(request.shown, f('shown'), roll.dice.length, 'die, in roll.dice order');
  shown.forEach((face, j) => {
    checkFace(face, roll, j, f(`shown[${j}]`));
  });
  const defence = readList(
    request.defence,
    f('defence'),
    roll.threats.length,
    "threat's D, in roll.threats order",
  );
  defence.forEach((d, t) => {
    const top = challengeDie(roll.threats[t]!.challenge);
    parseSpec(
      integer(1, top, undefined, `a face of the Challenge die d${top}`),
      d,
      f(`defence[${t}]`),
    );
  });
  if (roll.auraGainUsableSameRoll) {
    if (request.auraPending !== undefined)
      throw invalid(
        f('auraPending'),
        request.auraPending,
        'nothing: Aura usable in the same roll is counted in roll.aura (auraPending is for late Aura only)',
      );
    return { roll, shown, defence };
  }
  const auraPending = parseSpec(
    integer(
      0,
      Number.MAX_SAFE_INTEGER,
      undefined,
      "the top faces rolled so far this roll (late Aura: they arrive after it), a whole number ≥ 0; the shown dice alone do not tell rerolled dice's",
    ),
    request.auraPending,
    f('auraPending'),
  );
  return { roll, shown, defence, auraPending };
}

/** An array of `length` numbers (checked one by one by the caller). */
function readList(value: unknown, field: string, length: number, what: string): number[] {
  const allowed = `an array of ${length} number${length === 1 ? '' : 's'}, one per ${what}`;
  if (value === undefined) throw missing(field, allowed);
  if (!Array.isArray(value) || value.length !== length) throw invalid(field, value, allowed);
  return value as number[];
}

/**
 * A die's face as it can be shown: 1..N, or for an exploding die its chain total, which is
 * never a multiple of N except when the chain was stopped by the depth cap ((depth+1)·N).
 */
function checkFace(face: unknown, roll: Roll, j: number, field: string): void {
  const sides = roll.dice[j]!.sides;
  if (!roll.explode) {
    parseSpec(integer(1, sides, undefined, `a face of the d${sides}: 1 to ${sides}`), face, field);
    return;
  }
  const capped = (roll.explodeDepth + 1) * sides;
  const ok =
    typeof face === 'number' &&
    Number.isInteger(face) &&
    face >= 1 &&
    (face === capped || (face < capped && face % sides !== 0));
  if (!ok)
    throw invalid(
      field,
      face,
      `the exploding d${sides}'s chain total: 1 to ${capped - 1} but not a multiple of ${sides} (a top face rolls again), or ${capped} for a chain stopped at depth ${roll.explodeDepth}`,
    );
}

/**
 * Every legal action in the rolled state, valued by the exact engine (`RollSolver.actionsIn`:
 * the engine's own values and play), best first: `stop` always; while the roll has failed and
 * Resolve is left, `reroll-all` and `reroll-one` of every die (by index, dice that already win
 * and the area die included). `best` is the engine's own decision; among equal values that is
 * stop, then reroll one (the lowest group, the lowest class, the lowest die index), then reroll all.
 * Cost: one exact solve under the shown defences (milliseconds for the rules' rolls).
 * @example advise(parseAdviceRequest({ roll: { threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }, { sides: 4, intent: 1 }], aura: 3, resolve: 1 }, shown: [3, 4], defence: [5] })).best // { action: "reroll-one", die: 0, expectedUtility: 1.5, expectedWins: 1.5, pAllWin: 0.5 }
 */
export function advise(request: AdviceRequest): Advice {
  const { roll, shown, defence } = request;
  const solver = new RollSolver(roll);
  const model = solver.model;
  const classIndex = roll.dice.map((die, j) =>
    die.area
      ? model.areaByValue
        ? shown[j]! - 1
        : topFaces(shown[j]!, die.sides)
      : classOf(
          shown[j]!,
          classDefence(roll, defence[roll.intents[die.intent]!.threat]!),
          model.floor,
        ) - model.floor,
  );
  const key = model.keyOf(classIndex);
  // The engine's Aura state: Aura held now, or (late Aura) the gains held back so far, capped.
  const aura = roll.auraGainUsableSameRoll
    ? roll.aura
    : Math.min(roll.auraMax, (request.auraPending ?? 0) * roll.auraPerTopFace);
  const r = roll.resolve;
  const values = solver.actionsIn(defence, key, aura, r);
  const byDecision = new Map(values.map((v) => [v.decision, v]));
  const decisionOfDie = (j: number) =>
    model.groupOfDie[j]! * REROLL_GROUP_STRIDE + (roll.dice[j]!.area ? 0 : classIndex[j]!);

  // Every legal action in the engine's order of preference among equals.
  const listed: { action: AdvisedAction; decision: number }[] = [];
  const stop = byDecision.get(STOP)!;
  listed.push({
    decision: STOP,
    action: { action: 'stop', ...figures(stop), spends: spendsOf(solver, request, key, aura) },
  });
  if (byDecision.has(REROLL_ALL)) {
    const dice = roll.dice
      .map((_, j) => j)
      .sort((a, b) => decisionOfDie(a) - decisionOfDie(b) || a - b);
    for (const die of dice) {
      const decision = decisionOfDie(die);
      listed.push({
        decision,
        action: { action: 'reroll-one', die, ...figures(byDecision.get(decision)!) },
      });
    }
    listed.push({
      decision: REROLL_ALL,
      action: { action: 'reroll-all', ...figures(byDecision.get(REROLL_ALL)!) },
    });
  }
  const chosen = solver.decide(solver.defenceIndex(defence), key, aura, r);
  const bestAt = listed.findIndex((x) => x.decision === chosen);
  const best = listed[bestAt]!.action;
  const tolerance = 1e-12 * Math.max(1, ...listed.map((x) => Math.abs(x.action.expectedUtility)));
  const rest = listed
    .filter((_, i) => i !== bestAt)
    .map((x) => x.action)
    .sort((a, b) =>
      Math.abs(a.expectedUtility - b.expectedUtility) > tolerance
        ? b.expectedUtility - a.expectedUtility
        : 0,
    );
  const { system, spec: check } = rollHeading(roll);
  const pending = request.auraPending === undefined ? {} : { auraPending: request.auraPending };
  return { system, check, shown, defence, ...pending, best, actions: [best, ...rest] };
}

function figures(value: ActionValue): ActionFigures {
  return {
    expectedUtility: value.expectedUtility,
    expectedWins: value.pWin.reduce((s, p) => s + p, 0),
    pAllWin: value.winsDistribution[value.winsDistribution.length - 1]!,
  };
}

/** The engine's spends on stopping, each +2 placed on its intent's best die (highest face, lowest index). */
function spendsOf(solver: RollSolver, request: AdviceRequest, key: number, aura: number) {
  const { roll, shown } = request;
  const plan = solver.settle(key, aura, roll.resolve);
  const intents = roll.intents.map((_, i) => i);
  const boosts = intents.flatMap((i) => {
    const count = plan.boosts[i]!;
    if (count === 0) return [];
    const dice = roll.dice.flatMap((d, j) => (d.intent === i ? [j] : []));
    const die = dice.reduce((a, b) => (shown[b]! > shown[a]! ? b : a));
    return [{ die, count }];
  });
  return {
    auraSpent: plan.spent,
    boosts,
    tiesPaid: intents.filter((i) => plan.tiesPaid & (1 << i)),
    won: intents.filter((i) => plan.won & (1 << i)),
  };
}

/** A die as a player names it: "the d8 (showing 3)", with its intent when another die reads the same. */
function dieName(roll: Roll, shown: readonly number[], j: number): string {
  const die = roll.dice[j]!;
  if (die.area) return `the area d${die.sides} (showing ${shown[j]})`;
  const twin = roll.dice.some(
    (other, k) => k !== j && other.sides === die.sides && shown[k] === shown[j],
  );
  const where = twin ? ` of intent ${die.intent + 1}` : '';
  return `the d${die.sides}${where} (showing ${shown[j]})`;
}

/** An action as a player reads it: "stop", "reroll all dice", "reroll the d8 (showing 3)". */
export function actionName(request: AdviceRequest, action: AdvisedAction): string {
  if (action.action === 'stop') return 'stop';
  if (action.action === 'reroll-all') return 'reroll all dice';
  return `reroll ${dieName(request.roll, request.shown, action.die)}`;
}

/**
 * What stopping spends, in words: "Spend 2 Aura: +2 on the d4 (showing 4), pay the tie of
 * intent 2 (d6+d6)." — or "" when it spends nothing.
 */
export function spendsSentence(request: AdviceRequest, spends: AuraSpends): string {
  const parts = [
    ...spends.boosts.map(
      ({ die, count }) =>
        `${count === 1 ? '+2' : `${count} × +2`} on ${dieName(request.roll, request.shown, die)}`,
    ),
    ...spends.tiesPaid.map(
      (i) => `pay the tie of intent ${i + 1} (${intentDice(request.roll, i)})`,
    ),
  ];
  if (parts.length === 0) return '';
  return `Spend ${spends.auraSpent} Aura: ${parts.join(', ')}.`;
}

/**
 * What an action's figure is called, by whether the roll's utility is its intents won (the
 * rules' own, `utilityIsWins`) or a weighted one: the words of {@link adviceSentence}, and the
 * page's Mid-roll column, so the two never name one figure two ways.
 */
export const ADVICE_FIGURE_NAMES = {
  wins: 'intents expected',
  utility: 'expected utility',
} as const;

/**
 * The one plain sentence a player reads (and, on stopping, what to spend).
 * @example ((request) => adviceSentence(request, advise(request)))(parseAdviceRequest({ roll: { threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }, { sides: 4, intent: 1 }], aura: 3, resolve: 1 }, shown: [3, 4], defence: [5] }))
 * // "Reroll the d8 (showing 3): 1.50 intents expected, against 1.00 if you stop."
 */
export function adviceSentence(request: AdviceRequest, advice: Advice): string {
  const wins = utilityIsWins(request.roll);
  const amount = (a: AdvisedAction) =>
    wins
      ? `${a.expectedUtility.toFixed(2)} ${ADVICE_FIGURE_NAMES.wins}`
      : `${ADVICE_FIGURE_NAMES.utility} ${a.expectedUtility.toFixed(2)}`;
  const best = advice.best;
  const name = actionName(request, best);
  const head = `${name[0]!.toUpperCase()}${name.slice(1)}: ${amount(best)}`;
  if (best.action !== 'stop') {
    const stop = advice.actions.find((a) => a.action === 'stop')!;
    return `${head}, against ${stop.expectedUtility.toFixed(2)} if you stop.`;
  }
  const next = advice.actions[1];
  const versus = next
    ? `, against ${next.expectedUtility.toFixed(2)} if you ${actionName(request, next)}`
    : '';
  const spend = spendsSentence(request, best.spends);
  return `${head}${versus}.${spend ? ` ${spend}` : ''}`;
}
