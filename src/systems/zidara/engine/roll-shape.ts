import { RULE_OPTION_NAMES, ruleOption } from '../roll/rule-options.ts';
import type { Roll } from '../roll/spec.ts';

/**
 * The parts of a roll that one solve shares: everything but the threats' Challenges, the
 * Resolve at the start and (when gains can be spent in the same roll) the Aura at the start.
 * Rolls with the same shape are answered by one {@link RollSolver} (see `oddsFor`). The rule
 * options' part is read from their declarations (`RULE_OPTIONS[…].shape`), so no option can
 * be left out of it.
 * @example rollShape(parseRoll({ threats: [{ challenge: 2 }], dice: [{ sides: 8, intent: 0 }] })) === rollShape(parseRoll({ threats: [{ challenge: 6 }], dice: [{ sides: 8, intent: 0 }], resolve: 2, aura: 1 })) // true
 */
export function rollShape(roll: Roll): string {
  const parts: unknown[] = [roll.threats.length, roll.dice.length];
  // Indexed loops: a file of thousands of specs runs this cold, where for-of makes garbage.
  for (let i = 0; i < roll.dice.length; i++) {
    const die = roll.dice[i]!;
    parts.push(die.area ? -die.sides : die.sides * 16 + die.intent);
  }
  for (let i = 0; i < roll.intents.length; i++)
    parts.push(roll.intents[i]!.threat, roll.intents[i]!.weight);
  parts.push(roll.auraGainUsableSameRoll ? '' : roll.aura);
  for (let i = 0; i < SHAPE_OPTIONS.length; i++) {
    const [name, shape] = SHAPE_OPTIONS[i]!;
    parts.push(shape === true ? roll[name] : shape(roll as unknown as Record<string, unknown>));
  }
  return parts.join('|');
}

/** The rule options that shape a roll, and how (see `RuleOption.shape`). */
const SHAPE_OPTIONS = RULE_OPTION_NAMES.flatMap((name) => {
  const shape = ruleOption(name).shape;
  return shape === false ? [] : [[name, shape] as const];
});
