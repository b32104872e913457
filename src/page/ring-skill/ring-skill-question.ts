import type { RingSkillSpec } from '../../systems/ring-skill/spec.ts';
import { PAGE_DEFAULTS, type PageState } from '../page-state.ts';

/**
 * The Ring and Skill question the page sends its worker: the check as `ring-skill odds --spec`
 * takes it, and, once every die's face is given, the faces as `ring-skill advise --spec` takes
 * them. Plain data (it crosses to the worker by structured clone).
 */
export interface RingSkillQuestion {
  readonly check: RingSkillSpec;
  /** Both lists or neither: the faces shown, one per die. */
  readonly ring?: readonly number[];
  readonly skill?: readonly number[];
}

/**
 * The check of a state, its options left out at the library's defaults (a question of the
 * rules page reads as `odds` would be asked it).
 * @example ringSkillCheck({ ...PAGE_DEFAULTS, ring: 3, skill: 2, tn: 3 }) // { ring: 3, skill: 2, tn: 3 }
 */
export function ringSkillCheck(state: PageState): RingSkillSpec {
  const D = PAGE_DEFAULTS;
  return {
    ring: state.ring,
    skill: state.skill,
    tn: state.tn,
    ...(state.explodeDepth === D.explodeDepth ? {} : { explodeDepth: state.explodeDepth }),
    ...(state.rerolls === D.rerolls ? {} : { rerolls: state.rerolls }),
    ...(state.keepFor === D.keepFor ? {} : { objective: state.keepFor }),
  };
}

/** The faces given for `count` dice, or undefined while one is missing. */
function givenFaces(faces: readonly (number | null)[], count: number): number[] | undefined {
  const shown = faces.slice(0, count);
  if (shown.length < count || shown.some((f) => f === null || f === undefined)) return undefined;
  return shown as number[];
}

/**
 * The Ring and Skill question of a state: the check, with the faces once every die has one.
 * @example ringSkillQuestion({ ...PAGE_DEFAULTS, ring: 1, skill: 0, tn: 1, ringFaces: [5] }).ring // [5]
 */
export function ringSkillQuestion(state: PageState): RingSkillQuestion {
  const check = ringSkillCheck(state);
  const ring = givenFaces(state.ringFaces, state.ring);
  const skill = givenFaces(state.skillFaces, state.skill);
  return ring && skill ? { check, ring, skill } : { check };
}

/**
 * The same question on the command line: `odds`, or `advise` with the faces once given.
 * @example ringSkillCommand({ ...PAGE_DEFAULTS, ring: 1, skill: 0, tn: 1, ringFaces: [5] }) // "dicelab ring-skill advise --ring 1 --skill 0 --tn 1 --ring-faces 5"
 */
export function ringSkillCommand(state: PageState): string {
  const q = ringSkillQuestion(state);
  const c = q.check;
  const words = [
    `dicelab ring-skill ${q.ring ? 'advise' : 'odds'}`,
    `--ring ${c.ring} --skill ${c.skill} --tn ${c.tn}`,
  ];
  if (c.explodeDepth !== undefined) words.push(`--explode-depth ${c.explodeDepth}`);
  if (c.rerolls !== undefined) words.push(`--rerolls ${c.rerolls}`);
  if (c.objective !== undefined) words.push(`--objective ${c.objective}`);
  if (q.ring?.length) words.push(`--ring-faces ${q.ring.join(',')}`);
  if (q.skill?.length) words.push(`--skill-faces ${q.skill.join(',')}`);
  return words.join(' ');
}
