import { describe, expect, it } from 'vitest';
import {
  describeDice,
  describeThreats,
  parseIntents,
} from '../../../../src/systems/zidara/roll/notation.ts';
import { parseRoll } from '../../../../src/systems/zidara/roll/spec.ts';

describe('the dice notation', () => {
  it('reads one intent per word: + stacks, 2d6 is two d6, @B aims, *w weighs, area: is the area die', () => {
    expect(parseIntents(['d12', '2d6@B*0.5', 'd8+d4', 'area:d4'], 2)).toEqual({
      dice: [
        { sides: 12, intent: 0 },
        { sides: 6, intent: 1 },
        { sides: 6, intent: 1 },
        { sides: 8, intent: 2 },
        { sides: 4, intent: 2 },
        { sides: 4, area: true },
      ],
      intents: [
        { threat: 0, weight: 1 },
        { threat: 1, weight: 0.5 },
        { threat: 0, weight: 1 },
      ],
    });
  });

  it('rejects what it cannot read, naming the word', () => {
    expect(() => parseIntents(['d7'])).toThrow('dice "d7": "d7" is not allowed');
    expect(() => parseIntents(['d8@B'], 1)).toThrow(
      'expected a threat letter from A to A (one per --vs)',
    );
    expect(() => parseIntents(['area:d4+d4'])).toThrow('expected one area die');
  });

  it('writes a roll back the same way', () => {
    const roll = parseRoll({
      threats: [{ challenge: 3 }, { challenge: 5 }],
      ...parseIntents(['d12', 'd6+d6@B*2', 'area:d4'], 2),
    });
    expect(describeDice(roll)).toBe('d12@A | d6+d6@B*2 | area:d4');
    expect(describeThreats(roll)).toBe('A: C3 (d6), B: C5 (d10)');
  });
});
