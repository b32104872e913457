import {
  adviceSentence,
  parseRingSkillAdviceRequest,
  type RingSkillAdvice,
  ringSkillAdvice,
} from '../../systems/ring-skill/advise.ts';
import { type RingSkillResult, ringSkillOdds } from '../../systems/ring-skill/exact.ts';
import { RingSkillSolver } from '../../systems/ring-skill/solver.ts';
import { parseRingSkillSpec } from '../../systems/ring-skill/spec.ts';
import type { RingSkillQuestion } from './ring-skill-question.ts';

/** What the worker answers a Ring and Skill question with: the library's own results. */
export interface RingSkillAnswer {
  /** What `dicelab ring-skill odds --json` prints for the check. */
  readonly odds: RingSkillResult;
  /** With the faces: what `dicelab ring-skill advise --json` prints, and its sentence. */
  readonly advice?: RingSkillAdvice;
  readonly sentence?: string;
}

/** The last check's solver: a new face asks the same check again, and its tables stay. */
let last: { key: string; solver: RingSkillSolver; odds: RingSkillResult } | undefined;

/**
 * The odds of a check (`ringSkillOdds`) and, given the faces, the keep advice
 * (`ringSkillAdvice`), from one solver, checked as the CLI checks its `--spec`. Milliseconds to
 * seconds (ring 5 and skill 5). Pure but for the one-check cache, so Node runs it too.
 * @example ringSkillAnswer({ check: { ring: 1, skill: 1, tn: 1 } }).odds.exact.pSuccess // "19/24"
 */
export function ringSkillAnswer(question: RingSkillQuestion): RingSkillAnswer {
  const check = parseRingSkillSpec(question.check);
  const key = JSON.stringify(check);
  if (last?.key !== key) {
    const solver = new RingSkillSolver(check);
    last = { key, solver, odds: ringSkillOdds(check, solver) };
  }
  const { solver, odds } = last;
  if (!question.ring || !question.skill) return { odds };
  const request = parseRingSkillAdviceRequest({
    check: question.check,
    ring: question.ring,
    skill: question.skill,
  });
  const advice = ringSkillAdvice(request, solver);
  return { odds, advice, sentence: adviceSentence(advice) };
}
