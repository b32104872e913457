import { describe, expect, it } from 'vitest';
import {
  KIND_ADDS_RING,
  KIND_ADDS_SKILL,
  KIND_OPPORTUNITY,
  KIND_STRIFE,
  KIND_SUCCESSES,
  kindFaces,
  RING,
  RING_FACES,
  SKILL,
  SKILL_FACES,
} from '../../../src/systems/ring-skill/faces.ts';

/** A face's symbols as text: s success, x explosive success (+1 die of its type), t strife, o opportunity. */
function symbols(kind: number, type: 'ring' | 'skill'): string {
  const explodes = (type === 'ring' ? KIND_ADDS_RING : KIND_ADDS_SKILL)[kind]!;
  const other = (type === 'ring' ? KIND_ADDS_SKILL : KIND_ADDS_RING)[kind]!;
  if (other) return 'explodes into the other die type!';
  const plainSuccess = KIND_SUCCESSES[kind]! - explodes;
  return (
    'x'.repeat(explodes) +
    's'.repeat(plainSuccess) +
    'o'.repeat(KIND_OPPORTUNITY[kind]!) +
    't'.repeat(KIND_STRIFE[kind]!)
  );
}

describe('Ring and Skill faces (L5R 5th edition, as the rules page lists them)', () => {
  it('pins the Ring die: blank, opportunity+strife, opportunity, success+strife, success, explosive+strife', () => {
    expect(RING_FACES.map((k) => symbols(k, 'ring'))).toEqual(['', 'ot', 'o', 'st', 's', 'xt']);
  });

  it('pins the Skill die (a public simulator gets these wrong)', () => {
    expect(SKILL_FACES.map((k) => symbols(k, 'skill'))).toEqual([
      '', // 1
      '', // 2
      'o', // 3
      'o', // 4
      'o', // 5
      's', // 6
      's', // 7
      'st', // 8
      'st', // 9
      'so', // 10
      'x', // 11
      'xt', // 12
    ]);
  });

  it('counts faces per kind: 6 on a Ring die, 12 on a Skill die', () => {
    expect(kindFaces(RING).reduce((a, b) => a + b, 0)).toBe(6);
    expect(kindFaces(SKILL).reduce((a, b) => a + b, 0)).toBe(12);
    // Per die: Ring 3 successes of 6 faces (one explosive); Skill 7 of 12 (two explosive).
    expect(RING_FACES.filter((k) => KIND_SUCCESSES[k]).length).toBe(3);
    expect(SKILL_FACES.filter((k) => KIND_SUCCESSES[k]).length).toBe(7);
    expect(SKILL_FACES.filter((k) => KIND_ADDS_SKILL[k]).length).toBe(2);
  });
});
