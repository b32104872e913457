import { invalid } from '../../../input-error.ts';
import { challengeDie, DIE_SIDES } from './pool.ts';
import type { Roll, RollSpec } from './spec.ts';

/**
 * The short notation people type and read for a roll's dice: one word per intent, dice on the
 * same intent joined by `+` (advantage), `@B` to aim it at the second threat, `*2` to weigh it,
 * and `area:d4` for the Elementalist's area die. A whole roll reads `d12 | d6+d6`.
 * @example parseIntents(['d12', '2d6@B*0.5', 'area:d4']).dice.length // 4
 */
export function parseIntents(
  words: readonly string[],
  threatCount = 1,
): Pick<RollSpec, 'dice' | 'intents'> {
  const dice: RollSpec['dice'] = [];
  const intents: { threat: number; weight: number }[] = [];
  for (const word of words) {
    const area = /^area:(.+)$/i.exec(word);
    if (area) {
      const sides = dieList(area[1]!, word);
      if (sides.length !== 1)
        throw invalid(`dice ${JSON.stringify(word)}`, word, 'one area die, such as area:d4');
      dice.push({ sides: sides[0]!, area: true });
      continue;
    }
    const match = /^([^@*]+)(?:@([A-Za-z]))?(?:\*([0-9.]+))?$/.exec(word);
    if (!match)
      throw invalid('dice', word, 'an intent such as d12, d6+d4, 2d6@B or d8*2 (see --help)');
    const threat = match[2] ? match[2].toUpperCase().charCodeAt(0) - 65 : 0;
    if (threat >= threatCount) {
      throw invalid(
        `dice ${JSON.stringify(word)}`,
        `@${match[2]}`,
        `a threat letter from A to ${threatLetter(threatCount - 1)} (one per --vs)`,
      );
    }
    const weight = match[3] === undefined ? 1 : Number(match[3]);
    if (!Number.isFinite(weight))
      throw invalid(`dice ${JSON.stringify(word)}`, match[3], 'a weight such as *2 or *0.5');
    const intent = intents.length;
    for (const sides of dieList(match[1]!, word)) dice.push({ sides, intent });
    intents.push({ threat, weight });
  }
  if (dice.length === 0) throw invalid('dice', '', 'at least one die, such as d12 d4');
  return { dice, intents };
}

function dieList(text: string, word: string): number[] {
  const sides: number[] = [];
  for (const part of text.split('+')) {
    const m = /^(\d*)d(\d+)$/i.exec(part.trim());
    const size = Number(m?.[2]);
    if (!m || !(DIE_SIDES as readonly number[]).includes(size)) {
      throw invalid(
        `dice ${JSON.stringify(word)}`,
        part,
        `dice d2, d4, d6, d8, d10 or d12 (2d6 for two)`,
      );
    }
    const count = m[1] === '' ? 1 : Number(m[1]);
    if (count < 1 || count > 12)
      throw invalid(`dice ${JSON.stringify(word)}`, part, 'from 1 to 12 dice of a size');
    for (let i = 0; i < count; i++) sides.push(size);
  }
  return sides;
}

/** "A", "B", … for threat 0, 1, … */
export function threatLetter(threat: number): string {
  return String.fromCharCode(65 + threat);
}

/**
 * A Challenge as people read it, with the die it rolls: every table, chart and message says it so.
 * @example challengeName(3) // "C3 (d6)"
 */
export function challengeName(challenge: number): string {
  return `C${challenge} (d${challengeDie(challenge)})`;
}

/** One intent's dice: "d6+d6", largest first. */
export function intentDice(roll: Roll, intent: number): string {
  return roll.dice
    .filter((d) => d.intent === intent)
    .map((d) => d.sides)
    .sort((a, b) => b - a)
    .map((n) => `d${n}`)
    .join('+');
}

/**
 * A roll's dice in the notation: intents split by " | ", with `@B` where it has several threats
 * and `*w` where a weight is not 1. @example describeDice(roll) // "d12 | d4 | area:d4"
 */
export function describeDice(roll: Roll): string {
  const words = roll.intents.map((intent, i) => {
    const at = roll.threats.length > 1 ? `@${threatLetter(intent.threat)}` : '';
    const weight = intent.weight === 1 ? '' : `*${intent.weight}`;
    return `${intentDice(roll, i)}${at}${weight}`;
  });
  for (const die of roll.dice) if (die.area) words.push(`area:d${die.sides}`);
  return words.join(' | ');
}

/** The threats: "C3 (d6)", or "A: C3 (d6), B: C5 (d10)". */
export function describeThreats(roll: Roll): string {
  if (roll.threats.length === 1) return challengeName(roll.threats[0]!.challenge);
  return roll.threats.map((t, i) => `${threatLetter(i)}: ${challengeName(t.challenge)}`).join(', ');
}
