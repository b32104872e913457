import { z } from '#zod';
import { countOf } from '../../format/format-count.ts';
import { formatPercent } from '../../format/format-percent.ts';
import { integer } from '../../input/field-schemas.ts';
import { InputError, missing, showValue } from '../../input/input-error.ts';
import { parseSpec } from '../../input/issue-messages.ts';
import { Rational } from '../rational.ts';
import type { RingSkillFigures } from './exact.ts';
import {
  BLANK,
  KIND_ADDS_RING,
  KIND_ADDS_SKILL,
  KIND_COUNT,
  KIND_NAMES,
  KIND_OPPORTUNITY,
  KIND_STRIFE,
  KIND_SUCCESSES,
  RING_FACES,
  SKILL_FACES,
} from './faces.ts';
import { bonusSuccesses, expectedUtilityOf, RingSkillSolver } from './solver.ts';
import { parseRingSkillSpec, type RingSkillCheck } from './spec.ts';

/**
 * The keep choice after a Ring and Skill roll: every distinct keep of the dice shown, valued by
 * the solver `odds` uses (its value table: `RingSkillSolver.stateFigures`), best first, and what
 * to keep from the explosion wave the best keep rolls next. No rule is stated twice: a keep's
 * symbols come from the face table, everything after it from the solver.
 */

/** A roll to advise on: the check, and the face each die shows (after any rerolls). */
export interface RingSkillAdviceRequest {
  readonly check: RingSkillCheck;
  /** Each Ring die's face, 1–6 (the face table's numbering). */
  readonly ring: readonly number[];
  /** Each Skill die's face, 1–12. */
  readonly skill: readonly number[];
}

/** Dice by index (0-based) into the request's `ring` and `skill` lists. */
export interface KeptDice {
  readonly ring: readonly number[];
  readonly skill: readonly number[];
}

/** One keep choice and its exact expected figures (symbols kept now plus every wave after). */
export interface RingSkillAction extends RingSkillFigures {
  readonly keep: KeptDice;
  /** The kinds kept, by name ("success", "explosive success"). */
  readonly kept: readonly string[];
  /** Dice the kept explosive successes add to the next wave. */
  readonly explosions: { readonly ring: number; readonly skill: number };
  /** The same figures as exact reduced fractions. */
  readonly exact: Readonly<Record<'expectedUtility' | 'pSuccess' | 'expectedStrife', string>>;
}

/** What to keep from one outcome of the explosion wave that follows the best keep. */
export interface WaveAdvice {
  /** The kinds the wave's dice show, in kind order (blank first). */
  readonly rolled: readonly string[];
  readonly probability: number;
  /** The kinds to keep from them (none is allowed). */
  readonly keep: readonly string[];
}

/**
 * A later explosion wave the solver's play can reach: which wave, the successes kept before it,
 * the dice it rolls, and what to keep from each of its outcomes (the solver's keep there).
 */
export interface LaterWave {
  /** Which explosion wave: 2 is the one after `explosionWave`. */
  readonly wave: number;
  /** Successes kept before this wave, counted up to the TN (more are played alike). */
  readonly successes: number;
  /** The dice this wave rolls. */
  readonly dice: { readonly ring: number; readonly skill: number };
  readonly outcomes: readonly WaveAdvice[];
}

/** Advice on one roll. */
export interface RingSkillAdvice {
  readonly system: 'ring-skill';
  readonly check: RingSkillCheck;
  readonly ring: readonly number[];
  readonly skill: readonly number[];
  /** The solver's keep (what `odds` and `simulate` play). */
  readonly best: RingSkillAction;
  /** Every distinct keep, best first (the solver's order: objective, fewer dice, tie-break). */
  readonly actions: readonly RingSkillAction[];
  /** The explosion wave the best keep rolls next: each outcome and what to keep (empty: none). */
  readonly explosionWave: readonly WaveAdvice[];
  /**
   * Every later wave the solver's play reaches, in wave order, each situation once (the
   * explosions of the explosions): empty when the first wave can keep none.
   */
  readonly laterWaves: readonly LaterWave[];
}

const facesSchema = (sides: number) =>
  z.array(integer(1, sides, undefined, `a face from 1 to ${sides}`), {
    error: `a list of faces from 1 to ${sides}`,
  });

/**
 * Checks an advice request `{ check, ring: [faces], skill: [faces] }`: the check as `odds --spec`
 * takes it, one face per die (`skill` may be left out when the check has no Skill dice, as
 * `--skill-faces` may). @throws InputError naming the field (`where` prefixes it).
 * @example parseRingSkillAdviceRequest({ check: { ring: 1, skill: 0, tn: 1 }, ring: [5], skill: [] }).ring // [5]
 */
export function parseRingSkillAdviceRequest(input: unknown, where = ''): RingSkillAdviceRequest {
  const raw = parseSpec(
    z.strictObject(
      // `check` optional here: its own parse says a missing one is missing, in house words.
      { check: z.unknown().optional(), ring: facesSchema(6), skill: facesSchema(12).optional() },
      {
        error:
          'an object such as { "check": { "ring": 2, "skill": 1, "tn": 2 }, "ring": [5, 1], "skill": [11] }',
      },
    ),
    input,
    where,
  );
  const check = parseRingSkillSpec(raw.check, `${where}check.`);
  if (raw.ring.length !== check.ring)
    throw wrongCount(`${where}ring`, raw.ring, check.ring, 'Ring');
  const skill = raw.skill ?? (check.skill === 0 ? [] : undefined);
  if (skill === undefined) throw missing(`${where}skill`, facesAllowed(check.skill, 'Skill'));
  if (skill.length !== check.skill) throw wrongCount(`${where}skill`, skill, check.skill, 'Skill');
  return { check, ring: raw.ring, skill };
}

/** The faces a kind's list must hold: "2 faces from 1 to 6, one per Ring die (check.ring)". */
function facesAllowed(dice: number, kind: 'Ring' | 'Skill', name = (field: string) => field) {
  const [sides, field] = kind === 'Ring' ? [6, 'check.ring'] : [12, 'check.skill'];
  return `${countOf(dice, 'face')} from 1 to ${sides}, one per ${kind} die (${name(field)})`;
}

/**
 * A list of faces not one per die, its count's field named as the caller names it (a CLI's
 * `--ring`), through `naming`.
 */
function wrongCount(field: string, faces: readonly number[], dice: number, kind: 'Ring' | 'Skill') {
  const said = (name?: (field: string) => string) =>
    `${field}: ${showValue(faces)} is not allowed (expected ${facesAllowed(dice, kind, name)})`;
  return new InputError(said(), field, { allowed: facesAllowed(dice, kind), naming: said });
}

/**
 * Every distinct keep of the dice shown (1 to ring dice of the non-blank kinds, or a lone blank;
 * a blank beside other dice adds nothing and is never listed), each valued exactly by the
 * solver's table, best first; the best is the solver's own keep. With the explosion wave the best
 * keep rolls next. O(sub-multisets of the pool) after the solver's construction.
 * @example ringSkillAdvice({ check: parseRingSkillSpec({ ring: 2, skill: 0, tn: 1 }), ring: [5, 1], skill: [] }).best.kept // ['success']
 */
export function ringSkillAdvice(
  request: RingSkillAdviceRequest,
  solver: RingSkillSolver = new RingSkillSolver(request.check),
): RingSkillAdvice {
  const { check } = request;
  const kinds = [
    ...request.ring.map((face) => RING_FACES[face - 1]!),
    ...request.skill.map((face) => SKILL_FACES[face - 1]!),
  ];
  const pool = new Int8Array(KIND_COUNT);
  for (const k of kinds) pool[k]!++;
  const valued = keepsOf(pool, check.ring).map((kept) => keepValue(kept, check, solver));
  valued.sort((a, b) => compareValued(a, b, check));
  const chosen = solver.keepChoice(pool);
  const at = valued.findIndex((v) => sameCounts(v.kept, chosen.kept));
  if (at < 0) throw new Error('the solver kept dice no listed keep holds');
  const [best] = valued.splice(at, 1);
  valued.unshift(best!);
  const actions = valued.map((v) => actionOf(v, request, kinds));
  const successes = keptTotal(best!.kept, KIND_SUCCESSES);
  const adds = {
    ring: keptTotal(best!.kept, KIND_ADDS_RING),
    skill: keptTotal(best!.kept, KIND_ADDS_SKILL),
  };
  const { explosionWave, laterWaves } = wavesAfter(solver, check, successes, adds);
  return {
    system: 'ring-skill',
    check,
    ring: request.ring,
    skill: request.skill,
    best: actions[0]!,
    actions,
    explosionWave,
    laterWaves,
  };
}

/**
 * The waves the best keep's explosions lead to, each situation (wave, successes so far up to the
 * TN, dice) once: what to keep from each outcome is the solver's wave choice there.
 * O(reachable situations × outcomes of their dice).
 */
function wavesAfter(
  solver: RingSkillSolver,
  check: RingSkillCheck,
  successes: number,
  adds: { readonly ring: number; readonly skill: number },
): { explosionWave: WaveAdvice[]; laterWaves: LaterWave[] } {
  const later: LaterWave[] = [];
  const seen = new Set<string>();
  let explosionWave: WaveAdvice[] = [];
  const queue = [{ wave: 1, successes: Math.min(successes, check.tn), dice: adds }];
  for (let at = 0; at < queue.length; at++) {
    const { wave, successes: s, dice } = queue[at]!;
    const level = check.explodeDepth - wave + 1;
    if (dice.ring + dice.skill === 0 || level <= 0) continue;
    const outcomes = solver.outcomes(dice.ring, dice.skill).map((o) => {
      const choice = solver.waveChoice(level, s, o.counts);
      const next = {
        wave: wave + 1,
        successes: Math.min(s + choice.successes, check.tn),
        dice: { ring: choice.addsRing, skill: choice.addsSkill },
      };
      const key = `${next.wave} ${next.successes} ${next.dice.ring} ${next.dice.skill}`;
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
      return {
        rolled: namesOf(o.counts),
        probability: o.weight / (6 ** dice.ring * 12 ** dice.skill),
        keep: namesOf(choice.kept),
      };
    });
    if (wave === 1) explosionWave = outcomes;
    else later.push({ wave, successes: s, dice, outcomes });
  }
  return { explosionWave, laterWaves: later };
}

/** A keep with its exact figures and the solver's ranking key. */
interface Valued {
  readonly kept: Int8Array;
  readonly count: number;
  readonly figures: Readonly<Record<Figure, Rational>>;
}

type Figure =
  | 'pSuccess'
  | 'expectedStrife'
  | 'expectedBonusSuccesses'
  | 'expectedOpportunity'
  | 'expectedSuccesses'
  | 'pCapped'
  | 'expectedUtility';

/** Every keep: kind counts within the pool, 1 to `most` non-blank dice; a lone blank if any. */
function keepsOf(pool: Int8Array, most: number): Int8Array[] {
  const keeps: Int8Array[] = [];
  const m = new Int8Array(KIND_COUNT);
  const walk = (kind: number, left: number) => {
    if (kind === KIND_COUNT) {
      if (left < most) keeps.push(m.slice());
      return;
    }
    for (let n = 0; n <= Math.min(pool[kind]!, left); n++) {
      m[kind] = n;
      walk(kind + 1, left - n);
    }
    m[kind] = 0;
  };
  walk(BLANK + 1, most);
  if (pool[BLANK]! > 0) {
    const blank = new Int8Array(KIND_COUNT);
    blank[BLANK] = 1;
    keeps.push(blank);
  }
  return keeps;
}

/** What the kept dice add up to, `per` kind: their successes, or the dice they add to a wave. */
function keptTotal(kept: ArrayLike<number>, per: readonly number[]): number {
  let n = 0;
  for (let k = 0; k < KIND_COUNT; k++) n += kept[k]! * per[k]!;
  return n;
}

/** A keep's figures: its own symbols, plus the solver's value of the state it leads to. */
function keepValue(kept: Int8Array, check: RingSkillCheck, solver: RingSkillSolver): Valued {
  const successes = keptTotal(kept, KIND_SUCCESSES);
  const next = solver.state(
    check.explodeDepth,
    successes,
    keptTotal(kept, KIND_ADDS_RING),
    keptTotal(kept, KIND_ADDS_SKILL),
  );
  const after = solver.stateFigures(next);
  const n = (x: number) => Rational.of(BigInt(x));
  const figures = {
    pSuccess: after.pSuccess,
    expectedStrife: after.expectedStrife.add(n(keptTotal(kept, KIND_STRIFE))),
    expectedBonusSuccesses: after.expectedBonusSuccesses.add(
      n(bonusSuccesses(successes, check.tn)),
    ),
    expectedOpportunity: after.expectedOpportunity.add(n(keptTotal(kept, KIND_OPPORTUNITY))),
    expectedSuccesses: after.expectedSuccesses.add(n(successes)),
    pCapped: after.pCapped,
  };
  return {
    kept,
    count: keptTotal(kept, new Array(KIND_COUNT).fill(1)),
    figures: { ...figures, expectedUtility: expectedUtilityOf(figures, check) },
  };
}

/**
 * The solver's order, exactly: the objective's components (P, then least strife, bonus,
 * opportunity; or successes or utility, then bonus, opportunity), then fewer dice, then least
 * strife, most successes, least capped.
 */
function compareValued(a: Valued, b: Valued, check: RingSkillCheck): number {
  const f = (v: Valued) => v.figures;
  const neg = (x: Rational) => Rational.ZERO.sub(x);
  const head = (v: Valued): Rational[] =>
    check.objective === 'succeed-then-least-strife'
      ? [
          f(v).pSuccess,
          neg(f(v).expectedStrife),
          f(v).expectedBonusSuccesses,
          f(v).expectedOpportunity,
        ]
      : [
          check.objective === 'most-successes' ? f(v).expectedSuccesses : f(v).expectedUtility,
          f(v).expectedBonusSuccesses,
          f(v).expectedOpportunity,
        ];
  const tail = (v: Valued) => [neg(f(v).expectedStrife), f(v).expectedSuccesses, neg(f(v).pCapped)];
  const ha = head(a);
  const hb = head(b);
  for (let i = 0; i < ha.length; i++) {
    const c = hb[i]!.compare(ha[i]!);
    if (c !== 0) return c;
  }
  if (a.count !== b.count) return a.count - b.count;
  const ta = tail(a);
  const tb = tail(b);
  for (let i = 0; i < ta.length; i++) {
    const c = tb[i]!.compare(ta[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

function sameCounts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let k = 0; k < KIND_COUNT; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Kind names of a multiset, in kind order. */
function namesOf(counts: ArrayLike<number>): string[] {
  const names: string[] = [];
  for (let k = 0; k < KIND_COUNT; k++)
    for (let m = 0; m < counts[k]!; m++) names.push(KIND_NAMES[k]!);
  return names;
}

/** A valued keep as dice: for each kind, Ring dice showing it first, then Skill dice, by index. */
function actionOf(
  v: Valued,
  request: RingSkillAdviceRequest,
  kinds: readonly number[],
): RingSkillAction {
  const left = Array.from(v.kept);
  const ring: number[] = [];
  const skill: number[] = [];
  kinds.forEach((kind, i) => {
    if (left[kind]! === 0) return;
    left[kind]!--;
    if (i < request.ring.length) ring.push(i);
    else skill.push(i - request.ring.length);
  });
  const x = v.figures;
  return {
    keep: { ring, skill },
    kept: namesOf(v.kept),
    expectedUtility: x.expectedUtility.toNumber(),
    pSuccess: x.pSuccess.toNumber(),
    expectedStrife: x.expectedStrife.toNumber(),
    expectedBonusSuccesses: x.expectedBonusSuccesses.toNumber(),
    expectedOpportunity: x.expectedOpportunity.toNumber(),
    expectedSuccesses: x.expectedSuccesses.toNumber(),
    pCapped: x.pCapped.toNumber(),
    explosions: {
      ring: keptTotal(v.kept, KIND_ADDS_RING),
      skill: keptTotal(v.kept, KIND_ADDS_SKILL),
    },
    exact: {
      expectedUtility: x.expectedUtility.toString(),
      pSuccess: x.pSuccess.toString(),
      expectedStrife: x.expectedStrife.toString(),
    },
  };
}

/** "two successes", "the explosive success": the kinds kept, as a phrase (CLI and page alike). */
export function keptPhrase(kept: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const k of kept) counts.set(k, (counts.get(k) ?? 0) + 1);
  const words = ['', 'the', 'the two', 'the three', 'the four', 'the five'];
  const parts = [...counts].map(([kind, n]) => `${words[n] ?? n} ${n > 1 ? plural(kind) : kind}`);
  return parts.length <= 1
    ? (parts[0] ?? 'nothing')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "successes", "Skill explosive successes + strife": the noun before any " + " made plural. */
function plural(kind: string): string {
  const [head = '', ...rest] = kind.split(' + ');
  const noun = head.replace(/(success|opportunity|blank)$/, (w) =>
    w === 'success' ? 'successes' : w === 'opportunity' ? 'opportunities' : 'blanks',
  );
  return [noun, ...rest].join(' + ');
}

/** The action's value under the check's objective, as a sentence's end. */
function valuePhrase(a: RingSkillAction, objective: RingSkillAdvice['check']['objective']): string {
  if (objective === 'succeed-then-least-strife')
    return `${formatPercent(a.pSuccess)} to succeed, ${a.expectedStrife.toFixed(2)} strife expected`;
  if (objective === 'most-successes') return `${a.expectedSuccesses.toFixed(2)} successes expected`;
  return `expected utility ${a.expectedUtility.toFixed(3)} (${formatPercent(a.pSuccess)} to succeed)`;
}

/**
 * The advice in one sentence, for the CLI and the page.
 * @example adviceSentence(ringSkillAdvice(parseRingSkillAdviceRequest({ check: { ring: 2, skill: 0, tn: 1 }, ring: [5, 1], skill: [] }))) // "Keep the success: 100.0% to succeed, 0.00 strife expected."
 */
export function adviceSentence(advice: RingSkillAdvice): string {
  const best = advice.best;
  const phrase = keptPhrase(best.kept);
  return `Keep ${phrase}: ${valuePhrase(best, advice.check.objective)}.`;
}
