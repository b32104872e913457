import { invalid } from '../../../input/input-error.ts';
import { challengeDie, DICE_ALLOWED, DIE_SIDES } from './pool.ts';
import { type DieSpec, ROLL_LIMITS, type Roll, type RollSpec } from './spec.ts';

/**
 * The short notation people type and read for a roll's dice: one word per intent, dice on the
 * same intent joined by `+` (advantage), `@B` to aim it at the second threat, `*2` to weigh it,
 * and `area:d4` for the Elementalist's area die. A whole roll reads `d12 | d6+d6`: words may
 * also be separated by ` | `, as splits are printed (`"d8 | d4"` is `d8 d4`), or by spaces within
 * one argument (`"d8 d4@B"` is `d8 d4@B`); spaces beside `+`, `@`, `*`, `=`, `,` and `:` are free.
 * With `faces: 'each'` (a rolled state, for `zidara advise`) every die also carries the face it
 * shows: `d8=3`, `2d6=3,5`, `d6=3+d4=5`, or the word's faces in its dice order at its end,
 * after the threat and weight: `d4@B=4`, `d6+d4@A=3,5`; `area:d4=2`. They come back as `shown`.
 * `threatsFrom` names where the threats were given (a threat letter past them is refused).
 * An empty intent beside a `|` (`"d8 |"`, `"d8 || d4"`) is refused.
 * @example parseIntents(['d12', '2d6@B*0.5', 'area:d4'], 2).dice.length // 4
 * @example parseIntents(['d8=3', 'd4@B=4'], 2, 'each').shown // [3, 4]
 * @example parseIntents(['d8 | d4']).intents.length // 2
 * @example parseIntents(['d8 d4@B'], 2).intents.length // 2
 */
export function parseIntents(
  words: readonly string[],
  threatCount = 1,
  faces: 'none' | 'each' = 'none',
  threatsFrom = '--vs',
): Pick<RollSpec, 'dice' | 'intents'> & { shown?: number[] } {
  const dice: DieSpec[] = [];
  const intents: { threat: number; weight: number }[] = [];
  const shown: number[] = [];
  const take = (word: string, found: DieList) => {
    for (const face of found.faces) {
      if (face === undefined) {
        if (faces === 'each')
          throw invalid(
            `dice ${JSON.stringify(word)}`,
            word,
            "each die's face, such as d8=3, 2d6=3,5 or d6=3+d4=5 (d4@B=4 after a threat)",
          );
        continue;
      }
      if (faces === 'none')
        throw invalid(
          `dice ${JSON.stringify(word)}`,
          `=${face}`,
          'dice without faces here (a face, as in d8=3, is for `zidara advise`)',
        );
      shown.push(face);
    }
  };
  // A | with no die on one side ("d8 |", "| d8", "d8 || d4") is a slip, not an intent of nothing:
  // every reader of the notation refuses it here (splits, rolls, rolled states alike).
  // The words read as one line (a lone "|" between two words separates them, as in d8 '|' d4).
  const line = words.join(' ');
  if (line.includes('|') && line.split('|').some((part) => part.trim() === ''))
    throw invalid(
      'dice',
      line,
      'dice on each side of every |, such as "d12 | d6+d6" (an intent is never empty)',
    );
  // Spaces beside + @ * = , : join (`d6 + d4` is d6+d4); any other separates intents, as the
  // shell's do (a quoted "d8 d4@B" is d8 d4@B), and so does |.
  const separated = words.flatMap((w) => w.replace(/\s*([+@*=,:])\s*/g, '$1').split(/[\s|]+/));
  for (const word of separated.filter(Boolean)) {
    const area = /^area:(.+)$/i.exec(word);
    if (area) {
      const found = dieList(area[1]!, word, faces);
      if (found.sides.length !== 1)
        throw invalid(`dice ${JSON.stringify(word)}`, word, 'one area die, such as area:d4');
      dice.push({ sides: found.sides[0]!, area: true });
      take(word, found);
      continue;
    }
    const match = /^([^@*]+)(?:@([A-Za-z]))?(?:\*([0-9.]+))?(?:=(\d+(?:,\d+)*))?$/.exec(word);
    if (!match)
      throw invalid('dice', word, 'an intent such as d12, d6+d4, 2d6@B or d8*2 (see --help)');
    const threat = match[2] ? match[2].toUpperCase().charCodeAt(0) - 65 : 0;
    if (threat >= threatCount) {
      throw invalid(
        `dice ${JSON.stringify(word)}`,
        `@${match[2]}`,
        `a threat letter from A to ${threatLetter(threatCount - 1)} (one per ${threatsFrom})`,
      );
    }
    const weight = match[3] === undefined ? 1 : Number(match[3]);
    if (!Number.isFinite(weight) || weight > ROLL_LIMITS.value)
      throw invalid(
        `dice ${JSON.stringify(word)}`,
        match[3],
        `a weight such as *2 or *0.5, at most ${ROLL_LIMITS.value}`,
      );
    const found = dieList(match[1]!, word, faces);
    if (match[4] !== undefined) {
      // Faces at the end of the word: one per die, in the word's order.
      const tail = match[4].split(',').map(Number);
      if (found.faces.some((f) => f !== undefined) || tail.length !== found.sides.length)
        throw invalid(
          `dice ${JSON.stringify(word)}`,
          `=${match[4]}`,
          `${found.sides.length} face${found.sides.length === 1 ? '' : 's'} at the end, one per die of the word (or each die's own, as d6=3+d4=5)`,
        );
      found.faces = tail;
    }
    const intent = intents.length;
    for (const sides of found.sides) dice.push({ sides, intent });
    intents.push({ threat, weight });
    take(word, found);
  }
  if (dice.length === 0) throw invalid('dice', '', 'at least one die, such as d12 d4');
  return faces === 'each' ? { dice, intents, shown } : { dice, intents };
}

/** A word's dice, each with the face written after it (`d8=3`, `2d6=3,5`), if any. */
interface DieList {
  sides: number[];
  faces: (number | undefined)[];
}

function dieList(text: string, word: string, mode: 'none' | 'each'): DieList {
  const found: DieList = { sides: [], faces: [] };
  for (const part of text.split('+')) {
    const m = /^(\d*)d(\d+)(?:=(\d+(?:,\d+)*))?$/i.exec(part.trim());
    const size = Number(m?.[2]);
    // A die of a size the game has, its face what is wrong ("d8=3.5"): said of the face.
    const face = /^\d*d(\d+)=(.*)$/i.exec(part.trim());
    if (!m && face && (DIE_SIDES as readonly number[]).includes(Number(face[1])))
      throw invalid(
        `dice ${JSON.stringify(word)}`,
        `=${face[2]}`,
        mode === 'none'
          ? 'dice without faces here (a face, as in d8=3, is for `zidara advise`)'
          : 'each face a whole number, such as d8=3 or 2d6=3,5',
      );
    if (!m || !(DIE_SIDES as readonly number[]).includes(size)) {
      throw invalid(`dice ${JSON.stringify(word)}`, part, `dice ${DICE_ALLOWED} (2d6 for two)`);
    }
    const count = m[1] === '' ? 1 : Number(m[1]);
    if (count < 1 || count > 12)
      throw invalid(`dice ${JSON.stringify(word)}`, part, 'from 1 to 12 dice of a size');
    const faces = m[3]?.split(',').map(Number);
    if (faces && faces.length !== count)
      throw invalid(
        `dice ${JSON.stringify(word)}`,
        part,
        `one face per die: ${count} face${count === 1 ? '' : 's'}, such as ${count === 1 ? `d${size}=3` : `${count}d${size}=${Array.from({ length: count }, (_, i) => i + 1).join(',')}`}`,
      );
    for (let i = 0; i < count; i++) {
      found.sides.push(size);
      found.faces.push(faces?.[i]);
    }
  }
  return found;
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
 * and `*w` where a weight is not 1.
 * @example describeDice(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }, { sides: 4, intent: 1 }, { sides: 4, area: true }] }))
 * // "d12 | d4 | area:d4"
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
